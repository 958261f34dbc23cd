package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast {@link Kierstead} (per-arc level trees, a pass over the arcs to a common candidate, colours read off
 * the levels) places every block exactly where the plain candidate scan of docs/models/bufferless-chatting.md#kierstead
 * ({@link KiersteadReference}) does, and gives every message the same colour: the slots are identical.
 *
 * <p>Instances are drawn to reach the fast path's corners: loads well above 64 levels (several words per arc,
 * passes that move the candidate many times), intervals from one arc to the whole array, lengths from unit to a
 * few hundred, and lengths that are all multiples of a large power of two (levels counted in units of the
 * smallest rounded length).
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
      return "from=" + Arrays.toString(from) + " to=" + Arrays.toString(to) + " length=" + Arrays.toString(length);
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
}
