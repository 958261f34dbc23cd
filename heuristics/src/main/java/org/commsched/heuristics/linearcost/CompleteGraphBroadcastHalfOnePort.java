package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the complete graph {@code K_p} under half duplex and one port (H1): the better, for
 * each packet size k, of two embeddings in which no node is ever in two packets at once. (1) The
 * split hypercube scheme ({@link HypercubeBroadcastHalfOnePort}) on {@code 2^d} nodes, {@code d =
 * floor(log2 p)}, then one round in which {@code p - 2^d} informed nodes each send the whole
 * message to one of the others: {@code T_1(n, d, k) + beta + n tau}, and {@code T_1(n, d, k)} when
 * {@code p = 2^d} (on {@code d = 1} only k = n). (2) The ring cut ({@link
 * RingBroadcastHalfOnePort}) on the Hamiltonian cycle {@code source, then the other nodes in id
 * order}: {@code T_1(n, ceil(p/2), k)}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Corollaries 3.3.4 and 3.3.5 as
 * corrected: the thesis claims {@code S_*(n, log2 p)} and {@code S_*(n, floor(log2 p)) + beta + n
 * tau} from the folded-hypercube scheme, whose nodes send on one link while they receive on
 * another, which H1 forbids; with the hypercube rounds split the valid times are {@code S_1(n, d)}
 * and {@code S_1(n, d) + beta + n tau}. Fraigniaud and Lazard's {@code S_*(2n, 2p - 5)} is not
 * built; docs/models/linear-cost.md#broadcast-schemes-implemented and #broadcast-schemes.
 *
 * @implNote Stateless; immutable.
 */
public final class CompleteGraphBroadcastHalfOnePort extends BroadcastScheme {
  /** The facts of {@code lc-complete-broadcast-h1}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-complete-broadcast-h1",
          "broadcast in a complete graph, half duplex, one port: the split hypercube scheme on 2^floor(log2 p) "
              + "nodes plus one round, or the ring cut on a Hamiltonian cycle, whichever is faster",
          "min_k of min(T_1(n, floor(log2 p), k) (+ beta + n tau unless p is a power of 2), T_1(n, ceil(p/2), k)) "
              + "(Corollaries 3.3.4, 3.3.5 corrected); upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Corollaries 3.3.4, 3.3.5 (corrected for one port) and §3.2.3",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "complete graph",
                      i -> needs(i, Topology.Complete.class, "the complete graph", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ONE),
              EnumSet.of(CommModel.Duplex.HALF)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * The split hypercube on {@code 2^floor(log2 p)} nodes, plus one round unless p is a power of
   * two; -1 if unused.
   */
  static long cubeFormula(Setting s, long k) {
    int d = CompleteGraphBroadcastOnePort.floorLog2(s.p());
    long t = HypercubeBroadcastHalfOnePort.cubeFormula(s.f(), s.n(), d, k);
    return t < 0 || (1 << d) == s.p() ? t : t + s.beta() + s.n() * s.tau();
  }

  /** The ring cut on a Hamiltonian cycle: {@code T_1(n, ceil(p/2), k)}, p >= 3; -1 otherwise. */
  static long cycleFormula(Setting s, long k) {
    return s.p() < 3 ? -1 : s.f().tOne(s.n(), (s.p() + 1) / 2, k);
  }

  @Override
  long formula(Setting s, long k) {
    long cube = cubeFormula(s, k);
    long cycle = cycleFormula(s, k);
    return cube < 0 ? cycle : cycle < 0 ? cube : Math.min(cube, cycle);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int[] node = CompleteGraphBroadcastFull.others(s);
    long cube = cubeFormula(s, k);
    long cycle = cycleFormula(s, k);
    if (cube < 0 || (cycle >= 0 && cycle < cube)) {
      RingBroadcastHalfOnePort.fill(rs, node, s.n(), k);
      return rs;
    }
    int d = CompleteGraphBroadcastOnePort.floorLog2(s.p());
    int rounds = HypercubeBroadcast.fill(rs, node, d, s.n(), k, 0, HypercubeBroadcast.Layout.SPLIT);
    for (int w = 0; (1 << d) + w < s.p(); w++) {
      rs.send(rounds, node[w], node[(1 << d) + w], 0, s.n());
    }
    return rs;
  }
}
