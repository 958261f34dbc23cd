package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.heuristics.bufferless.chatting.IntervalColoring;
import org.commsched.heuristics.bufferless.chatting.Kierstead;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.solver.bufferless.VirtualCp;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Exact virtual schedules (docs/models/bufferless-chatting.md#exact-models "virtual model", §2.2;
 * on a ula rectangle compaction = DSA, §2.4) on seeded random small instances: dsa buffers on a
 * ula, chatting on a ula (unit and variable lengths), a bla and random graphs with explicit routes;
 * 3-7 messages of length 1-4. {@code cpsat-virtual} and {@code choco-virtual} (and {@code
 * cpsat}/{@code choco} on dsa) all prove the same optimum S_opt, which equals an exhaustive search
 * over slots written here; max(C, L) &lt;= S_opt (Prop 3.1 of Bhatt, Bilardi, Pucci, Ranade,
 * Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks") and
 * S_opt &lt;= the virtual duration of {@code kierstead} and {@code interval-coloring} where they
 * apply (for unit lengths on a ula interval colouring is optimal, Thm 4.4: equality). On dsa, sizes
 * times 3 give the optimum times 3. Every schedule passes the checker. Default case count:
 * commsched.cases / 5.
 */
class ExactVirtualProperties {
  static final MethodRegistry REG = MethodRegistry.standard();
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 2, 7L);
  static final String[] FAMILIES = {
    "dsa", "ula", "ula-unit", "bla", "random", "dsa-dense", "odd-cycle", "dsa-tight"
  };

  @TestFactory
  Stream<DynamicTest> bothBackEndsMatchExhaustiveSearch() {
    int cases = Seeds.cases(5, FAMILIES.length);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20240611L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      String family = FAMILIES[c % FAMILIES.length];
      long seed = master.nextLong();
      if (family.equals("odd-cycle")) {
        tests.add(DynamicTest.dynamicTest("odd-cycle seed=" + seed, () -> check(oddCycle(seed))));
        continue;
      }
      if (family.equals("dsa-tight")) {
        tests.add(DynamicTest.dynamicTest("dsa-tight seed=" + seed, () -> check(tight(seed))));
        continue;
      }
      boolean dense = family.equals("dsa-dense");
      SplittableRandom r = new SplittableRandom(seed);
      int size = dense ? 5 + r.nextInt(3) : 4 + r.nextInt(4);
      int messages = dense ? 8 + r.nextInt(3) : 3 + r.nextInt(5);
      boolean dsa = family.startsWith("dsa");
      String net = dsa || family.startsWith("ula") ? "ula" : family;
      LengthDistribution lengths =
          family.equals("ula-unit")
              ? new LengthDistribution.Uniform(1, 1)
              : new LengthDistribution.Uniform(1, dense ? 6 : 4);
      GeneratorSpec spec =
          new GeneratorSpec(
              null,
              dsa ? ProblemKind.DSA : ProblemKind.CHATTING,
              net,
              size,
              messages,
              lengths,
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              r.nextLong(),
              family.equals("random"));
      tests.add(
          DynamicTest.dynamicTest(
              spec.name() + " m=" + messages + " seed=" + seed,
              () -> check(Generators.instance(spec))));
    }
    // the suite must exercise the search: on some cases the optimum beats every heuristic, and on
    // some it is
    // above max(C, L)
    tests.add(
        DynamicTest.dynamicTest(
            "some case beats the heuristics", () -> assertThat(beaten).isPositive()));
    tests.add(
        DynamicTest.dynamicTest(
            "some case is above max(C, L)", () -> assertThat(aboveBound).isPositive()));
    return tests.stream();
  }

  /**
   * Buffers whose optimum often exceeds the load: 6-9 buffers on 4-6 time points, each alive for
   * 1-3 of them, sizes 1-5.
   */
  static Instance tight(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = 4 + r.nextInt(3);
    int count = 8 + r.nextInt(4);
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int lower = r.nextInt(n - 1);
      int upper = lower + 1 + r.nextInt(Math.min(3, n - 1 - lower));
      ms.add(new Message("b" + i, lower, upper, 1 + r.nextInt(5)));
    }
    return new Instance(
        "dsa-tight-s" + seed,
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(n)));
  }

  /**
   * Chatting on a unidirectional ring of 5 or 7 nodes, message i from node i to node i + 2 (two
   * hops), lengths 1-3: the conflict graph is an odd cycle, so with unit lengths S_opt = 3 > C = 2.
   */
  static Instance oddCycle(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int n = r.nextBoolean() ? 5 : 7;
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ms.add(new Message("m" + i, i, (i + 2) % n, 1 + r.nextInt(r.nextBoolean() ? 1 : 3)));
    }
    return new Instance(
        "odd-cycle-s" + seed,
        new Problem.Chatting(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.URing(n)));
  }

  private int beaten;
  private int aboveBound;

  private void check(Instance instance) {
    long exhaustive = Exhaustive.optimum(instance);
    String what = instance.name() + " " + instance.messages();
    LowerBound lb2 =
        LowerBounds.virtual(instance).stream().reduce(LowerBound.zero(), LowerBound::max);
    assertThat(lb2.value()).as("max(C, L) <= S_opt on " + what).isLessThanOrEqualTo(exhaustive);
    if (lb2.value() < exhaustive) {
      aboveBound++;
    }
    if (exhaustive < VirtualCp.bestSlots(instance).makespan()) {
      beaten++;
    }
    List<Method> methods = new ArrayList<>(List.of(new CpSatVirtual(), new ChocoVirtual()));
    if (instance.kind() == ProblemKind.DSA) {
      methods.add(REG.byName("cpsat"));
      methods.add(REG.byName("choco"));
    }
    for (Method m : methods) {
      SolveResult r = m.solve(instance, LIMITS);
      assertThat(r.schedule()).as(m.name() + " on " + what).isInstanceOf(Schedule.Slots.class);
      assertThat(r.status()).as(m.name() + " on " + what).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(r.makespan()).as(m.name() + " on " + what).isEqualTo(exhaustive);
      assertThat(r.lowerBound().value()).as(m.name() + " on " + what).isEqualTo(exhaustive);
      assertThat(r.stats().get("virtualOptimum"))
          .as(m.name() + " stats on " + what)
          .isEqualTo(exhaustive);
      CheckReport report = ScheduleChecker.checkResult(instance, r);
      assertThat(report.valid()).as(m.name() + " on " + what + ": " + report).isTrue();
    }
    if (instance.kind() == ProblemKind.DSA) {
      // sizes times 3: the optimum times 3 (the models divide the gcd of the sizes out, class
      // comment of VirtualCp)
      List<Message> scaled = new ArrayList<>();
      for (Message x : instance.messages()) {
        scaled.add(new Message(x.id(), x.from(), x.to(), 3 * x.length()));
      }
      Instance big =
          new Instance(
              instance.name() + "-x3",
              new Problem.Dsa(scaled),
              instance.model(),
              instance.network());
      for (Method m : List.<Method>of(new CpSatVirtual(), new ChocoVirtual())) {
        SolveResult r = m.solve(big, LIMITS);
        assertThat(r.status()).as(m.name() + " on " + what + " x3").isEqualTo(SolveStatus.OPTIMAL);
        assertThat(r.makespan()).as(m.name() + " on " + what + " x3").isEqualTo(3 * exhaustive);
        assertValid(m.name() + " x3", big, r);
      }
    }
    for (Method h : List.<Method>of(new Kierstead(), new IntervalColoring())) {
      if (h.whyNot(instance) != null) {
        continue;
      }
      SolveResult r = h.solve(instance, SolveLimits.defaults());
      long s = ((Number) r.stats().get("virtualDuration")).longValue();
      assertThat(exhaustive).as("S_opt <= " + h.name() + " on " + what).isLessThanOrEqualTo(s);
      if (h instanceof IntervalColoring) {
        assertThat(s)
            .as("interval colouring is optimal for unit lengths (Thm 4.4) on " + what)
            .isEqualTo(exhaustive);
      }
    }
  }

  /**
   * Branch and bound over every slot vector, written independently of the models: messages longest
   * first, slot of message i in [0, best - l_i), two messages conflict iff their routes share an
   * arc and their slot intervals meet. Starts from the sum of the lengths (putting messages one
   * above the other is always valid).
   */
  static final class Exhaustive {
    private final int m;
    private final long[] length;
    private final boolean[][] share;
    private final long[] slot;
    private long best;

    private Exhaustive(Instance instance) {
      Atlas atlas = instance.atlas();
      List<Message> ms = instance.messages();
      m = ms.size();
      Integer[] order = new Integer[m];
      for (int i = 0; i < m; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Long.compare(ms.get(b).length(), ms.get(a).length()));
      length = new long[m];
      int[][] arcs = new int[m][];
      for (int k = 0; k < m; k++) {
        length[k] = ms.get(order[k]).length();
        arcs[k] = atlas.arcs(order[k]);
        best += length[k];
      }
      share = new boolean[m][m];
      for (int a = 0; a < m; a++) {
        for (int b = 0; b < m; b++) {
          for (int x : arcs[a]) {
            for (int y : arcs[b]) {
              share[a][b] |= x == y;
            }
          }
        }
      }
      slot = new long[m];
    }

    static long optimum(Instance instance) {
      Exhaustive e = new Exhaustive(instance);
      e.search(0, 0);
      return e.best;
    }

    /**
     * The optimum if it is below {@code upper}, else {@code upper}: the same search, bounded from
     * the start.
     */
    static long below(Instance instance, long upper) {
      Exhaustive e = new Exhaustive(instance);
      e.best = Math.min(e.best, upper);
      e.search(0, 0);
      return e.best;
    }

    private void search(int i, long makespan) {
      if (i == m) {
        best = makespan;
        return;
      }
      for (long s = 0; s + length[i] < best; s++) {
        slot[i] = s;
        if (fits(i)) {
          search(i + 1, Math.max(makespan, s + length[i]));
        }
      }
    }

    private boolean fits(int i) {
      for (int j = 0; j < i; j++) {
        if (share[i][j] && slot[i] < slot[j] + length[j] && slot[j] < slot[i] + length[i]) {
          return false;
        }
      }
      return true;
    }
  }
}
