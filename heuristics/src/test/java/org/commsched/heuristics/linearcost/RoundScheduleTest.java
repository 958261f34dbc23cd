package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * {@link RoundSchedule} groups sends into packets (one per round and arc, numbered by round, then
 * by the arc's first send in the round, runs in send order) whether it finds a round's packets
 * through an array over the arcs or a hash.
 */
class RoundScheduleTest {

  @Test
  void sendsOnOneArcInOneRoundAreOnePacketNumberedByRoundThenFirstSendWithEitherLookup() {
    Network ring = Network.of(new Topology.Ring(5));
    CommModel.StoreAndForward model =
        BroadcastFixtures.model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL);
    // worked by hand, beta = 5 and tau = 1: round 0 is unit 0 on 0->1 over [0, 6); round 1 is
    // packet 1 on 0->1
    // (units 1 and 2..3: three units, 8 ticks, after the arc frees at 6) and packet 2 on 0->4 (unit
    // 0 at once)
    List<Schedule.Transmission> expected =
        List.of(
            new Schedule.Transmission("m", 0, 1, 0, 1, 0, 0L),
            new Schedule.Transmission("m", 2, 1, 0, 4, 0, 0L),
            new Schedule.Transmission("m", 1, 1, 0, 1, 6, 1L),
            new Schedule.Transmission("m", 1, 2, 0, 1, 6, 2L));
    for (int denseArcs : new int[] {0, 1 << 22}) {
      RoundSchedule rs = new RoundSchedule(ring, model, model.timeScale(), "m", 0);
      rs.send(3, 0, 1, 0, 0); // empty: no round
      rs.send(1, 0, 1, 1, 1);
      rs.send(0, 0, 1, 0, 1);
      rs.send(1, 0, 4, 0, 1);
      rs.send(1, 0, 1, 2, 2);
      RoundSchedule.Result r = rs.run(denseArcs);
      assertThat(r.transmissions()).as("array over arcs up to %d", denseArcs).isEqualTo(expected);
      assertThat(r.makespan()).isEqualTo(14);
      assertThat(r.rounds()).isEqualTo(2);
    }
  }
}
