package org.commsched.instances.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.io.InstanceReader;

/**
 * Gather instances for the protocol tests: the catalogue, hand-built trees and seeded random paths
 * and trees.
 */
public final class GatherCases {
  public static final CommModel SINGLE = ScatterCases.SINGLE;
  public static final CommModel ALL = ScatterCases.ALL;

  private GatherCases() {}

  /** A catalogue instance by file name. */
  public static Instance catalogue(String file) {
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("instances/catalogue not found");
    }
    return InstanceReader.read(p.resolve("instances/catalogue").resolve(file));
  }

  /**
   * Gather to node 0 of the tree with these parents (entry 0 ignored, as the parent arrays of
   * docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5) and lengths {@code L[i - 1]}
   * for node i; message ids {@code M<i>}.
   */
  public static Instance tree(int[] parents, long[] lengths, CommModel model) {
    List<Integer> ps = new ArrayList<>();
    ps.add(-1);
    for (int i = 1; i < parents.length; i++) {
      ps.add(parents[i]);
    }
    long[] len = new long[parents.length];
    System.arraycopy(lengths, 0, len, 1, lengths.length);
    return gather("tree", new Topology.Tree(ps), 0, len, model);
  }

  /** The path P_0 - P_1 - ... - P_n as a tree, gather to P_0, {@code L_i = lengths[i - 1]}. */
  public static Instance path(long... lengths) {
    int[] parents = new int[lengths.length + 1];
    for (int i = 1; i < parents.length; i++) {
      parents[i] = i - 1;
    }
    return tree(parents, lengths, SINGLE);
  }

  /** Gather to {@code root}, node v (v != root) holding {@code len[v]} (index root ignored). */
  public static Instance gather(String name, Topology t, int root, long[] len, CommModel model) {
    Network net = Network.of(t);
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < net.nodes(); v++) {
      if (v != root) {
        ms.add(new Message("M" + v, v, root, len[v]));
      }
    }
    return new Instance(name, new Problem.Gather(root, ms), model, net);
  }

  /** A length in 0..5, null with probability about 35%. */
  public static long length(SplittableRandom r) {
    return r.nextInt(100) < 35 ? 0 : 1 + r.nextInt(5);
  }

  /**
   * A random path of 1..maxEdges edges with the root at one end: a tree path rooted at 0, or a bla
   * rooted at its first or last node (node ids then decrease with depth).
   */
  public static Instance randomPath(SplittableRandom r, int maxEdges) {
    int n = 1 + r.nextInt(maxEdges); // edges
    long[] len = new long[n + 1];
    for (int v = 0; v <= n; v++) {
      len[v] = length(r);
    }
    switch (r.nextInt(3)) {
      case 0:
        {
          List<Integer> ps = new ArrayList<>();
          for (int v = 0; v <= n; v++) {
            ps.add(v - 1);
          }
          return gather("path", new Topology.Tree(ps), 0, len, SINGLE);
        }
      case 1:
        return gather("bla", new Topology.Bla(n + 1), 0, len, SINGLE);
      default:
        return gather("bla-rev", new Topology.Bla(n + 1), n, len, SINGLE);
    }
  }

  /**
   * A random tree of 2..maxNodes nodes (parent of node i uniform in [0, i)), gathered to a random
   * node, or now and then a star, a caterpillar or a binary tree, so that high degrees and deep
   * chains both occur.
   */
  public static Instance randomTree(SplittableRandom r, int maxNodes, CommModel model) {
    int n = 2 + r.nextInt(maxNodes - 1);
    String[] families = {
      "tree", "tree", "tree", "star", "tree-caterpillar", "tree-binary", "tree-path"
    };
    String family = families[r.nextInt(families.length)];
    Topology t = Generators.network(family, n, r);
    int root = r.nextInt(4) == 0 ? 0 : r.nextInt(n);
    long[] len = new long[n];
    for (int v = 0; v < n; v++) {
      len[v] = length(r);
    }
    return gather(family, t, root, len, model);
  }

  /**
   * A random connected network with links both ways (mesh, torus, ring, hypercube, complete, random
   * links).
   */
  public static Instance randomNetwork(SplittableRandom r, CommModel model) {
    String[] families = {"mesh", "torus", "ring", "hypercube", "complete", "random", "random"};
    String family = families[r.nextInt(families.length)];
    int size;
    switch (family) {
      case "mesh":
      case "torus":
        size = 2 + r.nextInt(3);
        break;
      case "hypercube":
        size = 1 + r.nextInt(4);
        break;
      default:
        size = 3 + r.nextInt(10);
        break;
    }
    Topology t = Generators.network(family, size, r);
    int nodes = Network.of(t).nodes();
    int root = r.nextInt(nodes);
    long[] len = new long[nodes];
    for (int v = 0; v < nodes; v++) {
      len[v] = length(r);
    }
    return gather(family, t, root, len, model);
  }

  /** The instance as a JSON-like one-liner for failure messages. */
  public static String describe(Instance inst) {
    StringBuilder b =
        new StringBuilder(inst.network().topology().toString())
            .append(" root ")
            .append(inst.root())
            .append(" lengths {");
    for (Message m : inst.messages()) {
      b.append(m.from()).append(':').append(m.length()).append(' ');
    }
    return b.append('}').toString();
  }
}
