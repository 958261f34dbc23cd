package org.commsched.solver.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.solver.choco.ChocoTaskModel;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Both back ends solve the same tiny {@link TaskModel}s with optional tasks and agree with
 * exhaustive search: the same optimum (or both infeasible), and each returned solution satisfies
 * the model with that makespan.
 */
class TaskModelCrossCheckTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(20), 1, 3L);

  @TestFactory
  Stream<DynamicTest> bothBackEndsAgreeWithExhaustiveSearch() {
    return Seeds.seeds(40)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      TaskModel m = random(seed);
                      long brute = Exhaustive.optimum(m);
                      for (TaskModel.Solution s :
                          List.of(
                              CpSatTaskModel.INSTANCE.solve(m, LIMITS),
                              ChocoTaskModel.INSTANCE.solve(m, LIMITS))) {
                        if (brute < 0) {
                          assertThat(s.answer().status()).isEqualTo(SolveStatus.INFEASIBLE);
                        } else {
                          assertThat(s.answer().status()).isEqualTo(SolveStatus.OPTIMAL);
                          assertThat(s.makespan()).isEqualTo(brute);
                          assertThat(Exhaustive.makespan(m, s.values(), s.present()))
                              .isEqualTo(brute);
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> variableLengths_bothBackEndsAgreeWithExhaustiveSearch() {
    return Seeds.seeds(40)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      TaskModel m = randomSized(seed);
                      long brute = Exhaustive.optimum(m);
                      for (TaskModel.Solution s :
                          List.of(
                              CpSatTaskModel.INSTANCE.solve(m, LIMITS),
                              ChocoTaskModel.INSTANCE.solve(m, LIMITS))) {
                        if (brute < 0) {
                          assertThat(s.answer().status()).isEqualTo(SolveStatus.INFEASIBLE);
                        } else {
                          assertThat(s.answer().status()).isEqualTo(SolveStatus.OPTIMAL);
                          assertThat(s.makespan()).isEqualTo(brute);
                          assertThat(Exhaustive.makespan(m, s.values(), s.present()))
                              .isEqualTo(brute);
                        }
                      }
                    }));
  }

  /**
   * The variable-length features (the packet model's): two lengths in [0, 2] adding up to 2 or 3,
   * the second positive exactly when a literal holds; two or three starts in [0, 5], each with a
   * task of length {@code base + perUnit * length} (optional on the literal when it uses the second
   * length) on resource 0 or 1, its end term, a variable gap now and then, and a load bound on
   * resource 0.
   */
  static TaskModel randomSized(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    TaskModel m = new TaskModel(30);
    int l0 = m.var("l0", 0, 2, 1);
    int l1 = m.var("l1", 0, 2, 1);
    m.sum(new int[] {l0, l1}, 2 + rnd.nextInt(2));
    int lit = m.literal("p");
    m.positiveIff(l1, lit);
    List<List<TaskModel.Task>> res = List.of(new ArrayList<>(), new ArrayList<>());
    int n = 2 + rnd.nextInt(2);
    List<Integer> onZero = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      int x = m.var("x" + v, 0, 5, rnd.nextInt(6));
      boolean second = rnd.nextBoolean();
      int len = second ? l1 : l0;
      int presence = second ? lit : -1;
      long base = rnd.nextInt(2);
      long perUnit = 1 + rnd.nextInt(2);
      int r = rnd.nextInt(2);
      res.get(r).add(new TaskModel.Task(x, 0, base, presence, len, perUnit));
      if (r == 0 && presence < 0) {
        onZero.add(v);
      }
      m.end(x, base, presence, len, perUnit);
      if (v > 0 && rnd.nextInt(3) == 0) {
        m.precedence(x, x - 1, rnd.nextInt(2), len, 1);
      }
    }
    for (List<TaskModel.Task> r : res) {
      m.resource(r);
    }
    m.endLoad(onZero.size(), new int[] {lit}, rnd.nextInt(2));
    return m;
  }

  /**
   * Three or four variables in [0, 4]; each has a task on resource 0 or 1, and half of them choose
   * between an optional task on resource 1 and one on resource 2 (exactly one present), each with
   * its end term; a random precedence now and then.
   */
  static TaskModel random(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    TaskModel m = new TaskModel(40);
    int n = 3 + rnd.nextInt(2);
    List<List<TaskModel.Task>> res =
        List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    for (int v = 0; v < n; v++) {
      int x = m.var("x" + v, 0, 4, rnd.nextInt(5));
      long off = rnd.nextInt(2);
      long dur = 1 + rnd.nextInt(2);
      res.get(rnd.nextInt(2)).add(new TaskModel.Task(x, off, dur, -1));
      m.end(x, off + dur, -1);
      if (rnd.nextBoolean()) {
        int a = m.literal("a" + v);
        int b = m.literal("b" + v);
        long da = 1 + rnd.nextInt(3);
        long db = 1 + rnd.nextInt(3);
        res.get(1).add(new TaskModel.Task(x, 2, da, a));
        res.get(2).add(new TaskModel.Task(x, 1, db, b));
        m.end(x, 2 + da, a);
        m.end(x, 1 + db, b);
        m.exactlyOne(a, b);
      }
      if (v > 0 && rnd.nextInt(3) == 0) {
        m.precedence(x, rnd.nextInt(v), rnd.nextInt(3));
      }
    }
    for (List<TaskModel.Task> r : res) {
      m.resource(r);
    }
    return m;
  }

  /** Exhaustive search over every value and presence assignment. */
  static final class Exhaustive {
    private Exhaustive() {}

    /** The optimum, or -1 if the model is infeasible. */
    static long optimum(TaskModel m) {
      int n = m.vars().size();
      int lits = m.literals().size();
      long best = -1;
      long[] x = new long[n];
      long combos = 1;
      for (TaskModel.Var v : m.vars()) {
        combos *= v.hi() - v.lo() + 1;
      }
      for (long c = 0; c < combos; c++) {
        long r = c;
        for (int v = 0; v < n; v++) {
          TaskModel.Var d = m.vars().get(v);
          long size = d.hi() - d.lo() + 1;
          x[v] = d.lo() + r % size;
          r /= size;
        }
        for (int mask = 0; mask < 1 << lits; mask++) {
          boolean[] p = new boolean[lits];
          for (int l = 0; l < lits; l++) {
            p[l] = (mask >> l & 1) == 1;
          }
          long e = makespan(m, x, p);
          if (e >= 0 && (best < 0 || e < best)) {
            best = e;
          }
        }
      }
      return best;
    }

    /** The makespan of an assignment, or -1 if it breaks a constraint. */
    static long makespan(TaskModel m, long[] x, boolean[] p) {
      for (int[] g : m.exactlyOneGroups()) {
        int on = 0;
        for (int l : g) {
          on += p[l] ? 1 : 0;
        }
        if (on != 1) {
          return -1;
        }
      }
      for (TaskModel.Precedence q : m.precedences()) {
        if (x[q.after()] < x[q.before()] + q.gap() + extra(x, q.lengthVar(), q.perUnit())) {
          return -1;
        }
      }
      for (TaskModel.Sum sum : m.sums()) {
        long total = 0;
        for (int v : sum.vars()) {
          total += x[v];
        }
        if (total != sum.total()) {
          return -1;
        }
      }
      for (TaskModel.SumOrder order : m.sumOrders()) {
        long diff = 0;
        for (int v : order.smaller()) {
          diff += x[v];
        }
        for (int v : order.larger()) {
          diff -= x[v];
        }
        if (diff > 0) {
          return -1;
        }
      }
      for (TaskModel.Positive link : m.positives()) {
        if (p[link.literal()] ? x[link.var()] < 1 : x[link.var()] != 0) {
          return -1;
        }
      }
      for (List<TaskModel.Task> tasks : m.resources()) {
        for (int i = 0; i < tasks.size(); i++) {
          for (int j = i + 1; j < tasks.size(); j++) {
            TaskModel.Task a = tasks.get(i);
            TaskModel.Task b = tasks.get(j);
            if (!on(a, p) || !on(b, p)) {
              continue;
            }
            long sa = x[a.var()] + a.offset();
            long sb = x[b.var()] + b.offset();
            long da = a.duration() + extra(x, a.lengthVar(), a.perUnit());
            long db = b.duration() + extra(x, b.lengthVar(), b.perUnit());
            if (sa < sb + db && sb < sa + da) {
              return -1;
            }
          }
        }
      }
      long e = 0;
      for (TaskModel.End t : m.ends()) {
        if (t.presence() < 0 || p[t.presence()]) {
          e = Math.max(e, x[t.var()] + t.offset() + extra(x, t.lengthVar(), t.perUnit()));
        }
      }
      for (TaskModel.Load load : m.loads()) {
        long need = load.constant();
        for (int l : load.literals()) {
          need += p[l] ? load.perLiteral() : 0;
        }
        e = Math.max(e, need);
      }
      return e > m.horizon() ? -1 : e;
    }

    /** {@code perUnit * x[lengthVar]}, or 0 without a length variable. */
    private static long extra(long[] x, int lengthVar, long perUnit) {
      return lengthVar < 0 ? 0 : perUnit * x[lengthVar];
    }

    private static boolean on(TaskModel.Task t, boolean[] p) {
      return t.presence() < 0 || p[t.presence()];
    }
  }
}
