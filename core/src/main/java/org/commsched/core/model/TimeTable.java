package org.commsched.core.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An unmodifiable map from message ids to times (departure steps or slots) held as two parallel
 * arrays, in the order given: the compact form of {@link Schedule.Departures} and {@link
 * Schedule.Slots} for large schedules. It is an ordinary {@link Map} to its readers (same iteration
 * order, {@code equals}, {@code hashCode} and {@code toString} as a {@link java.util.LinkedHashMap}
 * with the same entries), but a million entries cost two arrays instead of a million map entries
 * and boxed longs; the hash index that {@link #get} needs is built on the first look-up only.
 *
 * @implNote Immutable after construction (the index is built once, under the table's lock).
 */
public final class TimeTable extends AbstractMap<String, Long> {
  private final String[] keys;
  private final long[] values;
  private Map<String, Integer> index;

  private TimeTable(String[] keys, long[] values) {
    this.keys = keys;
    this.values = values;
  }

  /**
   * The table of {@code keys[i] -> values[i]}. The arrays are taken over, not copied: the caller
   * must not change them afterwards.
   *
   * @throws IllegalArgumentException if the arrays differ in length, a key is null, or a key
   *     repeats
   */
  public static TimeTable of(String[] keys, long[] values) {
    if (keys.length != values.length) {
      throw new IllegalArgumentException(keys.length + " keys but " + values.length + " values");
    }
    TimeTable t = new TimeTable(keys, values);
    Map<String, Integer> idx = t.index();
    if (idx.size() != keys.length) {
      throw new IllegalArgumentException("a key repeats or is null");
    }
    return t;
  }

  /**
   * The table of {@code keys[i] -> values[i]} for keys the caller knows to be distinct and non-null
   * (message ids of one instance, say), so that no index is built until a look-up asks for one. The
   * arrays are taken over.
   *
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public static TimeTable ofDistinct(String[] keys, long[] values) {
    if (keys.length != values.length) {
      throw new IllegalArgumentException(keys.length + " keys but " + values.length + " values");
    }
    return new TimeTable(keys, values);
  }

  /**
   * The table of message i's id to {@code values[i]}, for every message of the list in order (array
   * taken over).
   */
  public static TimeTable ofMessages(java.util.List<Message> messages, long[] values) {
    String[] keys = new String[messages.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = messages.get(i).id();
    }
    return ofDistinct(keys, values);
  }

  /** The key of entry i, in order. */
  public String key(int i) {
    return keys[i];
  }

  /** The value of entry i, in order. */
  public long value(int i) {
    return values[i];
  }

  private synchronized Map<String, Integer> index() {
    if (index == null) {
      Map<String, Integer> idx = new HashMap<>(Math.max(16, (int) (keys.length / 0.75f) + 1));
      for (int i = 0; i < keys.length; i++) {
        if (keys[i] != null) {
          idx.putIfAbsent(keys[i], i);
        }
      }
      index = idx;
    }
    return index;
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return index().containsKey(key);
  }

  @Override
  public Long get(Object key) {
    Integer i = index().get(key);
    return i == null ? null : values[i];
  }

  @Override
  public Set<Map.Entry<String, Long>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return keys.length;
      }

      @Override
      public Iterator<Map.Entry<String, Long>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.length;
          }

          @Override
          public Map.Entry<String, Long> next() {
            if (next >= keys.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new AbstractMap.SimpleImmutableEntry<>(keys[i], values[i]);
          }
        };
      }
    };
  }
}
