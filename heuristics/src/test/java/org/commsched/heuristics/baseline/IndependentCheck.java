package org.commsched.heuristics.baseline;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * A brute-force validity check written from docs/DESIGN.md for these tests only (the project's checker is built
 * elsewhere). It expands every flit into (resource, step) cells for bufferless schedules and compares every pair
 * of transfers for store-and-forward ones, so it is slow and simple on purpose.
 */
final class IndependentCheck {
  /** Violations found (empty if valid) and the recomputed makespan. */
  record Verdict(List<String> violations, long makespan) {
    boolean valid() {
      return violations.isEmpty();
    }
  }

  private IndependentCheck() {
  }

  static Verdict check(Instance inst, Schedule s) {
    if (s instanceof Schedule.Departures d) {
      return departures(inst, d);
    }
    if (s instanceof Schedule.Slots sl) {
      return slots(inst, sl);
    }
    return transmissions(inst, (Schedule.Transmissions) s);
  }

  static Verdict departures(Instance inst, Schedule.Departures sched) {
    List<String> bad = new ArrayList<>();
    boolean single = ((CommModel.Bufferless) inst.model()).ports() == CommModel.BufferlessPorts.SINGLE;
    Network net = inst.network();
    Set<String> used = new HashSet<>();
    Set<String> ids = new HashSet<>();
    long makespan = 0;
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      ids.add(m.id());
      Long t = sched.departures().get(m.id());
      if (m.length() == 0) {
        if (t != null) {
          bad.add("null message " + m.id() + " has a departure");
        }
        continue;
      }
      if (t == null || t < 0) {
        bad.add("message " + m.id() + " has departure " + t);
        continue;
      }
      int[] p = inst.atlas().nodes(i);
      for (long h = 0; h < m.length(); h++) {
        for (int k = 0; k + 1 < p.length; k++) {
          long step = t + h + k;
          List<String> cells = new ArrayList<>();
          if (single) {
            cells.add("send " + p[k] + " @" + step);
            cells.add("recv " + p[k + 1] + " @" + step);
          } else {
            if (net.arc(p[k], p[k + 1]) < 0) {
              bad.add("no arc " + p[k] + "->" + p[k + 1]);
            }
            cells.add("arc " + p[k] + "->" + p[k + 1] + " @" + step);
          }
          for (String c : cells) {
            if (!used.add(c)) {
              bad.add("collision at " + c + " (message " + m.id() + ")");
            }
          }
        }
      }
      makespan = Math.max(makespan, t + m.length() + p.length - 2);
    }
    for (String id : sched.departures().keySet()) {
      if (!ids.contains(id)) {
        bad.add("unknown message " + id);
      }
    }
    return new Verdict(bad, makespan);
  }

  static Verdict slots(Instance inst, Schedule.Slots sched) {
    List<String> bad = new ArrayList<>();
    Set<String> used = new HashSet<>();
    long makespan = 0;
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      Long s = sched.slots().get(m.id());
      if (s == null || s < 0) {
        bad.add("message " + m.id() + " has slot " + s);
        continue;
      }
      int[] p = inst.atlas().nodes(i);
      for (long h = 0; h < m.length(); h++) {
        for (int k = 0; k + 1 < p.length; k++) {
          String c = p[k] + "->" + p[k + 1] + " @" + (s + h);
          if (!used.add(c)) {
            bad.add("slot collision at " + c);
          }
        }
      }
      makespan = Math.max(makespan, s + m.length());
    }
    if (sched.slots().size() != inst.messages().size()) {
      bad.add("wrong number of slots");
    }
    return new Verdict(bad, makespan);
  }

  static Verdict transmissions(Instance inst, Schedule.Transmissions sched) {
    List<String> bad = new ArrayList<>();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    TimeScale scale = sched.scale();
    if (!scale.equals(inst.timeScale())) {
      bad.add("scale " + scale + " is not the model's " + inst.timeScale());
    }
    Network net = inst.network();
    List<Schedule.Transmission> ts = sched.transmissions();
    long[] end = new long[ts.size()];
    long makespan = 0;
    for (int x = 0; x < ts.size(); x++) {
      Schedule.Transmission t = ts.get(x);
      if (t.size() < 1 || t.start() < 0 || net.arc(t.from(), t.to()) < 0) {
        bad.add("bad transmission " + t);
      }
      end[x] = t.start() + scale.toTicks(model.beta()) + t.size() * scale.toTicks(model.tau());
      makespan = Math.max(makespan, end[x]);
    }
    // pairwise resource rules
    for (int a = 0; a < ts.size(); a++) {
      for (int b = a + 1; b < ts.size(); b++) {
        Schedule.Transmission p = ts.get(a);
        Schedule.Transmission q = ts.get(b);
        if (!(p.start() < end[b] && q.start() < end[a])) {
          continue;
        }
        if (p.from() == q.from() && p.to() == q.to()) {
          bad.add("same arc overlap " + p + " / " + q);
        }
        boolean sameLink = (p.from() == q.to() && p.to() == q.from());
        if (model.duplex() == CommModel.Duplex.HALF && sameLink) {
          bad.add("half-duplex overlap " + p + " / " + q);
        }
        if (model.ports() == CommModel.Ports.ONE) {
          if (model.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
            if (p.from() == q.from() || p.to() == q.to()) {
              bad.add("one-port (send-and-receive) overlap " + p + " / " + q);
            }
          } else {
            boolean share = p.from() == q.from() || p.from() == q.to() || p.to() == q.from() || p.to() == q.to();
            if (share && !sameLink) {
              bad.add("one-port (exchange) overlap " + p + " / " + q);
            }
          }
        }
      }
    }
    if (inst.kind() == ProblemKind.SCATTER || inst.kind() == ProblemKind.GATHER) {
      checkRoutedPackets(inst, ts, end, bad);
    } else {
      checkKnowledge(inst, ts, end, bad);
    }
    return new Verdict(bad, makespan);
  }

  /** Scatter/gather: each packet crosses its message's route in order, store-and-forward; sizes sum up. */
  private static void checkRoutedPackets(Instance inst, List<Schedule.Transmission> ts, long[] end,
      List<String> bad) {
    Map<String, Map<Integer, List<Integer>>> byPacket = new HashMap<>();
    for (int x = 0; x < ts.size(); x++) {
      byPacket.computeIfAbsent(ts.get(x).message(), k -> new TreeMap<>())
          .computeIfAbsent(ts.get(x).packet(), k -> new ArrayList<>()).add(x);
    }
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      Map<Integer, List<Integer>> packets = byPacket.remove(m.id());
      if (m.length() == 0) {
        if (packets != null) {
          bad.add("null message " + m.id() + " has packets");
        }
        continue;
      }
      if (packets == null) {
        bad.add("message " + m.id() + " has no packet");
        continue;
      }
      int[] route = inst.atlas().nodes(i);
      long total = 0;
      for (List<Integer> hops : packets.values()) {
        hops.sort((u, v) -> Long.compare(ts.get(u).start(), ts.get(v).start()));
        if (hops.size() != route.length - 1) {
          bad.add("a packet of " + m.id() + " has " + hops.size() + " hops");
          continue;
        }
        long size = ts.get(hops.get(0)).size();
        total += size;
        long ready = 0;
        for (int k = 0; k < hops.size(); k++) {
          Schedule.Transmission t = ts.get(hops.get(k));
          if (t.from() != route[k] || t.to() != route[k + 1] || t.size() != size) {
            bad.add("packet off route or resized: " + t);
          }
          if (t.start() < ready) {
            bad.add("store-and-forward broken: " + t);
          }
          ready = end[hops.get(k)];
        }
      }
      if (total != m.length()) {
        bad.add("message " + m.id() + " delivers " + total + " of " + m.length());
      }
    }
    if (!byPacket.isEmpty()) {
      bad.add("unknown messages " + byPacket.keySet());
    }
  }

  /** Linear cost: every unit sent is known to its sender; every required unit is delivered. */
  private static void checkKnowledge(Instance inst, List<Schedule.Transmission> ts, long[] end, List<String> bad) {
    Map<String, Origin> origins = new HashMap<>();
    for (Origin o : inst.origins()) {
      origins.put(o.message(), o);
    }
    Map<String, Long> known = new HashMap<>(); // "node/message/unit" -> time
    for (Origin o : inst.origins()) {
      for (long u = 0; u < o.length(); u++) {
        known.put(o.node() + "/" + o.message() + "/" + u, 0L);
      }
    }
    Integer[] order = new Integer[ts.size()];
    for (int x = 0; x < order.length; x++) {
      order[x] = x;
    }
    java.util.Arrays.sort(order, (u, v) -> Long.compare(ts.get(u).start(), ts.get(v).start()));
    for (int x : order) {
      Schedule.Transmission t = ts.get(x);
      Origin o = origins.get(t.message());
      if (o == null || t.first() == null) {
        bad.add("transmission without known message or first unit: " + t);
        continue;
      }
      if (t.first() < 0 || t.first() + t.size() > o.length()) {
        bad.add("units out of range: " + t);
        continue;
      }
      for (long u = t.first(); u < t.first() + t.size(); u++) {
        Long k = known.get(t.from() + "/" + t.message() + "/" + u);
        if (k == null || k > t.start()) {
          bad.add("node " + t.from() + " sends unit " + u + " of " + t.message() + " before knowing it");
        }
        known.merge(t.to() + "/" + t.message() + "/" + u, end[x], Math::min);
      }
    }
    int n = inst.network().nodes();
    for (Origin o : inst.origins()) {
      for (int v = 0; v < n; v++) {
        if (inst.kind() == ProblemKind.SEND && v != ((org.commsched.core.model.Problem.Send) inst.problem())
            .target()) {
          continue;
        }
        for (long u = 0; u < o.length(); u++) {
          if (!known.containsKey(v + "/" + o.message() + "/" + u)) {
            bad.add("node " + v + " never gets unit " + u + " of " + o.message());
          }
        }
      }
    }
  }
}
