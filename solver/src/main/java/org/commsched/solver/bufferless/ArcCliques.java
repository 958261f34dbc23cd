package org.commsched.solver.bufferless;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reduction of docs/models/bufferless-chatting.md#exact-models for forward-leveled (FL) routes
 * (paper §2.3, docs/models/bufferless-chatting.md#forward-leveled-networks): there {@code k_M(e) =
 * level(e) - level(e_0(M))} on every arc, so with {@code σ_M = t_M - level(e_0(M))} (the LS
 * transform, docs/models/bufferless-chatting.md#transformations) message M occupies every arc of
 * its route during the same virtual block {@code [σ_M, σ_M + l_M)}, and all the disjunctions
 * between two messages on their shared arcs are one and the same disjunction. An exact model then
 * needs one interval per message (not one per message and arc), and the per-arc no-overlap
 * constraints only for the arcs whose message sets are maximal: an arc whose messages all cross
 * another arc as well adds nothing.
 *
 * @implNote Stateless.
 */
public final class ArcCliques {
  private ArcCliques() {}

  /**
   * The sets that no other set contains (one copy of duplicates), each as given (sorted ascending,
   * distinct), in a deterministic order (size descending, then lexicographic).
   */
  public static List<int[]> maximal(List<int[]> sets) {
    List<int[]> sorted = new ArrayList<>(sets);
    sorted.sort(
        (a, b) ->
            a.length != b.length ? Integer.compare(b.length, a.length) : Arrays.compare(a, b));
    List<int[]> kept = new ArrayList<>();
    java.util.Map<Integer, List<Integer>> containing = new java.util.HashMap<>();
    for (int[] s : sorted) {
      if (s.length == 0) {
        continue;
      }
      List<Integer> candidates = null;
      for (int e : s) {
        List<Integer> c = containing.get(e);
        if (c == null) {
          candidates = null;
          break;
        }
        if (candidates == null || c.size() < candidates.size()) {
          candidates = c;
        }
      }
      boolean dominated = false;
      if (candidates != null) {
        for (int k : candidates) {
          if (contains(kept.get(k), s)) {
            dominated = true;
            break;
          }
        }
      }
      if (!dominated) {
        int id = kept.size();
        kept.add(s);
        for (int e : s) {
          containing.computeIfAbsent(e, x -> new ArrayList<>()).add(id);
        }
      }
    }
    return kept;
  }

  /** True if sorted {@code big} contains every element of sorted {@code small}. */
  public static boolean contains(int[] big, int[] small) {
    if (small.length > big.length) {
      return false;
    }
    int i = 0;
    for (int x : small) {
      while (i < big.length && big[i] < x) {
        i++;
      }
      if (i == big.length || big[i] != x) {
        return false;
      }
      i++;
    }
    return true;
  }
}
