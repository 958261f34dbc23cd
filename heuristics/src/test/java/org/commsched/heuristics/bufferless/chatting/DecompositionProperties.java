package org.commsched.heuristics.bufferless.chatting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.io.InstanceWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of docs/models/bufferless-chatting.md#properties for the decompositions: P1 (every
 * schedule passes the checker), P2 (lower bounds below every schedule, S >= max(C, L)), P4 (VO
 * departures within [0, S), T <= S + Q - 1), P10 (A3, Thm 5.2), P13 (A5, §6.2), the bound of A7
 * ({@code cuts}), the bla as two ulas, and P16 (metamorphic). Instances come from the project's
 * seeded generators: ula and bla of 2..40 nodes, up to 40 messages of lengths 1..8 (and wider), esm
 * and other networks for A7. A failure prints the seed and the instance.
 */
class DecompositionProperties {

  static LongStream seeds() {
    return Seeds.seeds();
  }

  static Supplier<String> about(long seed, Instance inst) {
    return about(seed, inst, "");
  }

  static Supplier<String> about(long seed, Instance inst, String what) {
    return () -> what + " seed " + seed + ", instance " + InstanceWriter.toJson(inst);
  }

  static int ceilLog2(long x) {
    return x <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(x - 1);
  }

  static Instance linear(long seed, String family) {
    SplittableRandom r = new SplittableRandom(seed * 131 + family.length());
    int maxLen = r.nextInt(4) == 0 ? 1 + r.nextInt(40) : 8;
    return ChattingProperties.random(
        seed,
        family,
        2 + r.nextInt(39),
        1 + r.nextInt(40),
        new LengthDistribution.Uniform(1, maxLen),
        false);
  }

  /**
   * Congestion (most flits over one arc) of the given messages of an instance, with each length
   * replaced.
   */
  static long congestion(Instance inst, List<Integer> members, boolean unit) {
    Atlas atlas = inst.atlas();
    long[] load = new long[inst.network().arcs()];
    long best = 0;
    for (int i : members) {
      for (int a : atlas.arcs(i)) {
        load[a] += unit ? 1 : inst.messages().get(i).length();
        best = Math.max(best, load[a]);
      }
    }
    return best;
  }

  static List<Integer> indices(Instance inst) {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      all.add(i);
    }
    return all;
  }

  static Instance dsa(Instance inst) {
    return new Instance("dsa", new Problem.Dsa(inst.messages()), inst.model(), inst.network());
  }

  /** Runs, checks P1 and P2 and the VO facts P4, and returns the result. */
  static SolveResult runChecked(Method m, Instance inst, long seed) {
    assertThat(m.whyNot(inst)).as(about(seed, inst, m.name())).isNull();
    SolveResult r = m.solve(inst, SolveLimits.defaults());
    assertThat(ScheduleChecker.checkResult(inst, r).violations())
        .as(about(seed, inst, m.name()))
        .isEmpty();
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    long s = (Long) r.stats().get("virtualDuration");
    assertThat(LowerBounds.best(inst).value())
        .as(about(seed, inst, m.name()))
        .isLessThanOrEqualTo(r.makespan());
    assertThat(r.makespan())
        .as(about(seed, inst, m.name()))
        .isGreaterThanOrEqualTo(Math.max(f.c(), f.q()));
    assertThat(s).as(about(seed, inst, m.name())).isGreaterThanOrEqualTo(Math.max(f.c(), f.l()));
    if (!BidirectionalSplit.applies(inst)) {
      assertThat(r.makespan()).as(about(seed, inst, m.name())).isLessThanOrEqualTo(s + f.q() - 1);
      Map<String, Long> dep = ((Schedule.Departures) r.schedule()).departures();
      assertThat(dep.values()).as(about(seed, inst, m.name())).allMatch(t -> t >= 0 && t < s);
    }
    return r;
  }

  /**
   * P10 (Thm 5.2, §5.2): with A1 on a ula, S <= sum_i 2^i C(M_i,1) <= 2(ceil(log2 L)+1) C; classes
   * in order.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p10_lengthClassesWithinTheorem52(long seed) {
    Instance inst = linear(seed, "ula");
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    SolveResult r = runChecked(new LengthClasses(), inst, seed);
    long s = (Long) r.stats().get("virtualDuration");
    int k = ceilLog2(f.l());
    long budget = 0;
    long[] offset = new long[k + 2];
    List<List<Integer>> classes = new ArrayList<>();
    for (int i = 0; i <= k; i++) {
      List<Integer> members = new ArrayList<>();
      for (int j = 0; j < inst.messages().size(); j++) {
        long l = inst.messages().get(j).length();
        if (l <= (1L << i) && (i == 0 || l > (1L << (i - 1)))) {
          members.add(j);
        }
      }
      classes.add(members);
      budget += (1L << i) * congestion(inst, members, true); // A1 is optimal: S_i,1 = C(M_i,1)
      offset[i + 1] = budget;
    }
    assertThat(r.stats().get("classSlots")).as(about(seed, inst)).isEqualTo(budget);
    assertThat(s)
        .as(about(seed, inst))
        .isLessThanOrEqualTo(budget)
        .isLessThanOrEqualTo(2L * (k + 1) * f.c());
    assertThat(r.makespan()).as(about(seed, inst)).isLessThanOrEqualTo(s + f.q() - 1);

    SolveResult slots = new LengthClasses().solve(dsa(inst), SolveLimits.defaults());
    assertThat(ScheduleChecker.checkResult(dsa(inst), slots).violations())
        .as(about(seed, inst))
        .isEmpty();
    assertThat(slots.makespan()).isEqualTo(s);
    Map<String, Long> sigma = ((Schedule.Slots) slots.schedule()).slots();
    for (int i = 0; i <= k; i++) { // Thm 5.1(a): class i sits in its own band, on multiples of 2^i
      for (int j : classes.get(i)) {
        long v = sigma.get(inst.messages().get(j).id());
        assertThat(v).as(about(seed, inst)).isBetween(offset[i], offset[i + 1] - 1);
        assertThat((v - offset[i]) % (1L << i)).as(about(seed, inst)).isZero();
      }
    }
  }

  /**
   * P13 (§6.2, docs/models/bufferless-chatting.md#log-bases-and-strict-bounds): A5 has depth <=
   * ceil(log2 n), S <= ceil(log2 n) C, T <= S + Q - 1.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p13_ulaCutsWithinLogNTimesC(long seed) {
    Instance inst = linear(seed, "ula");
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    int logN = ceilLog2(inst.network().nodes());
    SolveResult r = runChecked(new UlaCuts(), inst, seed);
    long s = (Long) r.stats().get("virtualDuration");
    assertThat((Long) r.stats().get("depth")).as(about(seed, inst)).isLessThanOrEqualTo(logN);
    assertThat(s).as(about(seed, inst)).isLessThanOrEqualTo(logN * f.c());
    assertThat(r.makespan()).as(about(seed, inst)).isLessThanOrEqualTo(logN * f.c() + f.q() - 1);
    SolveResult slots = new UlaCuts().solve(dsa(inst), SolveLimits.defaults());
    assertThat(ScheduleChecker.checkResult(dsa(inst), slots).violations())
        .as(about(seed, inst))
        .isEmpty();
    assertThat(slots.makespan()).isEqualTo(s);
  }

  /**
   * Corollary 5.1 (chatting paper §5.2): on an ESM, length-classes with A4's north-east scan as the
   * unit procedure (S_i,1 <= 2 C(M_i,1) - 1) gives S <= sum_i 2^i (2 C(M_i,1) - 1) <= 2 (2C -
   * 1)(ceil(log2 L) + 1), and T <= S + Q - 1.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void corollary51_lengthClassesOnEsm(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 41 + 5);
    Instance inst =
        ChattingProperties.random(
            seed,
            "esm",
            2 + r.nextInt(7),
            1 + r.nextInt(40),
            new LengthDistribution.Uniform(1, 1 + r.nextInt(12)),
            false);
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    assertThat(new LengthClasses().whyNot(inst)).as(about(seed, inst)).isNull();
    SolveResult r0 = runChecked(new LengthClasses(), inst, seed);
    long s = (Long) r0.stats().get("virtualDuration");
    int k = ceilLog2(f.l());
    long budget = 0;
    for (int i = 0; i <= k; i++) {
      List<Integer> members = new ArrayList<>();
      for (int j = 0; j < inst.messages().size(); j++) {
        long l = inst.messages().get(j).length();
        if (l <= (1L << i) && (i == 0 || l > (1L << (i - 1)))) {
          members.add(j);
        }
      }
      long c = congestion(inst, members, true);
      budget += (1L << i) * Math.max(0, 2 * c - 1);
    }
    assertThat(s)
        .as(about(seed, inst))
        .isLessThanOrEqualTo(budget)
        .isLessThanOrEqualTo(2L * (2 * f.c() - 1) * (k + 1));
    assertThat(r0.makespan()).as(about(seed, inst)).isLessThanOrEqualTo(s + f.q() - 1);
  }

  /**
   * Instances for A7: ula, esm (default and explicit east/south routes), uring, random networks.
   */
  static Instance forCuts(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 37 + 3);
    LengthDistribution lengths = new LengthDistribution.Uniform(1, 1 + r.nextInt(8));
    switch (r.nextInt(5)) {
      case 0:
        return ChattingProperties.random(
            seed, "ula", 2 + r.nextInt(30), 1 + r.nextInt(30), lengths, false);
      case 1:
        return ChattingProperties.random(
            seed, "esm", 2 + r.nextInt(6), 1 + r.nextInt(25), lengths, false);
      case 2:
        return ChattingProperties.random(
            seed, "esm", 2 + r.nextInt(6), 1 + r.nextInt(25), lengths, true);
      case 3:
        return ChattingProperties.random(
            seed, "uring", 3 + r.nextInt(10), 1 + r.nextInt(3), lengths, false);
      default:
        return ChattingProperties.random(
            seed, "random", 3 + r.nextInt(10), 1 + r.nextInt(4), lengths, true);
    }
  }

  /**
   * A7 ({@code cuts}): applies exactly when the used arcs are forward leveled; then depth <=
   * ceil(log2(H + 1)), S <= depth bound * W (W = most flits crossing one level) and T <= S + Q - 1;
   * on a ula also A5's bound.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void a7_cutsWithinLevelBound(long seed) {
    Instance inst = forCuts(seed);
    Cuts a7 = new Cuts();
    Optional<Leveling> lev = Leveling.of(inst);
    if (lev.isEmpty()) {
      assertThat(a7.whyNot(inst)).as(about(seed, inst)).isNotNull().contains("greedy");
      return;
    }
    ChattingProperties.Figures f = ChattingProperties.Figures.of(inst);
    SolveResult r = runChecked(a7, inst, seed);
    long s = (Long) r.stats().get("virtualDuration");
    long[] first = lev.get().firstLevels();
    long levels = lev.get().levelSpan() + 2; // node levels: arc levels 0..span, plus the last head
    long[] crossing = new long[(int) levels];
    for (int i = 0; i < first.length; i++) {
      for (int k = 0; k < inst.atlas().hops(i); k++) {
        crossing[(int) (first[i] + k)] += inst.messages().get(i).length();
      }
    }
    long w = LongStream.of(crossing).max().orElse(0);
    int depth = ceilLog2(levels);
    assertThat((Long) r.stats().get("depth")).as(about(seed, inst)).isLessThanOrEqualTo(depth);
    assertThat(s).as(about(seed, inst)).isLessThanOrEqualTo(depth * w);
    if (inst.network().topology() instanceof Topology.Ula) {
      assertThat(w).isEqualTo(f.c());
      assertThat(s)
          .as(about(seed, inst))
          .isLessThanOrEqualTo(ceilLog2(inst.network().nodes()) * f.c());
    }
    SolveResult again = a7.solve(inst, SolveLimits.defaults());
    assertThat(again.schedule()).isEqualTo(r.schedule());
  }

  /** Per-direction figures of a bla: C, L, Q of the rightward [0] and leftward [1] messages. */
  static ChattingProperties.Figures[] directions(Instance bla) {
    Instance[] halves = BidirectionalSplit.split(bla);
    return new ChattingProperties.Figures[] {
      ChattingProperties.Figures.of(halves[0]), ChattingProperties.Figures.of(halves[1])
    };
  }

  /**
   * A bla as two ulas: every linear-array method applies, T = the larger direction's makespan, and
   * each direction meets its theorem with its own C, Q, L (hence also with the whole instance's).
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bla_everyLinearArrayMethodMeetsItsBoundPerDirection(long seed) {
    Instance inst = linear(seed, "bla");
    boolean unit = inst.messages().stream().allMatch(m -> m.length() == 1);
    if (!unit && seed % 3 == 0) { // a unit-length variant for interval-coloring
      List<Message> ones = new ArrayList<>();
      for (Message m : inst.messages()) {
        ones.add(new Message(m.id(), m.from(), m.to(), 1));
      }
      inst = new Instance(inst.name(), new Problem.Chatting(ones), inst.model(), inst.network());
      unit = true;
    }
    ChattingProperties.Figures[] dir = directions(inst);
    int logN = ceilLog2(inst.network().nodes());
    List<Method> methods =
        new ArrayList<>(List.of(new Kierstead(), new LengthClasses(), new UlaCuts(), new Cuts()));
    if (unit) {
      methods.add(new IntervalColoring());
    } else {
      assertThat(new IntervalColoring().whyNot(inst)).as(about(seed, inst)).contains("kierstead");
    }
    Instance[] halves = BidirectionalSplit.split(inst);
    for (Method m : methods) {
      SolveResult r = runChecked(m, inst, seed);
      long t = 0;
      for (int k = 0; k < 2; k++) {
        ChattingProperties.Figures f = dir[k];
        String suffix = k == 0 ? "Rightward" : "Leftward";
        long s = (Long) r.stats().get("virtualDuration" + suffix);
        long tk = m.solve(halves[k], SolveLimits.defaults()).makespan();
        t = Math.max(t, tk);
        long bound;
        switch (m.name()) {
          case "interval-coloring":
            assertThat(s).as(about(seed, inst)).isEqualTo(f.c());
            bound = f.c() + f.q() - 1;
            break;
          case "kierstead":
            assertThat(s).as(about(seed, inst)).isLessThanOrEqualTo(Math.max(0, 6 * f.c() - 3));
            bound = 6 * f.c() + f.q() - 4;
            break;
          case "length-classes":
            assertThat(s)
                .as(about(seed, inst))
                .isLessThanOrEqualTo(2L * (ceilLog2(f.l()) + 1) * f.c());
            bound = s + f.q() - 1;
            break;
          default: // ula-cuts, cuts
            assertThat(s).as(about(seed, inst)).isLessThanOrEqualTo(logN * f.c());
            bound = logN * f.c() + f.q() - 1;
            break;
        }
        assertThat(tk)
            .as(about(seed, inst, m.name() + " " + suffix))
            .isLessThanOrEqualTo(Math.max(0, bound));
      }
      assertThat(r.makespan()).as(about(seed, inst)).isEqualTo(t);
    }
  }

  /**
   * P16 (metamorphic): permuting the messages keeps A5's virtual duration (a cut's stack length
   * does not depend on the order) and every bound; translating a ula instance by k nodes keeps the
   * slots of A3 and A7.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void p16_permutationAndTranslation(long seed) {
    Instance inst = linear(seed, "ula");
    List<Message> shuffled = new ArrayList<>(inst.messages());
    Collections.shuffle(shuffled, new java.util.Random(seed));
    Instance perm =
        new Instance(inst.name(), new Problem.Chatting(shuffled), inst.model(), inst.network());
    assertThat(runChecked(new UlaCuts(), perm, seed).stats().get("virtualDuration"))
        .isEqualTo(runChecked(new UlaCuts(), inst, seed).stats().get("virtualDuration"));
    runChecked(new LengthClasses(), perm, seed);
    runChecked(new Cuts(), perm, seed);

    int k = 1 + (int) (seed % 5);
    List<Message> moved = new ArrayList<>();
    for (Message m : inst.messages()) {
      moved.add(new Message(m.id(), m.from() + k, m.to() + k, m.length()));
    }
    Instance far =
        new Instance(
            "far",
            new Problem.Dsa(moved),
            inst.model(),
            Network.of(new Topology.Ula(inst.network().nodes() + k)));
    for (Method m : List.of(new LengthClasses(), new Cuts())) {
      Schedule here = m.solve(dsa(inst), SolveLimits.defaults()).schedule();
      Schedule there = m.solve(far, SolveLimits.defaults()).schedule();
      assertThat(there).as(about(seed, inst, m.name())).isEqualTo(here);
    }
  }
}
