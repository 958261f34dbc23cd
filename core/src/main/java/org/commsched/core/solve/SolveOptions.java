package org.commsched.core.solve;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The typed method options of a solve ({@link SolveLimits#options()}): values by key, each checked
 * by the {@link MethodOption} that set it ({@link #with}), read back as that type ({@link #get}).
 * The command line fills it from {@code --option KEY=VALUE} and {@code --spanning-tree}, parsing
 * each text once against the chosen method's option ({@link MethodOption#parse}); an absent key
 * means the option's default.
 *
 * @implNote Immutable.
 */
public final class SolveOptions {
  /** No options. */
  public static final SolveOptions NONE = new SolveOptions(Map.of());

  private final Map<String, Object> values;

  private SolveOptions(Map<String, Object> values) {
    this.values = values;
  }

  /**
   * These options with {@code option} set to {@code value} (replacing a previous value of that
   * key).
   *
   * @throws IllegalArgumentException with the option's refusal if it does not accept the value
   */
  public <T> SolveOptions with(MethodOption<T> option, T value) {
    Map<String, Object> m = new TreeMap<>(values);
    m.put(option.key(), option.check(value));
    return new SolveOptions(Collections.unmodifiableMap(m));
  }

  /**
   * These options with {@code option} set to the value of {@code text} ({@link MethodOption#parse}:
   * the one parser of option texts).
   *
   * @throws IllegalArgumentException with the option's refusal if it does not accept the text
   */
  public <T> SolveOptions parsed(MethodOption<T> option, String text) {
    return with(option, option.parse(text));
  }

  /**
   * The value of {@code option}: the one set under its key, else its default.
   *
   * @throws IllegalArgumentException with the option's refusal if the value set under that key is
   *     not one this option accepts (set through another method's option of the same key)
   */
  public <T> T get(MethodOption<T> option) {
    Object v = values.get(option.key());
    return v == null ? option.fallback() : option.check(v);
  }

  /** True if a value is set under {@code key}. */
  public boolean has(String key) {
    return values.containsKey(key);
  }

  /** The keys set, sorted. */
  public Set<String> keys() {
    return values.keySet();
  }

  /** True if no option is set. */
  public boolean isEmpty() {
    return values.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SolveOptions s && s.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
