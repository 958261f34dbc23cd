package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Broadcast on an odd two-way ring {@code C_{2m+1}} under half duplex and one port (H1): the cut
 * into two paths with a packet size of its own on each side, plus a <em>crossing head</em>, a
 * prefix of the message that travels past the antipodal edge
 * (docs/models/linear-cost.md#the-crossing-head-h1-odd-ring).
 *
 * <p><b>Plan.</b> Parameters {@code (h, g, k_h, k_f, k_b, first)}: units {@code 0 .. h-1} (the
 * head, {@code 0 <= h < n}) go in packets of {@code k_h} from the source forward through offsets
 * {@code 1 .. 2m-g}, so they cross the antipodal edge {@code {m, m+1}} when {@code g < m}, and the
 * source also sends them backward to offsets {@code -1 .. -g}; a <em>staggered</em> head gives its
 * packet {@code i} (from 0) {@code min(m, g + i)} instead of {@code g}, so later head packets cross
 * less. The body {@code h .. n-1} goes forward to offsets {@code 1 .. m} in packets of {@code k_f}
 * and backward to offsets {@code -1 .. -m} in packets of {@code k_b}. Every node thus receives
 * every unit once. The packets are list scheduled: repeatedly the hop with the earliest start at
 * which its data is at the sender and both its nodes are idle starts (a node takes part in one
 * packet at a time, so H1 holds), ties by priority: head, then body packets alternately forward and
 * backward ({@code first} says which side leads), then the head's backward copies (staggered: the
 * furthest-going first). The family's time is that simulation's makespan, in exact ticks; the
 * schedule written is the simulation's, and the independent checker verifies it. The search keeps
 * the plan of least time.
 *
 * <p>With {@code h = 0} and {@code k_f = k_b} this is Fraigniaud and Lazard's cut (P. Fraigniaud
 * and E. Lazard, "Methods and problems of communication in usual networks", Discrete Applied
 * Mathematics 53, 1994), whose source alternation delays the backward side by a slot; unequal sizes
 * let a short stream fill the source's gaps, and the crossing head is the idea of Proposition 3.2.6
 * of D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), §3.2.3: the antipodal edge carries units
 * the other way than the cut would. The thesis's printed recursion is garbled; this family is ours,
 * read off the exact model's optimal schedules on {@code C_5} and {@code C_7}, and reaches them.
 * Upper bound only: no optimality claim beyond the instances the exact model settles.
 *
 * @implNote Stateless; the search is deterministic and bounded by a work budget counted in
 *     simulated hops.
 */
final class RingBroadcastCrossingHead {
  /** Simulated hops the search may spend (deterministic budget, about a second of CPU). */
  static final long WORK = 10_000_000L;

  /**
   * Rings of more nodes skip the family: each plan simulates at least {@code p - 1} hops per head
   * packet, so the budget would cover only a few plans, and the start-up the family saves is a few
   * slots against {@code p} of them.
   */
  static final int MAX_NODES = 999;

  /** At most this many packets per stream are searched beyond the small sizes. */
  static final int MAX_PACKETS = 64;

  /** Messages of at most this many units search the whole grid of heads and sizes. */
  static final long FULL = 8;

  /** Every size up to this is a candidate. */
  static final int SMALL = 12;

  private RingBroadcastCrossingHead() {}

  /** A plan of the family; {@code kh} is unused when {@code h = 0}, {@code g} is 0 then. */
  record Plan(long h, int g, long kh, long kf, long kb, boolean backwardFirst, boolean stagger) {
    /**
     * The {@code g} of head packet {@code i} (from 0): {@code g}, or {@code min(m, g + i)} when
     * staggered.
     */
    int g(long i, int m) {
      return stagger ? (int) Math.min(m, g + i) : g;
    }

    @Override
    public String toString() {
      return "h="
          + h
          + " g="
          + g
          + " kh="
          + kh
          + " kf="
          + kf
          + " kb="
          + kb
          + (backwardFirst ? " backward" : " forward")
          + " first"
          + (stagger ? " staggered" : "");
    }
  }

  /** Receives the hops of a simulated plan. */
  interface Sink {
    /**
     * A packet from offset {@code from} to offset {@code to} (relative to the source, mod p) at
     * {@code start}.
     */
    void hop(int from, int to, long start, long first, long count);
  }

  /** The plan's makespan in ticks, telling {@code sink} (nullable) every hop. */
  static long simulate(Plan plan, int p, long n, long beta, long tau, Sink sink) {
    int m = p / 2;
    List<long[]> units = new ArrayList<>(); // {first, count}
    List<int[]> routes = new ArrayList<>();
    int[] forward = offsets(1, m);
    int[] backward = offsets(-1, m);
    List<long[]> copyUnits = new ArrayList<>();
    List<int[]> copyRoutes = new ArrayList<>();
    for (long lo = 0, i = 0; lo < plan.h(); lo += plan.kh(), i++) {
      long[] u = {lo, Math.min(plan.kh(), plan.h() - lo)};
      int g = plan.g(i, m);
      units.add(u);
      routes.add(offsets(1, p - 1 - g));
      if (g > 0) {
        copyUnits.add(u);
        copyRoutes.add(offsets(-1, g));
      }
    }
    if (plan.stagger()) { // the copy that goes furthest back leaves first
      java.util.Collections.reverse(copyUnits);
      java.util.Collections.reverse(copyRoutes);
    }
    long body = n - plan.h();
    long qf = ceilDiv(body, plan.kf());
    long qb = ceilDiv(body, plan.kb());
    for (long j = 0; j < Math.max(qf, qb); j++) {
      for (int side = 0; side < 2; side++) {
        boolean back = (side == 0) == plan.backwardFirst();
        long k = back ? plan.kb() : plan.kf();
        long lo = plan.h() + j * k;
        if (lo < n) {
          units.add(new long[] {lo, Math.min(k, n - lo)});
          routes.add(back ? backward : forward);
        }
      }
    }
    units.addAll(copyUnits);
    routes.addAll(copyRoutes);
    int chains = units.size();
    long[] free = new long[p];
    long[] ready = new long[chains];
    int[] next = new int[chains]; // index into the route of the next receiver
    long[] key = new long[chains]; // a lower bound on the chain's next start (keys only grow)
    int[] heap = new int[chains];
    int size = 0;
    for (int c = 0; c < chains; c++) {
      heap[size++] = c; // all keys 0: index order is a heap
    }
    long makespan = 0;
    while (size > 0) {
      int c = heap[0];
      int[] route = routes.get(c);
      int from = next[c] == 0 ? 0 : Math.floorMod(route[next[c] - 1], p);
      int to = Math.floorMod(route[next[c]], p);
      long est = Math.max(ready[c], Math.max(free[from], free[to]));
      if (est > key[c]) {
        key[c] = est; // stale: the chain goes back with its true start
        siftDown(heap, size, key);
        continue;
      }
      long[] u = units.get(c);
      long end = est + beta + u[1] * tau;
      free[from] = end;
      free[to] = end;
      ready[c] = end;
      makespan = Math.max(makespan, end);
      if (sink != null) {
        sink.hop(from, to, est, u[0], u[1]);
      }
      if (++next[c] < route.length) {
        key[c] = end;
      } else {
        heap[0] = heap[--size];
      }
      siftDown(heap, size, key);
    }
    return makespan;
  }

  /**
   * Restores the heap order (by key, then chain index) after the top's key grew or the top was
   * replaced.
   */
  private static void siftDown(int[] heap, int size, long[] key) {
    int i = 0;
    while (true) {
      int l = 2 * i + 1;
      if (l >= size) {
        return;
      }
      int r = l + 1;
      int min = r < size && before(heap[r], heap[l], key) ? r : l;
      if (!before(heap[min], heap[i], key)) {
        return;
      }
      int t = heap[i];
      heap[i] = heap[min];
      heap[min] = t;
      i = min;
    }
  }

  private static boolean before(int a, int b, long[] key) {
    return key[a] != key[b] ? key[a] < key[b] : a < b;
  }

  /** Hops a plan simulates (its cost in the search budget). */
  static long hops(Plan plan, int p, long n) {
    int m = p / 2;
    long head = plan.h() == 0 ? 0 : ceilDiv(plan.h(), plan.kh()) * (p - 1L);
    long body = n - plan.h();
    return head + (ceilDiv(body, plan.kf()) + ceilDiv(body, plan.kb())) * m;
  }

  /** A lower bound on a plan's time: the source's own packets, one after the other. */
  static long sourceTime(Plan plan, int p, long n, long beta, long tau) {
    long body = n - plan.h();
    long packets = ceilDiv(body, plan.kf()) + ceilDiv(body, plan.kb());
    long unitsSent = 2 * body;
    int m = p / 2;
    for (long lo = 0, i = 0; lo < plan.h(); lo += plan.kh(), i++) {
      long copies = plan.g(i, m) > 0 ? 2 : 1;
      packets += copies;
      unitsSent += copies * Math.min(plan.kh(), plan.h() - lo);
    }
    return packets * beta + unitsSent * tau;
  }

  /** The best plan found and its time. */
  record Best(Plan plan, long time) {}

  /**
   * The plan of least time found (ties: the first found), or null when {@code p} is even, below 5
   * or above {@link #MAX_NODES}. The search, deterministic and bounded by {@link #WORK} simulated
   * hops: (1) without a head, every pair of sizes {@code k_f, k_b} in {@link #sizes} and both
   * leads; (2) for every head {@code h} up to {@link #SMALL} and every size {@code ceil(n/q)}, and
   * every {@code g} in {@code 0..m}: from {@code k_h = h} and the sizes of (1)'s packet counts,
   * coordinate descent over {@code k_h}, {@code k_f}, {@code k_b}, the lead and the stagger until
   * no single change helps; on messages of at most {@link #FULL} units, the whole grid instead; (3)
   * the best head refined a unit at a time with its packet counts kept. Plans whose source alone
   * needs at least the best time so far are skipped.
   */
  static Best search(int p, long n, long beta, long tau) {
    if (p % 2 == 0 || p < 5 || p > MAX_NODES || n < 1) {
      return null;
    }
    int m = p / 2;
    long[] work = {0};
    Best best = null;
    for (long kf : sizes(n)) {
      for (long kb : sizes(n)) {
        for (boolean back : new boolean[] {false, true}) {
          best =
              better(
                  best,
                  tryPlan(new Plan(0, 0, 1, kf, kb, back, false), p, n, beta, tau, best, work));
        }
      }
    }
    if (best == null) {
      return null;
    }
    Plan cut = best.plan();
    TreeSet<Long> heads = new TreeSet<>();
    for (long h = 1; h < n && h <= SMALL; h++) {
      heads.add(h);
    }
    for (long s : sizes(n)) {
      if (s < n) {
        heads.add(s);
      }
    }
    for (long h : heads) {
      for (int g = 0; g <= m && work[0] <= WORK; g++) {
        if (n <= FULL) {
          for (long kh : sizes(h)) {
            for (long kf : sizes(n - h)) {
              for (long kb : sizes(n - h)) {
                for (int lead = 0; lead < 4; lead++) {
                  Plan q = new Plan(h, g, kh, kf, kb, (lead & 1) == 1, lead >= 2);
                  best = better(best, tryPlan(q, p, n, beta, tau, best, work));
                }
              }
            }
          }
          continue;
        }
        Plan at =
            new Plan(
                h,
                g,
                h,
                ceilDiv(n - h, ceilDiv(n, cut.kf())),
                ceilDiv(n - h, ceilDiv(n, cut.kb())),
                cut.backwardFirst(),
                false);
        Best here = new Best(at, simulateCounted(at, p, n, beta, tau, work));
        boolean moved = true;
        while (moved && work[0] <= WORK) {
          moved = false;
          for (int coordinate = 0; coordinate < 4; coordinate++) {
            Plan c = here.plan();
            long[] values =
                switch (coordinate) {
                  case 0 -> sizes(h);
                  case 1, 2 -> sizes(n - h);
                  default -> new long[] {0, 1, 2, 3};
                };
            for (long v : values) {
              Plan q =
                  switch (coordinate) {
                    case 0 -> new Plan(h, g, v, c.kf(), c.kb(), c.backwardFirst(), c.stagger());
                    case 1 -> new Plan(h, g, c.kh(), v, c.kb(), c.backwardFirst(), c.stagger());
                    case 2 -> new Plan(h, g, c.kh(), c.kf(), v, c.backwardFirst(), c.stagger());
                    default -> new Plan(h, g, c.kh(), c.kf(), c.kb(), (v & 1) == 1, v >= 2);
                  };
              Best b = tryPlan(q, p, n, beta, tau, here, work);
              if (b != null) {
                here = b;
                moved = true;
              }
            }
          }
        }
        best = better(best, here);
      }
    }
    // refine the head: same packet counts, h one unit at a time while it helps
    for (int dir : new int[] {1, -1}) {
      boolean moved = true;
      while (moved && best.plan().h() > 0 && work[0] <= WORK) {
        moved = false;
        Plan pl = best.plan();
        long h = pl.h() + dir;
        if (h < 1 || h >= n) {
          break;
        }
        long qh = ceilDiv(pl.h(), pl.kh());
        long qf = ceilDiv(n - pl.h(), pl.kf());
        long qb = ceilDiv(n - pl.h(), pl.kb());
        Plan q =
            new Plan(
                h,
                pl.g(),
                ceilDiv(h, qh),
                ceilDiv(n - h, qf),
                ceilDiv(n - h, qb),
                pl.backwardFirst(),
                pl.stagger());
        Best b = tryPlan(q, p, n, beta, tau, best, work);
        if (b != null) {
          best = b;
          moved = true;
        }
      }
    }
    return best;
  }

  private static Best better(Best a, Best b) {
    return b != null && (a == null || b.time() < a.time()) ? b : a;
  }

  private static long simulateCounted(Plan plan, int p, long n, long beta, long tau, long[] work) {
    work[0] += hops(plan, p, n);
    return simulate(plan, p, n, beta, tau, null);
  }

  private static Best tryPlan(
      Plan plan, int p, long n, long beta, long tau, Best best, long[] work) {
    if (best != null && sourceTime(plan, p, n, beta, tau) >= best.time()) {
      return null;
    }
    if (work[0] > WORK) {
      return null;
    }
    long t = simulateCounted(plan, p, n, beta, tau, work);
    return best == null || t < best.time() ? new Best(plan, t) : null;
  }

  /**
   * Candidate packet sizes for x units: every size up to {@link #SMALL}, and {@code ceil(x/q)} for
   * q up to 64.
   */
  static long[] sizes(long x) {
    TreeSet<Long> s = new TreeSet<>();
    for (long k = 1; k <= Math.min(x, SMALL); k++) {
      s.add(k);
    }
    for (long q = 1; q <= Math.min(x, MAX_PACKETS); q++) {
      s.add(ceilDiv(x, q));
    }
    return s.descendingSet().stream().mapToLong(Long::longValue).toArray();
  }

  /** Offsets {@code step, 2 step, ..., count step} (step = +1 or -1). */
  private static int[] offsets(int step, int count) {
    int[] r = new int[count];
    for (int i = 0; i < count; i++) {
      r[i] = step * (i + 1);
    }
    return r;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
