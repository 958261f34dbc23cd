package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.time.TimeScale;

/**
 * Seeded store-and-forward cases for the definition-against-fast-path suites ({@code
 * PacketFastPathProperties}, {@code LinearCostFastPathProperties}): random topologies and models, a
 * list scheduler that places transfers without overlaps on any resource a model may share (so its
 * schedules are valid by construction under every port and duplex rule), the mutations that break
 * the schedules, and the report both checkers are compared on.
 */
final class TransmissionCases {
  private TransmissionCases() {}

  static Topology topology(SplittableRandom rnd) {
    switch (rnd.nextInt(7)) {
      case 0:
        return new Topology.Bla(2 + rnd.nextInt(6));
      case 1:
        return new Topology.Ring(3 + rnd.nextInt(5));
      case 2:
        return new Topology.Mesh(1 + rnd.nextInt(3), 2 + rnd.nextInt(3));
      case 3:
        return new Topology.Star(2 + rnd.nextInt(6));
      case 4:
        return new Topology.Complete(2 + rnd.nextInt(4));
      default:
        {
          List<Integer> parents = new ArrayList<>(List.of(-1));
          for (int v = 1, n = 2 + rnd.nextInt(10); v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
    }
  }

  /**
   * A random store-and-forward model: beta, tau (some halves, so ticks are finer than units),
   * ports, duplex.
   */
  static CommModel.StoreAndForward model(SplittableRandom rnd) {
    String[] betas = {"1", "2", "0.5", "5"};
    String[] taus = {"1", "0.5", "3"};
    CommModel.Ports ports = rnd.nextBoolean() ? CommModel.Ports.ALL : CommModel.Ports.ONE;
    CommModel.Duplex duplex = rnd.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF;
    CommModel.OnePortRule rule =
        ports == CommModel.Ports.ALL
            ? null
            : rnd.nextBoolean()
                ? CommModel.OnePortRule.SEND_AND_RECEIVE
                : CommModel.OnePortRule.EXCHANGE;
    return Fixtures.sf(
        betas[rnd.nextInt(betas.length)], taus[rnd.nextInt(taus.length)], ports, duplex, rule);
  }

  /**
   * Places transfers one after another, each as early as its data and its resources allow: the arc,
   * the link and both end nodes are held for the whole transfer, so no two transfers that any rule
   * could forbid ever overlap.
   */
  static final class ListScheduler {
    private final Network net;
    private final CommModel.StoreAndForward model;
    private final TimeScale scale;
    private final SplittableRandom rnd;
    private final long[] arcFree;
    private final long[] linkFree;
    private final long[] nodeFree;

    ListScheduler(Instance inst, SplittableRandom rnd) {
      this.net = inst.network();
      this.model = (CommModel.StoreAndForward) inst.model();
      this.scale = inst.timeScale();
      this.rnd = rnd;
      arcFree = new long[net.arcs()];
      linkFree = new long[net.edges()];
      nodeFree = new long[net.nodes()];
    }

    /**
     * The start of a transfer of {@code units} on arc a, ready at {@code ready}; the resources are
     * then held.
     */
    long place(int a, long ready, long units) {
      int u = net.tail(a);
      int v = net.head(a);
      long start = Math.max(ready, Math.max(arcFree[a], linkFree[net.edge(a)]));
      start =
          Math.max(start, Math.max(nodeFree[u], nodeFree[v]))
              + (rnd.nextInt(4) == 0 ? rnd.nextInt(3) : 0);
      long end = start + model.packetTicks(units, scale);
      arcFree[a] = end;
      linkFree[net.edge(a)] = end;
      nodeFree[u] = end;
      nodeFree[v] = end;
      return start;
    }

    long end(long start, long units) {
      return start + model.packetTicks(units, scale);
    }
  }

  /** Random sizes of at least 1 adding up to {@code length}, in at most {@code most} parts. */
  static List<Long> split(SplittableRandom rnd, long length, int most) {
    List<Long> out = new ArrayList<>();
    long left = length;
    while (left > 0) {
      long s = out.size() == most - 1 ? left : 1 + rnd.nextLong(left);
      out.add(s);
      left -= s;
    }
    return out;
  }

  /** The records shuffled (file order is free; the reports must follow it the same way). */
  static List<Schedule.Transmission> shuffled(
      SplittableRandom rnd, List<Schedule.Transmission> records) {
    List<Schedule.Transmission> out = new ArrayList<>(records);
    if (rnd.nextBoolean()) {
      for (int i = out.size() - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        out.set(i, out.set(j, out.get(i)));
      }
    }
    return out;
  }

  /**
   * The records with 1 to 3 faults: a start shifted by 1 to 3 ticks either way, negative, or near
   * the end of the long range; a record dropped or repeated; a size changed, 0 or -1; an end moved
   * to another node; an id that names no message; another packet number; two starts swapped; for
   * linear-cost records, {@code first} moved, out of range, removed or added.
   */
  static List<Schedule.Transmission> mutate(
      SplittableRandom rnd, List<Schedule.Transmission> records, int nodes) {
    List<Schedule.Transmission> out = new ArrayList<>(records);
    for (int f = 1 + rnd.nextInt(3); f > 0 && !out.isEmpty(); f--) {
      int k = rnd.nextInt(out.size());
      Schedule.Transmission x = out.get(k);
      String id = x.message();
      int p = x.packet();
      long size = x.size();
      int from = x.from();
      int to = x.to();
      long start = x.start();
      Long first = x.first();
      switch (rnd.nextInt(13)) {
        case 0, 1 -> start += (rnd.nextBoolean() ? 1 : -1) * (1 + rnd.nextInt(3));
        case 2 -> start = -1 - rnd.nextInt(3);
        case 3 -> start = Long.MAX_VALUE - rnd.nextInt(8);
        case 4 -> {
          out.remove(k);
          continue;
        }
        case 5 -> {
          out.add(rnd.nextInt(out.size() + 1), x);
          continue;
        }
        case 6 ->
            size = rnd.nextInt(3) == 0 ? rnd.nextInt(2) - 1 : size + (rnd.nextBoolean() ? 1 : -1);
        case 7 -> {
          if (rnd.nextBoolean()) {
            from = rnd.nextInt(nodes + 1);
          } else {
            to = rnd.nextInt(nodes + 1);
          }
        }
        case 8 -> id = "nobody";
        case 9 -> p += rnd.nextBoolean() ? 1 : -1;
        case 10 -> {
          Schedule.Transmission y = out.get(rnd.nextInt(out.size()));
          out.set(
              out.indexOf(y),
              new Schedule.Transmission(
                  y.message(), y.packet(), y.size(), y.from(), y.to(), start, y.first()));
          start = y.start();
        }
        case 11 -> first = first == null ? Long.valueOf(rnd.nextInt(4)) : null;
        default ->
            first =
                first == null
                    ? null
                    : first + (rnd.nextBoolean() ? 1 : -1) * (1 + rnd.nextInt(100));
      }
      out.set(k, new Schedule.Transmission(id, p, size, from, to, start, first));
    }
    return out;
  }

  /** The violations and the makespan, or the overflow, of one checker run. */
  interface Run {
    long check(Instance inst, Schedule.Transmissions s, TimeScale scale, Findings out);
  }

  /**
   * What a checker reports: its violations and its makespan (or "overflow" and the violations found
   * before).
   */
  static List<Object> report(Run checker, Instance inst, Schedule.Transmissions s) {
    Findings out = new Findings();
    Object result;
    try {
      result = checker.check(inst, s, inst.timeScale().max(s.scale()), out);
    } catch (ArithmeticException e) {
      result = "overflow: " + e.getMessage();
    }
    return List.of(out.violations(), result);
  }
}
