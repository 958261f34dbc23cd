package org.commsched.instances.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/**
 * Seeded small random instances of every kind, drawn directly (not through the project's
 * generators) so that explicit topologies, random routes and random store-and-forward models come
 * up; first written for the heuristics' baseline suites.
 */
public final class RandomInstances {
  private RandomInstances() {}

  public static Topology topology(SplittableRandom r, int maxNodes) {
    int n = 2 + r.nextInt(Math.max(1, maxNodes - 1));
    switch (r.nextInt(13)) {
      case 0:
        return new Topology.Ula(n);
      case 1:
        return new Topology.Bla(n);
      case 2:
        return new Topology.URing(n);
      case 3:
        return new Topology.Ring(Math.max(3, n));
      case 4:
        return new Topology.Esm(1 + r.nextInt(3), 2 + r.nextInt(3));
      case 5:
        return new Topology.Mesh(1 + r.nextInt(3), 2 + r.nextInt(3));
      case 6:
        return new Topology.Torus(1 + r.nextInt(3), 2 + r.nextInt(3));
      case 7:
        return new Topology.Star(n);
      case 8:
        return new Topology.Complete(Math.min(n, 6));
      case 9:
        return new Topology.Hypercube(1 + r.nextInt(3));
      case 10:
        return randomTree(r, n);
      case 11:
        {
          // random connected links: a random tree plus a few extra links
          List<Topology.Pair> pairs = new ArrayList<>();
          java.util.Set<Long> seen = new java.util.HashSet<>();
          for (int v = 1; v < n; v++) {
            int u = r.nextInt(v);
            pairs.add(new Topology.Pair(u, v));
            seen.add((long) u * n + v);
          }
          for (int e = r.nextInt(n); e > 0; e--) {
            int u = r.nextInt(n);
            int v = r.nextInt(n);
            if (u < v && seen.add((long) u * n + v)) {
              pairs.add(new Topology.Pair(u, v));
            }
          }
          return new Topology.Explicit(n, pairs, true);
        }
      default:
        {
          // random directed arcs (may be far from strongly connected)
          List<Topology.Pair> pairs = new ArrayList<>();
          java.util.Set<Long> seen = new java.util.HashSet<>();
          for (int e = n + r.nextInt(2 * n); e > 0; e--) {
            int u = r.nextInt(n);
            int v = r.nextInt(n);
            if (u != v && seen.add((long) u * n + v)) {
              pairs.add(new Topology.Pair(u, v));
            }
          }
          return new Topology.Explicit(n, pairs, false);
        }
    }
  }

  /**
   * A scatter from a random root of a random tree of 2 to {@code maxNodes} nodes, one message to
   * every other node, lengths 0..{@code maxLength} (null messages included).
   */
  public static org.commsched.core.model.Instance treeScatter(
      SplittableRandom r, int maxNodes, int maxLength, CommModel model, String name) {
    int n = 2 + r.nextInt(maxNodes - 1);
    Topology.Tree t = randomTree(r, n);
    int root = r.nextInt(n);
    List<org.commsched.core.model.Message> ms = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      if (v != root) {
        ms.add(new org.commsched.core.model.Message("m" + v, root, v, r.nextInt(maxLength + 1)));
      }
    }
    return new org.commsched.core.model.Instance(
        name,
        new org.commsched.core.model.Problem.Scatter(root, ms),
        model,
        org.commsched.core.model.Network.of(t));
  }

  public static Topology.Tree randomTree(SplittableRandom r, int n) {
    List<Integer> perm = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      perm.add(v);
    }
    Collections.shuffle(perm, new java.util.Random(r.nextLong()));
    List<Integer> parents = new ArrayList<>(Collections.nCopies(n, -1));
    for (int i = 1; i < n; i++) {
      parents.set(perm.get(i), perm.get(r.nextInt(i)));
    }
    return new Topology.Tree(parents);
  }

  public static CommModel.Bufferless bufferless(SplittableRandom r) {
    return new CommModel.Bufferless(
        r.nextBoolean() ? CommModel.BufferlessPorts.ALL : CommModel.BufferlessPorts.SINGLE);
  }

  public static CommModel.StoreAndForward storeAndForward(SplittableRandom r) {
    String[] values = {"0", "1", "5", "0.5", "2.25", "3"};
    String beta;
    String tau;
    do {
      beta = values[r.nextInt(values.length)];
      tau = values[r.nextInt(values.length)];
    } while (new BigDecimal(beta).signum() == 0 && new BigDecimal(tau).signum() == 0);
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        r.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
        r.nextBoolean() ? CommModel.OnePortRule.SEND_AND_RECEIVE : CommModel.OnePortRule.EXCHANGE);
  }

  /**
   * A random simple path from u to v (depth-first with random neighbour order), or null if none.
   */
  public static List<Integer> randomPath(SplittableRandom r, Network net, int u, int v) {
    List<Integer> path = new ArrayList<>();
    boolean[] seen = new boolean[net.nodes()];
    return dfs(r, net, u, v, path, seen) ? path : null;
  }

  private static boolean dfs(
      SplittableRandom r, Network net, int x, int target, List<Integer> path, boolean[] seen) {
    path.add(x);
    seen[x] = true;
    if (x == target) {
      return true;
    }
    List<Integer> next = new ArrayList<>();
    for (int i = 0; i < net.outDegree(x); i++) {
      next.add(net.head(net.outArc(x, i)));
    }
    Collections.shuffle(next, new java.util.Random(r.nextLong()));
    for (int y : next) {
      if (!seen[y] && dfs(r, net, y, target, path, seen)) {
        return true;
      }
    }
    path.remove(path.size() - 1);
    return false;
  }

  /** A random valid chatting instance (retries until the instance validates). */
  public static Instance chatting(
      SplittableRandom r, int maxNodes, int maxMessages, int maxLength, boolean singleOk) {
    while (true) {
      Topology t = topology(r, maxNodes);
      Network net = Network.of(t);
      int n = net.nodes();
      List<Message> msgs = new ArrayList<>();
      int count = 1 + r.nextInt(maxMessages);
      for (int i = 0; i < count; i++) {
        int u = r.nextInt(n);
        int v = r.nextInt(n);
        if (u == v) {
          continue;
        }
        List<Integer> route = r.nextInt(4) == 0 ? randomPath(r, net, u, v) : null;
        msgs.add(new Message("m" + i, u, v, 1 + r.nextInt(maxLength), route));
      }
      if (msgs.isEmpty()) {
        continue;
      }
      CommModel.Bufferless model =
          singleOk ? bufferless(r) : new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
      try {
        return new Instance("chat-" + r.nextInt(1000), new Problem.Chatting(msgs), model, net);
      } catch (ModelException e) {
        // unroutable message: draw again
      }
    }
  }

  /** A random scatter or gather instance under the given model (some explicit routes if asked). */
  public static Instance scatterGather(
      SplittableRandom r,
      int maxNodes,
      int maxLength,
      boolean scatter,
      CommModel model,
      boolean explicitRoutes) {
    while (true) {
      Topology t = topology(r, maxNodes);
      Network net = Network.of(t);
      int n = net.nodes();
      int root = r.nextInt(n);
      List<Message> msgs = new ArrayList<>();
      for (int v = 0; v < n; v++) {
        if (v == root || r.nextInt(5) == 0) {
          continue;
        }
        List<Integer> route = null;
        if (explicitRoutes && r.nextInt(3) == 0) {
          route = scatter ? randomPath(r, net, root, v) : randomPath(r, net, v, root);
        }
        long len = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(maxLength);
        msgs.add(
            scatter
                ? new Message("m" + v, root, v, len, route)
                : new Message("m" + v, v, root, len, route));
      }
      try {
        Problem p = scatter ? new Problem.Scatter(root, msgs) : new Problem.Gather(root, msgs);
        return new Instance((scatter ? "scatter-" : "gather-") + n, p, model, net);
      } catch (ModelException e) {
        // unreachable node: draw again
      }
    }
  }

  /** A random dsa instance: buffers on a ULA. */
  public static Instance dsa(SplittableRandom r, int maxPoints, int maxBuffers, int maxSize) {
    int n = 2 + r.nextInt(maxPoints - 1);
    List<Message> msgs = new ArrayList<>();
    int count = 1 + r.nextInt(maxBuffers);
    for (int i = 0; i < count; i++) {
      int a = r.nextInt(n - 1);
      int b = a + 1 + r.nextInt(n - 1 - a);
      msgs.add(new Message("b" + i, a, b, 1 + r.nextInt(maxSize)));
    }
    return new Instance(
        "dsa",
        new Problem.Dsa(msgs),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(n)));
  }

  /**
   * A random send, broadcast or gossip instance: draws again until the instance is valid and {@code
   * usable} (the baseline suites pass "greedy store-and-forward applies", i.e. floods reach every
   * node).
   */
  public static Instance linearCost(
      SplittableRandom r, int maxNodes, int maxLength, int which, Predicate<Instance> usable) {
    while (true) {
      Topology t = topology(r, maxNodes);
      Network net = Network.of(t);
      int n = net.nodes();
      long len = 1 + r.nextInt(maxLength);
      CommModel.StoreAndForward model = storeAndForward(r);
      try {
        Instance inst;
        if (which == 0) {
          int s = r.nextInt(n);
          int d = r.nextInt(n);
          if (s == d) {
            continue;
          }
          List<Integer> route = r.nextBoolean() ? randomPath(r, net, s, d) : null;
          inst = new Instance("send", new Problem.Send(s, d, len, route), model, net);
        } else if (which == 1) {
          inst = new Instance("broadcast", new Problem.Broadcast(r.nextInt(n), len), model, net);
        } else {
          inst = new Instance("gossip", new Problem.Gossip(len), model, net);
        }
        if (usable.test(inst)) {
          return inst;
        }
      } catch (ModelException e) {
        // no route: draw again
      }
    }
  }
}
