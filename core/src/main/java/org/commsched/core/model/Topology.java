package org.commsched.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * How a network is described in an instance file: a named family with its size, a tree by its
 * parent list, or explicit arcs or links. {@link Network#of(Topology)} turns it into nodes and
 * arcs.
 *
 * <p>Node numbering, per family:
 *
 * <ul>
 *   <li>{@code ula}: nodes 0..n-1, arcs x->x+1. {@code bla}: both directions.
 *   <li>{@code uring}: arcs i->i+1 mod n. {@code ring}: both directions.
 *   <li>{@code esm}, {@code mesh}, {@code torus}: node (row, col) is {@code row * cols + col}; an
 *       ESM has the arcs east (col+1) and south (row+1) only; a mesh has all four directions; a
 *       torus adds the wrap links.
 *   <li>{@code star}: centre 0, leaves 1..n-1. {@code complete}: every ordered pair. {@code
 *       hypercube}: 2^d nodes, a link between ids that differ in one bit. {@code folded-hypercube}:
 *       the hypercube plus a link from every node to its antipode (id XOR {@code 2^d - 1}).
 *   <li>{@code tree}: entry v of {@code parents} is v's parent, the root's entry is null (here -1).
 * </ul>
 *
 * @implNote Immutable.
 */
public sealed interface Topology {

  /** The family name as written in files. */
  String family();

  /** Unidirectional linear array. */
  record Ula(int nodes) implements Topology {
    public Ula {
      Topologies.requireNodes(nodes, 2, "ula");
    }

    @Override
    public String family() {
      return "ula";
    }
  }

  /** Bidirectional linear array. */
  record Bla(int nodes) implements Topology {
    public Bla {
      Topologies.requireNodes(nodes, 2, "bla");
    }

    @Override
    public String family() {
      return "bla";
    }
  }

  /** Unidirectional ring. */
  record URing(int nodes) implements Topology {
    public URing {
      Topologies.requireNodes(nodes, 2, "uring");
    }

    @Override
    public String family() {
      return "uring";
    }
  }

  /** Bidirectional ring. */
  record Ring(int nodes) implements Topology {
    public Ring {
      Topologies.requireNodes(nodes, 3, "ring");
    }

    @Override
    public String family() {
      return "ring";
    }
  }

  /** Eastward-Southward mesh: rows x cols, arcs east and south only. */
  record Esm(int rows, int cols) implements Topology {
    public Esm {
      Topologies.requireGrid(rows, cols, "esm");
    }

    @Override
    public String family() {
      return "esm";
    }
  }

  /** Two-dimensional mesh, bidirectional links. */
  record Mesh(int rows, int cols) implements Topology {
    public Mesh {
      Topologies.requireGrid(rows, cols, "mesh");
    }

    @Override
    public String family() {
      return "mesh";
    }
  }

  /**
   * Two-dimensional torus: a mesh plus wrap-around links (no duplicate link when a side has 2
   * nodes).
   */
  record Torus(int rows, int cols) implements Topology {
    public Torus {
      Topologies.requireGrid(rows, cols, "torus");
    }

    @Override
    public String family() {
      return "torus";
    }
  }

  /** Star: centre 0 linked to leaves 1..n-1. */
  record Star(int nodes) implements Topology {
    public Star {
      Topologies.requireNodes(nodes, 2, "star");
    }

    @Override
    public String family() {
      return "star";
    }
  }

  /** Complete graph: a link between every pair. */
  record Complete(int nodes) implements Topology {
    public Complete {
      Topologies.requireNodes(nodes, 2, "complete");
      if ((long) nodes * (nodes - 1) > Integer.MAX_VALUE) {
        throw new ModelException(
            "/network/nodes",
            "a complete graph of "
                + nodes
                + " nodes has "
                + (long) nodes * (nodes - 1)
                + " arcs, more than arc ids hold (at most 46341 nodes)");
      }
    }

    @Override
    public String family() {
      return "complete";
    }
  }

  /** Hypercube of the given dimension (2^dimension nodes). */
  record Hypercube(int dimension) implements Topology {
    public Hypercube {
      if (dimension < 1 || dimension > 24) {
        throw new ModelException(
            "/network/dimension", "a hypercube needs a dimension of 1..24, got " + dimension);
      }
    }

    @Override
    public String family() {
      return "hypercube";
    }
  }

  /**
   * Folded hypercube {@code Q_m^+}: the hypercube of the given dimension plus a link from every
   * node to its antipode (all bits flipped); dimension at least 2, so the antipodal links are new.
   * Diameter {@code ceil(m/2)}.
   */
  record FoldedHypercube(int dimension) implements Topology {
    public FoldedHypercube {
      if (dimension < 2 || dimension > 24) {
        throw new ModelException(
            "/network/dimension",
            "a folded hypercube needs a dimension of 2..24, got " + dimension);
      }
    }

    @Override
    public String family() {
      return "folded-hypercube";
    }
  }

  /**
   * A tree given by its parent list; the root's entry is -1 (null in files). Links are
   * bidirectional.
   *
   * @param parents entry v is v's parent, -1 for the root
   */
  record Tree(List<Integer> parents) implements Topology {
    public Tree {
      parents = List.copyOf(parents);
      Topologies.validateParents(parents);
    }

    /** The root node. */
    public int root() {
      return parents.indexOf(-1);
    }

    @Override
    public String family() {
      return "tree";
    }
  }

  /**
   * An explicit network: directed arcs, or links (each link is two opposing arcs).
   *
   * @param nodes number of nodes, ids 0..nodes-1
   * @param pairs the arcs or links as (u, v) pairs
   * @param links true if each pair is a bidirectional link
   * @param channels empty (every link one channel at the model's costs), or one entry per pair: its
   *     channel count and own costs (docs/FORMATS.md#links-with-channels-and-costs)
   */
  record Explicit(int nodes, List<Pair> pairs, boolean links, List<Channel> channels)
      implements Topology {
    /** An explicit network whose every link or arc is one channel at the model's costs. */
    public Explicit(int nodes, List<Pair> pairs, boolean links) {
      this(nodes, pairs, links, List.of());
    }

    public Explicit {
      pairs = List.copyOf(pairs);
      channels = channels == null ? List.of() : List.copyOf(channels);
      if (!channels.isEmpty() && channels.size() != pairs.size()) {
        throw new IllegalArgumentException(
            "one channel entry per pair: " + channels.size() + " for " + pairs.size() + " pairs");
      }
      if (channels.stream().allMatch(Channel::plain)) {
        channels = List.of(); // every entry the model's: the plain network, one representation
      }
      if (nodes < 1) {
        throw new ModelException("/network/nodes", "a network needs at least 1 node, got " + nodes);
      }
      String key = links ? "links" : "arcs";
      for (int i = 0; i < pairs.size(); i++) {
        Pair p = pairs.get(i);
        for (int end = 0; end < 2; end++) {
          int v = end == 0 ? p.u() : p.v();
          if (v < 0 || v >= nodes) {
            throw new ModelException(
                "/network/" + key + "/" + i + "/" + end,
                "node "
                    + v
                    + " is out of range: node ids are 0.."
                    + (nodes - 1)
                    + " (raise \"nodes\" or fix the id)");
          }
        }
        if (p.u() == p.v()) {
          throw new ModelException(
              "/network/" + key + "/" + i,
              "self-loop "
                  + p.u()
                  + "->"
                  + p.v()
                  + ": an arc must join two different nodes (drop it)");
        }
      }
    }

    @Override
    public String family() {
      return "explicit";
    }
  }

  /**
   * What one link or arc of an explicit network carries: {@code count} parallel channels (how many
   * packets it may carry at once in one direction under all ports), each packet of L units taking
   * {@code beta + L tau}; a null cost is the model's
   * (docs/FORMATS.md#links-with-channels-and-costs).
   *
   * @param count parallel channels, at least 1
   * @param beta the link's own set-up time, an exact decimal >= 0, or null for the model's
   * @param tau the link's own time per unit, an exact decimal >= 0, or null for the model's
   */
  record Channel(int count, java.math.BigDecimal beta, java.math.BigDecimal tau) {
    /** One channel at the model's costs: what a plain {@code [u, v]} entry means. */
    public static final Channel PLAIN = new Channel(1, null, null);

    public Channel {
      if (count < 1) {
        throw new ModelException(
            "",
            "a link has at least 1 channel, got a \"count\" of "
                + count
                + "; write 1 or more, or leave \"count\" out for 1");
      }
      for (java.math.BigDecimal x : new java.math.BigDecimal[] {beta, tau}) {
        if (x != null && x.signum() < 0) {
          throw new ModelException(
              "", "a link's beta and tau are exact decimals >= 0; write e.g. \"0.7\"");
        }
        if (x != null && x.stripTrailingZeros().scale() > 9) {
          throw new ModelException(
              "", "a link's beta and tau have at most 9 decimal places; round them");
        }
      }
      beta = canonical(beta);
      tau = canonical(tau);
    }

    /** "20", not "2E+1" nor "20.0": one value, one representation (records compare with equals). */
    private static java.math.BigDecimal canonical(java.math.BigDecimal x) {
      if (x == null) {
        return null;
      }
      java.math.BigDecimal s = x.stripTrailingZeros();
      return s.scale() < 0 ? s.setScale(0) : s;
    }

    /** True for one channel at the model's costs. */
    public boolean plain() {
      return count == 1 && beta == null && tau == null;
    }
  }

  /** A pair of node ids: an arc u->v or a link {u, v}. */
  record Pair(int u, int v) {}

  /** Helpers shared by the family records. */
  final class Topologies {
    private Topologies() {}

    static void requireNodes(int nodes, int min, String family) {
      if (nodes < min) {
        throw new ModelException(
            "/network/nodes", "a " + family + " needs at least " + min + " nodes, got " + nodes);
      }
      if (nodes > 50_000_000) {
        throw new ModelException(
            "/network/nodes",
            "a " + family + " with " + nodes + " nodes is too large (at most 50,000,000)");
      }
    }

    static void requireGrid(int rows, int cols, String family) {
      if (rows < 1 || cols < 1 || (long) rows * cols < 2) {
        throw new ModelException(
            "/network",
            "a "
                + family
                + " needs rows >= 1, cols >= 1 and at least 2 nodes, got "
                + rows
                + "x"
                + cols);
      }
      if ((long) rows * cols > 50_000_000L) {
        throw new ModelException(
            "/network", "a " + family + " of " + rows + "x" + cols + " is too large");
      }
    }

    static void validateParents(List<Integer> parents) {
      int n = parents.size();
      if (n < 2) {
        throw new ModelException("/network/parents", "a tree needs at least 2 nodes, got " + n);
      }
      int root = -1;
      for (int v = 0; v < n; v++) {
        Integer p = parents.get(v);
        if (p == -1) {
          if (root >= 0) {
            throw new ModelException(
                "/network/parents/" + v,
                "node "
                    + v
                    + " is a second root (node "
                    + root
                    + " is already the root): give it a parent");
          }
          root = v;
        } else if (p < 0 || p >= n) {
          throw new ModelException(
              "/network/parents/" + v,
              "parent " + p + " of node " + v + " is out of range: node ids are 0.." + (n - 1));
        } else if (p == v) {
          throw new ModelException(
              "/network/parents/" + v,
              "node " + v + " is its own parent: write null for the root or give another node");
        }
      }
      if (root < 0) {
        throw new ModelException(
            "/network/parents", "the parent list has no root: write null for the root's entry");
      }
      // every node must reach the root (no cycles)
      byte[] state = new byte[n]; // 0 unknown, 1 on stack, 2 reaches root
      state[root] = 2;
      List<Integer> stack = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        int x = v;
        stack.clear();
        while (state[x] == 0) {
          state[x] = 1;
          stack.add(x);
          x = parents.get(x);
        }
        if (state[x] == 1) {
          throw new ModelException(
              "/network/parents/" + x,
              "the parent list has a cycle through node "
                  + x
                  + ": every node must lead to the root");
        }
        for (int y : stack) {
          state[y] = 2;
        }
      }
    }
  }
}
