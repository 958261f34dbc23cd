package org.commsched.heuristics.linearcost;

import java.util.EnumSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast in the hypercube {@code Q_m} with one port and full duplex (F1): sub-messages pipelined
 * along rotating dimensions. In round j every node exchanges with its neighbour across dimension
 * {@code j mod m}. The message is cut into {@code gamma(0) .. gamma(q-1)} of k units ({@code
 * gamma(q-1)} the short one); {@code mu(i) = gamma(i)} for {@code i < q - 1}, {@code mu(q-1)} is
 * {@code gamma(q-1)} followed by the first {@code k - |gamma(q-1)|} units of {@code gamma(q-2)},
 * and {@code mu(q)} is the rest of {@code gamma(q-2)}. In round {@code j < r = q + m - 2} the
 * source sends {@code mu(min(j, q-1))}, and a node {@code w != 0} whose first 1 at or after
 * position {@code j mod m} (cyclically) is {@code i} positions on sends {@code mu(min(j - m + i, q
 * - 1))} when {@code j - m + i >= 0}; in the abbreviated last round the nodes with bit {@code r mod
 * m} set send {@code mu(q)} and the others {@code gamma(q-1)}. With one sub-message ({@code q = 1})
 * it is the binomial tree. Time {@code T_*(n, m, k)}; {@code S_*(n, m)} at the best k, improving
 * Fraigniaud and Lazard's {@code S_*(n, m + 1)}.
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Proposition 3.3.3 (upper bound; the
 * printed {@code mu(ceil(n/k) 1)} reads {@code mu(ceil(n/k) - 1)});
 * docs/models/linear-cost.md#broadcast-schemes-implemented. Nodes are relabelled by XOR with the
 * source, position d is bit d of the node id. On a folded hypercube it uses the hypercube's links
 * only.
 *
 * <p>It is offered under F* too: every node is in at most one packet per round, so the one-port
 * rule it keeps is one that all ports only relax, and the thesis gives no all-port hypercube scheme
 * of its own (§3.3 has Proposition 3.3.3 for F1 only);
 * docs/models/linear-cost.md#broadcast-schemes-implemented.
 *
 * @implNote Stateless; immutable.
 */
public final class HypercubeBroadcast extends BroadcastScheme {
  /** The facts of {@code lc-hypercube-broadcast}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-hypercube-broadcast",
          "broadcast in a hypercube, full duplex (one port, valid with all ports too): sub-messages pipelined "
              + "along rotating dimensions",
          "S_*(n, m) on Q_m under F1 and F* (Proposition 3.3.3); upper bound",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Proposition 3.3.3",
          under(
              broadcastOn(cubes("hypercube or folded hypercube (its hypercube links)")),
              EnumSet.of(CommModel.Ports.ONE, CommModel.Ports.ALL),
              EnumSet.of(CommModel.Duplex.FULL)),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * The hypercube and the folded hypercube (whose hypercube links the schemes use), in the given
   * words.
   */
  static Scope.NetworkTest cubes(String words) {
    return new Scope.NetworkTest(
        words,
        i ->
            i.network().topology() instanceof Topology.FoldedHypercube
                ? null
                : needs(i, Topology.Hypercube.class, "the hypercube", "greedy-saf"));
  }

  @Override
  long formula(Setting s, long k) {
    return s.f().tStar(s.n(), dimension(s.p()), k);
  }

  static int dimension(int p) {
    return Integer.numberOfTrailingZeros(p);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    fill(rs, relabel(s), dimension(s.p()), s.n(), k, 0);
    return rs;
  }

  /** Node w relative to the source is {@code w XOR source}. */
  static int[] relabel(Setting s) {
    int[] label = new int[s.p()];
    for (int w = 0; w < label.length; w++) {
      label[w] = w ^ s.source();
    }
    return label;
  }

  /**
   * How the rounds are laid on the network: {@code EXCHANGE} as Proposition 3.3.3 (both ends of a
   * dimension link send in one round, F1); {@code FOLDED} as Proposition 3.3.4 (a sender whose bit
   * {@code j mod m} is 1 sends to its antipode instead, which receives the same units from it, so
   * every link is used one way and every node sends one packet and receives one on another link);
   * {@code SPLIT} every round from round m on run as two, first the senders whose bit {@code j mod
   * m} is 0, then the others (no node in two packets at once). The last two send nothing to the
   * source, which needs nothing.
   */
  enum Layout {
    EXCHANGE,
    FOLDED,
    SPLIT
  }

  /**
   * Adds the scheme's rounds on the cube whose node w (relative to the source 0) is {@code
   * label[w]}, from round {@code offset}, laid out as Proposition 3.3.3's exchanges; returns the
   * number of rounds used.
   */
  static int fill(RoundSchedule rs, int[] label, int m, long n, long k, int offset) {
    return fill(rs, label, m, n, k, offset, Layout.EXCHANGE);
  }

  /**
   * As {@link #fill(RoundSchedule, int[], int, long, long, int)} with the given layout; returns the
   * rounds used.
   */
  static int fill(RoundSchedule rs, int[] label, int m, long n, long k, int offset, Layout layout) {
    int p = 1 << m;
    long q = ceilDiv(n, k);
    if (q == 1) { // binomial tree: round j doubles the informed set across dimension j
      for (int j = 0; j < m; j++) {
        for (int w = 0; w < (1 << j); w++) {
          rs.send(offset + j, label[w], label[w | (1 << j)], 0, n);
        }
      }
      return m;
    }
    Sender out =
        (j, w, first, size) -> {
          int dim = j % m;
          int bit = (w >>> dim) & 1;
          int to = layout == Layout.FOLDED && bit == 1 ? w ^ (p - 1) : w ^ (1 << dim);
          if (layout != Layout.EXCHANGE && to == 0) { // the source needs nothing
            return;
          }
          int round = layout != Layout.SPLIT || j < m ? j : m + 2 * (j - m) + bit;
          rs.send(offset + round, label[w], label[to], first, size);
        };
    long last = n - (q - 1) * k; // |gamma(q-1)|
    int r = (int) (q + m - 2);
    for (int j = 0; j < r; j++) {
      for (int w = 0; w < p; w++) {
        long idx;
        if (w == 0) {
          idx = Math.min(j, q - 1);
        } else {
          int i = 0;
          while (((w >>> ((j + i) % m)) & 1) == 0) {
            i++;
          }
          if (j - m + i < 0) {
            continue;
          }
          idx = Math.min(j - m + i, q - 1);
        }
        if (idx < q - 1) {
          out.send(j, w, idx * k, k);
        } else { // mu(q-1): gamma(q-1), then the first k - last units of gamma(q-2)
          out.send(j, w, (q - 1) * k, last);
          out.send(j, w, (q - 2) * k, k - last);
        }
      }
    }
    int dim = r % m;
    for (int w = 0; w < p; w++) {
      if (((w >>> dim) & 1) == 1) {
        out.send(r, w, (q - 2) * k + (k - last), last); // mu(q): the rest of gamma(q-2)
      } else {
        out.send(r, w, (q - 1) * k, last); // gamma(q-1)
      }
    }
    return layout == Layout.SPLIT ? m + 2 * (r - m) + 2 : r + 1;
  }

  /** Where node w's units of scheme round j go under the layout. */
  @FunctionalInterface
  private interface Sender {
    void send(int j, int w, long first, long size);
  }
}
