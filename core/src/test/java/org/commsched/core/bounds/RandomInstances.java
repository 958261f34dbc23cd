package org.commsched.core.bounds;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;

/**
 * Small seeded random instances for the bound property suites (core cannot use the instances
 * module).
 */
final class RandomInstances {
  private RandomInstances() {}

  static final String[] FAMILIES = {
    "ula",
    "bla",
    "uring",
    "ring",
    "esm",
    "mesh",
    "torus",
    "star",
    "complete",
    "hypercube",
    "tree",
    "explicit"
  };

  static Topology topology(String family, SplittableRandom rnd) {
    int n = rnd.nextInt(3, 8);
    switch (family) {
      case "ula":
        return new Topology.Ula(n);
      case "bla":
        return new Topology.Bla(n);
      case "uring":
        return new Topology.URing(n);
      case "ring":
        return new Topology.Ring(n);
      case "esm":
        return new Topology.Esm(rnd.nextInt(1, 4), rnd.nextInt(2, 4));
      case "mesh":
        return new Topology.Mesh(rnd.nextInt(1, 4), rnd.nextInt(2, 4));
      case "torus":
        return new Topology.Torus(rnd.nextInt(2, 4), rnd.nextInt(2, 4));
      case "star":
        return new Topology.Star(n);
      case "complete":
        return new Topology.Complete(rnd.nextInt(2, 6));
      case "hypercube":
        return new Topology.Hypercube(rnd.nextInt(1, 4));
      case "tree":
        {
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1; v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
      default:
        {
          List<Topology.Pair> links = new ArrayList<>();
          Set<Long> seen = new HashSet<>();
          for (int v = 1; v < n; v++) {
            int u = rnd.nextInt(v);
            links.add(new Topology.Pair(u, v));
            seen.add((long) Math.min(u, v) * n + Math.max(u, v));
          }
          for (int e = rnd.nextInt(0, 3); e > 0; e--) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            if (u != v && seen.add((long) Math.min(u, v) * n + Math.max(u, v))) {
              links.add(new Topology.Pair(u, v));
            }
          }
          return new Topology.Explicit(n, links, true);
        }
    }
  }

  static CommModel bufferless(SplittableRandom rnd) {
    return new CommModel.Bufferless(
        rnd.nextBoolean() ? CommModel.BufferlessPorts.ALL : CommModel.BufferlessPorts.SINGLE);
  }

  static CommModel.StoreAndForward storeAndForward(SplittableRandom rnd) {
    String[] betas = {"0", "0.5", "1", "2", "3.5", "5"};
    String[] taus = {"1", "0.5", "2", "0", "0.4"};
    String beta = betas[rnd.nextInt(betas.length)];
    String tau = taus[rnd.nextInt(taus.length)];
    if (new BigDecimal(beta).signum() == 0 && new BigDecimal(tau).signum() == 0) {
      tau = "1";
    }
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        rnd.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        rnd.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
        rnd.nextBoolean()
            ? CommModel.OnePortRule.EXCHANGE
            : CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /** A random instance of the kind, or null if the family cannot host it (e.g. gossip on a ula). */
  static Instance of(
      ProblemKind kind, String family, CommModel model, int maxLength, SplittableRandom rnd) {
    Topology t = topology(family, rnd);
    Network net = Network.of(t);
    int n = net.nodes();
    int[][] dist = new int[n][];
    for (int v = 0; v < n; v++) {
      dist[v] = NetworkFacts.distFrom(net, v);
    }
    boolean explicitOk = !(t instanceof Topology.Ula) && !(t instanceof Topology.Esm);
    Problem problem;
    switch (kind) {
      case CHATTING:
        {
          List<Message> ms = new ArrayList<>();
          int count = rnd.nextInt(1, 6);
          for (int i = 0; i < count * 4 && ms.size() < count; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            if (u == v || dist[u][v] < 0 || !routable(t, net, u, v)) {
              continue;
            }
            List<Integer> route =
                explicitOk && rnd.nextInt(3) == 0 ? randomPath(net, u, v, rnd) : null;
            ms.add(new Message("m" + ms.size(), u, v, rnd.nextInt(1, maxLength + 1), route));
          }
          if (ms.isEmpty()) {
            return null;
          }
          problem = new Problem.Chatting(ms);
          break;
        }
      case SCATTER:
      case GATHER:
        {
          boolean scatter = kind == ProblemKind.SCATTER;
          int root =
              t instanceof Topology.Ula || t instanceof Topology.Esm
                  ? (scatter ? 0 : n - 1)
                  : rnd.nextInt(n);
          List<Message> ms = new ArrayList<>();
          for (int v = 0; v < n; v++) {
            if (v == root || (scatter ? dist[root][v] : dist[v][root]) < 0 || rnd.nextInt(4) == 0) {
              continue;
            }
            long len = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1, maxLength + 1);
            List<Integer> route =
                explicitOk && rnd.nextInt(4) == 0
                    ? (scatter ? randomPath(net, root, v, rnd) : randomPath(net, v, root, rnd))
                    : null;
            ms.add(
                scatter
                    ? new Message("m" + v, root, v, len, route)
                    : new Message("m" + v, v, root, len, route));
          }
          problem = scatter ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms);
          break;
        }
      case SEND:
        {
          int s = rnd.nextInt(n);
          int target = -1;
          for (int i = 0; i < 20 && target < 0; i++) {
            int v = rnd.nextInt(n);
            if (v != s && dist[s][v] > 0 && routable(t, net, s, v)) {
              target = v;
            }
          }
          if (target < 0) {
            return null;
          }
          List<Integer> route =
              explicitOk && rnd.nextBoolean() ? randomPath(net, s, target, rnd) : null;
          problem = new Problem.Send(s, target, rnd.nextInt(1, maxLength + 1), route);
          break;
        }
      case BROADCAST:
        {
          int s = t instanceof Topology.Ula || t instanceof Topology.Esm ? 0 : rnd.nextInt(n);
          problem = new Problem.Broadcast(s, rnd.nextInt(1, maxLength + 1));
          break;
        }
      case GOSSIP:
        if (t instanceof Topology.Ula || t instanceof Topology.Esm) {
          return null;
        }
        problem = new Problem.Gossip(rnd.nextInt(1, maxLength + 1));
        break;
      default:
        throw new IllegalArgumentException(kind.toString());
    }
    return new Instance(kind.wireName() + "-" + family, problem, model, net);
  }

  private static boolean routable(Topology t, Network net, int u, int v) {
    if (t instanceof Topology.Ula) {
      return u < v;
    }
    if (t instanceof Topology.Esm) {
      int cols = ((Topology.Esm) t).cols();
      return u / cols <= v / cols && u % cols <= v % cols;
    }
    return true;
  }

  /** A random simple path from u to v by randomized depth-first search (v must be reachable). */
  static List<Integer> randomPath(Network net, int u, int v, SplittableRandom rnd) {
    List<Integer> path = new ArrayList<>();
    boolean[] seen = new boolean[net.nodes()];
    if (!dfs(net, u, v, rnd, path, seen)) {
      throw new IllegalStateException("no path " + u + " -> " + v);
    }
    return path;
  }

  private static boolean dfs(
      Network net, int x, int v, SplittableRandom rnd, List<Integer> path, boolean[] seen) {
    seen[x] = true;
    path.add(x);
    if (x == v) {
      return true;
    }
    int deg = net.outDegree(x);
    int off = deg == 0 ? 0 : rnd.nextInt(deg);
    for (int i = 0; i < deg; i++) {
      int y = net.head(net.outArc(x, (i + off) % deg));
      if (!seen[y] && dfs(net, y, v, rnd, path, seen)) {
        return true;
      }
    }
    path.remove(path.size() - 1);
    return false;
  }
}
