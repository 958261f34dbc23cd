package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Ratios;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Shoulder-Tap: distributed gathering on a path of processors under the bufferless single-port
 * model.
 *
 * <p><b>Source.</b> S. N. Bhatt, G. Pucci, A. Ranade, A. L. Rosenberg, "Scattering and Gathering
 * Messages in Networks of Processors" (IEEE Trans. Computers, 1993), §3.1, Algorithm Shoulder-Tap
 * and Theorem 2; project docs/models/bufferless-scatter-gather.md#shoulder-tap.
 *
 * <p><b>Model.</b> PEs {@code P_0 .. P_n} on a path, {@code P_0} the root (sink), {@code P_i} at
 * distance i. A PE may send only after a control flit from the root has reached it; per step it
 * sends at most one flit and receives at most one; flits never wait (bufferless) and a message's
 * flits travel back to back.
 *
 * <p><b>Protocol.</b> A wave of one-flit wake-ups {@code TRANSMIT AFTER >= s} runs down the path,
 * one hop per step: {@code P_0} sends {@code s_1 = 1} in step 0, so {@code P_i} holds its wake-up
 * in row {@code t_i = i}. {@code P_i} first forwards {@code s_{i+1} = max(1, L_i + max(0, s_i -
 * 2))} to {@code P_{i+1}} (step {@code t_i}), then sends its own message so that the first flit
 * reaches {@code P_{i-1}} in row {@code f_i = t_i + max(2, s_i)} (for the last PE {@code f_n = t_n
 * + s_n}), and from then on relays whatever comes from {@code P_{i+1}}. The value {@code s_{i+1}}
 * tells the next PE how long the link toward the root stays busy with the messages already
 * scheduled nearer the root, so the root receives the messages nearest first (NRF).
 *
 * <p><b>Guarantee (Theorem 2).</b> Shoulder-Tap is optimal among gathering schedules that respect
 * the wake-up constraint (5) of the paper: a PE sends only after its wake-up, and a non-last PE
 * forwards the wake-up before it dispatches (forward-first). Its makespan equals the closed form
 * (6)-(7) with equality ({@link #paperTime}) and the synchronization bound LB-SYNC of
 * docs/models/bufferless-scatter-gather.md#lower-bounds. It is not optimal for the offline problem,
 * whose schedules need no synchronization (the greedy NRF schedule is): the result's status is
 * FEASIBLE against the offline bound, and the statistics record the protocol bound (docs/DESIGN.md,
 * "Protocol results").
 *
 * <p><b>Tree.</b> The path is the tree the gather routes form ({@link GatherTree}): the default
 * breadth-first routes, or a spanning tree chosen with {@code commsched solve --spanning-tree} when
 * that tree is a path from the root. The statistic {@code ratioLbSync} (paper T over LB-SYNC,
 * docs/models/bufferless-scatter-gather.md#ratios) is always 1.
 *
 * <p><b>Corrections to the paper</b> (docs/models/bufferless-scatter-gather.md#corrections):
 *
 * <ul>
 *   <li>A2, leaf rule: Phase 2 as printed uses {@code t_i + max(2, s_i)} for every PE; for the last
 *       PE this contradicts constraint (5), equation (7) and the proof's n = 1 case. We use {@code
 *       f_n = t_n + s_n} (catalogue sg-leafrule-gather-path2: T = 5, not 6).
 *   <li>A3: the remark in the proof of Theorem 2 that the root's reception is gap-free fails with
 *       unit-length messages (catalogue sg-stgap-gather-path4: root rows 3, 5, 6); the theorem
 *       itself holds.
 *   <li>A4: optimality is relative to forward-first schedules; without that rule {@code L = (3, 0)}
 *       can finish in 5 instead of 6 (catalogue sg-forwardfirst-gather-path3).
 * </ul>
 *
 * <p><b>Time convention.</b> Rows as in the paper's figures: a flit crossing a link during step s
 * is at the receiver in row s + 1. The paper's completion time is {@code T = 1 + last arrival row};
 * our makespan is the last arrival row, {@code T - 1}.
 *
 * <p><b>Complexity.</b> O(n) time and space for n PEs.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class ShoulderTap implements Method {
  /** Control flit kind of a wake-up; its one value is s. */
  public static final String WAKEUP = "wakeup";

  private static final Scope.NetworkTest PATH =
      new Scope.NetworkTest(
          "gather whose routes' tree is a path with "
              + "the root at one end (path, bla, tree; or a path chosen with --spanning-tree), links both ways",
          i -> {
            String why = GatherTree.ONE_TREE.whyNot().apply(i);
            return why != null ? why : whyNotPath(GatherTree.of(i));
          });

  /** The facts of {@code shoulder-tap}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "shoulder-tap",
          "distributed gathering on a path: a wake-up wave from the root tells each node when its message may "
              + "start (protocol trace with every wake-up)",
          "makespan = closed form (6)-(7) = LB-SYNC: optimal among wake-up-respecting (forward-first) gathers "
              + "(Theorem 2); FEASIBLE against the offline optimum, which needs no synchronization",
          "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of Processors\", §3.1 "
              + "Algorithm Shoulder-Tap, Theorem 2 (leaf rule corrected: "
              + "docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections)",
          Scope.of(ProblemKind.GATHER)
              .in(Family.BUFFERLESS_SCATTER_GATHER)
              .bufferlessPorts(CommModel.BufferlessPorts.SINGLE)
              .otherPorts("tc-multiport")
              .on(PATH),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  private static String whyNotPath(GatherTree t) {
    if (!t.isPath()) {
      return "runs on a path with the root at one end, but the gather routes' tree branches: use "
          + "transmission-certification";
    }
    return null;
  }

  /** The protocol's tree, or an exception saying why the method does not apply. */
  private GatherTree applicableTree(Instance instance) {
    requireApplies(instance);
    return GatherTree.of(instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    GatherTree tree = applicableTree(instance);
    Run run = new Run(tree);
    Schedule.Departures schedule = run.schedule(instance);
    long sync = tree.syncBound();
    long paperT = tree.total == 0 ? 0 : run.makespan() + 1;
    SolveResult r =
        new SolveResult(
                name(),
                SolveStatus.FEASIBLE,
                schedule,
                run.makespan(),
                tree.offlineBound(false),
                schedule.scale(),
                Map.of())
            .withStat("paperT", paperT)
            .withStat(
                "syncStatus", run.makespan() == sync ? "OPTIMAL" : "FEASIBLE") // OPTIMAL: Theorem 2
            .withStat("syncBound", sync)
            .withStat("syncBoundKind", "LB-SYNC")
            .withStat(
                "ratioLbSync", Ratios.of(paperT, tree.total == 0 ? 0 : sync + 1)) // 1: Theorem 2
            .withStat("controlFlits", (long) schedule.control().size());
    return GatherTree.withRouteStats(r, tree, limits);
  }

  /**
   * Runs the protocol on an instance this method applies to, for inspection (tests, figures,
   * benchmarks).
   */
  public Run run(Instance instance) {
    return new Run(applicableTree(instance));
  }

  /**
   * The closed form of Shoulder-Tap (paper eq. (6) and (7) with equality,
   * docs/models/bufferless-scatter-gather.md#shoulder-tap): the row at which the first flit of each
   * nonnull message reaches the next PE toward the root.
   *
   * @param lengths {@code lengths[i - 1] = L_i}, the message length of the PE at distance i, for i
   *     = 1..n
   * @return {@code f[i - 1] = f_i} for nonnull messages, 0 for null ones
   */
  public static long[] firstArrivalRows(long[] lengths) {
    int n = lengths.length;
    long[] f = new long[n];
    int prev = 0; // previous nonnull index i_{j-1}, 0 if none
    for (int i = 1; i <= n; i++) {
      long l = lengths[i - 1];
      if (l < 0) {
        throw new IllegalArgumentException("length L_" + i + " = " + l + " is negative");
      }
      if (l == 0) {
        continue;
      }
      long base = i < n ? i + 2 : n + 1;
      f[i - 1] = prev == 0 ? base : Math.max(base, f[prev - 1] + lengths[prev - 1] + prev - i);
      prev = i;
    }
    return f;
  }

  /**
   * The paper's completion time of Shoulder-Tap, {@code T_ST = f_{i_k} + i_k + L_{i_k} - 1} for the
   * farthest nonnull message {@code i_k} (1 + the last root arrival row; 0 without data); our
   * makespan is one less.
   *
   * @param lengths {@code lengths[i - 1] = L_i} for i = 1..n
   */
  public static long paperTime(long[] lengths) {
    long[] f = firstArrivalRows(lengths);
    for (int i = lengths.length; i >= 1; i--) {
      if (lengths[i - 1] > 0) {
        return f[i - 1] + i + lengths[i - 1] - 1;
      }
    }
    return 0;
  }

  /**
   * One run of the protocol, PE by PE with the local rules of
   * docs/models/bufferless-scatter-gather.md#shoulder-tap: wake-up rows, wake-up values, first-flit
   * rows and the trace.
   *
   * @implNote Immutable.
   */
  public static final class Run {
    private final GatherTree tree;
    private final int[] path;
    private final long[] wakeRow;
    private final long[] wakeValue;
    private final long[] firstRow;
    private final long makespan;

    Run(GatherTree tree) {
      this.tree = tree;
      int n = tree.size();
      path = new int[n + 1];
      path[0] = tree.root;
      for (int i = 1; i <= n; i++) {
        path[i] = tree.kid(path[i - 1], 0);
      }
      wakeRow = new long[n + 1];
      wakeValue = new long[n + 1];
      firstRow = new long[n + 1];
      long last = 0;
      if (n > 0) {
        wakeRow[1] = 1; // Phase 0: P_0 sends s_1 = 1 during step 0
        wakeValue[1] = 1;
      }
      for (int i = 1; i <= n; i++) {
        long t = wakeRow[i];
        long s = wakeValue[i];
        long l = tree.length[path[i]];
        boolean hasNext = i < n;
        if (hasNext) { // Phase 1: forward during step t, so P_{i+1} holds it in row t + 1
          wakeRow[i + 1] = t + 1;
          wakeValue[i + 1] = Math.max(1, l + Math.max(0, s - 2));
        }
        if (l > 0) { // Phase 2: the first flit reaches P_{i-1} in row f_i
          // leaf rule, docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections
          firstRow[i] = hasNext ? t + Math.max(2, s) : t + s;
          // flit k reaches P_{i-1} in row f_i + k - 1 and the root i - 1 rows later
          last = Math.max(last, firstRow[i] + l - 1 + i - 1);
        }
      }
      makespan = last;
    }

    /** n, the number of PEs besides the root. */
    public int size() {
      return path.length - 1;
    }

    /** The node id of {@code P_i}. */
    public int node(int i) {
      return path[i];
    }

    /** Row {@code t_i} at which {@code P_i} holds its wake-up. */
    public long wakeRow(int i) {
      return wakeRow[i];
    }

    /** The value {@code s_i} of {@code P_i}'s wake-up. */
    public long wakeValue(int i) {
      return wakeValue[i];
    }

    /**
     * Row {@code f_i} at which the first flit of {@code M_i} reaches {@code P_{i-1}}; 0 for a null
     * message.
     */
    public long firstRow(int i) {
      return firstRow[i];
    }

    /** The makespan in our steps (the last root arrival row; the paper's T is one more). */
    public long makespan() {
      return makespan;
    }

    /**
     * The trace: departures {@code f_i - 1} of the nonnull messages and every wake-up as a control
     * flit.
     */
    public Schedule.Departures schedule(Instance instance) {
      List<Schedule.ControlTransfer> control = new ArrayList<>(size());
      for (int i = 1; i <= size(); i++) {
        control.add(
            new Schedule.ControlTransfer(
                path[i - 1], path[i], wakeRow[i] - 1, WAKEUP, List.of(wakeValue[i])));
      }
      Map<String, Long> dep = new LinkedHashMap<>();
      int[] index = new int[tree.net.nodes()];
      for (int i = 1; i <= size(); i++) {
        index[path[i]] = i;
      }
      for (Message m : instance.messages()) {
        if (m.length() > 0) {
          dep.put(m.id(), firstRow[index[m.from()]] - 1);
        }
      }
      return new Schedule.Departures(dep, control);
    }
  }
}
