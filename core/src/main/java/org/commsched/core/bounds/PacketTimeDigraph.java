package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The packet time digraph G of a processor-bound send along a path, the proof device of D. B.
 * Peters, <i>Bounds for Communication Problems in Interconnection Networks under a Linear Cost
 * Model</i>, PhD thesis, Simon Fraser University, 1995, §2.4
 * (docs/models/linear-cost.md#packet-digraphs).
 *
 * <p>The path has nodes {@code 0..m} (the thesis's {@code P_1..P_{m+1}}) and link i joins node i to
 * node i + 1. G has a node {@code mu(v, j)} for each relay {@code v = 1..m-1} and each packet the
 * relay receives (on link v - 1) or sends (on link v), the j-th by start time. Its edges are
 *
 * <ul>
 *   <li><em>adjacent</em>: {@code mu(v, j) -> mu(v, j+1)};
 *   <li><em>successor</em>: {@code mu(v, j) -> mu(v+1, j')} where the packet of {@code mu(v+1, j')}
 *       is {@code succ(p(mu(v, j)), {links v, v+1})}, the packet on those links with the smallest
 *       start no earlier than the end of {@code p(mu(v, j))};
 *   <li><em>predecessor</em>: {@code mu(v-1, j) -> mu(v, j')} where the packet of {@code mu(v-1,
 *       j)} is {@code pred(p(mu(v, j')), {links v-2, v-1})}, the packet on those links with the
 *       largest start that ends no later than {@code p(mu(v, j'))} starts.
 * </ul>
 *
 * A node weighs the time of its packet, {@code beta + |p| tau}, and {@code t(G)} is the weight of a
 * heaviest path. Lemma 2.4.1: G is acyclic and {@code mu(v, j) -> (v, j)} embeds it in the plane;
 * every edge joins packets that do not overlap in time, so {@code t(G)} is at most the makespan,
 * and Theorem 2.4.1 proves {@code t(G) >= S_1(n,m)} for every valid processor-bound send (m >= 2;
 * with one link G is empty). Lemma 2.4.2 (and its mirror, Lemma 2.4.4) holds for the unit counts
 * {@link #receivedBefore f_r}, {@link #sentBefore f_s}, {@link #receivedAfter l_r} and {@link
 * #sentAfter l_s}, with identity (2.1) {@code f_r + f_s + |q| + l_r + l_s = 2n}.
 *
 * @implNote Immutable. The constructor rejects a transmission in which an edge does not go forward
 *     in time (the packets a relay sees overlap), which no valid processor-bound transmission has.
 */
public final class PacketTimeDigraph {
  /** The kind of an edge of G. */
  public enum EdgeKind {
    ADJACENT,
    SUCCESSOR,
    PREDECESSOR
  }

  /**
   * A node {@code mu(relay, index)}.
   *
   * @param relay the path node 1..m-1
   * @param index the position among the packets the relay sees, by start time, from 0
   * @param packet {@code p(mu)}
   * @param sends whether the relay sends the packet (else it receives it)
   */
  public record Node(int relay, int index, PathPacket packet, boolean sends) {}

  /** An edge between two nodes. */
  public record Edge(Node from, Node to, EdgeKind kind) {}

  private final List<List<Node>> rows; // rows.get(v) for relay v; row 0 empty
  private final List<Edge> edges;
  private final long beta;
  private final long tau;
  private final long time;

  /**
   * @param packets the packets of the send over links 0..m-1
   * @param beta set-up time in ticks
   * @param tau time per unit in ticks
   */
  public PacketTimeDigraph(List<PathPacket> packets, long beta, long tau) {
    this.beta = beta;
    this.tau = tau;
    int links = PathPacket.links(packets);
    List<List<Node>> r = new ArrayList<>();
    r.add(List.of());
    for (int v = 1; v < links; v++) {
      final int relay = v;
      List<PathPacket> seen =
          new ArrayList<>(
              packets.stream().filter(p -> p.link() == relay - 1 || p.link() == relay).toList());
      seen.sort(Comparator.comparingLong(PathPacket::start).thenComparingInt(PathPacket::link));
      List<Node> row = new ArrayList<>();
      for (PathPacket p : seen) {
        row.add(new Node(v, row.size(), p, p.link() == v));
      }
      r.add(List.copyOf(row));
    }
    this.rows = List.copyOf(r);
    List<Edge> es = new ArrayList<>();
    for (int v = 1; v < links; v++) {
      List<Node> row = rows.get(v);
      for (int j = 0; j + 1 < row.size(); j++) {
        es.add(new Edge(row.get(j), row.get(j + 1), EdgeKind.ADJACENT));
      }
      if (v + 1 < links) {
        for (Node q : row) {
          long end = q.packet().end(beta, tau);
          Node best = null;
          for (Node w : rows.get(v + 1)) { // exactly the packets on links v and v + 1
            if (w.packet().start() >= end
                && (best == null || w.packet().start() < best.packet().start())) {
              best = w;
            }
          }
          if (best != null) {
            es.add(new Edge(q, best, EdgeKind.SUCCESSOR));
          }
        }
      }
      if (v >= 2) {
        for (Node q : row) {
          long start = q.packet().start();
          Node best = null;
          for (Node w : rows.get(v - 1)) { // exactly the packets on links v - 2 and v - 1
            if (w.packet().end(beta, tau) <= start
                && (best == null || w.packet().start() > best.packet().start())) {
              best = w;
            }
          }
          if (best != null) {
            es.add(new Edge(best, q, EdgeKind.PREDECESSOR));
          }
        }
      }
    }
    this.edges = List.copyOf(es);
    this.time = longestPath(links);
  }

  private long longestPath(int links) {
    List<Node> all = new ArrayList<>();
    for (List<Node> row : rows) {
      all.addAll(row);
    }
    for (Edge e : edges) {
      if (e.from().packet().start() >= e.to().packet().start()) {
        throw new IllegalArgumentException(
            "not a valid processor-bound transmission: " + e + " goes back in time");
      }
    }
    all.sort(Comparator.comparingLong((Node n) -> n.packet().start()));
    java.util.Map<Node, Long> dist = new java.util.IdentityHashMap<>();
    java.util.Map<Node, List<Node>> in = new java.util.IdentityHashMap<>();
    for (Edge e : edges) {
      in.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e.from());
    }
    long best = 0;
    for (Node n : all) {
      long d = 0;
      for (Node p : in.getOrDefault(n, List.of())) {
        d = Math.max(d, dist.get(p));
      }
      d = Math.addExact(d, n.packet().weight(beta, tau));
      dist.put(n, d);
      best = Math.max(best, d);
    }
    return best;
  }

  /** The nodes {@code mu(relay, 0..)} of a relay 1..m-1, by start time. */
  public List<Node> row(int relay) {
    return rows.get(relay);
  }

  /** All edges. */
  public List<Edge> edges() {
    return edges;
  }

  /** {@code t(G)} in ticks (0 when G is empty). */
  public long time() {
    return time;
  }

  /** {@code f_r(q)}: units the relay of q received in packets before q. */
  public long receivedBefore(Node q) {
    return count(q, false, true);
  }

  /** {@code f_s(q)}: units the relay of q sent in packets before q. */
  public long sentBefore(Node q) {
    return count(q, true, true);
  }

  /** {@code l_r(q)}: units the relay of q receives in packets after q. */
  public long receivedAfter(Node q) {
    return count(q, false, false);
  }

  /** {@code l_s(q)}: units the relay of q sends in packets after q. */
  public long sentAfter(Node q) {
    return count(q, true, false);
  }

  private long count(Node q, boolean sends, boolean before) {
    long sum = 0;
    for (Node w : rows.get(q.relay())) {
      if (w.sends() == sends && (before ? w.index() < q.index() : w.index() > q.index())) {
        sum += w.packet().size();
      }
    }
    return sum;
  }
}
