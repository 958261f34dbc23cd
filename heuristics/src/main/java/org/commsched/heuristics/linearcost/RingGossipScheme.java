package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * What the ring gossip schemes of Peters' thesis share (docs/models/linear-cost.md#ring-gossip):
 * the scope (gossip under the linear cost model, on the {@code uring} or {@code ring} family, a
 * ring size condition), the size limit, and the run: the scheme writes its lock-step rounds into a
 * {@link GossipRounds}, and the result carries the best bound of {@code LowerBounds}, so it is
 * OPTIMAL exactly where a proven bound meets the makespan.
 *
 * @implNote Stateless.
 */
abstract class RingGossipScheme implements Method {
  /**
   * The largest ring a scheme schedules: a gossip schedule holds at least {@code p (p - 1)} records
   * (every node receives every other node's message), about 10^6 at this size; a 2000-node run took
   * 5 GB and minutes to write and check.
   */
  static final int MAX_NODES = org.commsched.core.model.Footprint.GOSSIP_MAX_NODES;

  /** The thesis, for the citations. */
  static final String THESIS =
      "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a "
          + "Linear Cost Model\" (PhD thesis)";

  /** The listing's note of the one-port schemes that hold under both one-port rules. */
  static final String EITHER_RULE = "either one-port rule";

  /** The listing's note of the one-way schemes. */
  static final String ONE_DIRECTION = "; on a two-way ring one direction only";

  static final CommModel.Ports[] ALL_PORTS = {CommModel.Ports.ALL};
  static final CommModel.Ports[] ONE_PORT = {CommModel.Ports.ONE};
  static final CommModel.Ports[] ANY_PORTS = {CommModel.Ports.ALL, CommModel.Ports.ONE};
  static final CommModel.Duplex[] FULL = {CommModel.Duplex.FULL};
  static final CommModel.Duplex[] HALF = {CommModel.Duplex.HALF};
  static final CommModel.Duplex[] ANY_DUPLEX = {CommModel.Duplex.FULL, CommModel.Duplex.HALF};

  /** Which rings: the one-way ring too, or only the two-way one; and which sizes. */
  enum Rings {
    ANY("a one-way or two-way ring (uring, ring)", true, 3, -1),
    EVEN("a one-way or two-way ring (uring, ring) of even size", true, 4, 0),
    ODD("a one-way or two-way ring (uring, ring) of odd size", true, 3, 1),
    TWO_WAY("a two-way ring (ring)", false, 3, -1),
    TWO_WAY_EVEN("a two-way ring (ring) of even size", false, 4, 0),
    TWO_WAY_ODD("a two-way ring (ring) of odd size", false, 3, 1);

    final String words;
    final boolean oneWay;
    final int min;
    final int parity;

    Rings(String words, boolean oneWay, int min, int parity) {
      this.words = words;
      this.oneWay = oneWay;
      this.min = min;
      this.parity = parity;
    }
  }

  /** Writes the scheme's rounds. */
  abstract void build(GossipRounds g);

  /**
   * Gossip, linear cost, under these ports and duplex, on these rings.
   *
   * @param otherParity the methods to name for a ring of the other parity (null when the rings have
   *     any parity)
   */
  static Scope gossipScope(
      Rings rings, String otherParity, CommModel.Ports[] ports, CommModel.Duplex[] duplex) {
    Scope s =
        Scope.of(ProblemKind.GOSSIP)
            .in(Family.LINEAR_COST)
            .ports(ports[0], rest(ports))
            .duplex(duplex[0], rest(duplex));
    return s.on(new Scope.NetworkTest(rings.words, i -> whyNotRing(rings, otherParity, i)));
  }

  private static <T> T[] rest(T[] a) {
    return java.util.Arrays.copyOfRange(a, 1, a.length);
  }

  private static String whyNotRing(Rings r, String otherParity, Instance instance) {
    Topology t = instance.network().topology();
    boolean shape = t instanceof Topology.Ring || r.oneWay && t instanceof Topology.URing;
    if (!shape) {
      return "is a scheme for " + r.words + ", and this network is not one: use greedy-saf";
    }
    int p = instance.network().nodes();
    if (p < r.min) {
      return "needs a ring of at least "
          + r.min
          + " nodes, and this one has "
          + p
          + ": use greedy-saf";
    }
    if (r.parity >= 0 && p % 2 != r.parity) {
      return "is the scheme for rings of "
          + (r.parity == 0 ? "even" : "odd")
          + " size, and this ring has "
          + p
          + " nodes: use "
          + otherParity;
    }
    if (p > MAX_NODES) {
      return "writes every one of the p (p - 1) deliveries of a gossip and takes rings of at most "
          + MAX_NODES
          + " nodes; this one has "
          + p
          + ": use a smaller ring";
    }
    return null;
  }

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    GossipRounds g = new GossipRounds(instance);
    build(g);
    return g.schedule
        .result(name(), limits.run().bestBound(instance))
        .withStat("rounds", g.rounds());
  }
}
