package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the complete graph {@code K_p} under full duplex and one port (F1): the better, for each packet size
 * k, of two embeddings. (1) The hypercube scheme ({@link HypercubeBroadcast}) on {@code 2^d} nodes, {@code d =
 * floor(log2 p)}, then one round in which {@code p - 2^d} informed nodes each send the whole message to one of the
 * others: {@code T_*(n, d, k) + beta + n tau}, and {@code T_*(n, d, k)} when {@code p = 2^d} (Corollary 3.3.1,
 * Proposition 3.3.3). (2) The ring scheme ({@link RingBroadcastFullOnePort}) on the Hamiltonian cycle
 * {@code source, then the other nodes in id order}: {@code T_*(n, p/2, k)} for even p (Corollary 3.3.2) and
 * {@code T_*(n + k ceil((k(m-1) + n)/(2mk)), m, k)} for {@code p = 2m + 1} (Corollary 3.3.3).
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model" (PhD
 * thesis, Simon Fraser University, 1995), Corollaries 3.3.1 to 3.3.3 (upper bounds; the garbled §3.3 summary read as
 * the minimum of the applicable bounds). Fraigniaud and Lazard's {@code S_*(n, p - 1)} is not built;
 * docs/models/linear-cost.md#broadcast-schemes-implemented.
 *
 * @implNote Stateless; immutable.
 */
public final class CompleteGraphBroadcastOnePort extends BroadcastScheme {
  @Override
  public String name() {
    return "lc-complete-broadcast-f1";
  }

  @Override
  public String summary() {
    return "broadcast in a complete graph, one port: the hypercube scheme on 2^floor(log2 p) nodes plus one round, "
        + "or the ring scheme on a Hamiltonian cycle, whichever is faster";
  }

  @Override
  public String guarantee() {
    return "min_k of min(T_*(n, floor(log2 p), k) (+ beta + n tau unless p is a power of 2), the ring scheme's "
        + "time on C_p) (Corollaries 3.3.1-3.3.3); upper bound";
  }

  @Override
  public String citation() {
    return "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
        + "Model\", Corollaries 3.3.1, 3.3.2, 3.3.3";
  }

  @Override
  public Scope scope() {
    return under(broadcastOn(new Scope.NetworkTest("complete graph",
        i -> needs(i, Topology.Complete.class, "the complete graph", "greedy-saf"))),
        EnumSet.of(CommModel.Ports.ONE), EnumSet.of(CommModel.Duplex.FULL));
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

  @Override
  long formula(Setting s, long k) {
    long cube = cubeFormula(s, k);
    return s.p() < 3 ? cube : Math.min(cube, RingBroadcastFullOnePort.cycleFormula(s, s.p(), k));
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int[] node = CompleteGraphBroadcastFull.others(s);
    long cube = cubeFormula(s, k);
    if (s.p() >= 3 && RingBroadcastFullOnePort.cycleFormula(s, s.p(), k) < cube) {
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
