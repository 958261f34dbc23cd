package org.commsched.heuristics.linearcost;

import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The two path pipelines of D. B. Peters, "Bounds for Communication Problems in Interconnection
 * Networks under a Linear Cost Model" (docs/models/linear-cost.md#path-send), placed into an {@link
 * LcSchedule} as soon as data and resources allow. Units are a contiguous range of one message,
 * taken in ascending order or, for streams that run the other way round a ring, in descending
 * order; packet {@code j} of every link carries positions {@code j k .. (j + 1) k - 1} of that
 * order, so a packet is always contained in the same-numbered packet of the link before it.
 *
 * <ul>
 *   <li>{@link #link}: the link-bound (lock-step) pipeline of Theorem 2.3.1. Packet {@code (d, j)}
 *       starts when {@code (d, j - 1)} and {@code (d - 1, j)} have ended; with every link carrying
 *       all N units its last packet ends at exactly {@code t0 + T_*(N, L, k)}. Link {@code d} may
 *       carry only a prefix {@code a_d} of the order (non-increasing along the path): with {@code
 *       a_d = min(N, c + (L - d) k)} this is the extended pipeline of Lemma 3.2.3, which feeds the
 *       nearer nodes more units in the same time {@code T_*(c, L, k)}.
 *   <li>{@link #proc}: the processor-bound pipeline of Theorem 2.4.1 (L >= 2): packet {@code (d,
 *       j)} runs in slot {@code 2j + d}, so every relay alternates receiving and sending and no
 *       node is in two packets at once; placed as soon as {@code (d - 1, j)}, {@code (d, j - 1)}
 *       and {@code (d + 1, j - 1)} have ended, it ends at exactly {@code t0 + T_1(N, L, k)}. For L
 *       = 1 the packets simply follow each other.
 * </ul>
 *
 * @implNote Stateless.
 */
public final class PathPipeline {
  private PathPipeline() {}

  /**
   * Places the link-bound pipeline; returns the latest end (t0 when nothing is sent).
   *
   * @param nodes the path {@code nodes[0] -> ... -> nodes[L]}, L >= 1 links
   * @param lo the first unit of the range; the range is {@code lo .. lo + count - 1}
   * @param descending true to send the range from its last unit down
   * @param k the packet size, >= 1
   * @param amounts units link d carries (0-based d), non-increasing, at most count; null for count
   *     on every link
   * @param t0 the time the source may start
   */
  public static long link(
      LcSchedule s,
      int[] nodes,
      String message,
      long lo,
      long count,
      boolean descending,
      long k,
      long[] amounts,
      long t0) {
    int links = nodes.length - 1;
    requireShape(links, count, k);
    long first = amount(amounts, 0, count);
    long[] endPrev =
        new long[Math.toIntExact(ceilDiv(first, k))]; // ends of the previous link's packets
    java.util.Arrays.fill(endPrev, t0);
    long latest = t0;
    long before = count;
    for (int d = 0; d < links; d++) {
      long a = amount(amounts, d, count);
      if (a > before) {
        throw new IllegalArgumentException(
            "amounts must not grow along the path: link "
                + d
                + " carries "
                + a
                + " after "
                + before);
      }
      before = a;
      long q = ceilDiv(a, k);
      long linkEnd = t0;
      for (int j = 0; j < q; j++) {
        long start = Math.max(linkEnd, endPrev[j]);
        long from = (long) j * k;
        long size = Math.min(k, a - from);
        linkEnd =
            s.packet(
                nodes[d],
                nodes[d + 1],
                start,
                message,
                unitOf(lo, count, descending, from, size),
                size);
        endPrev[j] = linkEnd;
        latest = Math.max(latest, linkEnd);
      }
    }
    return latest;
  }

  /**
   * Places the processor-bound pipeline of all {@code count} units; returns the latest end.
   *
   * @see #link for the parameters
   */
  public static long proc(
      LcSchedule s,
      int[] nodes,
      String message,
      long lo,
      long count,
      boolean descending,
      long k,
      long t0) {
    int links = nodes.length - 1;
    requireShape(links, count, k);
    long q = ceilDiv(count, k);
    long[] lastEnd =
        new long[links + 2]; // end of the latest packet per link (1-based; 0 and links+1 unused)
    java.util.Arrays.fill(lastEnd, t0);
    long latest = t0;
    long slots = 2 * (q - 1) + links; // slot t holds packets (d, j) with 2j + d = t (d 0-based)
    for (long t = 0; t < slots; t++) {
      for (int d = (int) (t % 2); d < links; d += 2) {
        long j = (t - d) / 2;
        if (j < 0 || j >= q) {
          continue;
        }
        long start = Math.max(lastEnd[d + 1], Math.max(d == 0 ? t0 : lastEnd[d], lastEnd[d + 2]));
        long from = j * k;
        long size = Math.min(k, count - from);
        long end =
            s.packet(
                nodes[d],
                nodes[d + 1],
                start,
                message,
                unitOf(lo, count, descending, from, size),
                size);
        lastEnd[d + 1] = end;
        latest = Math.max(latest, end);
      }
    }
    return latest;
  }

  /**
   * Null if the send's pipeline at its best packet size is small enough to write, else the refusal.
   */
  static String tooLarge(String method, Instance instance, boolean linkBound) {
    long n = instance.messages().get(0).length();
    long links = instance.atlas().hops(0);
    PathSending ps =
        PathSending.of(
            (org.commsched.core.model.CommModel.StoreAndForward) instance.model(),
            instance.timeScale());
    long k = linkBound ? ps.bestKStar(n, links) : ps.bestKOne(n, links);
    return LinearCostMethods.tooLarge(
        method, n, false, LinearCostMethods.pipelineRecords(n, k, links));
  }

  /**
   * The send of an instance along its route, all units, at the packet size of least exact time: the
   * link-bound pipeline ({@code S_*}) or the processor-bound one ({@code S_1}); the result carries
   * the best lower bound of the solve run ({@code limits.run()}, computed once per run), so it is
   * OPTIMAL where that bound meets the formula.
   */
  static SolveResult sendAlongRoute(
      Instance instance, String method, boolean linkBound, SolveLimits limits) {
    int[] route = instance.atlas().nodes(0);
    long n = instance.messages().get(0).length();
    long links = route.length - 1;
    LcSchedule s = new LcSchedule(instance);
    PathSending ps = new PathSending(s.beta(), s.tau());
    long k = linkBound ? ps.bestKStar(n, links) : ps.bestKOne(n, links);
    String msg = instance.messages().get(0).id();
    if (linkBound) {
      link(s, route, msg, 0, n, false, k, null, 0);
    } else {
      proc(s, route, msg, 0, n, false, k, 0);
    }
    return s.result(method, limits.run().bestBound(instance))
        .withStat("packetSize", k)
        .withStat("packets", ceilDiv(n, k))
        .withStat("formula", (linkBound ? "S_*(" : "S_1(") + n + ", " + links + ")");
  }

  private static long amount(long[] amounts, int d, long count) {
    long a = amounts == null ? count : amounts[d];
    if (a < 0 || a > count) {
      throw new IllegalArgumentException(
          "link " + d + " cannot carry " + a + " of " + count + " units");
    }
    return a;
  }

  /** The first unit of positions {@code from .. from + size - 1} of the order. */
  private static long unitOf(long lo, long count, boolean descending, long from, long size) {
    return descending ? lo + count - from - size : lo + from;
  }

  private static void requireShape(int links, long count, long k) {
    if (links < 1 || count < 0 || k < 1) {
      throw new IllegalArgumentException(
          "a pipeline needs at least one link, count >= 0 and k >= 1, got "
              + links
              + " links, "
              + count
              + " units, k = "
              + k);
    }
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
