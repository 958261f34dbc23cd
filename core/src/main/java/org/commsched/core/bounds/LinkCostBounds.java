package org.commsched.core.bounds;

import java.util.List;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * Lower bounds for send, broadcast and gossip on a network whose links have their own channel
 * counts and costs (docs/FORMATS.md#links-with-channels-and-costs;
 * docs/models/linear-cost.md#links-with-channels-and-costs), in ticks. The thesis's formulas assume
 * one channel at one cost on every link, so they are not used; these are the distance and port
 * arguments of {@link LinearCostBounds} with each hop at its own arc's cost:
 *
 * <ul>
 *   <li>a unit crossing arc a takes at least {@code h(a) = beta(a) + tau(a)}, so it reaches v from
 *       u no sooner than the least-cost path, {@code dist(u, v)} (FIRST-UNIT, ECCENTRICITY,
 *       DIAMETER);
 *   <li>a node needing N units first-receives them over at most C channels at once (C = 1 under one
 *       port, whatever the counts, else the channels of its in-arcs), so one channel carries first
 *       arrivals of {@code ceil(N / C)} units in packets that run one at a time, the first starting
 *       no sooner than a sender can hold a unit: {@code d + beta_min + ceil(N / C) tau_min}, with
 *       {@code d} the least distance from the units' origin to the tail of an in-arc and the minima
 *       over the in-arcs (RECV-PORT, TARGET-PORT); the same for the first departures from a source
 *       (SOURCE-PORT), whose last one in a send still has to reach the target.
 * </ul>
 *
 * Every bound is at most the one the homogeneous formulas give when every link has the model's
 * costs and one channel, so they are weaker but hold for every port, duplex and one-port rule.
 */
final class LinkCostBounds {
  private LinkCostBounds() {}

  static void of(Instance inst, List<LowerBound> out) {
    Network net = inst.network();
    ArcCosts costs = inst.arcCosts();
    TimeScale sc = inst.timeScale();
    boolean onePort = inst.storeAndForward().ports() == CommModel.Ports.ONE;
    if (inst.problem() instanceof Problem.Send s) {
      long n = s.length();
      long[] from = costs.distances(net, s.source(), true);
      long[] to = costs.distances(net, s.target(), false);
      long d = from[s.target()];
      if (d == Long.MAX_VALUE) {
        return;
      }
      out.add(
          new LowerBound(
              d,
              "FIRST-UNIT",
              "the cheapest path from "
                  + s.source()
                  + " to "
                  + s.target()
                  + " costs "
                  + sc.format(d)
                  + " for one unit at each link's own beta + tau"));
      Port in = Port.in(net, costs, s.target(), onePort, from);
      out.add(
          new LowerBound(
              in.bound(n), "TARGET-PORT", in.words(sc, "target " + s.target(), n, "receive")));
      Port outp = Port.out(net, costs, s.source(), onePort, to);
      long last = Math.addExact(outp.bound(n), outp.after);
      out.add(
          new LowerBound(
              last,
              "SOURCE-PORT",
              outp.words(sc, "source " + s.source(), n, "send")
                  + ", and the last unit to leave still needs "
                  + sc.format(outp.after)
                  + " to reach the target"));
    } else if (inst.problem() instanceof Problem.Broadcast b) {
      long n = b.length();
      long[] from = costs.distances(net, b.source(), true);
      int far = 0;
      for (int v = 0; v < from.length; v++) {
        if (from[v] == Long.MAX_VALUE) {
          return;
        }
        far = from[v] > from[far] ? v : far;
      }
      out.add(
          new LowerBound(
              from[far],
              "ECCENTRICITY",
              "node "
                  + far
                  + " is "
                  + sc.format(from[far])
                  + " from the source "
                  + b.source()
                  + " along the cheapest path at each link's own beta + tau"));
      LowerBound best = null;
      for (int v = 0; v < net.nodes(); v++) {
        if (v != b.source() && net.inDegree(v) > 0) {
          Port in = Port.in(net, costs, v, onePort, from);
          LowerBound lb =
              new LowerBound(in.bound(n), "RECV-PORT", in.words(sc, "node " + v, n, "receive"));
          best = best == null || lb.value() > best.value() ? lb : best;
        }
      }
      if (best != null) {
        out.add(best);
      }
      if (net.outDegree(b.source()) > 0) {
        Port o = Port.out(net, costs, b.source(), onePort, null);
        out.add(
            new LowerBound(
                o.bound(n), "SOURCE-PORT", o.words(sc, "source " + b.source(), n, "send")));
      }
    } else if (inst.problem() instanceof Problem.Gossip g) {
      long n = g.length();
      int p = net.nodes();
      long diam = 0;
      int du = 0;
      int dv = 0;
      for (int u = 0; u < p; u++) {
        long[] d = costs.distances(net, u, true);
        for (int v = 0; v < p; v++) {
          if (d[v] == Long.MAX_VALUE) {
            return;
          }
          if (d[v] > diam) {
            diam = d[v];
            du = u;
            dv = v;
          }
        }
      }
      if (diam > 0) {
        out.add(
            new LowerBound(
                diam,
                "DIAMETER",
                "node "
                    + dv
                    + " needs the units of node "
                    + du
                    + ", "
                    + sc.format(diam)
                    + " away along the cheapest path at each link's own beta + tau"));
      }
      long need = Math.multiplyExact(p - 1L, n);
      LowerBound best = null;
      for (int v = 0; v < p && need > 0; v++) {
        if (net.inDegree(v) > 0) {
          Port in = Port.in(net, costs, v, onePort, null);
          LowerBound lb =
              new LowerBound(
                  in.bound(need), "RECV-PORT", in.words(sc, "node " + v, need, "receive"));
          best = best == null || lb.value() > best.value() ? lb : best;
        }
      }
      if (best != null) {
        out.add(best);
      }
    }
  }

  /**
   * The channels of one node's in-arcs (or out-arcs) as a port: how many packets at once, the least
   * beta and tau among them, the least distance {@code lead} from the units' origin to a sender
   * (in-arcs) and the least distance {@code after} from a receiver on to a target (out-arcs of a
   * send's source).
   */
  private record Port(long channels, long beta, long tau, long lead, long after) {
    static Port in(Network net, ArcCosts costs, int v, boolean onePort, long[] fromOrigin) {
      return scan(net, costs, v, true, onePort, fromOrigin);
    }

    static Port out(Network net, ArcCosts costs, int v, boolean onePort, long[] toTarget) {
      return scan(net, costs, v, false, onePort, toTarget);
    }

    /**
     * One scan of {@code v}'s in-arcs (distances {@code far} read at their tails, kept as {@code
     * lead}) or out-arcs (read at their heads, kept as {@code after}); a null {@code far} counts as
     * 0.
     */
    private static Port scan(
        Network net, ArcCosts costs, int v, boolean in, boolean onePort, long[] far) {
      long ch = 0;
      long b = Long.MAX_VALUE;
      long t = Long.MAX_VALUE;
      long least = Long.MAX_VALUE;
      int degree = in ? net.inDegree(v) : net.outDegree(v);
      for (int i = 0; i < degree; i++) {
        int a = in ? net.inArc(v, i) : net.outArc(v, i);
        ch += costs.channels(a);
        b = Math.min(b, costs.beta(a));
        t = Math.min(t, costs.tau(a));
        least = Math.min(least, far == null ? 0 : far[in ? net.tail(a) : net.head(a)]);
      }
      long d = least == Long.MAX_VALUE ? 0 : least;
      return new Port(onePort ? 1 : ch, b, t, in ? d : 0, in ? 0 : d);
    }

    long bound(long units) {
      long per = (units + channels - 1) / channels;
      return Math.addExact(Math.addExact(lead, beta), Math.multiplyExact(per, tau));
    }

    String words(TimeScale sc, String who, long units, String verb) {
      long per = (units + channels - 1) / channels;
      return who
          + " must "
          + verb
          + " "
          + units
          + " units over "
          + channels
          + " channel"
          + (channels == 1 ? "" : "s")
          + " at once, so one carries "
          + per
          + " of them one packet at a time: "
          + (lead > 0 ? sc.format(lead) + " before a sender holds a unit, then " : "")
          + "beta "
          + sc.format(beta)
          + " + "
          + per
          + " x tau "
          + sc.format(tau)
          + " (the least of its links)";
    }
  }
}
