package org.commsched.instances.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.instances.io.InstanceWriter;

/**
 * Shared pieces of the property suites (first written for verify's cross-module ones): the failure
 * description (seed and the instance as a FORMATS JSON file, ready to save under {@code
 * instances/catalogue/}), and figures recomputed here from the routes and the network rather than
 * taken from the code under test (C, L, Q; breadth-first distances and trees).
 */
public final class Cases {
  private Cases() {}

  /** "seed S: {instance JSON}", for assertion messages. */
  public static String describe(long seed, Instance instance) {
    return "seed " + seed + ", instance " + InstanceWriter.toJson(instance);
  }

  /**
   * Chatting figures of docs/models/bufferless-chatting.md#parameters, from the instance's routes:
   * {C, L, Q}.
   */
  public static long[] cLQ(Instance instance) {
    Atlas atlas = instance.atlas();
    long[] load = new long[instance.network().arcs()];
    long c = 0;
    long l = 0;
    long q = 0;
    List<Message> ms = instance.messages();
    for (int i = 0; i < ms.size(); i++) {
      long len = ms.get(i).length();
      int[] arcs = atlas.arcs(i);
      for (int a : arcs) {
        load[a] += len;
        c = Math.max(c, load[a]);
      }
      l = Math.max(l, len);
      if (len > 0) {
        q = Math.max(q, len + arcs.length - 1);
      }
    }
    return new long[] {c, l, q};
  }

  /**
   * Hops from {@code root} to every node along arcs (toRoot false) or from every node to {@code
   * root}.
   */
  public static int[] distances(Network net, int root, boolean toRoot) {
    int[] dist = new int[net.nodes()];
    Arrays.fill(dist, -1);
    dist[root] = 0;
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(root);
    while (!queue.isEmpty()) {
      int x = queue.poll();
      int deg = toRoot ? net.inDegree(x) : net.outDegree(x);
      for (int k = 0; k < deg; k++) {
        int y = toRoot ? net.tail(net.inArc(x, k)) : net.head(net.outArc(x, k));
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          queue.add(y);
        }
      }
    }
    return dist;
  }

  /**
   * The default-route tree of scatter (toRoot false) or gather (toRoot true), by the rule of
   * docs/DESIGN.md: every node hangs on its smallest-id neighbour one hop closer to the root.
   * Parent -1 for the root and for nodes outside.
   */
  public static int[] bfsParents(Network net, int root, boolean toRoot) {
    int[] dist = distances(net, root, toRoot);
    int[] parent = new int[net.nodes()];
    Arrays.fill(parent, -1);
    for (int v = 0; v < net.nodes(); v++) {
      if (v == root || dist[v] < 0) {
        continue;
      }
      int deg = toRoot ? net.outDegree(v) : net.inDegree(v);
      int best = Integer.MAX_VALUE;
      for (int k = 0; k < deg; k++) {
        int u = toRoot ? net.head(net.outArc(v, k)) : net.tail(net.inArc(v, k));
        if (dist[u] == dist[v] - 1) {
          best = Math.min(best, u);
        }
      }
      parent[v] = best;
    }
    return parent;
  }

  /** Children lists of a parent array, increasing ids. */
  public static List<List<Integer>> children(int[] parent) {
    List<List<Integer>> kids = new ArrayList<>();
    for (int v = 0; v < parent.length; v++) {
      kids.add(new ArrayList<>());
    }
    for (int v = 0; v < parent.length; v++) {
      if (parent[v] >= 0) {
        kids.get(parent[v]).add(v);
      }
    }
    return kids;
  }

  /** Depth of every node of a parent array below {@code root} (-1 outside the tree). */
  public static int[] depths(int[] parent, int root) {
    int[] depth = new int[parent.length];
    Arrays.fill(depth, -1);
    depth[root] = 0;
    List<List<Integer>> kids = children(parent);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(root);
    while (!queue.isEmpty()) {
      int x = queue.poll();
      for (int y : kids.get(x)) {
        depth[y] = depth[x] + 1;
        queue.add(y);
      }
    }
    return depth;
  }

  /**
   * The root's child whose subtree holds v (v itself for a root child; -1 for the root and
   * outside).
   */
  public static int[] rootChild(int[] parent, int root) {
    int[] depth = depths(parent, root);
    int[] out = new int[parent.length];
    Arrays.fill(out, -1);
    Integer[] byDepth = new Integer[parent.length];
    for (int v = 0; v < parent.length; v++) {
      byDepth[v] = v;
    }
    Arrays.sort(byDepth, (a, b) -> Integer.compare(depth[a], depth[b]));
    for (int v : byDepth) {
      if (depth[v] == 1) {
        out[v] = v;
      } else if (depth[v] > 1) {
        out[v] = out[parent[v]];
      }
    }
    return out;
  }

  /**
   * The paper's closed form {@code max over Delta of (Delta + sum of L_i over messages at depth >=
   * Delta)}, per stream (docs/models/bufferless-scatter-gather.md#fdf), computed by suffix sums
   * over depth buckets: the FDF completion time in paper units (our makespan + 1), 0 without data.
   *
   * @param depth depth of each message's node
   * @param length its length (0 = null)
   * @param stream its stream (root child under multiport), or null for one stream
   */
  public static long closedFormPaperT(int[] depth, long[] length, int[] stream) {
    int maxDepth = 0;
    int maxStream = 0;
    for (int i = 0; i < depth.length; i++) {
      maxDepth = Math.max(maxDepth, depth[i]);
      if (stream != null) {
        maxStream = Math.max(maxStream, stream[i]);
      }
    }
    long[][] bucket = new long[maxStream + 1][maxDepth + 2];
    for (int i = 0; i < depth.length; i++) {
      bucket[stream == null ? 0 : stream[i]][depth[i]] += length[i];
    }
    long best = 0;
    for (long[] b : bucket) {
      long suffix = 0;
      for (int delta = maxDepth; delta >= 1; delta--) {
        suffix += b[delta];
        if (suffix > 0) {
          best = Math.max(best, delta + suffix);
        }
      }
    }
    return best;
  }

  /**
   * The same instance with every message's route written out explicitly (the default route it had).
   */
  public static Instance withExplicitRoutes(Instance instance) {
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    List<Message> out = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      Message m = ms.get(i);
      List<Integer> route = new ArrayList<>();
      for (int v : atlas.nodes(i)) {
        route.add(v);
      }
      out.add(new Message(m.id(), m.from(), m.to(), m.length(), route));
    }
    Problem p;
    switch (instance.kind()) {
      case SCATTER:
        p = new Problem.Scatter(instance.root(), out);
        break;
      case GATHER:
        p = new Problem.Gather(instance.root(), out);
        break;
      case CHATTING:
        p = new Problem.Chatting(out);
        break;
      default:
        throw new IllegalArgumentException("routes of " + instance.kind());
    }
    return new Instance(instance.name() + "-routed", p, instance.model(), instance.network());
  }

  /**
   * The gather instance on the path P0 - P1 - ... - Pn rooted at P0, L_i at P_i (index 0 unused).
   */
  public static Instance gatherPath(String name, long[] lengths, CommModel.BufferlessPorts ports) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    List<Message> ms = new ArrayList<>();
    for (int i = 1; i < lengths.length; i++) {
      parents.add(i - 1);
      ms.add(new Message("M" + i, i, 0, lengths[i]));
    }
    return new Instance(
        name,
        new Problem.Gather(0, ms),
        new CommModel.Bufferless(ports),
        Network.of(new Topology.Tree(parents)));
  }

  /**
   * The gather instance on a bidirectional linear array of n + 1 nodes rooted at one end ({@code
   * atZero}: node 0, else node n), L_i at the node i hops from the root.
   */
  public static Instance gatherBla(
      String name, long[] lengths, boolean atZero, CommModel.BufferlessPorts ports) {
    int n = lengths.length - 1;
    int root = atZero ? 0 : n;
    List<Message> ms = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      ms.add(new Message("M" + i, atZero ? i : n - i, root, lengths[i]));
    }
    return new Instance(
        name,
        new Problem.Gather(root, ms),
        new CommModel.Bufferless(ports),
        Network.of(new Topology.Bla(n + 1)));
  }

  /** True if the problem is scatter or gather. */
  public static boolean rooted(Instance instance) {
    return instance.kind() == ProblemKind.SCATTER || instance.kind() == ProblemKind.GATHER;
  }
}
