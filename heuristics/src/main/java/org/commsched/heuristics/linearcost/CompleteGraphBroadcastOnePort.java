package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the complete graph {@code K_p} under full duplex and one port (F1): the better, for
 * each packet size k, of two embeddings. (1) The hypercube scheme ({@link HypercubeBroadcast}) on
 * {@code 2^d} nodes, {@code d = floor(log2 p)}, then one round in which {@code p - 2^d} informed
 * nodes each send the whole message to one of the others: {@code T_*(n, d, k) + beta + n tau}, and
 * {@code T_*(n, d, k)} when {@code p = 2^d} (Corollary 3.3.1, Proposition 3.3.3). (2) The ring
 * scheme ({@link RingBroadcastFullOnePort}) on the Hamiltonian cycle {@code source, then the other
 * nodes in id order}: {@code T_*(n, p/2, k)} for even p (Corollary 3.3.2) and {@code T_*(n + k
 * ceil((k(m-1) + n)/(2mk)), m, k)} for {@code p = 2m + 1} (Corollary 3.3.3). (3) Under the {@code
 * send-and-receive} one-port rule only, Fraigniaud and Lazard's link-bound pipeline along the
 * Hamiltonian path in the same order, {@code T_*(n, p - 1, k)}: every relay receives from one
 * neighbour while it sends to the next, which that rule allows and the {@code exchange} rule does
 * not. Under {@code exchange} their bound is false: on {@code K_3} at most one pair talks at a
 * time, so the source's {@code n} units and the exchanges between the other two take at least
 * {@code 3n tau / 2}, above {@code S_*(n, 2)} for large n (catalogue {@code
 * lc-fl-broadcast-k3-f1-n4}: optimum 6 against {@code S_*(4, 2) = 5} with beta 0, tau 1).
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Corollaries 3.3.1 to 3.3.3 (upper
 * bounds; the garbled §3.3 summary read as the minimum of the applicable bounds), with P.
 * Fraigniaud and E. Lazard, "Methods and problems of communication in usual networks" for (3);
 * docs/models/linear-cost.md#broadcast-schemes-implemented.
 *
 * @implNote Stateless; immutable.
 */
public final class CompleteGraphBroadcastOnePort extends BroadcastScheme {
  /** The facts of {@code lc-complete-broadcast-f1}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-complete-broadcast-f1",
          "broadcast in a complete graph, one port: the hypercube scheme on 2^floor(log2 p) nodes plus one round, "
              + "or the ring scheme on a Hamiltonian cycle (or, under send-and-receive, the pipeline along a Hamiltonian "
              + "path), whichever is faster",
          "min_k of min(T_*(n, floor(log2 p), k) (+ beta + n tau unless p is a power of 2), the ring scheme's "
              + "time on C_p, and under send-and-receive T_*(n, p - 1, k)) (Corollaries 3.3.1-3.3.3, Fraigniaud-Lazard); "
              + "upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Corollaries 3.3.1, 3.3.2, 3.3.3",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "complete graph",
                      i -> needs(i, Topology.Complete.class, "the complete graph", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ONE),
              EnumSet.of(CommModel.Duplex.FULL)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  static int floorLog2(int p) {
    return 31 - Integer.numberOfLeadingZeros(p);
  }

  /** Corollary 3.3.1 (and Proposition 3.3.3 when p is a power of two). */
  static long cubeFormula(Setting s, long k) {
    int d = floorLog2(s.p());
    long t = s.f().tStar(s.n(), d, k);
    return (1 << d) == s.p() ? t : t + s.beta() + s.n() * s.tau();
  }

  /**
   * Fraigniaud and Lazard's Hamiltonian path, {@code T_*(n, p - 1, k)}, where the one-port rule
   * lets a relay receive and send at once ({@code send-and-receive}); else {@link Long#MAX_VALUE}.
   */
  static long pathFormula(Setting s, long k) {
    return s.p() >= 3 && s.model().onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE
        ? s.f().tStar(s.n(), s.p() - 1, k)
        : Long.MAX_VALUE;
  }

  @Override
  long formula(Setting s, long k) {
    long cube = cubeFormula(s, k);
    long best =
        s.p() < 3 ? cube : Math.min(cube, RingBroadcastFullOnePort.cycleFormula(s, s.p(), k));
    return Math.min(best, pathFormula(s, k));
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int[] node = CompleteGraphBroadcastFull.others(s);
    long cube = cubeFormula(s, k);
    long cycle = s.p() >= 3 ? RingBroadcastFullOnePort.cycleFormula(s, s.p(), k) : Long.MAX_VALUE;
    if (pathFormula(s, k) < Math.min(cube, cycle)) { // packet j crosses link d in round j + d - 2
      for (long j = 1, first = 0; first < s.n(); j++, first += k) {
        for (int d = 1; d < s.p(); d++) {
          rs.send((int) (j + d - 2), node[d - 1], node[d], first, Math.min(k, s.n() - first));
        }
      }
      return rs;
    }
    if (cycle < cube) {
      RingBroadcastFullOnePort.fill(rs, node, s.n(), k, 0);
      return rs;
    }
    int d = floorLog2(s.p());
    int rounds = HypercubeBroadcast.fill(rs, node, d, s.n(), k, 0);
    for (int w = 0; (1 << d) + w < s.p(); w++) {
      rs.send(rounds, node[w], node[(1 << d) + w], 0, s.n());
    }
    return rs;
  }
}
