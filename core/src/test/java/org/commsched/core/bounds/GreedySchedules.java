package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;

/**
 * Schedules that are valid by construction, straight from the model definitions, to test that every
 * lower bound is at most the makespan of SOME valid schedule. Each scheduler only ever places a
 * transfer where every resource it needs is free, so validity does not depend on the code under
 * test.
 */
final class GreedySchedules {
  private GreedySchedules() {}

  // ---------------------------------------------------------------- bufferless

  /** Occupancy of (resource, step) pairs under the bufferless model. */
  private static final class Occupancy {
    private final Set<Long> used = new HashSet<>();
    private final Network net;
    private final boolean single;

    Occupancy(Network net, boolean single) {
      this.net = net;
      this.single = single;
    }

    private long key(int kind, int id, long step) {
      return ((step * 3 + kind) << 24) | id;
    }

    /** Keys message (arcs, l) would occupy departing at t. */
    List<Long> keys(int[] arcs, long l, long t) {
      List<Long> ks = new ArrayList<>();
      for (int k = 0; k < arcs.length; k++) {
        for (long h = 0; h < l; h++) {
          long s = t + h + k;
          ks.add(key(0, arcs[k], s));
          if (single) {
            ks.add(key(1, net.tail(arcs[k]), s));
            ks.add(key(2, net.head(arcs[k]), s));
          }
        }
      }
      return ks;
    }

    boolean fits(List<Long> ks) {
      for (long k : ks) {
        if (used.contains(k)) {
          return false;
        }
      }
      return true;
    }

    void take(List<Long> ks) {
      used.addAll(ks);
    }

    void release(List<Long> ks) {
      used.removeAll(ks);
    }
  }

  /**
   * First-fit departures in a random message order; returns the makespan (0 without non-null
   * messages).
   */
  static long bufferless(Instance inst, SplittableRandom rnd) {
    Network net = inst.network();
    Atlas atlas = inst.atlas();
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    Occupancy occ = new Occupancy(net, single);
    List<Integer> order = active(inst);
    shuffle(order, rnd);
    long makespan = 0;
    for (int i : order) {
      long l = inst.messages().get(i).length();
      int[] arcs = atlas.arcs(i);
      for (long t = 0; ; t++) {
        List<Long> ks = occ.keys(arcs, l, t);
        if (occ.fits(ks)) {
          occ.take(ks);
          makespan = Math.max(makespan, t + l + arcs.length - 1);
          break;
        }
      }
    }
    return makespan;
  }

  /** Optimal bufferless makespan by exhaustive search over departures below the given horizon. */
  static long bufferlessOptimum(Instance inst, long horizon) {
    Network net = inst.network();
    boolean single =
        ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    List<Integer> act = active(inst);
    long[] best = {horizon};
    search(inst, new Occupancy(net, single), act, 0, 0, best);
    return best[0];
  }

  private static void search(
      Instance inst, Occupancy occ, List<Integer> act, int j, long current, long[] best) {
    if (current >= best[0]) {
      return;
    }
    if (j == act.size()) {
      best[0] = current;
      return;
    }
    int i = act.get(j);
    long l = inst.messages().get(i).length();
    int[] arcs = inst.atlas().arcs(i);
    long span = l + arcs.length - 1;
    for (long t = 0; t + span < best[0]; t++) {
      List<Long> ks = occ.keys(arcs, l, t);
      if (occ.fits(ks)) {
        occ.take(ks);
        search(inst, occ, act, j + 1, Math.max(current, t + span), best);
        occ.release(ks);
      }
    }
  }

  // ---------------------------------------------------------------- store-and-forward

  /**
   * Append-only resources for store-and-forward transfers: a transfer starts no earlier than the
   * end of the last transfer on each resource it needs, so transfers on one resource never overlap.
   * Under the exchange rule it uses one resource per node (stricter than the rule, hence valid).
   */
  private static final class Ports {
    private final Map<String, Long> free = new HashMap<>();
    private final Network net;
    private final CommModel.StoreAndForward model;
    private final long beta;
    private final long tau;
    long makespan;

    Ports(Instance inst) {
      this.net = inst.network();
      this.model = (CommModel.StoreAndForward) inst.model();
      this.beta = model.betaTicks(inst.timeScale());
      this.tau = model.tauTicks(inst.timeScale());
    }

    private List<String> resources(int u, int v) {
      List<String> rs = new ArrayList<>();
      rs.add("arc" + u + ">" + v);
      if (model.duplex() == CommModel.Duplex.HALF) {
        rs.add("edge" + Math.min(u, v) + "-" + Math.max(u, v));
      }
      if (model.ports() == CommModel.Ports.ONE) {
        if (model.onePort() == CommModel.OnePortRule.EXCHANGE) {
          rs.add("node" + u);
          rs.add("node" + v);
        } else {
          rs.add("out" + u);
          rs.add("in" + v);
        }
      }
      return rs;
    }

    /** Places a transfer of size units over u->v, ready at the given time; returns its end. */
    long transfer(int u, int v, long size, long ready) {
      if (net.arc(u, v) < 0) {
        throw new IllegalStateException("no arc " + u + "->" + v);
      }
      List<String> rs = resources(u, v);
      long start = ready;
      for (String r : rs) {
        start = Math.max(start, free.getOrDefault(r, 0L));
      }
      long end = start + beta + size * tau;
      for (String r : rs) {
        free.put(r, end);
      }
      makespan = Math.max(makespan, end);
      return end;
    }
  }

  /** Scatter or gather: every message cut into random packets, sent hop by hop along its route. */
  static long packets(Instance inst, SplittableRandom rnd) {
    Ports ports = new Ports(inst);
    List<Integer> order = active(inst);
    shuffle(order, rnd);
    for (int i : order) {
      Message m = inst.messages().get(i);
      int[] nodes = inst.atlas().nodes(i);
      for (long size : composition(m.length(), rnd)) {
        long ready = 0;
        for (int k = 0; k + 1 < nodes.length; k++) {
          ready = ports.transfer(nodes[k], nodes[k + 1], size, ready);
        }
      }
    }
    return ports.makespan;
  }

  /** Send: the units in packets of size k, pipelined along the route. */
  static long send(Instance inst, long k) {
    Ports ports = new Ports(inst);
    int[] nodes = inst.atlas().nodes(0);
    long n = inst.messages().get(0).length();
    for (long sent = 0; sent < n; sent += k) {
      long size = Math.min(k, n - sent);
      long ready = 0;
      for (int j = 0; j + 1 < nodes.length; j++) {
        ready = ports.transfer(nodes[j], nodes[j + 1], size, ready);
      }
    }
    return ports.makespan;
  }

  /**
   * Broadcast or gossip: every origin's units in packets of size k, forwarded down a breadth-first
   * tree of the origin; a node forwards a packet once it holds it. Returns -1 if some node cannot
   * be reached.
   */
  static long spread(Instance inst, long k) {
    Ports ports = new Ports(inst);
    Network net = inst.network();
    List<Integer> origins = new ArrayList<>();
    long n;
    if (inst.problem() instanceof Problem.Broadcast) {
      origins.add(((Problem.Broadcast) inst.problem()).source());
      n = ((Problem.Broadcast) inst.problem()).length();
    } else {
      for (int v = 0; v < net.nodes(); v++) {
        origins.add(v);
      }
      n = ((Problem.Gossip) inst.problem()).length();
    }
    List<int[][]> trees = new ArrayList<>();
    for (int o : origins) {
      int[][] tree = NetworkFacts.rootedTree(net, o);
      if (tree[1].length != net.nodes()) {
        return -1;
      }
      trees.add(tree);
    }
    long packets = (n + k - 1) / k;
    long[][][] knows = new long[origins.size()][][];
    for (int oi = 0; oi < origins.size(); oi++) {
      knows[oi] = new long[net.nodes()][(int) packets];
    }
    for (int j = 0; j < packets; j++) {
      long size = Math.min(k, n - (long) j * k);
      for (int oi = 0; oi < origins.size(); oi++) {
        int[] parent = trees.get(oi)[0];
        for (int v : trees.get(oi)[1]) {
          if (parent[v] >= 0) {
            knows[oi][v][j] = ports.transfer(parent[v], v, size, knows[oi][parent[v]][j]);
          }
        }
      }
    }
    return ports.makespan;
  }

  // ---------------------------------------------------------------- helpers

  private static List<Integer> active(Instance inst) {
    List<Integer> act = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      if (inst.messages().get(i).length() > 0) {
        act.add(i);
      }
    }
    return act;
  }

  private static void shuffle(List<Integer> xs, SplittableRandom rnd) {
    for (int i = xs.size() - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      Integer tmp = xs.get(i);
      xs.set(i, xs.get(j));
      xs.set(j, tmp);
    }
  }

  /** A random composition of n >= 1 into at most 4 positive parts. */
  private static List<Long> composition(long n, SplittableRandom rnd) {
    List<Long> parts = new ArrayList<>();
    long left = n;
    int maxParts = rnd.nextInt(1, 5);
    while (left > 0) {
      long size = parts.size() + 1 == maxParts ? left : rnd.nextLong(1, left + 1);
      parts.add(size);
      left -= size;
    }
    return parts;
  }
}
