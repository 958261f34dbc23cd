package org.commsched.heuristics.bufferless.chatting;

import java.util.LinkedHashMap;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Scope;

/**
 * The virtual/real transformations of Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On
 * Bufferless Routing of Variable Length Messages in Leveled Networks", §3
 * (docs/models/bufferless-chatting.md#transformations), on a forward-leveled network, in this
 * project's 0-based times (docs/DESIGN.md). {@code level} is the level of a message's first arc.
 *
 * <ul>
 *   <li>LS (Thm 3.1): {@code t = sigma + level}. A bijection between real and virtual schedules.
 *   <li>VO (Thm 3.2, eq. 3.8): with slots normalised into {@code [0, S)}, {@code t = floorMod(level
 *       + sigma, S)}; this is the 1-based {@code t = floorMod(level + sigma - 1, S) + 1} with both
 *       sides shifted by one. Departures lie in {@code [0, S)} and the real duration is at most
 *       {@code S + Q - 1}.
 *   <li>OV (Thm 3.3, eq. 3.10): with departures normalised into {@code [0, T)}, {@code sigma =
 *       floorMod(t - level, T)}; the virtual duration is at most {@code T + L - 1}.
 * </ul>
 *
 * The functions are pure; the map versions keep the key order of their input.
 *
 * @implNote Stateless.
 */
public final class Transforms {
  /**
   * The scope of the methods that build a virtual schedule and return it as is (dsa) or through VO
   * (chatting): bufferless, all ports, on the networks each method names with {@link Scope#on}.
   */
  static final Scope VIRTUAL_THEN_VO =
      Scope.of(ProblemKind.CHATTING, ProblemKind.DSA)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .note("chatting (real, through VO) or dsa (slots)");

  private Transforms() {}

  /** LS: departures {@code sigma[i] + level[i]}. */
  public static long[] ls(long[] slots, long[] level) {
    long[] t = new long[slots.length];
    for (int i = 0; i < t.length; i++) {
      t[i] = Math.addExact(slots[i], level[i]);
    }
    return t;
  }

  /** Inverse LS: slots {@code t[i] - level[i]}. */
  public static long[] lsInverse(long[] departures, long[] level) {
    long[] s = new long[departures.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = Math.subtractExact(departures[i], level[i]);
    }
    return s;
  }

  /**
   * VO with nominal duration {@code duration}: every slot must lie in {@code [0, duration)}
   * (normalise first; any {@code duration >= S} is allowed,
   * docs/models/bufferless-chatting.md#transformations).
   *
   * @throws IllegalArgumentException if a slot lies outside {@code [0, duration)}
   */
  public static long[] vo(long[] slots, long[] level, long duration) {
    long[] t = new long[slots.length];
    for (int i = 0; i < t.length; i++) {
      if (slots[i] < 0 || slots[i] >= duration) {
        throw new IllegalArgumentException(
            "VO needs slots in [0, "
                + duration
                + "), got "
                + slots[i]
                + ": normalise the virtual schedule first");
      }
      t[i] = Math.floorMod(level[i] + slots[i], duration);
    }
    return t;
  }

  /**
   * OV with duration {@code duration}: every departure must lie in {@code [0, duration)} (normalise
   * first).
   *
   * @throws IllegalArgumentException if a departure lies outside {@code [0, duration)}
   */
  public static long[] ov(long[] departures, long[] level, long duration) {
    long[] s = new long[departures.length];
    for (int i = 0; i < s.length; i++) {
      if (departures[i] < 0 || departures[i] >= duration) {
        throw new IllegalArgumentException(
            "OV needs departures in [0, "
                + duration
                + "), got "
                + departures[i]
                + ": normalise the schedule first");
      }
      s[i] = Math.floorMod(departures[i] - level[i], duration);
    }
    return s;
  }

  /** The values shifted so that the smallest is 0 (a copy; empty stays empty). */
  public static long[] normalise(long[] values) {
    long min = Long.MAX_VALUE;
    for (long v : values) {
      min = Math.min(min, v);
    }
    long[] out = new long[values.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = values[i] - min;
    }
    return out;
  }

  /** Virtual duration {@code S = max(sigma + l) - min sigma} (0 for no messages). */
  public static long virtualDuration(long[] slots, long[] lengths) {
    if (slots.length == 0) {
      return 0;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < slots.length; i++) {
      min = Math.min(min, slots[i]);
      max = Math.max(max, slots[i] + lengths[i]);
    }
    return max - min;
  }

  /** Real duration {@code T = max(t + l + d - 1) - min t} (0 for no messages). */
  public static long realDuration(long[] departures, long[] lengths, long[] hops) {
    if (departures.length == 0) {
      return 0;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int i = 0; i < departures.length; i++) {
      min = Math.min(min, departures[i]);
      max = Math.max(max, departures[i] + lengths[i] + hops[i] - 1);
    }
    return max - min;
  }

  /** LS on maps message id to value; {@code level} must hold every key of {@code slots}. */
  public static Map<String, Long> ls(Map<String, Long> slots, Map<String, Long> level) {
    Map<String, Long> out = new LinkedHashMap<>();
    slots.forEach((id, s) -> out.put(id, Math.addExact(s, level.get(id))));
    return out;
  }

  /** VO on maps (see {@link #vo(long[], long[], long)}). */
  public static Map<String, Long> vo(
      Map<String, Long> slots, Map<String, Long> level, long duration) {
    Map<String, Long> out = new LinkedHashMap<>();
    slots.forEach(
        (id, s) -> out.put(id, vo(new long[] {s}, new long[] {level.get(id)}, duration)[0]));
    return out;
  }

  /** OV on maps (see {@link #ov(long[], long[], long)}). */
  public static Map<String, Long> ov(
      Map<String, Long> departures, Map<String, Long> level, long duration) {
    Map<String, Long> out = new LinkedHashMap<>();
    departures.forEach(
        (id, t) -> out.put(id, ov(new long[] {t}, new long[] {level.get(id)}, duration)[0]));
    return out;
  }
}
