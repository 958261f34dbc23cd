package org.commsched.heuristics.packet;

import java.util.Arrays;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code packet-fdf}: Furthest-Distance-First scattering with one packet per message, FCFS greedy
 * nodes (docs/models/packet.md#packet-fdf).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University), Chapters 2 to 4: the root sends the messages
 * farthest destination first (ties by id), each whole, and every node forwards in arrival order
 * (FCFS) the moment its port is free (greedy), which the thesis shows loses nothing.
 *
 * <p><b>Model.</b> Store-and-forward scatter with set-up time, a packet of {@code s} units taking
 * {@code beta + s tau} per hop; the thesis's single port (send-and-receive) or all ports; full
 * duplex. A gather is scheduled by time reversal: the reversed FCFS-greedy scatter of the same
 * order on the reversed routes, so the root receives nearest first (NRF) and the makespan equals
 * the scatter's (docs/models/packet.md#gathering-and-time-reversal).
 *
 * <p><b>Guarantee.</b> A valid schedule that is FCFS, greedy (scatter), FDF (NRF for a gather),
 * even-size (one packet per message) and within the buffer bound (Theorem 6: no node holds more
 * than the largest packet passing it). With unpacketized messages on a path rooted at an end it is
 * optimal among one-packet schedules (Lemma 1, Theorem 2); on a tree FDF can lose (TV-1), and
 * packetization can gain a lot ({@code packet-fdf-even}). No approximation ratio.
 *
 * <p><b>Complexity.</b> {@code O(n log n + sum of route lengths)} for the schedule, plus a sort per
 * node for the buffer statistic.
 *
 * @implNote Stateless.
 */
public final class FurthestDistanceFirst implements Method {
  /** The facts of {@code packet-fdf}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-fdf",
          "Furthest-Distance-First with one packet per message, FCFS greedy nodes; gather by time reversal (NRF)",
          "valid, FCFS, greedy, FDF/NRF, within the largest-packet buffer bound; optimal among one-packet schedules "
              + "on a path rooted at an end (Theorem 2); no ratio",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), Lemma 1, "
              + "Theorem 2, Theorem 6",
          FdfRuns.SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return FdfRuns.whyNotRule(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    int[] order = FdfRuns.order(instance);
    int[] counts = new int[order.length];
    Arrays.fill(counts, 1);
    return FdfRuns.result(name(), FdfRuns.run(instance, order, counts));
  }
}
