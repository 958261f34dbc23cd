package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Message;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link UlaSweep} says "disjoint" exactly when no two placed messages share an arc and a slot,
 * read pair by pair from the definition (arcs {@code from .. to - 1}, slots {@code [slot, slot +
 * length)}; a message of length 0 holds nothing). Seeded ulas of 2 to 12 nodes with up to 14
 * messages, slots drawn from a small range so that about half the cases conflict, some messages
 * unplaced, some of length 0; one case in ten has 4,097 to 6,096 messages on up to 201 nodes, so
 * that the sweep's rank set uses more than one level, half of them with distinct slots (some
 * negative, some 5 x 2^48 apart) and at most one message moved onto another. Cases: {@code
 * -Dcommsched.cases=N} (default 200).
 */
class UlaSweepProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void sweepAgreesWithThePairwiseDefinition(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    boolean large = rnd.nextInt(10) == 0; // enough messages for every level of the sweep's rank set
    int nodes = 2 + rnd.nextInt(large ? 200 : 11);
    int m = large ? 4097 + rnd.nextInt(2000) : rnd.nextInt(15);
    boolean spaced =
        rnd.nextBoolean(); // large cases: disjoint slots, then at most one moved onto another
    long stride =
        rnd.nextBoolean() ? 5 : 5L << 48; // slots too far apart to pack with an index in one long
    long shift = rnd.nextBoolean() ? 0 : -stride * rnd.nextInt(100); // some slots negative
    List<Message> msgs = new ArrayList<>();
    long[] slot = new long[m];
    boolean[] placed = new boolean[m];
    for (int i = 0; i < m; i++) {
      int from = rnd.nextInt(nodes - 1);
      int to = from + 1 + rnd.nextInt(nodes - 1 - from);
      msgs.add(new Message("m" + i, from, to, rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(4)));
      slot[i] = large && spaced ? stride * i + shift : rnd.nextInt(large ? 40 * m : 3 * m + 1);
      placed[i] = rnd.nextInt(8) != 0;
    }
    if (large && spaced && rnd.nextBoolean()) {
      int a = rnd.nextInt(m);
      int b = rnd.nextInt(m);
      slot[a] = slot[b] + rnd.nextInt(5);
    }
    boolean meet = false;
    for (int a = 0; a < m; a++) {
      for (int b = a + 1; b < m; b++) {
        Message x = msgs.get(a);
        Message y = msgs.get(b);
        boolean arcs = Math.max(x.from(), y.from()) < Math.min(x.to(), y.to());
        boolean slots =
            Math.max(slot[a], slot[b]) < Math.min(slot[a] + x.length(), slot[b] + y.length());
        meet |= placed[a] && placed[b] && arcs && slots;
      }
    }
    assertThat(UlaSweep.disjoint(msgs, slot, placed))
        .as("seed %d: %s, slots %s", seed, msgs, java.util.Arrays.toString(slot))
        .isEqualTo(!meet);
  }
}
