package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveResult;

/**
 * A5 of docs/models/bufferless-chatting.md#ula-cuts: virtual chatting on a unidirectional linear
 * array by recursive halving cuts, then VO.
 *
 * <p>Model: bufferless, all ports, a ula of n nodes (a bla runs as two ulas at once). The array
 * {@code [a, b]} is cut at the arc {@code (c, c+1)}, {@code c = a + floor((b - a + 1)/2) - 1}, so
 * the halves have {@code floor} and {@code ceil} of half the nodes. The messages crossing the cut
 * all use that arc, so they are stacked one after another in ascending instance order: at most C
 * slots. The messages left of the cut and those right of it use disjoint arcs, and so do all the
 * pieces of one recursion level, so a level takes the largest of its pieces' stacks, and the levels
 * are concatenated in virtual time. The real schedule is the VO transform (Theorem 3.2).
 *
 * <p>Guarantee: the recursion has at most {@code ceil(log2 n)} levels, so {@code S <= ceil(log2 n)
 * C}; after VO {@code T <= S + Q - 1 <= ceil(log2 n) C + Q - 1}. The paper writes {@code T <=
 * ceil(log n) C + Q}; Theorem 3.2 gives the sharper {@code - 1}
 * (docs/models/bufferless-chatting.md#log-bases-and-strict-bounds: logarithms base 2, "&lt;" of
 * Theorem 3.2). The paper notes that the methods of its §4 ({@code interval-coloring}, {@code
 * kierstead}) do better on a ula.
 *
 * <p>Complexity: O(m log n) for m messages (each level passes every remaining message once).
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §6.1 and §6.2.
 *
 * @implNote Stateless.
 */
public final class UlaCuts extends UlaVirtualMethod {
  /** The facts of {@code ula-cuts}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "ula-cuts",
          "chatting on a ula, any lengths: recursive halving cuts, the messages crossing each cut stacked, levels "
              + "concatenated; real schedule through VO",
          "virtual S <= ceil(log2 n) C; real T <= ceil(log2 n) C + Q - 1; on a bla the same per direction (T = "
              + "the larger of the two)",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", §6.1-6.2 (with Theorem 3.2)",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** T &lt;= ceil(log2 n) C + Q - 1 &lt;= (ceil(log2 n) + 1) T_opt - 1 for n nodes. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    int n = instance.network().nodes();
    long log = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1)); // ceil(log2 n) for n >= 2
    return (log + 1) * optimum - 1;
  }

  @Override
  long[] slots(int[] from, int[] to, long[] length) {
    int nodes = 0;
    for (int v : to) {
      nodes = Math.max(nodes, v + 1);
    }
    return slots(nodes, from, to, length);
  }

  @Override
  long[] slots(int nodes, int[] from, int[] to, long[] length) {
    long[] sigma = new long[from.length];
    run(nodes, from, to, length, sigma);
    return sigma;
  }

  @Override
  SolveResult withStats(SolveResult result, int nodes, int[] from, int[] to, long[] length) {
    return result.withStat("depth", (long) run(nodes, from, to, length, new long[from.length]));
  }

  /**
   * Fills {@code sigma} (0-based) and returns the recursion depth (levels that cut a piece with
   * messages).
   */
  static int run(int nodes, int[] from, int[] to, long[] length, long[] sigma) {
    List<int[]> ranges = new ArrayList<>();
    List<List<Integer>> members = new ArrayList<>();
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < from.length; i++) {
      all.add(i);
    }
    ranges.add(new int[] {0, nodes - 1});
    members.add(all);
    long offset = 0;
    int depth = 0;
    while (true) {
      boolean work = false;
      for (int k = 0; k < ranges.size(); k++) {
        if (ranges.get(k)[1] > ranges.get(k)[0] && !members.get(k).isEmpty()) {
          work = true;
          break;
        }
      }
      if (!work) {
        return depth;
      }
      depth++;
      long window = 0;
      List<int[]> nextRanges = new ArrayList<>();
      List<List<Integer>> nextMembers = new ArrayList<>();
      for (int k = 0; k < ranges.size(); k++) {
        int a = ranges.get(k)[0];
        int b = ranges.get(k)[1];
        List<Integer> ms = members.get(k);
        if (b <= a || ms.isEmpty()) {
          continue;
        }
        int c = a + (b - a + 1) / 2 - 1;
        long t = 0;
        List<Integer> left = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        for (int i : ms) { // ascending instance order
          if (to[i] <= c) {
            left.add(i);
          } else if (from[i] >= c + 1) {
            right.add(i);
          } else {
            sigma[i] = offset + t;
            t += length[i];
          }
        }
        window = Math.max(window, t);
        nextRanges.add(new int[] {a, c});
        nextMembers.add(left);
        nextRanges.add(new int[] {c + 1, b});
        nextMembers.add(right);
      }
      offset += window;
      ranges = nextRanges;
      members = nextMembers;
    }
  }
}
