package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the complete graph {@code K_p} under full duplex and all ports (F*). The source
 * keeps a reserve {@code R} of the last k units and splits the other {@code n - k} as evenly as
 * possible into {@code p - 1} sub-messages, one per other node, each cut into {@code r = ceil((n -
 * k)/((p - 1) k))} chunks of k units (the last one shorter, possibly empty). In round 1 the source
 * sends every node its first chunk; in round {@code j = 2 .. r + 1} it sends the next chunk while
 * every node forwards its previous chunk to all other nodes. The last chunk is padded up to k units
 * with the first units of {@code R}, and round {@code r + 1} carries the rest of {@code R} (as many
 * units as the last chunk had). Time {@code T_*(ceil((n - k)/(p - 1)), 2, k) = (r + 1) beta + (k +
 * ceil((n - k)/(p - 1))) tau}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Proposition 3.3.1 (upper bound).
 * Correction: the example reserves {@code b_74 .. b_83} but pads with {@code b_1 .. b_10}; the
 * padding must be reserved units; docs/models/linear-cost.md#broadcast-schemes-implemented and
 * #broadcast-schemes.
 *
 * @implNote Stateless; immutable.
 */
public final class CompleteGraphBroadcastFull extends BroadcastScheme {
  /** The facts of {@code lc-complete-broadcast}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-complete-broadcast",
          "broadcast in a complete graph, F*: each node gets a share of the message and forwards it to all, the "
              + "source finishing with a reserve",
          "min_k T_*(ceil((n-k)/(p-1)), 2, k) (Proposition 3.3.1); upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Proposition 3.3.1 (padding from the reserve)",
          under(
              broadcastOn(
                  new Scope.NetworkTest(
                      "complete graph",
                      i -> needs(i, Topology.Complete.class, "the complete graph", "greedy-saf"))),
              EnumSet.of(CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.FULL)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  long formula(Setting s, long k) {
    return s.f().tStar(ceilDiv(s.n() - k, s.p() - 1), 2, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int p = s.p();
    long n = s.n();
    int[] node = others(s);
    long reserve = n - k; // R = units reserve .. n-1
    long r = ceilDiv(n - k, (long) (p - 1) * k);
    if (r == 0) {
      for (int i = 1; i < p; i++) {
        rs.send(0, s.source(), node[i], 0, n);
      }
      return rs;
    }
    long base = (n - k) / (p - 1);
    long extra = (n - k) % (p - 1); // the last `extra` sub-messages get one more unit
    long start = 0;
    for (int i = 1; i < p; i++) {
      long size = base + (i > p - 1 - extra ? 1 : 0);
      for (int j = 1; j <= r; j++) {
        long lo = start + (j - 1) * k;
        long len = Math.max(0, Math.min(k, start + size - lo));
        rs.send(j - 1, s.source(), node[i], lo, len); // m(i, j)
        if (j == r) {
          rs.send(
              j - 1,
              s.source(),
              node[i],
              reserve,
              k - len); // padding: the first k - len units of R
          rs.send(j, s.source(), node[i], reserve + k - len, len); // m'(i, r + 1): the rest of R
        }
        for (int l = 1; l < p && len > 0; l++) { // P_i forwards m(i, j) in round j + 1
          if (l != i) {
            rs.send(j, node[i], node[l], lo, len);
          }
        }
      }
      start += size;
    }
    return rs;
  }

  /** node[0] is the source, node[1 .. p-1] the other nodes in id order. */
  static int[] others(Setting s) {
    int p = s.p();
    int[] node = new int[p];
    node[0] = s.source();
    int at = 1;
    for (int v = 0; v < p; v++) {
      if (v != s.source()) {
        node[at++] = v;
      }
    }
    return node;
  }
}
