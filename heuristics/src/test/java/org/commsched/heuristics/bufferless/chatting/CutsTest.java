package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * Examples of {@code cuts} (A7 with level cuts, docs/models/bufferless-chatting.md#cuts): where it
 * applies and its first-fit window.
 */
class CutsTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);

  static Instance on(Topology t, Message... msgs) {
    return new Instance("x", new Problem.Chatting(List.of(msgs)), ALL, Network.of(t));
  }

  @Test
  void esm_crossingMessagesOnDifferentArcsShareTheWindow() {
    // 3x3 esm: both messages cross level 0 (node (0,0)), one east and one south; stacking would
    // need 2 + 3 slots
    Instance inst =
        on(new Topology.Esm(3, 3), new Message("east", 0, 1, 2), new Message("south", 0, 3, 3));
    SolveResult r = new Cuts().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.stats()).containsEntry("virtualDuration", 3L).containsEntry("depth", 1L);
    assertThat(r.makespan()).isEqualTo(3);
  }

  @Test
  void esm_crossingMessagesThatMeetLaterAreStacked() {
    // both cross level 0 on different arcs but share (1,1)->(1,2) later, so they cannot share slots
    Instance inst =
        on(
            new Topology.Esm(3, 3),
            new Message("a", 0, 5, 2, List.of(0, 1, 4, 5)),
            new Message("b", 0, 5, 3, List.of(0, 3, 4, 5)));
    SolveResult r = new Cuts().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.stats()).containsEntry("virtualDuration", 5L);
  }

  @Test
  void whyNot_treesAndRingsThatLoopAreRefusedNamingWhatToUse() {
    Instance tree = on(new Topology.Star(4), new Message("a", 1, 2, 1), new Message("b", 2, 1, 1));
    assertThat(new Cuts().whyNot(tree))
        .contains("forward leveled")
        .contains("A6")
        .contains("greedy");
    Instance ring = on(new Topology.URing(3), new Message("a", 0, 2, 1), new Message("b", 2, 1, 1));
    assertThat(new Cuts().whyNot(ring)).contains("forward leveled");
    Instance path = on(new Topology.URing(5), new Message("a", 3, 1, 2), new Message("b", 4, 2, 1));
    assertThat(new Cuts().whyNot(path)).isNull();
    SolveResult r = new Cuts().solve(path, SolveLimits.defaults());
    assertValid(path, r);
  }

  @Test
  void bla_runsAsTwoUlas() {
    Instance bla = on(new Topology.Bla(4), new Message("r", 0, 3, 2), new Message("l", 3, 0, 2));
    SolveResult r = new Cuts().solve(bla, SolveLimits.defaults());
    assertValid(bla, r);
    assertThat(r.makespan()).isEqualTo(4);
    assertThat(r.stats()).containsEntry("virtualDuration", 2L).containsEntry("depthRightward", 1L);
  }
}
