package org.commsched.heuristics.bufferless.chatting;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.StopToken;

/**
 * Bufferless chatting on any network with any (explicit) routes: list scheduling under several
 * priority orders, then local search. An extension beyond the chatting paper
 * (docs/models/bufferless-chatting.md#real-schedules, #exact-models model,
 * docs/models/bufferless-chatting.md#search-and-exact-methods "beyond the paper"), which gives
 * algorithms only for leveled networks (ULA, ESM, trees).
 *
 * <p><b>Model.</b> A message of length l and route e_0..e_{d-1} with departure t occupies arc e_k
 * during [t + k, t + k + l) (admissibility (2.1)-(2.4) of Bhatt, Bilardi, Pucci, Ranade, Rosenberg
 * and Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks", §2.3); the
 * makespan is max(t + l + d - 1). Under single port the send and receive ports take the place of
 * arcs (docs/DESIGN.md).
 *
 * <p><b>Algorithm.</b>
 *
 * <ol>
 *   <li>Starts: each message at its earliest free departure, in each of these orders (ties by id):
 *       {@code greedy}'s (longest transit, then longest message), most congested arc on the route,
 *       total load of the route's arcs, flits times hops, longest message, longest route; then
 *       seeded random perturbations of the first two. Each start is left-justified; the best one is
 *       kept.
 *   <li>Local search from the best start (ruin and recreate): take a message ending at the makespan
 *       and either move it to an earlier departure and reinsert the messages it then meets, or
 *       remove it with some of its neighbours in time on one of its arcs and reinsert them all
 *       earliest-fit; keep the move unless the makespan, or the number of messages ending at it,
 *       grows. When stuck, shake by right- then left-justification (double justification), which
 *       never lengthens the schedule.
 * </ol>
 *
 * It stops at the lower bound of {@code LowerBounds.best}, after a move budget of {@code 40 m +
 * 2000} (at most 100000), or at the time limit, whichever comes first.
 *
 * <p><b>Guarantee.</b> A valid schedule whose makespan is at most {@code greedy}'s: greedy's order
 * is one of the starts (earliest-fit placement gives the same departures) and no step accepts a
 * longer schedule. No approximation ratio. Deterministic for a seed unless the time limit stops the
 * search.
 *
 * <p><b>Complexity.</b> A placement costs O(hops x (pushes + log busy intervals)) plus array shifts
 * of the per-arc interval lists; a start costs m placements, a move a handful; the budget makes the
 * total O(m x placements).
 *
 * <p>Sources: ruin and recreate after G. Schrimpf, J. Schneider, H. Stamm-Wilbrandt and G. Dueck,
 * "Record Breaking Optimization Results Using the Ruin and Recreate Principle" (J. Comput. Phys.
 * 159, 2000); double justification after V. Valls, F. Ballestín and S. Quintanilla, "Justification
 * and RCPSP: A technique that pays" (EJOR 165, 2005). The combination and the moves are this
 * project's.
 *
 * @implNote Stateless.
 */
public final class PriorityGreedy implements Method {
  /** The facts of {@code priority-greedy}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "priority-greedy",
          "bufferless chatting on any network and routes: earliest-fit list scheduling under several priority "
              + "orders, then ruin-and-recreate local search with justification",
          "valid schedule; makespan <= greedy's; no approximation guarantee",
          "this project, beyond Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of "
              + "Variable Length Messages in Leveled Networks\" (model §2.3); ruin and recreate (Schrimpf et al. 2000), "
              + "double justification (Valls, Ballestín, Quintanilla 2005)",
          Scope.of(ProblemKind.CHATTING),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Seeded random perturbations of the base orders tried as starts. */
  static final int RESTARTS = 8;

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    DepartureBoard board = new DepartureBoard(instance);
    LowerBound bound = limits.run().bestBound(instance);
    long moves = Math.min(100_000L, 40L * board.m + 2000);
    return run(
        instance,
        board,
        null,
        bound,
        limits.seed(),
        moves,
        limits.timeLimit(),
        limits.run().stop());
  }

  /**
   * Improves a valid schedule of a bufferless chatting instance with this method's local search (no
   * starts of its own): the result is never longer than the given schedule.
   *
   * @param instance a chatting instance this method applies to
   * @param departures a valid departure for every non-null message, by id
   * @param seed random seed
   * @param moves the move budget
   * @param limit wall-clock limit
   * @param run the solve run it serves (e.g. lns's {@code limits.run()}): its stop token ends the
   *     search like the limit, and its best lower bound ({@link SolveRun#bestBound}, computed once
   *     per run) ends it when met
   * @return the improved schedule, status FEASIBLE or OPTIMAL (when it meets the run's best lower
   *     bound)
   */
  public static SolveResult improve(
      Instance instance,
      Map<String, Long> departures,
      long seed,
      long moves,
      Duration limit,
      SolveRun run) {
    DepartureBoard board = new DepartureBoard(instance);
    long[] start = new long[board.m];
    for (int j = 0; j < board.m; j++) {
      Long t = departures.get(instance.messages().get(board.index[j]).id());
      if (t == null) {
        throw new IllegalArgumentException(
            "no departure for message " + instance.messages().get(board.index[j]).id());
      }
      start[j] = t;
    }
    return run(instance, board, start, run.bestBound(instance), seed, moves, limit, run.stop());
  }

  private static SolveResult run(
      Instance instance,
      DepartureBoard board,
      long[] start,
      LowerBound bound,
      long seed,
      long moves,
      Duration limit,
      StopToken stop) {
    List<Message> msgs = instance.messages();
    String[] ids = new String[board.m];
    for (int j = 0; j < board.m; j++) {
      ids[j] = msgs.get(board.index[j]).id();
    }
    long deadline = System.nanoTime() + limit.toNanos();
    ChattingSearch search = new ChattingSearch(board, ids, bound.value(), seed, deadline, stop);
    if (board.m > 0) {
      if (start == null) {
        search.starts(RESTARTS);
      } else {
        board.load(start);
        int[] scratch = new int[board.m];
        boolean[] mark = new boolean[board.m];
        for (int j = 0; j < board.m; j++) {
          if (start[j] < 0 || board.conflicts(j, start[j], scratch, 0, mark) > 0) {
            throw new IllegalArgumentException(
                "the given schedule is not valid at message "
                    + ids[j]
                    + ": improve needs a valid schedule");
          }
        }
        search.offer("given");
      }
      search.improve(moves);
    }
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    long[] dep = board.m > 0 ? search.best() : new long[0];
    for (int j = 0; j < board.m; j++) {
      out.put(ids[j], dep[j]);
      makespan = Math.max(makespan, dep[j] + board.transit[j]);
    }
    return SolveResult.feasible("priority-greedy", new Schedule.Departures(out), makespan, bound)
        .withStat("start", board.m > 0 ? search.bestOrigin() : "none")
        .withStat("moves", search.iterations())
        .withStat("accepted", search.accepted());
  }
}
