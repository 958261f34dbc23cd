package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.common.LineCalendar;
import org.junit.jupiter.api.Test;

class FirstFitSlotsTest {
  private static final CommModel.Bufferless ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private final FirstFitSlots ff = new FirstFitSlots();

  @Test
  void dsaByHand_longestFirstThenLowestFreeSlot() {
    // buffers [0,3) size 2, [1,2) size 3, [2,4) size 1, [3,4) size 2 on time points 0..3:
    // b1 (3) at 0 on point 1; b0 (2) on points 0-2 must clear b1's [0,3) on point 1 -> slot 3;
    // b3 (2) on point 3 -> 0; b2 (1) on points 2,3: point 2 has b0 at [3,5), point 3 has b3 at [0,2) -> slot 2.
    Instance inst = new Instance("dsa", new Problem.Dsa(List.of(new Message("b0", 0, 3, 2), new Message("b1", 1, 2, 3),
        new Message("b2", 2, 4, 1), new Message("b3", 3, 4, 2))), ALL, Network.of(new Topology.Ula(5)));
    SolveResult r = ff.solve(inst, SolveLimits.defaults());
    assertThat(((Schedule.Slots) r.schedule()).slots()).containsEntry("b1", 0L).containsEntry("b0", 3L)
        .containsEntry("b3", 0L).containsEntry("b2", 2L);
    assertThat(r.makespan()).isEqualTo(5L);
    // load of point 1 is 2 + 3 = 5 (arc 1->2): the layout is optimal
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void longLifespans_takeTheSegmentTreePathAndStayValid() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(9);
    int n = 4000;
    List<Message> msgs = new java.util.ArrayList<>();
    for (int i = 0; i < 50; i++) {
      msgs.add(new Message("b" + i, r.nextInt(300), n - 1 - r.nextInt(300), 1 + r.nextInt(5)));
    }
    Instance inst = new Instance("dsa-long", new Problem.Dsa(msgs), ALL, Network.of(new Topology.Ula(n)));
    assertThat(LineCalendar.worthIt(inst.network(), inst.messages())).isTrue();
    SolveResult res = ff.solve(inst, SolveLimits.defaults());
    assertValid(inst, res);
  }

  @Test
  void whyNot_singlePortAndStoreAndForwardAreRefused() {
    Instance single = new Instance("c", new Problem.Chatting(List.of(new Message("m", 0, 1, 1))),
        new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE), Network.of(new Topology.Ula(2)));
    assertThat(ff.whyNot(single)).contains("greedy");
    Instance scatter = new Instance("s", new Problem.Scatter(0, List.of(new Message("m", 0, 1, 1))), ALL,
        Network.of(new Topology.Ula(2)));
    assertThat(ff.whyNot(scatter)).isNotNull();
  }
}
