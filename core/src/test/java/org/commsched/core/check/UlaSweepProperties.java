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
 * {@link UlaSweep} says "disjoint" exactly when no two placed messages share an arc and a slot, read pair by pair
 * from the definition (arcs {@code from .. to - 1}, slots {@code [slot, slot + length)}). Seeded ulas of 2 to 12
 * nodes with up to 14 messages, slots drawn from a small range so that about half the cases conflict, some messages
 * unplaced. Cases: {@code -Dcommsched.cases=N} (default 200).
 */
class UlaSweepProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void sweepAgreesWithThePairwiseDefinition(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int nodes = 2 + rnd.nextInt(11);
    int m = rnd.nextInt(15);
    List<Message> msgs = new ArrayList<>();
    long[] slot = new long[m];
    boolean[] placed = new boolean[m];
    for (int i = 0; i < m; i++) {
      int from = rnd.nextInt(nodes - 1);
      int to = from + 1 + rnd.nextInt(nodes - 1 - from);
      msgs.add(new Message("m" + i, from, to, 1 + rnd.nextInt(4)));
      slot[i] = rnd.nextInt(3 * m + 1);
      placed[i] = rnd.nextInt(8) != 0;
    }
    boolean meet = false;
    for (int a = 0; a < m; a++) {
      for (int b = a + 1; b < m; b++) {
        Message x = msgs.get(a);
        Message y = msgs.get(b);
        boolean arcs = Math.max(x.from(), y.from()) < Math.min(x.to(), y.to());
        boolean slots = Math.max(slot[a], slot[b]) < Math.min(slot[a] + x.length(), slot[b] + y.length());
        meet |= placed[a] && placed[b] && arcs && slots;
      }
    }
    assertThat(UlaSweep.disjoint(msgs, slot, placed)).as("seed %d: %s, slots %s", seed, msgs,
        java.util.Arrays.toString(slot)).isEqualTo(!meet);
  }
}
