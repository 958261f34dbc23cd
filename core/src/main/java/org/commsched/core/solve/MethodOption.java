package org.commsched.core.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One named method option ({@code commsched solve --option KEY=VALUE}) as a type: its key, the type
 * of its value, the values it accepts, its default, and the one-sentence refusal of a value it does
 * not accept. A method declares the options it reads ({@link Method#methodOptions()}); the command
 * line parses each given text once, against the chosen method's option of that key ({@link
 * #parse}), and the run carries the typed value ({@link SolveOptions}), which the method reads as
 * such ({@link SolveOptions#get}): no method parses or compares option strings.
 *
 * <p>Two methods may read the same key with different accepted values and defaults (e.g. {@code
 * counts} for {@code packet-fdf-even}, {@code packet-nrf} and {@code packet-tc2}): each declares
 * its own option of that key over one value type, and a value set for one and read by another is
 * checked against the reader's accepted values ({@link SolveOptions#get}).
 *
 * @param <T> the value type: an enum (values written in lower case with '-' for '_'), {@link Long}
 *     or {@link String}
 * @implNote Immutable.
 */
public final class MethodOption<T> {
  private final String key;
  private final Class<T> type;
  private final T fallback;
  private final Function<String, T> convert;
  private final Predicate<T> accepts;
  private final Function<String, String> refusal;
  private final Function<T, String> text;

  private MethodOption(
      String key,
      Class<T> type,
      T fallback,
      Function<String, T> convert,
      Predicate<T> accepts,
      Function<String, String> refusal,
      Function<T, String> text) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("an option needs a non-blank key");
    }
    this.key = key;
    this.type = Objects.requireNonNull(type);
    this.fallback = fallback;
    this.convert = convert;
    this.accepts = accepts;
    this.refusal = refusal;
    this.text = text;
  }

  /**
   * A choice among some constants of an enum, written {@code KEY=value} with the constant's {@link
   * #wire} name. A value outside {@code accepted} is refused with {@code option KEY=VALUE is not
   * WHAT: give ...}, listing the accepted values in declaration order ({@code KEY=a or KEY=b} for
   * two, {@code KEY=a, b or c} for more).
   *
   * @param fallback the value when the option is not given (one of {@code accepted})
   * @param what what a value is, e.g. "a count rule"
   */
  public static <E extends Enum<E>> MethodOption<E> choice(
      String key, E fallback, Set<E> accepted, String what) {
    List<E> values = new ArrayList<>(accepted);
    values.sort(null);
    if (fallback == null || !accepted.contains(fallback)) {
      throw new IllegalArgumentException(
          "option " + key + ": the default must be one of the accepted values");
    }
    String give;
    if (values.size() == 2) {
      give = key + "=" + wire(values.get(0)) + " or " + key + "=" + wire(values.get(1));
    } else {
      List<String> names = values.stream().map(MethodOption::wire).toList();
      give =
          key
              + "="
              + String.join(", ", names.subList(0, names.size() - 1))
              + " or "
              + names.get(names.size() - 1);
    }
    @SuppressWarnings("unchecked")
    Class<E> type = (Class<E>) fallback.getDeclaringClass();
    Function<String, E> convert =
        s -> {
          for (E e : type.getEnumConstants()) {
            if (wire(e).equals(s.trim())) {
              return e;
            }
          }
          return null;
        };
    return new MethodOption<>(
        key,
        type,
        fallback,
        convert,
        accepted::contains,
        v -> "option " + key + "=" + v + " is not " + what + ": give " + give,
        MethodOption::wire);
  }

  /**
   * An integer in {@code 0..max}, default 0; a text that is not such an integer is refused with a
   * sentence naming the option and the fix ({@code option KEY=VALUE is not an integer / is negative
   * / is too large: give ...}).
   *
   * @param what what the integer counts and an example, e.g. "the set-up steps per message, e.g.
   *     setup=3"
   */
  public static MethodOption<Long> count(String key, long max, String what) {
    Function<String, String> refusal =
        v -> {
          long n;
          try {
            n = Long.parseLong(v.trim());
          } catch (NumberFormatException e) {
            return "option " + key + "=" + v + " is not an integer: give " + what;
          }
          return n < 0
              ? "option " + key + "=" + v + " is negative: give " + what
              : "option " + key + "=" + v + " is too large: give at most " + max + ", " + what;
        };
    return new MethodOption<>(
        key,
        Long.class,
        0L,
        MethodOption::integer,
        n -> n >= 0 && n <= max,
        refusal,
        String::valueOf);
  }

  /**
   * An integer the predicate accepts, absent by default ({@link SolveOptions#get} gives null when
   * it is not set).
   *
   * @param refusal the sentence refusing a text (not an integer, or one the predicate refuses)
   */
  public static MethodOption<Long> integer(
      String key, Predicate<Long> accepts, Function<String, String> refusal) {
    return new MethodOption<>(
        key, Long.class, null, MethodOption::integer, accepts, refusal, String::valueOf);
  }

  /**
   * One of the given names, absent by default ({@link SolveOptions#get} gives null when it is not
   * set).
   */
  public static MethodOption<String> name(
      String key, List<String> names, Function<String, String> refusal) {
    List<String> copy = List.copyOf(names);
    return new MethodOption<>(
        key, String.class, null, String::trim, copy::contains, refusal, s -> s);
  }

  private static Long integer(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The wire name of an enum constant: lower case, '-' for '_' ({@code AS_PRINTED} is {@code
   * as-printed}).
   */
  public static String wire(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The key, e.g. {@code counts}. */
  public String key() {
    return key;
  }

  /** The value when the option is not given (null: absent, the method's own behaviour). */
  public T fallback() {
    return fallback;
  }

  /**
   * Null if {@code text} is a value this option accepts, else the one-sentence refusal naming the
   * option and fix.
   */
  public String whyNot(String text) {
    T v = convert.apply(text);
    return v != null && accepts.test(v) ? null : refusal.apply(text);
  }

  /**
   * The typed value of {@code text}: the one parser of option texts.
   *
   * @throws IllegalArgumentException with {@link #whyNot}'s sentence if the option does not accept
   *     it
   */
  public T parse(String text) {
    T v = convert.apply(text);
    if (v == null || !accepts.test(v)) {
      throw new IllegalArgumentException(refusal.apply(text));
    }
    return v;
  }

  /**
   * {@code value} as a value of this option.
   *
   * @throws IllegalArgumentException with the refusal sentence if it is not of the type or not
   *     accepted
   */
  T check(Object value) {
    if (!type.isInstance(value) || !accepts.test(type.cast(value))) {
      throw new IllegalArgumentException(
          refusal.apply(value instanceof Enum<?> e ? wire(e) : String.valueOf(value)));
    }
    return type.cast(value);
  }

  /** The value as written on the command line ({@code KEY=text}). */
  public String text(T value) {
    return text.apply(value);
  }

  @Override
  public String toString() {
    return key;
  }
}
