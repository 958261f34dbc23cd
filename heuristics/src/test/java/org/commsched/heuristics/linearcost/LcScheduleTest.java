package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * {@link LcSchedule}'s bookkeeping: packet numbers count per message in placement order, whatever
 * string object names the message, and the ends per arc read the same from the array and from the
 * map (the two stores, chosen by the number of arcs).
 */
class LcScheduleTest {
  private static Instance gossip(CommModel.Duplex duplex) {
    return new Instance(
        "gossip",
        new Problem.Gossip(4),
        new CommModel.StoreAndForward(
            new BigDecimal("2"),
            new BigDecimal("1"),
            CommModel.Ports.ALL,
            duplex,
            CommModel.OnePortRule.EXCHANGE),
        Network.of(new Topology.Ring(5)));
  }

  @Test
  void packetNumbersCountPerMessageInPlacementOrder() {
    LcSchedule s = new LcSchedule(gossip(CommModel.Duplex.FULL));
    // a, b, a again under an equal string that is another object, then b, a: by hand a gets 0, 1, 2
    // and b gets 0, 1
    s.packet(0, 1, 0, "a", 0, 1);
    s.packet(1, 2, 0, "b", 0, 1);
    s.packet(1, 2, 3, new String(new char[] {'a'}), 0, 1);
    s.packet(2, 3, 0, "b", 0, 1);
    s.packet(2, 3, 4, "a", 0, 1);
    assertThat(s.schedule().transmissions())
        .extracting(x -> x.message() + x.packet())
        .containsExactlyInAnyOrder("a0", "b0", "a1", "b1", "a2");
  }

  @Test
  void endsPerArcReadTheSameFromTheArrayAndTheMap() {
    for (CommModel.Duplex duplex : CommModel.Duplex.values()) {
      Instance inst = gossip(duplex);
      Seeds.seeds()
          .forEach(
              seed -> {
                SplittableRandom rnd = new SplittableRandom(seed);
                LcSchedule dense = new LcSchedule(inst, Integer.MAX_VALUE);
                LcSchedule sparse = new LcSchedule(inst, 0);
                for (int k = 0, n = 1 + rnd.nextInt(20); k < n; k++) {
                  int from = rnd.nextInt(5);
                  int to = (from + (rnd.nextBoolean() ? 1 : 4)) % 5;
                  long start = rnd.nextInt(30);
                  String msg = "m" + rnd.nextInt(5);
                  long units = 1 + rnd.nextInt(4);
                  long end = start + 2 + units; // beta + units tau, by hand
                  assertThat(dense.packet(from, to, start, msg, 0, units)).isEqualTo(end);
                  assertThat(sparse.packet(from, to, start, msg, 0, units)).isEqualTo(end);
                }
                for (int v = 0; v < 5; v++) {
                  for (int w : new int[] {(v + 1) % 5, (v + 4) % 5}) {
                    assertThat(dense.linkFree(v, w))
                        .as("seed %d, %s, %d -> %d", seed, duplex, v, w)
                        .isEqualTo(sparse.linkFree(v, w))
                        .isEqualTo(byHand(dense.schedule(), v, w, duplex));
                  }
                }
                assertThat(dense.makespan()).isEqualTo(sparse.makespan());
                assertThat(dense.schedule()).isEqualTo(sparse.schedule());
              });
    }
  }

  /** The latest end of a record on v -> w (and w -> v under half duplex), 0 if none. */
  private static long byHand(Schedule.Transmissions s, int v, int w, CommModel.Duplex duplex) {
    long free = 0;
    for (Schedule.Transmission x : s.transmissions()) {
      boolean on =
          x.from() == v && x.to() == w
              || duplex == CommModel.Duplex.HALF && x.from() == w && x.to() == v;
      if (on) {
        free = Math.max(free, x.start() + 2 + x.size());
      }
    }
    return free;
  }
}
