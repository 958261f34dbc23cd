package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * A7 of docs/models/bufferless-chatting.md#cuts: the generic cut decomposition of §6.1 on a
 * forward-leveled (FL) network, with level cuts, then VO.
 *
 * <p>Model: bufferless, all ports; the arcs the routes use must be forward leveled (ula, esm, or
 * any network and routes that {@link Leveling} levels); a bla runs as two ulas at once. On an FL
 * network the arcs of one level form a cutset: a route whose nodes have levels {@code [f, f + d]}
 * either crosses level {@code c} ({@code f <= c < f + d}) or lies wholly below or wholly above it,
 * so no route leaves a side and comes back (the caveat of docs/models/bufferless-chatting.md#cuts
 * for general graphs does not arise).
 *
 * <p>Algorithm: start with the range of node levels the routes use. A piece {@code [a, b]} with
 * messages is cut at arc level {@code c = a + floor((b - a + 1)/2) - 1} (A5's rule, applied to
 * levels). Its crossing messages, ordered by their arc at level {@code c} then by instance order,
 * are placed either stacked one after another (at most the flits crossing the level) or first fit
 * (each at the lowest slot free on every arc of its route), whichever is shorter. Pieces of one
 * recursion level use disjoint arcs and share the level's window; windows are concatenated in
 * virtual time. The real schedule is VO (Theorem 3.2) on the same leveling.
 *
 * <p>Guarantee: with {@code W} = the most flits that cross one level (on a ula {@code W = C}) and
 * {@code H + 1} the number of node levels used, the depth is at most {@code ceil(log2(H + 1))} and
 * {@code S <= ceil(log2(H + 1)) W}; {@code T <= S + Q - 1}. The paper gives the strategy without a
 * bound outside the ula (§6.2) and trees (§6.3): this bound is ours (the pieces halve as in A5, and
 * a piece's window is at most its crossing flits). On an esm {@code W} can reach about {@code N C},
 * so the bound is weak there; first fit is what keeps it practical.
 *
 * <p>Complexity: O(m log H) for the recursion, plus first fit where a level has several arcs: per
 * message, its route length times (1 + the intervals it jumps), each step a tree lookup. On a ula
 * every level is one arc and first fit is skipped. Measured (one core, lengths 1..8, random pairs):
 * 10^5 messages on a 10^4-node ula in about 1 s; 10^5 messages on a 200 x 200 esm in about 30 s,
 * nearly all of it first fit.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §6.1 (strategy), §6.2 (the halving rule), Theorem 3.2 (VO).
 * Trees, which are not FL, have their own cut decomposition (§6.3, A6).
 *
 * @implNote Stateless.
 */
public final class Cuts implements Method {
  /** Routes whose arcs level forward, or a bla as two ulas. */
  private static final Scope.NetworkTest FORWARD_LEVELED =
      new Scope.NetworkTest(
          "routes on forward-leveled arcs (ula, esm, or any network whose used arcs level), or a bla as two ulas at once",
          i ->
              BidirectionalSplit.applies(i) || !FlLevels.of(i).isEmpty()
                  ? null
                  : "cuts a forward-leveled network at a level of arcs, and the arcs these routes use on this "
                      + i.network().topology().family()
                      + " are not forward leveled (some node would need two levels): "
                      + "on a tree use its cut decomposition (A6), else greedy");

  /** The facts of {@code cuts}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "cuts",
          "chatting on a forward-leveled network, any lengths: recursive halving cuts at a level of arcs, the "
              + "crossing messages stacked or first fit, levels concatenated; real schedule through VO",
          "virtual S <= ceil(log2(H + 1)) W, W = most flits crossing one level (W = C on a ula), H + 1 = node "
              + "levels used; real T <= S + Q - 1; on a bla the same per direction (T = the larger of the two)",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", §6.1-6.2 (with Theorem 3.2); level cuts and the bound off a ula: this project",
          Transforms.VIRTUAL_THEN_VO.on(FORWARD_LEVELED),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    return BidirectionalSplit.applies(instance) ? BidirectionalSplit.whyNot(this, instance) : null;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    if (BidirectionalSplit.applies(instance)) {
      return BidirectionalSplit.solve(this, instance, limits);
    }
    List<Message> msgs = instance.messages();
    int n = msgs.size();
    long[] level = FlLevels.of(instance).orElseThrow();
    long[] len = new long[n];
    for (int i = 0; i < n; i++) {
      len[i] = msgs.get(i).length();
    }
    long[] sigma = new long[n];
    int depth = n == 0 ? 0 : run(instance.atlas(), level, len, sigma);
    long s = Transforms.virtualDuration(sigma, len);
    sigma = Transforms.normalise(sigma);
    Map<String, Long> out = new LinkedHashMap<>();
    SolveResult res;
    if (instance.kind() == ProblemKind.DSA) {
      for (int i = 0; i < n; i++) {
        out.put(msgs.get(i).id(), sigma[i]);
      }
      res =
          SolveResult.feasible(
              name(), new Schedule.Slots(out), s, limits.run().bestBound(instance));
    } else {
      long[] t = n == 0 ? new long[0] : Transforms.normalise(Transforms.vo(sigma, level, s));
      long makespan = 0;
      for (int i = 0; i < n; i++) {
        out.put(msgs.get(i).id(), t[i]);
        makespan = Math.max(makespan, t[i] + len[i] + instance.atlas().hops(i) - 1);
      }
      res =
          SolveResult.feasible(
              name(), new Schedule.Departures(out), makespan, limits.run().bestBound(instance));
    }
    return res.withStat("virtualDuration", s).withStat("depth", (long) depth);
  }

  /**
   * A piece of the recursion: node levels {@code [a, b]} and the messages whose routes lie in it.
   */
  private record Piece(long a, long b, List<Integer> members) {}

  /**
   * Fills {@code sigma} (smallest 0 unless nothing crosses the first cut) and returns the recursion
   * depth.
   */
  static int run(Atlas atlas, long[] level, long[] len, long[] sigma) {
    boolean oneArcPerLevel = atlas.network().topology() instanceof Topology.Ula;
    int n = level.length;
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    List<Integer> all = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      lo = Math.min(lo, level[i]);
      hi = Math.max(hi, level[i] + atlas.hops(i));
      all.add(i);
    }
    List<Piece> pieces = new ArrayList<>();
    pieces.add(new Piece(lo, hi, all));
    long offset = 0;
    int depth = 0;
    while (pieces.stream().anyMatch(p -> p.b() > p.a() && !p.members().isEmpty())) {
      depth++;
      long window = 0;
      List<Piece> next = new ArrayList<>();
      for (Piece p : pieces) {
        if (p.b() <= p.a() || p.members().isEmpty()) {
          continue;
        }
        long c = p.a() + (p.b() - p.a() + 1) / 2 - 1;
        List<Integer> below = new ArrayList<>();
        List<Integer> above = new ArrayList<>();
        List<Integer> crossing = new ArrayList<>();
        for (int i : p.members()) {
          if (level[i] + atlas.hops(i) <= c) {
            below.add(i);
          } else if (level[i] >= c + 1) {
            above.add(i);
          } else {
            crossing.add(i);
          }
        }
        window =
            Math.max(window, place(atlas, level, len, c, crossing, offset, sigma, oneArcPerLevel));
        next.add(new Piece(p.a(), c, below));
        next.add(new Piece(c + 1, p.b(), above));
      }
      offset += window;
      pieces = next;
    }
    return depth;
  }

  /**
   * Places the messages crossing arc level {@code c} from {@code offset} on: stacked or first fit,
   * whichever ends sooner. Returns the window used. {@code oneArcPerLevel}: the network has one arc
   * per level (a ula), so the crossing messages all share one arc and the stack is all there is.
   */
  private static long place(
      Atlas atlas,
      long[] level,
      long[] len,
      long c,
      List<Integer> crossing,
      long offset,
      long[] sigma,
      boolean oneArcPerLevel) {
    int m = crossing.size();
    if (m == 0) {
      return 0;
    }
    if (oneArcPerLevel) {
      long end = 0;
      for (int i : crossing) { // ascending instance order
        sigma[i] = offset + end;
        end += len[i];
      }
      return end;
    }
    int[][] arcs = new int[m][];
    int[] cutArc = new int[m];
    for (int k = 0; k < m; k++) {
      int i = crossing.get(k);
      arcs[k] = atlas.arcs(i);
      cutArc[k] = arcs[k][(int) (c - level[i])];
    }
    Integer[] order = new Integer[m];
    for (int k = 0; k < m; k++) {
      order[k] = k;
    }
    Arrays.sort(
        order,
        (x, y) ->
            cutArc[x] != cutArc[y]
                ? Integer.compare(cutArc[x], cutArc[y])
                : Integer.compare(crossing.get(x), crossing.get(y)));
    long[] stacked = new long[m];
    long stackEnd = 0;
    boolean oneArc = true;
    for (int k : order) {
      stacked[k] = stackEnd;
      stackEnd += len[crossing.get(k)];
      oneArc &= cutArc[k] == cutArc[order[0]];
    }
    long[] chosen = stacked;
    long end = stackEnd;
    if (!oneArc) { // on one shared arc first fit is the stack itself
      long[] ff = firstFit(arcs, crossing, len, order);
      long ffEnd = 0;
      for (int k = 0; k < m; k++) {
        ffEnd = Math.max(ffEnd, ff[k] + len[crossing.get(k)]);
      }
      if (ffEnd < stackEnd) {
        chosen = ff;
        end = ffEnd;
      }
    }
    for (int k = 0; k < m; k++) {
      sigma[crossing.get(k)] = offset + chosen[k];
    }
    return end;
  }

  /**
   * First fit in the given order: each message at the lowest slot where its whole route is free.
   * Per arc the busy intervals are kept by start (they are disjoint); a candidate jumps past every
   * interval it meets, and it is the answer once every arc of the route is free there.
   */
  private static long[] firstFit(
      int[][] arcs, List<Integer> crossing, long[] len, Integer[] order) {
    Map<Integer, TreeMap<Long, Long>> busy = new HashMap<>();
    long[] slot = new long[arcs.length];
    for (int k : order) {
      long l = len[crossing.get(k)];
      long s = 0;
      int d = arcs[k].length;
      // cycle over the route's arcs until d arcs in a row are free at the candidate s
      for (int idx = 0, free = 0; free < d; ) {
        TreeMap<Long, Long> b = busy.get(arcs[k][idx]);
        Map.Entry<Long, Long> e =
            b == null ? null : b.lowerEntry(s + l); // last interval starting before s + l
        if (e != null && e.getValue() > s) {
          s = e.getValue(); // jump past it and look at this arc again
          free = 0;
        } else {
          free++;
          idx = idx + 1 == d ? 0 : idx + 1;
        }
      }
      slot[k] = s;
      for (int a : arcs[k]) {
        busy.computeIfAbsent(a, x -> new TreeMap<>()).put(s, s + l);
      }
    }
    return slot;
  }
}
