package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Broadcast and gossip on any network at scale (issue 22, item 4: 10^3 to 10^4 nodes in seconds):
 * pipelined flooding in lock-step rounds where every arc {@code u -> w} forwards the units its tail
 * holds in the order the tail got them, a first-in first-out queue per arc, skipping what the head
 * already holds or is getting in the same round. Under one port each round is a greedy maximal set
 * of calls (a matching of exchanging pairs under the {@code exchange} rule, one packet in and one
 * out per node under {@code send-and-receive}), the receivers that lack the most units served
 * first, as in the round-by-round matchings of broadcasting heuristics (Scheuermann and Wu 1984)
 * and of gossiping by short messages (Bermond, Gargano, Rescigno, Vaccaro, "Fast gossiping by short
 * messages", SIAM J. Computing 27(4), 1998, where a call carries a bounded number of units). Under
 * all ports every arc works in every round (half duplex: one direction per link and round), which
 * on a breadth-first spread is the pipelined flood of a message down every shortest-path tree at
 * once. Among the first few units of a queue that the head lacks, the one held by the fewest nodes
 * goes first (rarest first, as in {@link RarestFirstGossip}).
 *
 * <p><b>Why it scales.</b> The queue of arc {@code u -> w} is {@code u}'s arrival list read from a
 * pointer that only moves forward past units {@code w} holds: over the whole run each arc passes
 * each unit once, so a run costs {@code O(arcs x units + deliveries)} word operations where {@link
 * RarestFirstGossip} scans units times arcs in every round. Nodes' holdings are bit sets. A gossip
 * of one unit on 1,000 nodes and 12,000 arcs is about 10^7 steps.
 *
 * <p><b>Packets.</b> A round lets an arc carry up to {@code k} units in one packet and lasts {@code
 * beta + k' tau}, {@code k'} its largest packet. At {@code beta = 0} one unit per packet is best (a
 * finer pipeline), at {@code tau = 0} one packet of everything; otherwise the powers of two are
 * tried, nearest first to the path pipeline's best size {@code sqrt(n beta / ((m - 1) tau))}
 * (Peters, Theorem 2.3.1; {@code m} the first origin's eccentricity), while the time limit lasts
 * (the first run always completes: its work is bounded as above), and the shortest schedule is
 * kept. The exception: a run that sets a pass deadline ({@link
 * org.commsched.core.solve.SolveRun#passDeadline()}, the portfolio beyond its delivery limit) has
 * the first run and the writing of its records given up there, and this method then returns no
 * schedule (UNKNOWN, statistic {@code stopped}).
 *
 * <p><b>Guarantee.</b> A valid schedule: every round delivers at least one unit while some node
 * lacks one (on a network where every node is reachable from every origin some arc joins a holder
 * of a missing unit to a node without it, and its queue holds that unit), and a unit is sent only
 * by a node that got it in an earlier round. No approximation ratio.
 *
 * @implNote Stateless; each run works on its own arrays.
 */
public final class ArcQueueFlood implements Method {
  /** The facts of {@code arc-queue-flood}: see the class javadoc for the sources. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "arc-queue-flood",
          "broadcast and gossip on any network at scale: lock-step rounds in which each arc forwards what its tail got "
              + "in arrival order (a queue per arc, rarest of its first few units first); one port, a greedy maximal "
              + "set of calls per round, neediest receivers first; packet sizes of 2^i units tried, nearest the "
              + "pipeline's best first",
          "valid; no ratio (near-linear: each arc passes each unit once)",
          "round-by-round matchings after A. Scheuermann, G. Wu, IEEE Trans. Computers C-33(9), 1984, and J.-C. "
              + "Bermond, L. Gargano, A. A. Rescigno, U. Vaccaro, \"Fast gossiping by short messages\", SIAM J. "
              + "Computing 27(4), 1998; the queue per arc is this project's",
          Scope.of(ProblemKind.BROADCAST, ProblemKind.GOSSIP)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ALL, CommModel.Ports.ONE)
              .duplex(CommModel.Duplex.FULL, CommModel.Duplex.HALF),
          false);

  /**
   * The most unit deliveries taken (one record each at most): {@link
   * LinearCostMethods#MAX_RECORDS}.
   */
  static final long MAX_DELIVERIES = LinearCostMethods.MAX_RECORDS;

  /**
   * Among this many units at the head of an arc's queue that its head lacks, the rarest goes first.
   */
  static final int WINDOW = 4;

  /** The largest packet size tried. */
  static final int MAX_PACKET = 1 << 12;

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    String explicit = Footprint.whyNotExplicitGossip(name(), instance);
    if (explicit != null) {
      return explicit;
    }
    Network net = instance.network();
    long deliveries = 0;
    for (Origin o : instance.origins()) {
      deliveries = Math.min(MAX_DELIVERIES + 1, deliveries + o.length() * (net.nodes() - 1L));
    }
    if (deliveries > MAX_DELIVERIES) {
      return name()
          + " makes at most "
          + MAX_DELIVERIES
          + " unit deliveries (units times receiving nodes), and "
          + "this instance needs more: use greedy-saf";
    }
    return LinearCostMethods.whyNotReachable(name(), instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    long deadline = System.nanoTime() + limits.timeLimit().toNanos();
    LowerBound bound = limits.run().bestBound(instance);
    Flood flood = new Flood(instance);
    LcSchedule probe = new LcSchedule(instance);
    long beta = probe.beta();
    long tau = probe.tau();
    List<Integer> sizes = new ArrayList<>();
    if (beta == 0) {
      sizes.add(1);
    } else if (tau == 0) {
      sizes.add(Math.min(MAX_PACKET, flood.units));
    } else {
      for (int k = 1; k <= Math.min(MAX_PACKET, flood.units); k *= 2) {
        sizes.add(k);
      }
      // nearest first to the path pipeline's best size sqrt(n beta / ((m - 1) tau)) (Peters,
      // Theorem 2.3.1), n the longest message and m the first origin's eccentricity: the first
      // run, which completes unless a pass deadline cuts it, is the likeliest
      double best =
          Math.sqrt(
              flood.longest
                  * (double) beta
                  / (Math.max(1, flood.eccentricity() - 1) * (double) tau));
      double guess = Math.log(best);
      sizes.sort(java.util.Comparator.comparingDouble(k -> Math.abs(Math.log(k) - guess)));
    }
    Rounds best = null;
    long bestSpan = Long.MAX_VALUE;
    int tried = 0;
    for (int k : sizes) {
      boolean first = best == null;
      if (!first && (System.nanoTime() - deadline >= 0 || bestSpan <= bound.value())) {
        break;
      }
      // the first pass runs to its end unless the run sets a pass deadline (a portfolio beyond its
      // delivery limit); later sizes stop at this method's share
      Rounds r = flood.run(k, first ? limits.run().passDeadline() : deadline, limits);
      if (r == null) {
        break; // stopped: by the run (Ctrl-C) or its pass deadline on the first run, else by the
        // clock
      }
      tried++;
      long span = r.makespan(beta, tau);
      if (span < bestSpan) {
        best = r;
        bestSpan = span;
      }
    }
    LcSchedule schedule = best == null ? null : flood.write(best, limits);
    if (schedule == null) {
      return new SolveResult(
          name(),
          SolveStatus.UNKNOWN,
          null,
          null,
          bound,
          instance.timeScale(),
          Map.of(
              "stopped",
              limits.run().passOver()
                  ? "the run's pass deadline came during the first pass or the writing of its records: no"
                      + " schedule"
                  : "the run was stopped during the first pass"));
    }
    return SolveResult.feasible(name(), schedule.schedule(), schedule.makespan(), bound)
        .withStat("rounds", best.rounds())
        .withStat("packetUnits", best.k)
        .withStat("sizesTried", tried);
  }

  /**
   * The moves of one run: per round a range of {@code unit[i]} over {@code arc[i]}, and the run's
   * packet size.
   */
  record Rounds(int k, int[] unit, int[] arc, int[] roundStart, int[] roundUnits) {
    int rounds() {
      return roundStart.length - 1;
    }

    /** Lock-step: each round lasts {@code beta + tau} times its largest packet. */
    long makespan(long beta, long tau) {
      long t = 0;
      for (int r = 0; r < rounds(); r++) {
        t = Math.addExact(t, Math.addExact(beta, Math.multiplyExact((long) roundUnits[r], tau)));
      }
      return t;
    }
  }

  /** The instance's units, holdings and queues; {@link #run} floods with one packet size. */
  private static final class Flood {
    final Network net;
    final Instance instance;
    final int p;
    final int units;
    final int words;
    final int[] unitOrigin;
    final int[] unitIndex;
    final boolean onePort;
    final boolean exchange;
    final boolean half;

    /** The units of the longest message. */
    final long longest;

    Flood(Instance instance) {
      this.instance = instance;
      this.net = instance.network();
      this.p = net.nodes();
      long u = 0;
      long most = 0;
      for (Origin o : instance.origins()) {
        u +=
            o.length(); // whyNotFurther keeps the deliveries, hence the units, below MAX_DELIVERIES
        most = Math.max(most, o.length());
      }
      this.longest = most;
      this.units = (int) u;
      this.words = (units + 63) >>> 6;
      this.unitOrigin = new int[units];
      this.unitIndex = new int[units];
      int at = 0;
      List<Origin> origins = instance.origins();
      for (int i = 0; i < origins.size(); i++) {
        for (int j = 0; j < origins.get(i).length(); j++) {
          unitOrigin[at] = i;
          unitIndex[at++] = j;
        }
      }
      CommModel.StoreAndForward model = instance.storeAndForward();
      this.onePort = model.ports() == CommModel.Ports.ONE;
      this.exchange = onePort && model.onePort() == CommModel.OnePortRule.EXCHANGE;
      this.half = model.duplex() == CommModel.Duplex.HALF;
    }

    /** The largest distance from the first origin (one breadth-first search). */
    int eccentricity() {
      int e = 0;
      for (int d : net.distancesFrom(instance.origins().get(0).node())) {
        e = Math.max(e, d);
      }
      return e;
    }

    /**
     * One flood with packets of at most {@code k} units; null when the run's stop (or Ctrl-C), or
     * the clock past {@code deadline}, ended it first.
     */
    Rounds run(int k, long deadline, SolveLimits limits) {
      long[] has = new long[p * words];
      int[] held = new int[units];
      int[] acq = new int[p * units]; // per node, the units it holds in the order it got them
      int[] acqLen = new int[p];
      int[] lim = new int[p]; // per node, its arrival list as it stood when the round began
      int[] missing = new int[p];
      Arrays.fill(missing, units);
      int at = 0;
      for (Origin o : instance.origins()) {
        int v = o.node();
        for (int j = 0; j < o.length(); j++, at++) {
          if (!bit(has, v, at)) {
            has[v * words + (at >>> 6)] |= 1L << at;
            acq[v * units + acqLen[v]++] = at;
            missing[v]--;
          }
          held[at]++;
        }
      }
      int incomplete = 0;
      for (int v = 0; v < p; v++) {
        incomplete += missing[v] > 0 ? 1 : 0;
      }
      int[] pos = new int[net.arcs()];
      int[] arcUsed = new int[net.arcs()]; // round stamp + 1 of the arc's last packet
      int[] sendBusy = new int[p];
      int[] recvBusy = new int[p];
      int[] claim = new int[units]; // the claim stamp of the receiver that gets the unit this round
      int claims = 0;
      IntList mUnit = new IntList();
      IntList mArc = new IntList();
      IntList mDest = new IntList();
      IntList starts = new IntList();
      IntList sizes = new IntList();
      int[] cand = new int[Math.max(k, WINDOW)];
      long[] order = new long[p];
      int round = 0;
      while (incomplete > 0) {
        if (Interrupt.requested()
            || limits.run().stop().stopped()
            || deadline != Long.MAX_VALUE && System.nanoTime() - deadline >= 0) {
          return null;
        }
        int stamp = round + 1;
        System.arraycopy(acqLen, 0, lim, 0, p);
        int n = 0;
        for (int v = 0; v < p; v++) {
          if (missing[v] > 0) { // neediest first (one port), ties and all ports in a rotating order
            long key = onePort ? (long) (units - missing[v]) << 32 : 0;
            order[n++] = key | Math.floorMod(v - round, p);
          }
        }
        Arrays.sort(order, 0, n);
        starts.add(mUnit.size());
        int largest = 0;
        for (int i = 0; i < n; i++) {
          int w = (int) ((order[i] & 0xffffffffL) + round) % p;
          if (onePort && (recvBusy[w] == stamp || exchange && sendBusy[w] == stamp)) {
            continue;
          }
          int deg = net.inDegree(w);
          int off = deg == 0 ? 0 : Math.floorMod(round + w, deg);
          claims++;
          for (int j = 0; j < deg; j++) {
            int a = net.inArc(w, (off + j) % deg);
            int u = net.tail(a);
            if (onePort && (sendBusy[u] == stamp || exchange && recvBusy[u] == stamp)) {
              continue;
            }
            int back = net.reverse(a);
            if (half && back >= 0 && arcUsed[back] == stamp) {
              continue;
            }
            int c = pick(a, u, w, k, has, held, acq, lim, pos, claim, claims, cand);
            if (c == 0) {
              continue;
            }
            for (int x = 0; x < c; x++) {
              claim[cand[x]] = claims;
              mUnit.add(cand[x]);
              mArc.add(a);
              mDest.add(w);
            }
            largest = Math.max(largest, c);
            arcUsed[a] = stamp;
            if (!onePort) {
              continue;
            }
            sendBusy[u] = stamp;
            recvBusy[w] = stamp;
            if (exchange) {
              sendBusy[w] = stamp;
              recvBusy[u] = stamp;
              if (!half && back >= 0) { // the partner gets what w has for it in the same call
                claims++;
                int cb = pick(back, w, u, k, has, held, acq, lim, pos, claim, claims, cand);
                for (int x = 0; x < cb; x++) {
                  claim[cand[x]] = claims;
                  mUnit.add(cand[x]);
                  mArc.add(back);
                  mDest.add(u);
                }
                largest = Math.max(largest, cb);
                if (cb > 0) {
                  arcUsed[back] = stamp;
                }
              }
            }
            break; // one port: one packet into w
          }
        }
        int from = starts.get(starts.size() - 1);
        if (mUnit.size() == from) {
          throw new IllegalStateException(
              "a round moved nothing before every node held every unit");
        }
        for (int i = from; i < mUnit.size(); i++) {
          int w = mDest.get(i);
          int x = mUnit.get(i);
          has[w * words + (x >>> 6)] |= 1L << x;
          acq[w * units + acqLen[w]++] = x;
          held[x]++;
          if (--missing[w] == 0) {
            incomplete--;
          }
        }
        sizes.add(largest);
        round++;
      }
      starts.add(mUnit.size());
      return new Rounds(k, mUnit.toArray(), mArc.toArray(), starts.toArray(), sizes.toArray());
    }

    /**
     * Up to {@code k} units for arc {@code a = u -> w} into {@code cand}: from the head of the
     * arc's queue (u's arrival list from {@code pos[a]}, before this round), units w lacks and no
     * other arc brings it this round; with one unit per packet the rarest of the first {@link
     * #WINDOW}. Returns how many.
     */
    private int pick(
        int a,
        int u,
        int w,
        int k,
        long[] has,
        int[] held,
        int[] acq,
        int[] lim,
        int[] pos,
        int[] claim,
        int claimStamp,
        int[] cand) {
      int base = u * units;
      int end = lim[u];
      int i = pos[a];
      while (i < end && bit(has, w, acq[base + i])) {
        i++;
      }
      pos[a] = i;
      int want = k == 1 ? WINDOW : k;
      int scan =
          Math.min(
              end,
              i + want + net.inDegree(w) + 16); // held units past the head are skipped, boundedly
      int c = 0;
      for (int j = i; j < scan && c < want; j++) {
        int x = acq[base + j];
        if (claim[x] != claimStamp && !bit(has, w, x)) {
          cand[c++] = x;
        }
      }
      if (k == 1 && c > 1) {
        int bestAt = 0;
        for (int x = 1; x < c; x++) {
          if (held[cand[x]] < held[cand[bestAt]]) {
            bestAt = x;
          }
        }
        cand[0] = cand[bestAt];
        return 1;
      }
      return c;
    }

    private boolean bit(long[] has, int v, int x) {
      return (has[v * words + (x >>> 6)] & (1L << x)) != 0;
    }

    /**
     * The schedule of a run: round {@code r}'s packets start when round {@code r - 1}'s longest has
     * ended; null when the run's pass deadline came first.
     */
    LcSchedule write(Rounds r, SolveLimits limits) {
      LcSchedule schedule = new LcSchedule(instance);
      List<Origin> origins = instance.origins();
      long clock = 0;
      List<LcSchedule.Run> runs = new ArrayList<>();
      for (int round = 0; round < r.rounds(); round++) {
        if (limits.run().passOver()) { // Ctrl-C does not stop it: a stopped run still gets its best
          return null;
        }
        long end = clock;
        int i = r.roundStart()[round];
        int stop = r.roundStart()[round + 1];
        while (i < stop) {
          int a = r.arc()[i];
          runs.clear();
          for (; i < stop && r.arc()[i] == a; i++) {
            int x = r.unit()[i];
            Origin o = origins.get(unitOrigin[x]);
            runs.add(new LcSchedule.Run(o.message(), unitIndex[x], 1));
          }
          end = Math.max(end, schedule.packet(net.tail(a), net.head(a), clock, runs));
        }
        clock = end;
      }
      return schedule;
    }
  }

  /** A growable int column. */
  private static final class IntList {
    private int[] xs = new int[64];
    private int n;

    void add(int x) {
      if (n == xs.length) {
        xs = Arrays.copyOf(xs, 2 * n);
      }
      xs[n++] = x;
    }

    int get(int i) {
      return xs[i];
    }

    int size() {
      return n;
    }

    int[] toArray() {
      return Arrays.copyOf(xs, n);
    }
  }
}
