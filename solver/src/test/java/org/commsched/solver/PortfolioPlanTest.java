package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.api.Test;

/**
 * The default portfolio's plan ({@link Portfolio#plan},
 * docs/models/README.md#the-default-portfolio), per family: which methods it runs, in which order,
 * with what time. Every applicable method appears once: the heuristics (not exact, not improving an
 * incumbent) in the registry's order, then the searches, the method that improves the incumbent
 * ({@code lns}) first; under a 10 s limit the first heuristic gets 1.25 s (a quarter of what the
 * kept half leaves), the search keeps 5 s and is sure of 1 s. Beyond {@link Portfolio#SEARCH_MAX}
 * messages no search runs and the heuristics stop at the first schedule.
 */
class PortfolioPlanTest {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();
  private static final Duration LIMIT = Duration.ofSeconds(10);

  @Test
  void bufferlessChatting_heuristicsThenLnsThenTheExactModels() throws IOException {
    Portfolio.Plan plan = planOf("chat-oracle-a-ula5.json", Family.BUFFERLESS_CHATTING);
    assertThat(plan.heuristicNames())
        .contains("greedy", "priority-greedy")
        .doesNotContain("lns", "cpsat");
    assertThat(plan.searchNames()).startsWith("lns", "cpsat");
    assertSearchBudget(plan);
  }

  @Test
  void bufferlessScatterGather_heuristicsThenCpsat() throws IOException {
    Portfolio.Plan plan = planOf("sg-ex5-gather-bintree7.json", Family.BUFFERLESS_SCATTER_GATHER);
    assertThat(plan.heuristicNames())
        .contains("transmission-certification")
        .doesNotContain("cpsat");
    assertThat(plan.searchNames()).startsWith("cpsat").doesNotContain("lns");
    assertSearchBudget(plan);
  }

  @Test
  void packet_heuristicsThenCpsat() throws IOException {
    Portfolio.Plan plan = planOf("pk-tv2-gather-beta2.json", Family.PACKET);
    assertThat(plan.heuristicNames()).contains("packet-nrf").doesNotContain("cpsat");
    assertThat(plan.searchNames()).startsWith("cpsat").doesNotContain("lns");
    assertSearchBudget(plan);
  }

  @Test
  void linearCost_heuristicsThenCpsat() throws IOException {
    Portfolio.Plan plan = planOf("lc-gossip-uring4-one-small.json", Family.LINEAR_COST);
    assertThat(plan.heuristicNames()).contains("greedy-saf").doesNotContain("cpsat");
    assertThat(plan.searchNames()).startsWith("cpsat").doesNotContain("lns");
    assertSearchBudget(plan);
  }

  @Test
  void dsa_hasNoPortfolio_itsDefaultIsDsaSearch() throws IOException {
    Instance dsa =
        InstanceReader.read(ExactChattingOracleTest.catalogue().resolve("dsa-small.json"));
    assertThat(Portfolio.choose(REGISTRY, dsa)).isNotInstanceOf(Portfolio.class);
    assertThat(Portfolio.choose(REGISTRY, dsa).name()).isEqualTo("dsa-search");
  }

  @Test
  void beyondSearchMax_noSearch_andTheHeuristicsStopAtTheFirstSchedule() {
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i <= Portfolio.SEARCH_MAX; i++) {
      ms.add(new Message("m" + i, i % 7, 7 + i % 5, 1 + i % 3));
    }
    Instance big =
        new Instance(
            "big",
            new Problem.Chatting(ms),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(12)));
    Portfolio.Plan plan = plan(big);
    assertThat(plan.firstScheduleOnly()).isTrue();
    assertThat(plan.searches()).isEmpty();
    assertThat(plan.heuristicNames()).isNotEmpty();
    assertThat(plan.kept()).isEqualTo(Duration.ZERO);
    assertThat(plan.firstShare())
        .isEqualTo(Duration.ofMillis(2500)); // a quarter of the whole limit
    assertThat(plan.searchAtLeast()).isEqualTo(Duration.ZERO);
  }

  /**
   * Issue 22, item 4: a gossip of one unit on a random network of 1,000 nodes (999,000 unit
   * deliveries, beyond {@link Portfolio#DELIVERIES_MAX}) runs no search and stops at the first
   * schedule, and its first heuristic is the near-linear {@code arc-queue-flood}: {@code
   * rarest-first} and {@code merge-flood} refuse it by their work limits. A gossip on a ring of 400
   * nodes (159,600 deliveries) runs every applicable heuristic.
   */
  @Test
  void aBroadcastOrGossipOfManyDeliveries_runsItsFirstHeuristicOnly_theFloodOfArcQueues() {
    CommModel.StoreAndForward m = unitSteps(CommModel.Ports.ALL);
    Instance big = gossipOf1000Nodes(m);
    Portfolio.Plan plan = plan(big);
    assertThat(plan.firstScheduleOnly()).isTrue();
    assertThat(plan.searches()).isEmpty();
    assertThat(plan.heuristicNames()).startsWith("arc-queue-flood");
    Instance ring =
        new Instance("ring400", new Problem.Gossip(1), m, Network.of(new Topology.Ring(400)));
    assertThat(plan(ring).firstScheduleOnly()).isFalse();
  }

  /**
   * Beyond the delivery limit the first pass must end within twice the time left, so that the check
   * of its 10^6 records can end near the limit and its grace ({@link Portfolio#PASS_PERCENT}):
   * under a limit of one nanosecond that deadline has passed before {@code arc-queue-flood} starts,
   * so it returns no schedule, no later heuristic runs (they would be cut too, or run far past the
   * limit), and the answer is UNKNOWN, at once rather than after the flood's seconds. The bounds
   * are handed over (none), so nothing else runs.
   */
  @Test
  void beyondTheDeliveryLimit_aPassDeadlineAlreadyPast_givesNoScheduleAndRunsNoOtherHeuristic() {
    Instance big = gossipOf1000Nodes(unitSteps(CommModel.Ports.ONE));
    Method portfolio = Portfolio.choose(REGISTRY, big);
    assertThat(portfolio).isInstanceOf(Portfolio.class);
    org.commsched.core.solve.SolveRun run =
        new org.commsched.core.solve.SolveRun(
            big, new SolveLimits(Duration.ofNanos(1), 1, 0L), List.of());
    SolveResult res = run.solve(portfolio, big, run.limits());
    assertThat(res.hasSchedule()).isFalse();
    assertThat(res.status()).isEqualTo(org.commsched.core.solve.SolveStatus.UNKNOWN);
    assertThat(res.stats().get("tried").toString())
        .isEqualTo(
            "arc-queue-flood no schedule (UNKNOWN), (rest) not run: the pass deadline has passed");
    assertThat(run.solves("arc-queue-flood")).isEqualTo(1);
    assertThat(run.passDeadline()).isEqualTo(Long.MAX_VALUE); // cleared after the heuristics
  }

  /**
   * The plan of the catalogue file, which is of {@code family}, after the checks every family
   * shares.
   */
  private static Portfolio.Plan planOf(String file, Family family) throws IOException {
    Instance inst = InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(file));
    assertThat(inst.family()).isEqualTo(family);
    Portfolio.Plan plan = plan(inst);
    assertThat(plan.firstScheduleOnly()).isFalse();
    List<String> applicable = REGISTRY.applicable(inst).stream().map(Method::name).toList();
    List<String> all = new ArrayList<>(plan.heuristicNames());
    all.addAll(plan.searchNames());
    assertThat(all)
        .as("every applicable method once")
        .containsExactlyInAnyOrderElementsOf(applicable);
    assertThat(plan.heuristicNames())
        .as("the heuristics in the registry's order")
        .isEqualTo(applicable.stream().filter(plan.heuristicNames()::contains).toList());
    for (Method h : plan.heuristics()) {
      assertThat(h.exact() || h.improvesIncumbent())
          .as(h.name() + " runs as a heuristic")
          .isFalse();
    }
    for (int i = 1; i < plan.searches().size(); i++) {
      assertThat(plan.searches().get(i).exact())
          .as(plan.searchNames() + ": after the first, exact models")
          .isTrue();
    }
    return plan;
  }

  private static Portfolio.Plan plan(Instance inst) {
    Method m = Portfolio.choose(REGISTRY, inst);
    assertThat(m).as(inst.name() + ": the default is the portfolio").isInstanceOf(Portfolio.class);
    return ((Portfolio) m).plan(inst, LIMIT);
  }

  /** The time of a plan with a search under the 10 s limit. */
  private static void assertSearchBudget(Portfolio.Plan plan) {
    assertThat(plan.kept()).isEqualTo(Duration.ofSeconds(5));
    assertThat(plan.firstShare()).isEqualTo(Duration.ofMillis(1250));
    assertThat(plan.searchAtLeast()).isEqualTo(Duration.ofSeconds(1));
  }

  /** beta 0, tau 1, full duplex, the given ports. */
  private static CommModel.StoreAndForward unitSteps(CommModel.Ports ports) {
    return new CommModel.StoreAndForward(
        java.math.BigDecimal.ZERO,
        java.math.BigDecimal.ONE,
        ports,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.EXCHANGE);
  }

  /** A gossip of one unit on a seeded random network of 1,000 nodes (999,000 deliveries). */
  private static Instance gossipOf1000Nodes(CommModel.StoreAndForward m) {
    return new Instance(
        "g1000",
        new Problem.Gossip(1),
        m,
        Network.of(
            org.commsched.core.testing.RandomNetworks.graph(
                1000, 0.01, new java.util.SplittableRandom(22))));
  }
}
