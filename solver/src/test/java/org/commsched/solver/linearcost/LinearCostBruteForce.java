package org.commsched.solver.linearcost;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;

/**
 * An exhaustive search for linear-cost schedules (send, broadcast, gossip;
 * docs/models/linear-cost.md#validity-rules), written independently of the CP model for tiny
 * instances: does a schedule of makespan at most {@code T} exist?
 *
 * <p>It walks event times. With integer durations some optimal schedule starts every packet at 0 or
 * at the end of another packet (shift each packet left to the latest end before it: its units were
 * already held, no packet ends in between, so nothing new overlaps it, and port rules are
 * pairwise). So at time {@code t} the search retires the packets that end by {@code t} (their units
 * become known at their heads), then chooses which packets start now: for every arc nothing, or any
 * non-empty set of units its tail holds and its head does not hold yet (a second copy of a held
 * unit can be dropped from any schedule without harm), ending by {@code T}; the new packets must be
 * compatible with each other and with those still running (same arc never; half duplex: not the two
 * directions of a link; one port, exchange: two packets at one node only as the two directions of
 * one link; send-and-receive: not two leaving or two entering one node). Then it moves to the next
 * end. Failed states are remembered.
 */
final class LinearCostBruteForce {
  private final Network net;
  private final CommModel.StoreAndForward cm;
  private final long beta;
  private final long tau;
  private final int units;
  private final int[] unitOrigin;
  private final long[] known0;
  private final long[] needs;
  private final List<Origin> origins;
  private final int[] firstUnit;
  private long limit;
  private final Set<String> failed = new HashSet<>();

  /** States visited by the last {@link #feasible} call. */
  long states;

  /**
   * The packets of the schedule found by the last successful {@link #feasible} call: {arc, mask,
   * start}.
   */
  private final List<long[]> found = new ArrayList<>();

  LinearCostBruteForce(Instance inst) {
    net = inst.network();
    cm = (CommModel.StoreAndForward) inst.model();
    beta = cm.betaTicks(inst.timeScale());
    tau = cm.tauTicks(inst.timeScale());
    origins = inst.origins();
    firstUnit = new int[origins.size()];
    int u = 0;
    for (int i = 0; i < origins.size(); i++) {
      firstUnit[i] = u;
      u += (int) origins.get(i).length();
    }
    units = u;
    if (units > 62) {
      throw new IllegalArgumentException("too many units for the exhaustive search: " + units);
    }
    unitOrigin = new int[units];
    for (int i = 0; i < origins.size(); i++) {
      for (int k = 0; k < origins.get(i).length(); k++) {
        unitOrigin[firstUnit[i] + k] = i;
      }
    }
    int n = net.nodes();
    known0 = new long[n];
    needs = new long[n];
    for (int x = 0; x < units; x++) {
      int o = origins.get(unitOrigin[x]).node();
      known0[o] |= 1L << x;
      for (int v = 0; v < n; v++) {
        boolean need = inst.problem() instanceof Problem.Send s ? v == s.target() : true;
        if (need) {
          needs[v] |= 1L << x;
        }
      }
    }
  }

  /** True if a schedule of makespan at most {@code t} exists; {@link #schedule} then gives one. */
  boolean feasible(long t) {
    limit = t;
    failed.clear();
    found.clear();
    states = 0;
    return search(0, known0.clone(), new ArrayList<>());
  }

  private boolean complete(long[] known) {
    for (int v = 0; v < known.length; v++) {
      if ((known[v] & needs[v]) != needs[v]) {
        return false;
      }
    }
    return true;
  }

  /** Running packets: {arc, mask, start, end}. */
  private boolean search(long t, long[] known, List<long[]> running) {
    states++;
    List<long[]> still = new ArrayList<>();
    for (long[] p : running) {
      if (p[3] <= t) {
        known[net.head((int) p[0])] |= p[1];
      } else {
        still.add(p);
      }
    }
    if (complete(known)) {
      return true;
    }
    if (t >= limit) {
      return false;
    }
    StringBuilder key = new StringBuilder().append(t);
    for (long k : known) {
      key.append(',').append(k);
    }
    still.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[3], y[3]));
    for (long[] p : still) {
      key.append(';').append(p[0]).append(':').append(p[1]).append(':').append(p[3]);
    }
    String k = key.toString();
    if (failed.contains(k)) {
      return false;
    }
    if (choose(0, t, known, still, new ArrayList<>())) {
      return true;
    }
    failed.add(k);
    return false;
  }

  /** Chooses the packets starting at {@code t} arc by arc, then moves on to the next end. */
  private boolean choose(int arc, long t, long[] known, List<long[]> running, List<long[]> fresh) {
    if (arc == net.arcs()) {
      List<long[]> all = new ArrayList<>(running);
      all.addAll(fresh);
      long next = Long.MAX_VALUE;
      for (long[] p : all) {
        next = Math.min(next, p[3]);
      }
      if (next == Long.MAX_VALUE || next > limit) {
        return false;
      }
      if (search(next, known.clone(), all)) {
        for (long[] p : fresh) {
          found.add(new long[] {p[0], p[1], p[2]});
        }
        return true;
      }
      return false;
    }
    if (choose(arc + 1, t, known, running, fresh)) {
      return true;
    }
    long avail = known[net.tail(arc)] & ~known[net.head(arc)];
    if (avail == 0) {
      return false;
    }
    for (long[] p : running) {
      if (!compatible(arc, (int) p[0])) {
        return false;
      }
    }
    for (long[] p : fresh) {
      if (!compatible(arc, (int) p[0])) {
        return false;
      }
    }
    // every non-empty subset of the available units
    for (long s = avail; s != 0; s = (s - 1) & avail) {
      long end = t + beta + Long.bitCount(s) * tau;
      if (end > limit) {
        continue;
      }
      fresh.add(new long[] {arc, s, t, end});
      boolean ok = choose(arc + 1, t, known, running, fresh);
      fresh.remove(fresh.size() - 1);
      if (ok) {
        return true;
      }
    }
    return false;
  }

  /** May packets on arcs a and b overlap in time (a != b or not)? */
  private boolean compatible(int a, int b) {
    if (a == b) {
      return false;
    }
    boolean opposite = net.tail(a) == net.head(b) && net.head(a) == net.tail(b);
    if (cm.duplex() == CommModel.Duplex.HALF && opposite) {
      return false;
    }
    if (cm.ports() != CommModel.Ports.ONE) {
      return true;
    }
    if (cm.onePort() == CommModel.OnePortRule.SEND_AND_RECEIVE) {
      return net.tail(a) != net.tail(b) && net.head(a) != net.head(b);
    }
    boolean share =
        net.tail(a) == net.tail(b)
            || net.tail(a) == net.head(b)
            || net.head(a) == net.tail(b)
            || net.head(a) == net.head(b);
    return !share || opposite;
  }

  /**
   * The schedule found by the last successful {@link #feasible}: one record per packet and run of
   * units.
   */
  Schedule.Transmissions schedule(Instance inst) {
    List<Schedule.Transmission> out = new ArrayList<>();
    int number = 0;
    for (long[] p : found) {
      for (int x = 0; x < units; x++) {
        if ((p[1] >> x & 1) != 0) {
          int o = unitOrigin[x];
          out.add(
              new Schedule.Transmission(
                  origins.get(o).message(),
                  number++,
                  1,
                  net.tail((int) p[0]),
                  net.head((int) p[0]),
                  p[2],
                  (long) (x - firstUnit[o])));
        }
      }
    }
    return new Schedule.Transmissions(inst.timeScale(), out);
  }
}
