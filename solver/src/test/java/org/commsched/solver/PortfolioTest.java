package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Deep;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.baseline.GreedyStoreAndForward;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The default of {@code commsched solve} ({@link Portfolio},
 * docs/models/README.md#the-default-portfolio): on the catalogue it reaches every optimum the
 * manifest records (the papers' values and the exact models' proofs, e.g. 90 for Peters' F1 gossip
 * on an 8-ring, where the first applicable heuristic's baseline gave 255), and on seeded instances
 * of every family its schedule passes the checker and is never longer than any heuristic that
 * applies.
 */
class PortfolioTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 0L);
  private static final SolveLimits SHORT = new SolveLimits(Duration.ofSeconds(2), 1, 0L);

  /** Every recorded optimum but the grids of de Sousa et al. after the first, everyday. */
  @TestFactory
  Stream<DynamicTest> reachesEveryRecordedOptimumOfTheCatalogue() throws IOException {
    List<DynamicTest> tests = recordedOptima(false);
    assertThat(tests).hasSizeGreaterThan(40);
    return tests.stream();
  }

  /**
   * The fifteen other {@code tb-grid} rows (de Sousa et al. 2020, Table 1: three quarters of the
   * suite's time), deep; heuristics' TelephoneBroadcastExamplesTest and FarSplitBoundProperties
   * meet one grid of each size everyday.
   */
  @Deep
  @TestFactory
  Stream<DynamicTest> reachesTheRecordedOptimumOfTheOtherPublishedGrids() throws IOException {
    List<DynamicTest> tests = recordedOptima(true);
    assertThat(tests).hasSize(15);
    return tests.stream();
  }

  /**
   * The catalogue rows with a recorded optimum: the {@code tb-grid} rows after the first when deep,
   * else the rest.
   */
  private static List<DynamicTest> recordedOptima(boolean deep) throws IOException {
    JsonNode rows =
        JsonMapper.builder()
            .build()
            .readTree(
                Files.readString(ExactChattingOracleTest.catalogue().resolve("manifest.json")));
    MethodRegistry registry = MethodRegistry.standard();
    List<DynamicTest> tests = new ArrayList<>();
    boolean firstGrid = true;
    for (JsonNode row : rows) {
      String file = row.get("file").stringValue();
      JsonNode optimum = row.get("optimum");
      if (!file.endsWith(".json") || optimum == null || optimum.isNull()) {
        continue;
      }
      boolean grid = file.startsWith("tb-grid");
      boolean deepRow = grid && !firstGrid;
      firstGrid &= !grid;
      if (deepRow != deep) {
        continue;
      }
      BigDecimal expected =
          optimum.isNumber() ? optimum.decimalValue() : new BigDecimal(optimum.stringValue());
      tests.add(
          DynamicTest.dynamicTest(
              file,
              () -> {
                Instance inst =
                    InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(file));
                SolveRunner.Outcome o =
                    SolveRunner.run(Portfolio.choose(registry, inst), inst, LIMITS);
                assertThat(o.valid()).as("valid").isTrue();
                SolveResult r = o.result();
                assertThat(BigDecimal.valueOf(r.makespan(), r.scale().decimals()))
                    .as(file + " " + r.stats())
                    .isEqualByComparingTo(expected);
              }));
    }
    return tests;
  }

  @Test
  void theIssuesWeakDefaultsAreGone() throws IOException {
    // lc-e18 (docs/models/linear-cost.md, Peters' F1 gossip on an 8-ring): the optimum is 90,
    // greedy-saf gives 255
    Instance inst =
        InstanceReader.read(
            ExactChattingOracleTest.catalogue().resolve("lc-e18-gossip-ring8-f1.json"));
    Method m = Portfolio.choose(MethodRegistry.standard(), inst);
    assertThat(m.name()).isEqualTo(Portfolio.NAME);
    SolveResult r = SolveRunner.run(m, inst, LIMITS).result();
    assertThat(r.makespan()).isEqualTo(90);
    assertThat(r.stats().get(Portfolio.FOUND_BY)).isNotEqualTo("greedy-saf");
    assertThat(r.status())
        .isEqualTo(SolveStatus.OPTIMAL); // 90 meets the gossip bound: no search needed
  }

  @Test
  void dsaAndProvenOptimalSchemesKeepTheirDefaults() throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    Instance dsa =
        InstanceReader.read(ExactChattingOracleTest.catalogue().resolve("dsa-small.json"));
    assertThat(Portfolio.choose(registry, dsa).name()).isEqualTo("dsa-search");
    // a send on a path under all ports: the link-bound pipeline meets the bound (Peters, Theorem
    // 2.3.1)
    Instance send =
        InstanceReader.read(
            ExactChattingOracleTest.catalogue().resolve("lc-e1-send-path5-all.json"));
    assertThat(Portfolio.choose(registry, send).name()).isEqualTo("lc-pipeline-link");
  }

  @TestFactory
  Stream<DynamicTest> neverLongerThanAnyHeuristicAndAlwaysValid() {
    MethodRegistry registry = MethodRegistry.standard();
    return Seeds.seeds(Seeds.cases(10, 16))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      Instance inst = instance(seed);
                      Method m = Portfolio.choose(registry, inst);
                      SolveRunner.Outcome o = SolveRunner.run(m, inst, SHORT);
                      assertThat(o.valid()).as(inst.name() + " by " + m.name()).isTrue();
                      SolveResult r = o.result();
                      assertThat(r.lowerBound().value()).isLessThanOrEqualTo(r.makespan());
                      BigDecimal got = BigDecimal.valueOf(r.makespan(), r.scale().decimals());
                      for (Method h : registry.applicable(inst)) {
                        if (h.exact()) {
                          continue;
                        }
                        SolveResult hr = h.solve(inst, SHORT);
                        if (hr.hasSchedule() && !(hr.schedule() instanceof Schedule.Slots)) {
                          assertThat(got)
                              .as(
                                  inst.name()
                                      + ": "
                                      + m.name()
                                      + " against "
                                      + h.name()
                                      + " "
                                      + r.stats())
                              .isLessThanOrEqualTo(
                                  BigDecimal.valueOf(hr.makespan(), hr.scale().decimals()));
                        }
                      }
                      if (m instanceof Portfolio) {
                        assertThat(registry.byName(r.stats().get(Portfolio.FOUND_BY).toString()))
                            .isNotNull();
                        assertThat(r.status() == SolveStatus.OPTIMAL)
                            .isEqualTo(r.lowerBound().value() == r.makespan());
                      }
                    }));
  }

  /**
   * Issue 13: a slow start must not starve the search. A first heuristic that overruns its share
   * (it sleeps past the whole limit) still leaves the search a tenth of the limit ({@link
   * Portfolio#MIN_SEARCH}); a later heuristic still runs (issue 22: which heuristics run never
   * depends on the clock), on the least share ({@link Portfolio#MIN_SHARE}), so it does not eat
   * into the search's time beyond its first pass.
   */
  @Test
  void theSearchKeepsItsSliceAfterASlowHeuristic() {
    MethodRegistry registry = MethodRegistry.standard();
    Method greedy = registry.byName("greedy");
    Instance inst =
        null; // the first seeded instance where greedy stays above the bound (so the search runs)
    for (long seed = 0; inst == null && seed < 200; seed++) {
      Instance c = RandomInstances.chatting(new SplittableRandom(seed), 6, 6, 3, true);
      if (greedy.solve(c, LIMITS).makespan()
          > org.commsched.core.bounds.LowerBounds.best(c).value()) {
        inst = c;
      }
    }
    assertThat(inst).isNotNull();
    SolveLimits limits = new SolveLimits(Duration.ofMillis(400), 1, 0L);
    Slowed overrun = new Slowed(greedy, 500);
    Slowed late = new Slowed(greedy, 0);
    Slowed search = new Slowed(greedy, 0);
    SolveResult r = Portfolio.of(List.of(overrun, late), List.of(search)).solve(inst, limits);
    assertThat(r.hasSchedule()).isTrue();
    assertThat(late.given)
        .as("the second heuristic runs on the least share")
        .isEqualTo(Duration.ofNanos(Portfolio.MIN_SHARE));
    assertThat(search.given).as("the search ran").isNotNull();
    assertThat(search.given).isGreaterThanOrEqualTo(Duration.ofMillis(400 / Portfolio.MIN_SEARCH));

    // a quick first heuristic: the second one runs, and the search still gets at least half the
    // limit
    SolveLimits longer = new SolveLimits(Duration.ofSeconds(4), 1, 0L);
    Slowed quick = new Slowed(greedy, 0);
    Slowed second = new Slowed(greedy, 0);
    Slowed search2 = new Slowed(greedy, 0);
    Portfolio.of(List.of(quick, second), List.of(search2)).solve(inst, longer);
    assertThat(second.given).isNotNull().isLessThanOrEqualTo(Duration.ofSeconds(1));
    assertThat(search2.given).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
  }

  /**
   * Issue 22: which heuristics the portfolio runs never depends on the clock. On the seeded gossips
   * where rarest-first gives more than greedy-saf (3 units, beta 5, tau 1, all ports, full duplex,
   * on bla 3, K_4 and the 4 x 4 mesh), a first heuristic that overruns the whole limit (it sleeps
   * past it, as a loaded machine made rarest-first do) no longer keeps the later one from running:
   * the answer is the shortest of the heuristics' own schedules, and OPTIMAL exactly when it meets
   * the best lower bound. The old rule (a later heuristic starts only while the time left exceeds
   * the slowest one's time) answered rarest-first's schedule here.
   */
  @TestFactory
  Stream<DynamicTest> aSlowHeuristicNeverKeepsALaterOneFromRunning() {
    MethodRegistry registry = MethodRegistry.standard();
    SolveLimits limits = new SolveLimits(Duration.ofMillis(400), 1, 0L);
    return Stream.of("bla:3", "complete:4", "mesh:4")
        .map(
            fs ->
                DynamicTest.dynamicTest(
                    fs,
                    () -> {
                      Instance inst =
                          issue22Gossip(fs.split(":")[0], Integer.parseInt(fs.split(":")[1]));
                      Portfolio chosen = (Portfolio) Portfolio.choose(registry, inst);
                      List<Method> hs = chosen.plan(inst, limits.timeLimit()).heuristics();
                      assertThat(hs)
                          .extracting(Method::name)
                          .startsWith("rarest-first")
                          .contains("greedy-saf");
                      long shortest = Long.MAX_VALUE;
                      for (Method h : hs) {
                        SolveResult alone = h.solve(inst, limits);
                        if (alone.hasSchedule()) {
                          shortest = Math.min(shortest, alone.makespan());
                        }
                      }
                      assertThat(registry.byName("rarest-first").solve(inst, limits).makespan())
                          .as("the case of the issue")
                          .isGreaterThan(shortest);
                      List<Method> slowFirst = new ArrayList<>(hs);
                      slowFirst.set(0, new Slowed(hs.get(0), 500));
                      // no search: the answer is the heuristics' alone
                      SolveResult r =
                          SolveRunner.run(Portfolio.of(slowFirst, List.of()), inst, limits)
                              .result();
                      assertThat(r.makespan()).as(r.stats().toString()).isEqualTo(shortest);
                      long bound = org.commsched.core.bounds.LowerBounds.best(inst).value();
                      assertThat(r.status() == SolveStatus.OPTIMAL)
                          .as("OPTIMAL exactly at the bound " + bound)
                          .isEqualTo(shortest == bound);
                    }));
  }

  /**
   * Issue 22: the default answers the same makespan on every run of the same instance (the
   * heuristics it runs do not depend on how long the earlier ones took), never longer than any
   * heuristic run on its own.
   */
  @TestFactory
  Stream<DynamicTest> theDefaultAnswersTheSameOnEveryRun() {
    MethodRegistry registry = MethodRegistry.standard();
    return Stream.of("bla:3", "complete:4")
        .map(
            fs ->
                DynamicTest.dynamicTest(
                    fs,
                    () -> {
                      Instance inst =
                          issue22Gossip(fs.split(":")[0], Integer.parseInt(fs.split(":")[1]));
                      long shortest = Long.MAX_VALUE;
                      for (Method h : registry.applicable(inst)) {
                        if (!h.exact()) {
                          shortest = Math.min(shortest, h.solve(inst, SHORT).makespan());
                        }
                      }
                      java.util.Set<Long> answers = new java.util.TreeSet<>();
                      for (int i = 0; i < 8; i++) {
                        SolveResult r =
                            SolveRunner.run(Portfolio.choose(registry, inst), inst, SHORT).result();
                        assertThat(r.makespan())
                            .as("run " + i + " " + r.stats())
                            .isLessThanOrEqualTo(shortest);
                        answers.add(r.makespan());
                      }
                      assertThat(answers).as("the makespans of 8 runs").hasSize(1);
                    }));
  }

  /** The issue's gossip: 3 units from every node, beta 5, tau 1, all ports, full duplex, seed 0. */
  private static Instance issue22Gossip(String family, int size) {
    return Generators.instance(
        new GeneratorSpec(
            null,
            ProblemKind.GOSSIP,
            family,
            size,
            0,
            new LengthDistribution.Constant(3),
            Models.parse("saf:beta=5,tau=1,ports=all,duplex=full", ProblemKind.GOSSIP),
            0L,
            false));
  }

  /**
   * A method that sleeps, then answers as {@code inner}, and records the time limit it was given.
   */
  private static final class Slowed implements Method {
    private final Method inner;
    private final long sleepMs;
    private final MethodFacts facts;
    Duration given;

    Slowed(Method inner, long sleepMs) {
      this.inner = inner;
      this.sleepMs = sleepMs;
      this.facts =
          new MethodFacts(
              inner.name() + "-" + System.identityHashCode(this),
              inner.summary(),
              inner.guarantee(),
              inner.citation(),
              inner.scope(),
              false);
    }

    @Override
    public MethodFacts facts() {
      return facts;
    }

    @Override
    public SolveResult solve(Instance instance, SolveLimits limits) {
      given = limits.timeLimit();
      try {
        Thread.sleep(sleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return inner.solve(instance, limits);
    }
  }

  /**
   * Chatting, bufferless scatter and gather, and linear-cost send, broadcast and gossip, in turn.
   */
  private static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch ((int) Math.floorMod(seed, 5)) {
      case 0:
        return RandomInstances.chatting(r, 6, 6, 3, true);
      case 1:
        return RandomInstances.scatterGather(r, 6, 3, true, RandomInstances.bufferless(r), true);
      case 2:
        return RandomInstances.scatterGather(r, 6, 3, false, RandomInstances.bufferless(r), false);
      default:
        return RandomInstances.linearCost(
            r,
            5,
            6,
            (int) Math.floorMod(seed, 3),
            i -> new GreedyStoreAndForward().whyNot(i) == null);
    }
  }
}
