package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.junit.jupiter.api.Test;

/** Registration, refusals and leveling of the chatting methods. */
class ChattingMethodsTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);

  @Test
  void all_listsTheMethodsWithTheirProblems() {
    assertThat(ChattingMethods.all())
        .extracting(Method::name)
        .containsExactly(
            "interval-coloring",
            "kierstead",
            "length-classes",
            "ula-cuts",
            "esm-ne",
            "esm-paper",
            "tree-cuts-simultaneous",
            "tree-cuts",
            "cuts");
    for (Method m : ChattingMethods.all()) {
      assertThat(m.exact()).isFalse();
      assertThat(m.problems()).contains(ProblemKind.CHATTING);
      assertThat(m.citation()).contains("Bhatt");
    }
  }

  @Test
  void whyNot_refusesSinglePortsScatterAndLongMessages() {
    Instance single =
        new Instance(
            "s",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1))),
            SINGLE,
            Network.of(new Topology.Ula(3)));
    Instance scatter =
        new Instance(
            "sc",
            new Problem.Scatter(0, List.of(new Message("a", 0, 2, 1))),
            ALL,
            Network.of(new Topology.Ula(3)));
    Instance longMsg =
        new Instance(
            "l",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 3))),
            ALL,
            Network.of(new Topology.Ula(3)));
    for (Method m : ChattingMethods.all()) {
      assertThat(m.whyNot(single)).contains("greedy");
      assertThat(m.whyNot(scatter)).contains("greedy");
      assertThatThrownBy(() -> m.solve(scatter, SolveLimits.defaults()))
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(new IntervalColoring().whyNot(longMsg)).contains("greedy").contains("kierstead");
    assertThat(new Kierstead().whyNot(longMsg)).isNull();
  }

  @Test
  void leveling_refusesARingLoopAndLevelsAnEsm() {
    // uring 0->1->2->0 with messages using all three arcs: no forward leveling
    // (docs/models/bufferless-chatting.md#forward-leveled-networks)
    Instance ring =
        new Instance(
            "r",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1), new Message("b", 2, 1, 1))),
            ALL,
            Network.of(new Topology.URing(3)));
    assertThat(Leveling.of(ring)).isEmpty();
    // the same ring used only on 0->1->2 is FL
    Instance path =
        new Instance(
            "p",
            new Problem.Chatting(List.of(new Message("a", 0, 2, 1), new Message("b", 1, 2, 1))),
            ALL,
            Network.of(new Topology.URing(3)));
    assertThat(Leveling.of(path).orElseThrow().firstLevels()).containsExactly(0, 1);
    // ESM 3x3: level of (r,c) = r + c
    // (docs/models/bufferless-chatting.md#forward-leveled-networks), shifted so the
    // lowest used arc is 0
    Instance esm =
        new Instance(
            "e",
            new Problem.Chatting(List.of(new Message("a", 4, 8, 1), new Message("b", 1, 5, 1))),
            ALL,
            Network.of(new Topology.Esm(3, 3)));
    Leveling lev = Leveling.of(esm).orElseThrow();
    assertThat(lev.firstLevels()).containsExactly(1, 0);
    assertThat(lev.levelSpan()).isEqualTo(2);
  }

  @Test
  void emptyInstance_solvesToNothing() {
    Instance none =
        new Instance("n", new Problem.Chatting(List.of()), ALL, Network.of(new Topology.Ula(3)));
    for (Method m : List.of(new IntervalColoring(), new Kierstead())) {
      assertThat(m.solve(none, SolveLimits.defaults()).makespan()).isZero();
    }
  }
}
