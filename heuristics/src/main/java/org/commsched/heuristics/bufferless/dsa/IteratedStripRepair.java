package org.commsched.heuristics.bufferless.dsa;

import org.commsched.core.solve.StopToken;

/**
 * Iterated strip repair: {@link StripRepair} restarted from the best layout found with a fresh
 * seed, for as long as the time (or a budget of moves) allows, for large dsa instances.
 *
 * <p><b>Literature.</b> Iterated local search (H. R. Lourenço, O. C. Martin and T. Stützle,
 * "Iterated Local Search", Handbook of Metaheuristics, 2003): a local search restarted from the
 * best solution with a perturbation, the better one kept. Here the local search is {@link
 * StripRepair} (this project's) and the perturbation is its own: a new seed and a new goal, three
 * quarters of the way from the floor to the best height, whose first step puts back by best fit
 * every buffer above that goal. The combination is this project's. Model:
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa.
 *
 * <p><b>Algorithm.</b> Round k (k = 0, 1, ...) runs {@link StripRepair} from the best layout so far
 * with seed {@code seed + k} until its patience, the floor, the deadline, a stop of the run's token
 * or the moves left in the budget; its layout becomes the best if it is lower (or as high: the next
 * round starts from where the last one left off). It stops at the floor, the deadline, the token,
 * the budget, or after {@value #IDLE_ROUNDS} rounds in a row that did not lower the height. On
 * IOPDDL's S_1 (28,526 buffers, from best fit's 1.01286 x the load): one round 1.00728 in about 23
 * s of CPU, the next ones 1.00699 and 1.00698 in 33 s more (a harness, 2026-11-29).
 *
 * <p><b>Guarantee.</b> A valid layout never above the start (each round's is never above its own
 * start, and only a layout no higher replaces the best); no approximation guarantee. The same for a
 * seed and a budget of moves unless the deadline or the token stops it first.
 *
 * <p><b>Complexity.</b> That of {@link StripRepair} per move, O(n) per round besides. Memory O(n).
 *
 * @implNote Stateless (static methods); the {@link Packer} passed in is overwritten.
 */
final class IteratedStripRepair {
  /** Rounds in a row without a lower height before stopping. */
  static final int IDLE_ROUNDS = 2;

  private IteratedStripRepair() {}

  /**
   * The repaired layout (a new array, never above {@code start}); stops as the class comment says.
   * {@code stats}, if given: {@code [0]} the moves made, {@code [1]} the moves kept, {@code [2]}
   * the rounds run.
   */
  static long[] improve(
      Buffers b,
      Packer p,
      long[] start,
      long floor,
      long seed,
      long deadline,
      StopToken stop,
      long budget,
      long[] stats) {
    long[] best = start.clone();
    long bestH = b.height(best);
    long made = 0;
    long kept = 0;
    int rounds = 0;
    int idle = 0;
    long[] moves = new long[3];
    while (bestH > floor
        && idle < IDLE_ROUNDS
        && made < budget
        && b.n > 0
        && !stop.over(deadline)) {
      long[] off =
          StripRepair.improve(
              b, p, best, floor, seed + rounds, deadline, stop, budget - made, moves);
      rounds++;
      made += moves[0];
      kept += moves[1];
      long h = b.height(off);
      idle = h < bestH ? 0 : idle + 1;
      if (h <= bestH) {
        best = off;
        bestH = h;
      }
      if (moves[0] == 0) {
        break; // nothing to move: another seed would not move anything either
      }
    }
    if (stats != null && stats.length >= 3) {
      stats[0] = made;
      stats[1] = kept;
      stats[2] = rounds;
    }
    return best;
  }
}
