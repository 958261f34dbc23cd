package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Message;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast {@link Kierstead} (per-arc level trees, a pass over the arcs to a common candidate,
 * colours read off the levels) places every block exactly where the plain candidate scan of
 * docs/models/bufferless-chatting.md#kierstead ({@link KiersteadReference}) does, and gives every
 * message the same colour: the slots are identical.
 *
 * <p>Instances are drawn to reach the fast path's corners: loads well above 64 levels (several
 * words per arc, passes that move the candidate many times), intervals from one arc to the whole
 * array, lengths from unit to a few hundred, and lengths that are all multiples of a large power of
 * two (levels counted in units of the smallest rounded length).
 */
class KiersteadProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /** One random ULA message set: from, to (exclusive, arcs from..to-1) and length per message. */
  record Case(int[] from, int[] to, long[] length) {
    static Case random(long seed) {
      SplittableRandom r = new SplittableRandom(seed);
      int nodes = 2 + r.nextInt(r.nextBoolean() ? 8 : 120);
      int count = 1 + r.nextInt(r.nextInt(4) == 0 ? 600 : 80);
      int maxSpan = r.nextBoolean() ? nodes - 1 : 1 + r.nextInt(Math.min(6, nodes - 1));
      int shape = r.nextInt(4);
      long maxLen = shape == 0 ? 1 : shape == 1 ? 8 : shape == 2 ? 300 : 6;
      long scale = shape == 3 ? 1L << (3 + r.nextInt(4)) : 1;
      int[] from = new int[count];
      int[] to = new int[count];
      long[] len = new long[count];
      for (int i = 0; i < count; i++) {
        int u = r.nextInt(nodes - 1);
        from[i] = u;
        to[i] = Math.min(nodes - 1, u + 1 + r.nextInt(maxSpan));
        len[i] = scale * (1 + r.nextLong(maxLen)) - (shape == 3 && r.nextBoolean() ? scale / 2 : 0);
      }
      return new Case(from, to, len);
    }

    @Override
    public String toString() {
      return "from="
          + Arrays.toString(from)
          + " to="
          + Arrays.toString(to)
          + " length="
          + Arrays.toString(length);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void fastSlotsEqualTheCandidateScan(long seed) {
    Case c = Case.random(seed);
    long[] fast = new Kierstead().slots(c.from(), c.to(), c.length());
    long[] plain = KiersteadReference.slots(c.from(), c.to(), c.length());
    assertThat(fast).as("seed %d, instance %s", seed, c).containsExactly(plain);
  }

  /**
   * Theorem 4.5(b) with Corollary 4.3 (docs/models/bufferless-chatting.md#kierstead) on large
   * lengths, where the levels are kept as runs: the slots are a valid virtual schedule (messages
   * sharing an arc get disjoint slot ranges, checked pair by pair) and {@code S <= 3 L' <= 6C - 3},
   * L' the largest total of rounded lengths on one arc and C the largest total of lengths, both
   * computed here from the messages.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void largeLengths_validAndWithinThreeRoundedLoads(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 104729 + 11);
    int nodes = 2 + r.nextInt(60);
    int count = 1 + r.nextInt(150);
    long maxLen =
        r.nextBoolean() ? 4096 : 1L << (20 + r.nextInt(20)); // sizes up to 4096, or far beyond
    int[] from = new int[count];
    int[] to = new int[count];
    long[] len = new long[count];
    for (int i = 0; i < count; i++) {
      from[i] = r.nextInt(nodes - 1);
      to[i] = from[i] + 1 + r.nextInt(nodes - 1 - from[i]);
      // log-uniform: every scale of length is present
      len[i] = Math.max(1, (long) Math.exp(r.nextDouble() * Math.log((double) maxLen)));
    }
    long[] slot = new Kierstead().slots(from, to, len);
    long s = 0;
    for (int i = 0; i < count; i++) {
      s = Math.max(s, slot[i] + len[i]);
      for (int j = 0; j < i; j++) {
        boolean shareArc = from[i] < to[j] && from[j] < to[i];
        boolean shareSlot = slot[i] < slot[j] + len[j] && slot[j] < slot[i] + len[i];
        assertThat(shareArc && shareSlot)
            .as("seed %d: messages %d and %d share an arc and a slot", seed, i, j)
            .isFalse();
      }
    }
    long c = 0;
    long rounded = 0;
    for (int x = 0; x < nodes - 1; x++) {
      long load = 0;
      long roundedLoad = 0;
      for (int i = 0; i < count; i++) {
        if (from[i] <= x && x < to[i]) {
          load += len[i];
          long h = 1;
          while (h < len[i]) {
            h *= 2;
          }
          roundedLoad += h;
        }
      }
      c = Math.max(c, load);
      rounded = Math.max(rounded, roundedLoad);
    }
    assertThat(s).as("seed %d: S <= 3 L'", seed).isLessThanOrEqualTo(3 * rounded);
    assertThat(3 * rounded).as("seed %d: 3 L' <= 6C - 3", seed).isLessThanOrEqualTo(6 * c - 3);
  }

  /**
   * Levels are counted in units of the smallest rounded length and a run's first level shares a
   * long with its colours (docs/models/bufferless-chatting.md#kierstead): rounded lengths adding up
   * to more than 2^59 such units are refused with one sentence naming first-fit; 2^58 units and one
   * more are taken.
   */
  @Test
  void refusesLengthsAddingUpToMoreThanTwoToTheFiftyNineUnits() {
    List<Message> wide = List.of(new Message("a", 0, 1, 1), new Message("b", 0, 2, (1L << 59) + 1));
    assertThat(new Kierstead().refuse(wide)).contains("2^59").contains("first-fit");
    List<Message> fits = List.of(new Message("a", 0, 1, 1), new Message("b", 0, 2, (1L << 58) - 3));
    assertThat(new Kierstead().refuse(fits)).isNull();
  }
}
