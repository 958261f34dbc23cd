package org.commsched.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/** The family of an instance, and the one check that turns a method's scope into its refusal. */
class ScopeTest {
  private static final CommModel.Bufferless ALL =
      new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final CommModel.Bufferless SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
  private static final Network ULA = Network.of(new Topology.Ula(3));
  private static final Network STAR = Network.of(new Topology.Star(3));

  private static CommModel.StoreAndForward sf(CommModel.Ports ports, CommModel.Duplex duplex) {
    return new CommModel.StoreAndForward(BigDecimal.ONE, BigDecimal.ONE, ports, duplex, null);
  }

  private static final List<Message> CHAT = List.of(new Message("a", 0, 2, 1));
  private static final List<Message> SCAT =
      List.of(new Message("b", 0, 1, 1), new Message("c", 0, 2, 1));

  private static Instance chatting(CommModel.Bufferless model, Network net) {
    return new Instance("c", new Problem.Chatting(CHAT), model, net);
  }

  private static Instance scatter(CommModel model) {
    return new Instance("s", new Problem.Scatter(0, SCAT), model, STAR);
  }

  @Test
  void family_followsFromProblemKindAndModel() {
    assertThat(chatting(ALL, ULA).family()).isEqualTo(Family.BUFFERLESS_CHATTING);
    assertThat(new Instance("d", new Problem.Dsa(CHAT), ALL, ULA).family())
        .isEqualTo(Family.BUFFERLESS_CHATTING);
    assertThat(scatter(SINGLE).family()).isEqualTo(Family.BUFFERLESS_SCATTER_GATHER);
    assertThat(scatter(sf(CommModel.Ports.ONE, CommModel.Duplex.FULL)).family())
        .isEqualTo(Family.PACKET);
    assertThat(
            new Instance(
                    "g",
                    new Problem.Gossip(2),
                    sf(CommModel.Ports.ALL, CommModel.Duplex.HALF),
                    STAR)
                .family())
        .isEqualTo(Family.LINEAR_COST);
    for (Family f : Family.values()) {
      for (ProblemKind k : f.problems()) {
        CommModel model = f.bufferless() ? ALL : sf(CommModel.Ports.ALL, CommModel.Duplex.FULL);
        assertThat(Family.of(k, model)).as(k + " under " + model).isEqualTo(f);
      }
    }
  }

  @Test
  void family_refusesAKindTheModelDoesNotDefine_atTheModel() {
    assertThatThrownBy(
            () -> Family.of(ProblemKind.CHATTING, sf(CommModel.Ports.ALL, CommModel.Duplex.FULL)))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("bufferless");
    assertThatThrownBy(() -> Family.of(ProblemKind.DSA, SINGLE))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("\"all\"");
    assertThatThrownBy(() -> Family.of(ProblemKind.BROADCAST, ALL))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("store-and-forward");
  }

  @Test
  void everyProblemKind_belongsToAFamily_andScatterGatherToTwo() {
    for (ProblemKind k : ProblemKind.values()) {
      long n = EnumSet.allOf(Family.class).stream().filter(f -> f.problems().contains(k)).count();
      assertThat(n)
          .as(k.wireName())
          .isEqualTo(k == ProblemKind.SCATTER || k == ProblemKind.GATHER ? 2 : 1);
    }
  }

  @Test
  void of_takesTheFamiliesOfItsProblems_andIn_narrowsBoth() {
    Scope s = Scope.of(ProblemKind.SCATTER, ProblemKind.CHATTING);
    assertThat(s.families())
        .containsExactly(
            Family.BUFFERLESS_CHATTING, Family.BUFFERLESS_SCATTER_GATHER, Family.PACKET);
    Scope b = s.in(Family.PACKET);
    assertThat(b.families()).containsExactly(Family.PACKET);
    assertThat(b.problems()).containsExactly(ProblemKind.SCATTER);
  }

  @Test
  void wrongProblemOrFamily_isOneSentenceNamingTheMethodAndWhatToUse() {
    Scope s = Scope.of(ProblemKind.SCATTER).in(Family.BUFFERLESS_SCATTER_GATHER);
    String chat = s.whyNot("fdf", chatting(ALL, ULA));
    assertThat(chat)
        .startsWith("fdf schedules bufferless scatter; ")
        .contains("for chatting use greedy")
        .doesNotContain("\n");
    String packet = s.whyNot("fdf", scatter(sf(CommModel.Ports.ALL, CommModel.Duplex.FULL)));
    assertThat(packet)
        .isEqualTo(
            "fdf schedules bufferless scatter; for store-and-forward scatter use greedy-saf");
    assertThat(s.whyNot("fdf", scatter(SINGLE))).isNull();
  }

  @Test
  void wrongPorts_namesThePortRuleAndTheAlternative() {
    Scope s = Scope.of(ProblemKind.CHATTING).bufferlessPorts(CommModel.BufferlessPorts.ALL);
    assertThat(s.whyNot("kierstead", chatting(SINGLE, ULA)))
        .startsWith("kierstead needs the all-port bufferless")
        .endsWith("under single ports use greedy");
    assertThat(s.otherPorts("lns").whyNot("x", chatting(SINGLE, ULA))).endsWith("use lns");
    Scope one = Scope.of(ProblemKind.GOSSIP);
    Scope onlyAll =
        new Scope(
            one.families(),
            one.problems(),
            one.bufferlessPorts(),
            EnumSet.of(CommModel.Ports.ALL),
            one.duplex(),
            one.network(),
            "",
            null);
    Instance gossip =
        new Instance(
            "g", new Problem.Gossip(2), sf(CommModel.Ports.ONE, CommModel.Duplex.HALF), STAR);
    assertThat(onlyAll.whyNot("m", gossip))
        .contains("one ports and half duplex")
        .endsWith("use greedy-saf");
    assertThat(one.whyNot("m", gossip)).isNull();
  }

  @Test
  void portsNarrowing_isCheckedAndWorded() {
    Scope onePort =
        Scope.of(ProblemKind.GOSSIP).ports(CommModel.Ports.ONE).duplex(CommModel.Duplex.FULL);
    assertThat(onePort.words()).startsWith("store-and-forward, one port and full duplex;");
    Instance allPorts =
        new Instance(
            "g", new Problem.Gossip(2), sf(CommModel.Ports.ALL, CommModel.Duplex.FULL), STAR);
    assertThat(onePort.whyNot("m", allPorts))
        .startsWith("m schedules under one port and full duplex")
        .endsWith("use greedy-saf");
    Instance one =
        new Instance(
            "g", new Problem.Gossip(2), sf(CommModel.Ports.ONE, CommModel.Duplex.FULL), STAR);
    assertThat(onePort.whyNot("m", one)).isNull();
  }

  @Test
  void networkTest_isAskedLast_andItsReasonCompletesTheSentence() {
    Scope.NetworkTest ulaOnly =
        new Scope.NetworkTest(
            "ula",
            i -> i.network().topology() instanceof Topology.Ula ? null : "needs a ula: use greedy");
    Scope s = Scope.of(ProblemKind.CHATTING).on(ulaOnly);
    assertThat(s.whyNot("m", chatting(ALL, ULA))).isNull();
    assertThat(s.whyNot("m", chatting(ALL, STAR))).isEqualTo("m needs a ula: use greedy");
    // the family is checked first: a scatter never reaches the network test
    assertThat(s.whyNot("m", scatter(ALL))).startsWith("m schedules bufferless chatting;");
  }

  @Test
  void words_sayModelPortsNetworkAndNote_inEnumOrder() {
    Scope s =
        Scope.of(ProblemKind.DSA, ProblemKind.CHATTING)
            .bufferlessPorts(CommModel.BufferlessPorts.ALL)
            .note("slots");
    assertThat(s.problems()).containsExactly(ProblemKind.CHATTING, ProblemKind.DSA);
    assertThat(s.words()).isEqualTo("bufferless, all ports; any network and routes; slots");
    assertThat(Scope.of(ProblemKind.SEND).words())
        .isEqualTo("store-and-forward, any ports and duplex; any network " + "and routes");
    assertThat(s.problemWords()).isEqualTo("bufferless chatting and dsa");
  }
}
