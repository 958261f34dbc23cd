package org.commsched.solver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.baseline.GreedyBufferless;

/**
 * The data both exact chatting models share (chatting spec §1.5): per message its departure window, per arc the
 * messages that cross it with the hop index, the horizon and hint from the {@code greedy} baseline, and the best
 * known lower bound; plus the translation of a solver's answer into a {@link SolveResult}.
 *
 * <p>Model: message M with departure t_M, length l_M and route e_0..e_{d-1} occupies arc e_k during the steps
 * [t_M + k, t_M + k + l_M) and ends at t_M + l_M + d_M - 1 (docs/DESIGN.md). Departures range over
 * [0, H - (l_M + d_M - 1)] where H is the greedy makespan, so the greedy schedule is always a solution.
 *
 * @implNote Immutable after construction.
 */
final class ChattingCp {
  /** One message crossing one arc: message index (into {@link #msg}) and hop index on its route. */
  record Use(int message, int hop) {
  }

  /** Instance index of each non-null message taken into the model. */
  final int[] msg;
  /** Length of each modelled message. */
  final long[] length;
  /** Transit l + d - 1 of each modelled message: it ends at t + transit. */
  final long[] transit;
  /** Arcs crossed by two or more modelled messages, each with its users. */
  final List<List<Use>> sharedArcs;
  /** The greedy schedule's departures per modelled message. */
  final long[] hint;
  /** The greedy makespan: the horizon. */
  final long horizon;
  /** The greedy result (returned when the solver finds nothing). */
  final SolveResult greedy;
  /** The best known lower bound. */
  final LowerBound bound;
  /** The smallest makespan the model may take: the posted bound, or the longest transit if larger. */
  final long floor;

  private final Instance instance;

  ChattingCp(Instance instance) {
    this.instance = instance;
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    int m = idx.size();
    msg = new int[m];
    length = new long[m];
    transit = new long[m];
    Map<Integer, List<Use>> byArc = new LinkedHashMap<>();
    long longest = 0;
    for (int j = 0; j < m; j++) {
      int i = idx.get(j);
      msg[j] = i;
      length[j] = ms.get(i).length();
      int[] arcs = atlas.arcs(i);
      transit[j] = length[j] + arcs.length - 1;
      longest = Math.max(longest, transit[j]);
      for (int k = 0; k < arcs.length; k++) {
        byArc.computeIfAbsent(arcs[k], a -> new ArrayList<>()).add(new Use(j, k));
      }
    }
    List<List<Use>> shared = new ArrayList<>();
    for (List<Use> us : byArc.values()) {
      if (us.size() > 1) {
        shared.add(List.copyOf(us));
      }
    }
    sharedArcs = List.copyOf(shared);
    greedy = new GreedyBufferless().solve(instance, SolveLimits.defaults());
    Map<String, Long> dep = ((Schedule.Departures) greedy.schedule()).departures();
    hint = new long[m];
    for (int j = 0; j < m; j++) {
      hint[j] = dep.get(ms.get(msg[j]).id());
    }
    horizon = greedy.makespan();
    bound = LowerBounds.best(instance).max(greedy.lowerBound());
    floor = Math.min(horizon, Math.max(bound.value(), longest));
  }

  /** Null if the exact chatting models apply, else why not (naming {@code greedy}). */
  static String whyNot(String name, Instance instance) {
    if (instance.kind() != ProblemKind.CHATTING) {
      return name + " solves chatting only; for " + instance.kind().wireName() + " use greedy or that problem's "
          + "heuristics";
    }
    if (!(instance.model() instanceof CommModel.Bufferless)
        || ((CommModel.Bufferless) instance.model()).ports() != CommModel.BufferlessPorts.ALL) {
      return name + " models bufferless chatting with all ports only; for this model use greedy";
    }
    return null;
  }

  int size() {
    return msg.length;
  }

  /** A result from departures per modelled message. */
  SolveResult result(String method, SolveStatus status, long[] dep, LowerBound lower) {
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int j = 0; j < msg.length; j++) {
      out.put(instance.messages().get(msg[j]).id(), dep[j]);
      makespan = Math.max(makespan, dep[j] + transit[j]);
    }
    return new SolveResult(method, status, new Schedule.Departures(out), makespan, lower, Map.of());
  }

  /**
   * The greedy schedule relabelled as this method's answer: FEASIBLE (OPTIMAL only if it meets the bound).
   */
  SolveResult fallback(String method, LowerBound lower) {
    LowerBound b = bound.max(lower);
    SolveStatus st = b.value() == horizon ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    return result(method, st, hint, b).withStat("fallback", "greedy");
  }

  /**
   * The lower bound to report: on a proof of optimality the makespan itself (the posted bound if it already
   * meets it), otherwise the larger of the posted bound and the solver's bound.
   */
  LowerBound reported(String solver, boolean optimal, long makespan, long solverBound) {
    if (optimal) {
      if (bound.value() >= makespan) {
        return bound;
      }
      return new LowerBound(makespan, "CP", solver + " proved that no schedule ends before step " + makespan);
    }
    if (solverBound > bound.value()) {
      return new LowerBound(solverBound, "CP", solver + " proved that no schedule ends before step "
          + solverBound + " (bound at the time limit)");
    }
    return bound;
  }
}
