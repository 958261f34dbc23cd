package org.commsched.core.bounds;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * Lower bounds for send, broadcast and gossip under the linear cost model with repackaging (a
 * packet of L units takes {@code beta + L tau} on one arc; nodes may split and merge units freely),
 * in ticks.
 *
 * <p>Source: D. B. Peters, <i>Bounds for Communication Problems in Interconnection Networks under a
 * Linear Cost Model</i>, PhD thesis, Simon Fraser University, 1995
 * (docs/models/linear-cost.md#pipeline-formulas, #planned-methods, #master-table).
 *
 * <p>Validity across models: the full-duplex all-port model F* is the least restrictive (half
 * duplex and one port only forbid schedules), so an optimum proven for F* bounds every model. The
 * processor-bound optima ({@code S_1}, the one-port ring gossip) assume that a node never receives
 * from one neighbour while sending to another: that is our {@code exchange} one-port rule, not
 * {@code send-and-receive}, so they are used only under {@code exchange}. Units may travel any path
 * of the network (the thesis's model), so path optima are used only where the path between the two
 * nodes is unique ({@link NetworkFacts#uniquePaths}); elsewhere only cut, port, distance and volume
 * arguments are used. Every transfer carries at least one unit, so a hop takes at least {@code h =
 * beta + tau}.
 *
 * <p>Port and cut bounds count only <i>first arrivals</i> (for each unit and node, the transfer
 * that brings the unit there earliest), so redundant copies cannot weaken them. RECV-PORT /
 * TARGET-PORT: a node needing N units first-receives them over at most c arcs at once (c = 1 with
 * one port, else its in-degree), so some arc carries first arrivals of {@code ceil(N / c)} units,
 * in transfers that run one at a time and cannot start before the sender knows a unit ({@code (dist
 * - 1) h} after the start for a broadcast or send). SOURCE-PORT is the same for the first
 * departures from the source; in a send their units still need {@code dist - 1} hops. TREE-CUT: on
 * a tree the arc u->w is the only way into w's side, so the first crossings of the units of u's
 * side are sequential on it, and the unit of the last one still has to reach the node of w's side
 * farthest from w. VOLUME: at most {@code cap} transfers run at once (a matching of talking pairs
 * under the exchange rule, one incoming transfer per node under send-and-receive, one per arc or
 * half-duplex edge otherwise), and their total length is at least {@code (receiving nodes) beta +
 * (units to deliver) tau}. DOUBLING and CUT (broadcast, gossip, any network) are {@link
 * SpreadBounds}'.
 */
final class LinearCostBounds {
  private LinearCostBounds() {}

  /**
   * The bounds of {@code inst}; those that search over nodes or target sets stop at {@code
   * cutoff}'s deadline ({@link Cutoff}).
   */
  static void of(Instance inst, List<LowerBound> out, Cutoff cutoff) {
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    TimeScale sc = inst.timeScale();
    Ctx c = new Ctx(inst, model, sc, cutoff);
    if (inst.problem() instanceof Problem.Send) {
      send(c, (Problem.Send) inst.problem(), out);
    } else if (inst.problem() instanceof Problem.Broadcast) {
      broadcast(c, (Problem.Broadcast) inst.problem(), out);
    } else if (inst.problem() instanceof Problem.Gossip) {
      gossip(c, ((Problem.Gossip) inst.problem()).length(), out);
    }
    // last, so that it is reported only above every other bound (a ring's optimum among them)
    try {
      if (inst.problem() instanceof Problem.Broadcast b) {
        MultiFeedBound.add(
            c.net, b.source(), b.length(), c.one, c.beta, c.tau, c::f, out, c.cutoff);
        ArcFeedBound.add(c.net, b.source(), b.length(), c.one, c.beta, c.tau, c::f, out, c.cutoff);
        SourceChainBound.add(c.net, b.source(), b.length(), c.beta, c.tau, c::f, out);
        FanChainBound.add(c.net, b.source(), b.length(), c.one, c.beta, c.tau, c::f, out);
      } else if (inst.problem() instanceof Problem.Gossip g) {
        MultiFeedBound.add(c.net, -1, g.length(), c.one, c.beta, c.tau, c::f, out, c.cutoff);
        ArcFeedBound.add(c.net, -1, g.length(), c.one, c.beta, c.tau, c::f, out, c.cutoff);
      }
    } catch (ArithmeticException e) {
      // beyond 2^63 ticks: the other bounds stand
    }
  }

  /** Formulas that minimise over every packet size k run only up to this many units. */
  static final long SCAN_LIMIT = 5_000_000L;

  /**
   * The port and duplex rules a scheme needs, from the most to the least permissive model it is
   * proven for.
   */
  private enum Needs {
    /** F*: all ports, full duplex. */
    F_STAR,
    /** H*: all ports (each link used one way at a time). */
    H_STAR,
    /** F1: full duplex (exchanges with one neighbour; send-and-receive allows them too). */
    F_ONE,
    /**
     * Relays receive on one link while sending on another, one each: all ports, or one port
     * send-and-receive.
     */
    RELAY,
    /** No node in two packets at once: every model. */
    H_ONE;

    boolean allows(CommModel.StoreAndForward m) {
      boolean all = m.ports() == CommModel.Ports.ALL;
      boolean full = m.duplex() == CommModel.Duplex.FULL;
      return switch (this) {
        case F_STAR -> all && full;
        case H_STAR -> all;
        case F_ONE -> full;
        case RELAY -> all || m.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE;
        case H_ONE -> true;
      };
    }

    String words() {
      return switch (this) {
        case F_STAR -> "full duplex, all ports";
        case H_STAR -> "all ports, each link used one way at a time";
        case F_ONE -> "full duplex, one exchange per node at a time";
        case RELAY -> "each relay receives and sends one packet at a time";
        case H_ONE -> "no node in two packets at once";
      };
    }
  }

  /**
   * The thesis's schemes that apply to the instance (docs/models/linear-cost.md#master-table), as
   * upper bounds: a scheme proven for one model is valid under every model that allows more ({@link
   * Needs}). The bounds the corrections withdraw are left out ({@link LinearCostFormulas}).
   */
  static void upper(Instance inst, List<UpperBound> out) {
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    TimeScale sc = inst.timeScale();
    PathSending ps = PathSending.of(model, sc);
    LinearCostFormulas f = new LinearCostFormulas(ps);
    Network net = inst.network();
    Topology t = net.topology();
    int p = net.nodes();
    java.util.function.BiConsumer<Needs, UpperBound> add =
        (needs, b) -> {
          if (needs.allows(model)) {
            out.add(
                new UpperBound(
                    b.value(),
                    b.kind(),
                    b.witness() + " = " + sc.format(b.value()) + " (" + needs.words() + ")"));
          }
        };
    if (inst.problem() instanceof Problem.Send s) {
      long n = s.length();
      long d = inst.atlas().hops(0);
      add.accept(
          Needs.RELAY,
          new UpperBound(
              ps.sStar(n, d),
              "PIPELINE-LINK",
              "the link-bound pipeline along the "
                  + "route of "
                  + d
                  + " links at its best packet size, S_*("
                  + n
                  + ", "
                  + d
                  + ") (Peters, Thm 2.3.1)"));
      add.accept(
          Needs.H_ONE,
          new UpperBound(
              ps.sOne(n, d),
              "PIPELINE-PROC",
              "the processor-bound pipeline along "
                  + "the route of "
                  + d
                  + " links, S_1("
                  + n
                  + ", "
                  + d
                  + ") (Peters, Thm 2.4.1)"));
      if (t instanceof Topology.Ring) {
        long m = Math.floorMod(s.target() - s.source(), p);
        add.accept(
            Needs.H_STAR,
            new UpperBound(
                ps.ringSend(n, m, p),
                "RING-SPLIT",
                "the best split over the two "
                    + "paths of the ring, min over n0 of max(S_*(n0, "
                    + m
                    + "), S_*(n - n0, "
                    + (p - m)
                    + ")) "
                    + "(Peters, Observation 2.5.1)"));
      }
      if (t instanceof Topology.Hypercube) {
        int bits = Integer.bitCount(s.source() ^ s.target());
        if (bits >= 2) {
          add.accept(
              Needs.H_STAR,
              new UpperBound(
                  f.hypercubeSend(n, bits),
                  "HYPERCUBE-SPLIT",
                  bits
                      + " disjoint "
                      + "paths of "
                      + bits
                      + " links, S_*(ceil(n/"
                      + bits
                      + "), "
                      + bits
                      + ") (Peters, §2.5)"));
        }
      }
      return;
    }
    if (inst.problem() instanceof Problem.Broadcast b) {
      long n = b.length();
      boolean scan = n <= SCAN_LIMIT;
      if (t instanceof Topology.URing) {
        add.accept(
            Needs.RELAY,
            new UpperBound(
                f.uringBroadcast(n, p, false),
                "URING-BCAST",
                "the pipeline round "
                    + "the one-way ring, S_*("
                    + n
                    + ", "
                    + (p - 1)
                    + ") (Peters, Observation 3.2.1)"));
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                f.uringBroadcast(n, p, true),
                "URING-BCAST-1",
                "the processor-bound "
                    + "pipeline round the one-way ring, S_1("
                    + n
                    + ", "
                    + (p - 1)
                    + ") (Peters, Observation 3.2.1)"));
      } else if (t instanceof Topology.Ring) {
        add.accept(
            Needs.F_STAR,
            new UpperBound(
                ps.ringBroadcast(n, p),
                "RING-BCAST",
                p % 2 == 0
                    ? "prefixes one "
                        + "way and suffixes the other, S_*(ceil(n/2), p/2) (Peters, Thm 3.2.1)"
                    : "the uneven split toward the "
                        + "antipodal pair, min_k T_*(n - floor((n+k)/2), (p+1)/2, k) (Peters, Thm 3.2.2)"));
        if (scan || p % 2 == 0) {
          add.accept(
              Needs.F_ONE,
              new UpperBound(
                  f.ringBroadcastF1(n, p),
                  "RING-BCAST-F1",
                  p % 2 == 0
                      ? "alternating pairings, the first sub-message short, S_*(n, p/2) (Peters, Prop 3.2.1 corrected)"
                      : "one idle node per round, queues per direction, min_k T_*(n + k ceil((k(m-1)+n)/(2mk)), m, k) with "
                          + "m = "
                          + p / 2
                          + " (Peters, Prop 3.2.2)"));
        }
        if (scan) {
          add.accept(
              Needs.H_STAR,
              new UpperBound(
                  f.ringBroadcastHStar(n, p),
                  "RING-BCAST-H",
                  (p % 2 == 0
                          ? "both halves pipelined, the antipode fed from both sides"
                          : "the middle link used both ways")
                      + ", then one packet back per phase from each completed node, "
                      + "min_k of the phase recursion with m = "
                      + p / 2
                      + " (Peters, Prop "
                      + (p % 2 == 0 ? "3.2.3" : "3.2.4")
                      + ")"));
        }
        add.accept(
            Needs.H_STAR,
            new UpperBound(
                f.ringBroadcastHalfCut(n, p, false),
                "RING-CUT",
                "the ring cut "
                    + "into two paths, S_*("
                    + n
                    + ", "
                    + p / 2
                    + ") (Fraigniaud and Lazard, quoted by Peters §3.2.3)"));
        if (p % 2 == 0) {
          add.accept(
              Needs.H_ONE,
              new UpperBound(
                  f.ringBroadcastHalfCut(n, p, true),
                  "RING-CUT-1",
                  "the ring cut "
                      + "into paths of "
                      + p / 2
                      + " and "
                      + (p / 2 - 1)
                      + " links, processor-bound pipelines with the "
                      + "source alternating, S_1("
                      + n
                      + ", "
                      + p / 2
                      + ") (Fraigniaud and Lazard)"));
        } else {
          add.accept(
              Needs.H_ONE,
              new UpperBound(
                  ps.sOne(n, (p + 1) / 2),
                  "RING-CUT-1",
                  "the ring cut into two paths "
                      + "of "
                      + p / 2
                      + " links, processor-bound pipelines with the source alternating, the second one slot "
                      + "later, S_1("
                      + n
                      + ", "
                      + (p + 1) / 2
                      + ") (Fraigniaud and Lazard's cut, corrected for odd rings)"));
        }
      } else if (t instanceof Topology.Complete) {
        if (scan) {
          add.accept(
              Needs.F_STAR,
              new UpperBound(
                  f.completeBroadcastFStar(n, p),
                  "COMPLETE-BCAST",
                  "a reserve of "
                      + "k units, the rest spread over the other nodes and forwarded, min_k T_*(ceil((n - k)/(p - 1)), 2, "
                      + "k) (Peters, Prop 3.3.1)"));
          if (ps.tau() > 0) {
            add.accept(
                Needs.H_STAR,
                new UpperBound(
                    f.completeBroadcastHStar(n, p),
                    "COMPLETE-BCAST-H",
                    "chunks "
                        + "doubling per phase, min_k (2r + 1) beta + (2 ceil((n - k - r floor(beta/tau))/p) + k) tau "
                        + "(Peters, Prop 3.3.2)"));
          }
          if (p >= 3) {
            add.accept(
                Needs.F_ONE,
                new UpperBound(
                    f.completeBroadcastF1(n, p),
                    "COMPLETE-BCAST-F1",
                    "the best of "
                        + "a sub-hypercube then one round and the ring schemes on a Hamiltonian cycle (Peters, Cors "
                        + "3.3.1-3.3.3)"));
          }
        }
        add.accept(
            Needs.H_STAR,
            new UpperBound(
                f.completeBroadcastHStarOld(n, p),
                "COMPLETE-BCAST-H-OLD",
                "S_*(ceil(n/floor(p/2)), 3) (Fraigniaud and Lazard, quoted by Peters §3.3)"));
        add.accept(
            Needs.RELAY,
            new UpperBound(
                ps.sStar(n, p - 1),
                "HAMILTON-PATH",
                "the link-bound pipeline "
                    + "along a Hamiltonian path, S_*("
                    + n
                    + ", "
                    + (p - 1)
                    + ") (Fraigniaud and Lazard, quoted by Peters "
                    + "§3.3; not under the exchange rule)"));
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                ps.sOne(n, p - 1),
                "HAMILTON-PATH-1",
                "the processor-bound "
                    + "pipeline along a Hamiltonian path, S_1("
                    + n
                    + ", "
                    + (p - 1)
                    + ") (Peters, Thm 2.4.1)"));
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                f.completeBroadcastH1(n, p),
                "COMPLETE-BCAST-1",
                "the hypercube "
                    + "rounds split on a sub-hypercube then one round, or the ring cut on a Hamiltonian cycle (Peters, Cors "
                    + "3.3.4, 3.3.5 corrected for one port)"));
      } else if (t instanceof Topology.Hypercube || t instanceof Topology.FoldedHypercube) {
        int dim =
            t instanceof Topology.Hypercube h
                ? h.dimension()
                : ((Topology.FoldedHypercube) t).dimension();
        add.accept(
            Needs.F_ONE,
            new UpperBound(
                f.hypercubeBroadcastF1(n, dim),
                "HYPERCUBE-BCAST-F1",
                "sub-messages pipelined along rotating dimensions, S_*("
                    + n
                    + ", "
                    + dim
                    + ") (Peters, "
                    + "Prop 3.3.3)"));
        if (t instanceof Topology.FoldedHypercube) {
          add.accept(
              Needs.RELAY,
              new UpperBound(
                  f.hypercubeBroadcastF1(n, dim),
                  "FOLDED-BCAST",
                  "the hypercube "
                      + "rounds with the far side sending to its antipodes, S_*("
                      + n
                      + ", "
                      + dim
                      + ") (Peters, Prop 3.3.4, "
                      + "valid only when a node may send and receive on two links at once)"));
        }
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                f.hypercubeBroadcastH1(n, dim),
                "HYPERCUBE-BCAST-1",
                "the hypercube "
                    + "rounds split in two, S_1("
                    + n
                    + ", "
                    + dim
                    + ") (Peters, Prop 3.3.3, rounds split)"));
      }
      return;
    }
    if (inst.problem() instanceof Problem.Gossip g && p >= 3) {
      long n = g.length();
      if (t instanceof Topology.URing) {
        add.accept(
            Needs.RELAY,
            new UpperBound(
                f.uringGossip(n, p),
                "URING-GOSSIP",
                "every node forwards what it "
                    + "received last round, (p - 1)(beta + n tau) (Peters, Thm 4.2.1)"));
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                f.uringGossipOnePort(n, p),
                "URING-GOSSIP-1",
                p % 2 == 0
                    ? "nodes of one parity send per round, p beta + 2(p - 1) n tau (Peters, Thm 4.2.2)"
                    : "one idle node per round, (p + 1) beta + 2 p n tau (Peters, Thm 4.2.3)"));
      } else if (t instanceof Topology.Ring) {
        add.accept(
            Needs.F_STAR,
            new UpperBound(
                f.ringGossipFStar(n, p),
                "RING-GOSSIP",
                "floor(p/2) beta + " + "ceil((p - 1) n / 2) tau (Peters, Thm 4.2.4)"));
        add.accept(
            Needs.F_ONE,
            new UpperBound(
                f.ringGossipF1(n, p),
                "RING-GOSSIP-F1",
                p % 2 == 0
                    ? "(p/2) beta + (p - 1) n tau (Peters, Thm 4.2.5)"
                    : "(m + 2) beta + (2m + 2) n tau with m = "
                        + p / 2
                        + " (Peters, Observation 4.2.2)"));
        add.accept(
            Needs.H_STAR,
            new UpperBound(
                f.ringGossipHStar(n, p),
                "RING-GOSSIP-H",
                p % 2 == 0
                    ? "the better of the one-way scheme and nodes of one parity sending both ways, (p/2 + 1) beta + (p - 1) "
                        + "n tau, one tau more for odd n (Peters, Observation 4.2.3, §4.2.5)"
                    : "the one-way scheme, (p - 1)"
                        + "(beta + n tau) (Peters, Observation 4.2.3)"));
        add.accept(
            Needs.H_ONE,
            new UpperBound(
                f.ringGossipH1(n, p),
                "RING-GOSSIP-H1",
                "the one-way processor-bound "
                    + "schemes, 2 ceil(p/2) beta + (4 ceil(p/2) - 2) n tau (Peters, Observation 4.2.4)"));
      }
    }
  }

  /** What every bound needs. */
  private static final class Ctx {
    final Network net;
    final TimeScale sc;
    final long beta;
    final long tau;
    final long hop;
    final boolean one;
    final boolean exchange;
    final boolean half;
    final PathSending ps;
    final int p;
    final Cutoff cutoff;

    Ctx(Instance inst, CommModel.StoreAndForward model, TimeScale sc, Cutoff cutoff) {
      this.cutoff = cutoff;
      this.net = inst.network();
      this.sc = sc;
      this.beta = model.betaTicks(sc);
      this.tau = model.tauTicks(sc);
      this.hop = Math.addExact(beta, tau);
      this.one = model.ports() == CommModel.Ports.ONE;
      this.exchange = one && model.onePort() == CommModel.OnePortRule.EXCHANGE;
      this.half = model.duplex() == CommModel.Duplex.HALF;
      this.ps = new PathSending(beta, tau);
      this.p = net.nodes();
    }

    /** The path optimum that bounds this model: S_1 under exchange, else S_*. */
    long pathOpt(long n, long m) {
      return exchange ? ps.sOne(n, m) : ps.sStar(n, m);
    }

    String pathName() {
      return exchange ? "S_1" : "S_*";
    }

    String f(long ticks) {
      return sc.format(ticks);
    }

    /**
     * beta + ceil(n / c) tau: c arcs (or one port) must together carry n units, one packet at
     * least.
     */
    long port(long n, long c) {
      return Math.addExact(beta, Math.multiplyExact(PathSending.ceilDiv(n, c), tau));
    }

    /** Most transfers that can be active at one instant. */
    long capacity() {
      long links = half ? net.edges() : net.arcs();
      if (!one) {
        return links;
      }
      if (!exchange) {
        return Math.min(p, links); // at most one incoming transfer per node
      }
      long matching = p / 2; // the talking pairs form a matching
      long perPair = !half && NetworkFacts.someLinkBidirectional(net) ? 2 : 1;
      return Math.min(links, matching * perPair);
    }

    String portRule() {
      return one ? (exchange ? "one port, exchange rule" : "one port") : "all ports";
    }
  }

  private static void send(Ctx c, Problem.Send s, List<LowerBound> out) {
    long n = s.length();
    int d =
        c.net.distance(
            s.source(), s.target()); // a formula on the regular families, else one search
    if (d <= 0) {
      return;
    }
    out.add(
        new LowerBound(
            Math.multiplyExact(d, c.hop),
            "FIRST-UNIT",
            "target "
                + s.target()
                + " is "
                + Witness.count(d, "hop")
                + " from source "
                + s.source()
                + " and each hop takes at least beta + tau = "
                + c.f(c.hop)
                + ": "
                + d
                + " x "
                + c.f(c.hop)
                + " = "
                + c.f(Math.multiplyExact(d, c.hop))));
    long lead = Math.multiplyExact(d - 1, c.hop);
    long ct = c.one ? 1 : c.net.inDegree(s.target());
    long tv = Math.addExact(lead, c.port(n, ct));
    out.add(
        new LowerBound(
            tv,
            "TARGET-PORT",
            "target "
                + s.target()
                + " ("
                + c.portRule()
                + ", "
                + Witness.count(ct, "incoming arc")
                + " usable at once) must receive "
                + Witness.count(n, "unit")
                + ", so some arc into it carries "
                + PathSending.ceilDiv(n, ct)
                + " of them: beta + "
                + PathSending.ceilDiv(n, ct)
                + " x tau = "
                + c.f(c.port(n, ct))
                + ", after at least "
                + Witness.count(d - 1, "hop")
                + " of beta + tau: total "
                + c.f(tv)));
    long cs = c.one ? 1 : c.net.outDegree(s.source());
    long sv = Math.addExact(lead, c.port(n, cs));
    out.add(
        new LowerBound(
            sv,
            "SOURCE-PORT",
            "source "
                + s.source()
                + " ("
                + c.portRule()
                + ") must send "
                + Witness.count(n, "unit")
                + ", so some arc out of it carries "
                + PathSending.ceilDiv(n, cs)
                + " of them: "
                + c.f(c.port(n, cs))
                + ", and those still need at least "
                + Witness.count(d - 1, "hop")
                + " of beta + tau: total "
                + c.f(sv)));
    if (NetworkFacts.uniquePaths(c.net)) {
      long v = c.pathOpt(n, d);
      out.add(
          new LowerBound(
              v,
              "PATH",
              "the only path from "
                  + s.source()
                  + " to "
                  + s.target()
                  + " has "
                  + Witness.count(d, "link")
                  + ", so the send is a path send: "
                  + c.pathName()
                  + "("
                  + n
                  + ", "
                  + d
                  + ") = "
                  + c.f(v)
                  + " (Peters, Thm "
                  + (c.exchange ? "2.4.1" : "2.3.1")
                  + ")"));
    }
    if (c.net.topology() instanceof Topology.Ring) {
      long m = Math.floorMod(s.target() - s.source(), c.p);
      long v = c.ps.ringSend(n, m, c.p);
      out.add(
          new LowerBound(
              v,
              "RING-SEND",
              "on the ring of "
                  + c.p
                  + " nodes the target is "
                  + m
                  + " hops one "
                  + "way and "
                  + (c.p - m)
                  + " the other; even using both paths at full duplex with all ports, "
                  + "min over n0 of max(S_*(n0, "
                  + m
                  + "), S_*("
                  + n
                  + " - n0, "
                  + (c.p - m)
                  + ")) = "
                  + c.f(v)
                  + " (Peters, Observation 2.5.1)"));
    }
  }

  private static void broadcast(Ctx c, Problem.Broadcast b, List<LowerBound> out) {
    long n = b.length();
    int s = b.source();
    int[] dist = NetworkFacts.distFrom(c.net, s);
    int ecc = NetworkFacts.maxFinite(dist);
    if (ecc == 0) {
      return;
    }
    int far = farthest(dist);
    out.add(
        new LowerBound(
            Math.multiplyExact(ecc, c.hop),
            "ECCENTRICITY",
            "node "
                + far
                + " is "
                + Witness.count(ecc, "hop")
                + " from source "
                + s
                + " and each hop takes at least beta + tau = "
                + c.f(c.hop)
                + ": "
                + ecc
                + " x "
                + c.f(c.hop)
                + " = "
                + c.f(Math.multiplyExact(ecc, c.hop))));
    // RECV-PORT: node v must receive all n units; some arc into it carries ceil(n / c_v) of them,
    // and nothing
    // can reach it before its in-neighbour knows a unit, dist(v) - 1 hops after the start.
    long best = -1;
    int bestV = -1;
    for (int v = 0; v < c.p; v++) {
      if (v == s || dist[v] < 0) {
        continue;
      }
      long cv = c.one ? 1 : c.net.inDegree(v);
      long val = Math.addExact(Math.multiplyExact(dist[v] - 1, c.hop), c.port(n, cv));
      if (val > best) {
        best = val;
        bestV = v;
      }
    }
    long cv = c.one ? 1 : c.net.inDegree(bestV);
    out.add(
        new LowerBound(
            best,
            "RECV-PORT",
            "node "
                + bestV
                + " ("
                + c.portRule()
                + ", "
                + Witness.count(cv, "incoming arc")
                + " usable at once) must receive all "
                + Witness.count(n, "unit")
                + ": beta + "
                + PathSending.ceilDiv(n, cv)
                + " x tau = "
                + c.f(c.port(n, cv))
                + " on one arc, after "
                + "at least "
                + Witness.count(dist[bestV] - 1, "hop")
                + " of beta + tau: total "
                + c.f(best)));
    long cs = c.one ? 1 : c.net.outDegree(s);
    out.add(
        new LowerBound(
            c.port(n, cs),
            "SOURCE-PORT",
            "source "
                + s
                + " ("
                + c.portRule()
                + ") must send "
                + "all "
                + Witness.count(n, "unit")
                + " over "
                + Witness.count(cs, "arc")
                + " at once: beta + "
                + PathSending.ceilDiv(n, cs)
                + " x tau = "
                + c.f(c.port(n, cs))));
    volume(c, c.p - 1L, Math.multiplyExact(c.p - 1L, n), "every node but the source", out);
    if (c.one) {
      SpreadBounds.doubling(c.beta, c.tau, c.p, n, ecc, "source " + s, c::f, out);
      farSplit(c, n, s, dist, out);
      if (n == 1 || c.tau == 0) {
        SpreadBounds.idleDoubling(c.net, s, c.hop, c::f, out); // one call = one hop (tau = 0: beta)
      }
    }
    SpreadBounds.cut(c.net, s, n, c.one, c.beta, c.tau, c::f, c.portRule(), out);
    feed(c, s, n, out);
    if (NetworkFacts.uniquePaths(c.net)) {
      long v = c.pathOpt(n, ecc);
      out.add(
          new LowerBound(
              v,
              "PATH",
              "the only path from source "
                  + s
                  + " to node "
                  + far
                  + " has "
                  + Witness.count(ecc, "link")
                  + " and every unit that reaches it came along that path: "
                  + c.pathName()
                  + "("
                  + n
                  + ", "
                  + ecc
                  + ") = "
                  + c.f(v)
                  + " (Peters, Thm "
                  + (c.exchange ? "2.4.1" : "2.3.1")
                  + (c.net.topology() instanceof Topology.URing ? ", Observation 3.2.1" : "")
                  + ")"));
    }
    if (c.net.topology() instanceof Topology.Ring) {
      long v = c.ps.ringBroadcast(n, c.p);
      out.add(
          new LowerBound(
              v,
              "RING-BCAST",
              "the optimal broadcast of "
                  + Witness.count(n, "unit")
                  + " on a full-duplex all-port ring of "
                  + c.p
                  + " nodes takes "
                  + c.f(v)
                  + " (Peters, Thm "
                  + (c.p % 2 == 0
                      ? "3.2.1: S_*(ceil(n/2), p/2)"
                      : "3.2.2: min_k T_*(n - floor((n+k)/2), (p+1)/2, k)")
                  + "); every other model only forbids schedules"));
    }
  }

  /**
   * FAR-SPLIT (one port): the first-arrival tree of the last unit must part towards far nodes
   * (FarSplitBound).
   */
  private static void farSplit(Ctx c, long n, int s, int[] dist, List<LowerBound> out) {
    FarSplitBound.Result r = FarSplitBound.compute(c.net, s, dist, c.cutoff);
    if (r == null) {
      return;
    }
    long first = Math.addExact(c.beta, Math.multiplyExact(n, c.tau));
    long v = Math.addExact(first, Math.multiplyExact(r.steps() - 1L, c.hop));
    StringBuilder far = new StringBuilder();
    for (int w : r.targets()) {
      far.append(far.length() == 0 ? "" : ", ").append(w);
    }
    out.add(
        new LowerBound(
            v,
            "FAR-SPLIT",
            "one port: the unit of source "
                + s
                + "'s message that first leaves it "
                + "last does so at beta + "
                + n
                + " tau = "
                + c.f(first)
                + " or later, and its first-arrival tree must reach "
                + "nodes "
                + far
                + "; every node of the tree sends one packet at a time, so where the paths to them part all "
                + "but one branch wait a further beta + tau = "
                + c.f(c.hop)
                + ": at least "
                + r.steps()
                + " steps of it "
                + "(the recursion over the splits), "
                + c.f(first)
                + " + "
                + (r.steps() - 1)
                + " x "
                + c.f(c.hop)
                + " = "
                + c.f(v)
                + (r.cut() ? Cutoff.note(r.targets().length, r.chosen(), "far targets") : "")));
  }

  private static void gossip(Ctx c, long n, List<LowerBound> out) {
    int p = c.p;
    if (p < 2) {
      return;
    }
    // DIAMETER: some node's units must reach a node diam hops away.
    // all sources when cheap; otherwise a double sweep (each eccentricity is at most the diameter)
    int[] sources;
    if ((long) p * (p + c.net.arcs()) <= 20_000_000L) {
      sources = new int[p];
      for (int u = 0; u < p; u++) {
        sources[u] = u;
      }
    } else {
      sources = new int[] {0, farthest(NetworkFacts.distFrom(c.net, 0))};
    }
    int diam = -1;
    int du = 0;
    int dv = 0;
    for (int u : sources) {
      int[] d = NetworkFacts.distFrom(c.net, u);
      int far = farthest(d);
      if (d[far] > diam) {
        diam = d[far];
        du = u;
        dv = far;
      }
    }
    if (diam > 0) {
      out.add(
          new LowerBound(
              Math.multiplyExact(diam, c.hop),
              "DIAMETER",
              "node "
                  + dv
                  + " is "
                  + Witness.count(diam, "hop")
                  + " from node "
                  + du
                  + ", whose units it needs; each hop takes at least "
                  + "beta + tau = "
                  + c.f(c.hop)
                  + ": "
                  + diam
                  + " x "
                  + c.f(c.hop)
                  + " = "
                  + c.f(Math.multiplyExact(diam, c.hop))));
    }
    long need = Math.multiplyExact(p - 1L, n);
    long best = -1;
    int bestV = -1;
    for (int v = 0; v < p; v++) {
      long cv = c.one ? 1 : Math.max(1, c.net.inDegree(v));
      long val = c.port(need, cv);
      if (val > best) {
        best = val;
        bestV = v;
      }
    }
    long cv = c.one ? 1 : Math.max(1, c.net.inDegree(bestV));
    out.add(
        new LowerBound(
            best,
            "RECV-PORT",
            "node "
                + bestV
                + " ("
                + c.portRule()
                + ", "
                + Witness.count(cv, "incoming arc")
                + " usable at once) must receive (p - 1) n = "
                + need
                + " units: "
                + "beta + "
                + PathSending.ceilDiv(need, cv)
                + " x tau = "
                + c.f(best)));
    volume(c, p, Math.multiplyExact(p, need), "every node", out);
    if (c.one) {
      SpreadBounds.doubling(c.beta, c.tau, p, n, Math.max(diam, 0), "node " + du, c::f, out);
    }
    SpreadBounds.cut(c.net, -1, n, c.one, c.beta, c.tau, c::f, c.portRule(), out);
    feed(c, -1, n, out);
    if (NetworkFacts.uniquePaths(c.net) && NetworkFacts.allLinksBidirectional(c.net)) {
      treeCut(c, n, out);
    }
    Topology t = c.net.topology();
    if (t instanceof Topology.URing && p >= 3) {
      long v;
      String why;
      if (c.exchange) {
        v = new LinearCostFormulas(c.ps).uringGossipOnePort(n, p);
        why =
            p % 2 == 0
                ? "p beta + 2 (p - 1) n tau (Peters, Thm 4.2.2)"
                : "(p + 1) beta + 2 p n tau (Peters, " + "Thm 4.2.3)";
      } else {
        v = new LinearCostFormulas(c.ps).uringGossip(n, p);
        why = "(p - 1)(beta + n tau) (Peters, Thm 4.2.1)";
      }
      out.add(
          new LowerBound(
              v,
              "URING-GOSSIP",
              "the optimal gossip on a unidirectional ring of "
                  + p
                  + " nodes under "
                  + c.portRule()
                  + " takes "
                  + why
                  + " = "
                  + c.f(v)));
    }
    if (t instanceof Topology.Ring) {
      long v = new LinearCostFormulas(c.ps).ringGossipFStar(n, p);
      out.add(
          new LowerBound(
              v,
              "RING-GOSSIP",
              "the optimal gossip on a full-duplex all-port ring of "
                  + p
                  + " nodes takes floor(p/2) beta + ceil((p - 1) n / 2) tau = "
                  + c.f(v)
                  + " (Peters, Thm 4.2.4); every "
                  + "other model only forbids schedules"));
      if (c.half) {
        LinearCostFormulas lf = new LinearCostFormulas(new PathSending(c.beta, c.tau));
        long h = lf.ringGossipHalfLower(n, p);
        out.add(
            new LowerBound(
                h,
                "RING-GOSSIP-HALF",
                "under half duplex a gossip on a ring of "
                    + p
                    + " nodes takes "
                    + "at least max(floor(p/2)(beta + tau), (p - 1) n tau) = "
                    + c.f(h)
                    + " (Fraigniaud and Lazard, with "
                    + "(p - 1) n for their 2(p - 1) ceil(n/2), false for odd n)"));
        if (c.one) {
          long h1 = lf.ringGossipH1LiteratureLower(n, p);
          out.add(
              new LowerBound(
                  h1,
                  "RING-GOSSIP-H1-LIT",
                  "the literature's H1 ring gossip bound, max(floor(p/2)"
                      + "(beta + tau), "
                      + (p % 2 == 0 ? "(p - 2)" : "(p - 1)")
                      + " n tau) = "
                      + c.f(h1)
                      + " (quoted by Peters, Table 5.1)"));
        }
      }
      if (c.exchange) {
        long w = new LinearCostFormulas(c.ps).ringGossipF1Lower(n, p);
        out.add(
            new LowerBound(
                w,
                "RING-GOSSIP-1",
                "with one port (exchange rule) a gossip on a ring of "
                    + p
                    + " nodes takes at least ceil(p/2) beta + (p - 1) n tau = "
                    + c.f(w)
                    + " (Peters, Thm 4.2.5, Lemmas "
                    + "4.2.5-4.2.6, Cor 4.2.2)"));
      }
    }
  }

  /**
   * Transfers are intervals; at most cap of them at once; their total length is at least the work.
   */
  /**
   * FEED ({@link SpreadBounds#feed}) and RELAY-FEED ({@link RelayFeedBound}); nothing beyond the
   * long range.
   */
  private static void feed(Ctx c, int source, long n, List<LowerBound> out) {
    try {
      SpreadBounds.feed(c.net, source, n, c.one, c.beta, c.tau, c::f, c.portRule(), out, c.cutoff);
    } catch (ArithmeticException e) {
      // beyond 2^63 ticks: the other bounds stand
    }
    try {
      RelayFeedBound.add(c.net, source, n, c.one, c.beta, c.tau, c::f, out, c.cutoff);
    } catch (ArithmeticException e) {
      // as above
    }
  }

  private static void volume(Ctx c, long transfers, long units, String who, List<LowerBound> out) {
    long cap = c.capacity();
    if (cap <= 0) {
      return;
    }
    long work =
        Math.addExact(Math.multiplyExact(transfers, c.beta), Math.multiplyExact(units, c.tau));
    long v = PathSending.ceilDiv(work, cap);
    out.add(
        new LowerBound(
            v,
            "VOLUME",
            who
                + " must receive: at least "
                + transfers
                + " transfers carrying "
                + units
                + " units in all, "
                + transfers
                + " x beta + "
                + units
                + " x tau = "
                + c.f(work)
                + " of transfer "
                + "time, and at most "
                + cap
                + " transfers run at once ("
                + c.portRule()
                + (c.half ? ", half duplex" : "")
                + "): "
                + c.f(work)
                + " / "
                + cap
                + ", rounded up to a whole tick, = "
                + c.f(v)));
  }

  /**
   * Gossip on a tree with bidirectional links: the arc from u into w's side must carry the units of
   * every node on u's side, and its last packet still has to reach the farthest node on w's side.
   * With half duplex the link carries both directions one at a time.
   */
  private static void treeCut(Ctx c, long n, List<LowerBound> out) {
    Network net = c.net;
    int p = c.p;
    int[][] tree = NetworkFacts.rootedTree(net, 0);
    int[] parent = tree[0];
    int[] order = tree[1];
    if (order.length != p) {
      return;
    }
    int[] size = new int[p];
    int[] height = new int[p];
    int[] top1 = new int[p]; // best 1 + height(child)
    int[] top2 = new int[p];
    int[] topChild = new int[p];
    java.util.Arrays.fill(topChild, -1);
    for (int i = p - 1; i >= 0; i--) {
      int v = order[i];
      size[v] += 1;
      height[v] = top1[v];
      int u = parent[v];
      if (u >= 0) {
        size[u] += size[v];
        int h = 1 + height[v];
        if (h > top1[u]) {
          top2[u] = top1[u];
          top1[u] = h;
          topChild[u] = v;
        } else if (h > top2[u]) {
          top2[u] = h;
        }
      }
    }
    int[] up = new int[p]; // farthest distance from v through its parent
    for (int v : order) {
      int u = parent[v];
      if (u >= 0) {
        int sib = topChild[u] == v ? top2[u] : top1[u];
        up[v] = 1 + Math.max(up[u], sib);
      }
    }
    long best = -1;
    String witness = "";
    for (int w = 0; w < p; w++) {
      int u = parent[w];
      if (u < 0) {
        continue;
      }
      long downUnits = Math.multiplyExact(p - (long) size[w], n); // into w's side over u->w
      long upUnits = Math.multiplyExact(size[w], n); // out of w's side over w->u
      long downTail = height[w];
      long upTail = up[w] - 1L; // farthest from u outside w's subtree
      if (c.half) {
        long v =
            Math.addExact(
                Math.addExact(
                    Math.multiplyExact(2, c.beta),
                    Math.multiplyExact(Math.multiplyExact(p, n), c.tau)),
                Math.multiplyExact(Math.min(downTail, upTail), c.hop));
        if (v > best) {
          best = v;
          witness =
              "the half-duplex link "
                  + u
                  + "-"
                  + w
                  + " must carry "
                  + downUnits
                  + " units one way and "
                  + upUnits
                  + " the other, one direction at a time: 2 beta + "
                  + (long) p * n
                  + " tau, and the last "
                  + "transfer still needs "
                  + Math.min(downTail, upTail)
                  + " hops of beta + tau: total "
                  + c.f(v);
        }
      } else {
        long vd =
            Math.addExact(
                Math.addExact(c.beta, Math.multiplyExact(downUnits, c.tau)),
                Math.multiplyExact(downTail, c.hop));
        long vu =
            Math.addExact(
                Math.addExact(c.beta, Math.multiplyExact(upUnits, c.tau)),
                Math.multiplyExact(upTail, c.hop));
        if (vd > best) {
          best = vd;
          witness =
              "arc "
                  + u
                  + "->"
                  + w
                  + " is the only way into a side of the tree and must carry the "
                  + downUnits
                  + " units from the other side: beta + "
                  + downUnits
                  + " tau, and its last packet still "
                  + "has to travel "
                  + Witness.count(downTail, "hop")
                  + ": total "
                  + c.f(vd);
        }
        if (vu > best) {
          best = vu;
          witness =
              "arc "
                  + w
                  + "->"
                  + u
                  + " is the only way into a side of the tree and must carry the "
                  + upUnits
                  + " units from the other side: beta + "
                  + upUnits
                  + " tau, and its last packet still "
                  + "has to travel "
                  + Witness.count(upTail, "hop")
                  + ": total "
                  + c.f(vu);
        }
      }
    }
    if (best >= 0) {
      out.add(new LowerBound(best, "TREE-CUT", witness));
    }
  }

  private static int farthest(int[] dist) {
    int far = 0;
    for (int v = 0; v < dist.length; v++) {
      if (dist[v] > dist[far]) {
        far = v;
      }
    }
    return far;
  }
}
