package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The packet content digraph D of a link-bound send along a path, the proof device of D. B. Peters,
 * <i>Bounds for Communication Problems in Interconnection Networks under a Linear Cost Model</i>,
 * PhD thesis, Simon Fraser University, 1995, §2.3 (docs/models/linear-cost.md#packet-digraphs).
 *
 * <p>Its nodes are the packets {@code lambda(i,j)}, the j-th packet (by start time) that link i
 * sends. Its edges are the <em>adjacent</em> edges {@code lambda(i,j) -> lambda(i,j+1)} and the
 * <em>overlapping</em> edges {@code lambda(i,j) -> lambda(i+1,j')} whenever the two packets carry a
 * common unit. A node weighs {@code t(lambda) = beta + |lambda| tau}, and {@code t(D)} is the
 * weight of a heaviest path. By Lemma 2.3.1 D is acyclic and {@code lambda(i,j) -> (i,j)} embeds it
 * in the plane; each edge joins two packets that cannot overlap in time, so {@code t(D)} is at most
 * the makespan of any valid link-bound transmission, and Theorem 2.3.1 shows that {@code t(D) >=
 * S_*(n,m)} for every valid one (the search algorithms find a long enough path). For the pipeline
 * with packets of size k (Proposition 2.3.1) D is the {@code m x ceil(n/k)} grid and {@code t(D) =
 * T_*(n,m,k)}.
 *
 * @implNote Immutable; {@code t(D)} is computed in ticks, exactly, by one pass over the nodes in
 *     the order {@code (i, j)}, which is topological because every edge raises i or j.
 */
public final class PacketContentDigraph {
  /** The kind of an edge of D. */
  public enum EdgeKind {
    ADJACENT,
    OVERLAPPING
  }

  /** An edge {@code lambda(fromLink, fromIndex) -> lambda(toLink, toIndex)}; indices from 0. */
  public record Edge(int fromLink, int fromIndex, int toLink, int toIndex, EdgeKind kind) {}

  private final List<List<PathPacket>> rows;
  private final List<Edge> edges;
  private final long beta;
  private final long tau;
  private final long time;

  /**
   * @param packets the packets of the send (links 0..m-1), each link's ordered here by start time
   * @param beta set-up time in ticks
   * @param tau time per unit in ticks
   */
  public PacketContentDigraph(List<PathPacket> packets, long beta, long tau) {
    this.beta = beta;
    this.tau = tau;
    int links = PathPacket.links(packets);
    List<List<PathPacket>> r = new ArrayList<>();
    for (int i = 0; i < links; i++) {
      r.add(new ArrayList<>());
    }
    for (PathPacket p : packets) {
      r.get(p.link()).add(p);
    }
    for (List<PathPacket> row : r) {
      row.sort(Comparator.comparingLong(PathPacket::start));
    }
    this.rows = r.stream().map(List::copyOf).toList();
    List<Edge> es = new ArrayList<>();
    long[][] dist = new long[links][];
    long best = 0;
    for (int i = 0; i < links; i++) {
      List<PathPacket> row = rows.get(i);
      dist[i] = new long[row.size()];
      for (int j = 0; j < row.size(); j++) {
        long in = 0;
        if (j > 0) {
          es.add(new Edge(i, j - 1, i, j, EdgeKind.ADJACENT));
          in = dist[i][j - 1];
        }
        if (i > 0) {
          List<PathPacket> prev = rows.get(i - 1);
          for (int jp = 0; jp < prev.size(); jp++) {
            if (prev.get(jp).overlaps(row.get(j))) {
              es.add(new Edge(i - 1, jp, i, j, EdgeKind.OVERLAPPING));
              in = Math.max(in, dist[i - 1][jp]);
            }
          }
        }
        dist[i][j] = Math.addExact(in, row.get(j).weight(beta, tau));
        best = Math.max(best, dist[i][j]);
      }
    }
    this.edges = List.copyOf(es);
    this.time = best;
  }

  /** The number of links m (rows of D). */
  public int links() {
    return rows.size();
  }

  /** {@code lambda(i, j)}, 0-based: the j-th packet of link i by start time. */
  public PathPacket packet(int link, int index) {
    return rows.get(link).get(index);
  }

  /** {@code nu(i)}: the number of packets link i sends. */
  public int packets(int link) {
    return rows.get(link).size();
  }

  /** All edges, adjacent and overlapping. */
  public List<Edge> edges() {
    return edges;
  }

  /** {@code t(D)}: the weight of a heaviest path, in ticks (0 for no packets). */
  public long time() {
    return time;
  }
}
