package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * An explicit linear-cost transmission schedule under construction, shared by the family's schemes
 * (docs/models/linear-cost.md#units-and-packets): a scheme places packets (sender, receiver, start,
 * runs of units, optionally a channel of the arc), this class computes every end exactly as {@code
 * start + beta + units * tau} in the instance's ticks (the arc's own beta and tau on a network
 * whose links have them, {@link ArcCosts}), keeps the makespan and, per arc used, the end of the
 * last packet placed on it, and writes the records of a schedule file (every record with its {@code
 * first} unit, so packet numbers carry no meaning beyond naming).
 *
 * <p>It checks nothing beyond arguments: the family's checker judges the result. Packets on one arc
 * with one start are one packet for the checker, so a scheme gives every packet on an arc its own
 * start (a packet of several runs goes in one {@link #packet(int, int, long, List)} call).
 *
 * @implNote Mutable builder; not thread-safe.
 */
public final class LcSchedule {
  /** Units {@code first .. first + count - 1} of one message. */
  public record Run(String message, long first, long count) {
    public Run {
      if (count < 1 || first < 0) {
        throw new IllegalArgumentException(
            "a run needs first >= 0 and count >= 1, got " + first + ", " + count);
      }
    }
  }

  private final Network net;
  private final TimeScale scale;
  private final long beta;
  private final long tau;
  private final boolean half;
  private final ArcCosts costs;
  private final List<Schedule.Transmission> out = new ArrayList<>();

  /** Packets numbered so far per message (a mutable count, so a record costs no boxing). */
  private final Map<String, int[]> packetNumbers = new HashMap<>();

  private String lastMessage; // the message of the last run placed, and its count: runs of one
  private int[] lastNumbers; // message often follow each other

  /**
   * The latest end per arc used: an array over the arcs when they are at most {@link #DENSE_ARCS},
   * else a map (sparse: a complete graph's arcs are never all touched).
   */
  private final long[] arcEndDense;

  private final Map<Integer, Long> arcEnd;

  /** Arcs up to which {@link #arcEndDense} is used (32 MB of longs at most). */
  static final int DENSE_ARCS = 1 << 22;

  private long makespan;

  /** An empty schedule for a send, broadcast or gossip instance under a store-and-forward model. */
  public LcSchedule(Instance instance) {
    this(instance, DENSE_ARCS);
  }

  /**
   * As {@link #LcSchedule(Instance)}, the ends per arc in an array up to {@code denseArcs} arcs.
   */
  LcSchedule(Instance instance, int denseArcs) {
    this.net = instance.network();
    this.scale = instance.timeScale();
    CommModel.StoreAndForward model = instance.storeAndForward();
    this.beta = model.betaTicks(scale);
    this.tau = model.tauTicks(scale);
    this.half = model.duplex() == CommModel.Duplex.HALF;
    this.costs = instance.arcCosts();
    boolean dense = net.arcs() <= denseArcs;
    this.arcEndDense = dense ? new long[net.arcs()] : null;
    this.arcEnd = dense ? null : new HashMap<>();
  }

  /** beta in ticks. */
  public long beta() {
    return beta;
  }

  /** tau in ticks. */
  public long tau() {
    return tau;
  }

  /** How long a packet of {@code units} units lasts: {@code beta + units * tau} ticks. */
  public long duration(long units) {
    return Math.addExact(beta, Math.multiplyExact(units, tau));
  }

  /** Places a packet of one run; returns its end. */
  public long packet(int from, int to, long start, String message, long first, long count) {
    return packet(from, to, start, List.of(new Run(message, first, count)));
  }

  /** Places one packet made of several runs (possibly of several messages); returns its end. */
  public long packet(int from, int to, long start, List<Run> runs) {
    return packet(from, to, start, runs, 0);
  }

  /**
   * Places one packet made of several runs on channel {@code channel} of its arc
   * (docs/FORMATS.md#links-with-channels- and-costs: packets that start together on one arc need
   * channels of their own); it lasts the arc's own {@code beta + units tau}. Returns its end.
   */
  public long packet(int from, int to, long start, List<Run> runs, int channel) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a packet carries at least one unit");
    }
    if (start < 0) {
      throw new IllegalArgumentException("a packet starts at 0 or later, got " + start);
    }
    int a = arcOf(from, to);
    if (channel < 0 || channel >= net.channels(a)) {
      throw new IllegalArgumentException("arc " + from + "->" + to + " has no channel " + channel);
    }
    long units = 0;
    for (Run r : runs) {
      units = Math.addExact(units, r.count());
      String message = r.message();
      if (message != lastMessage) {
        lastNumbers = packetNumbers.computeIfAbsent(message, m -> new int[1]);
        lastMessage = message;
      }
      int number = lastNumbers[0]++;
      out.add(
          new Schedule.Transmission(
              r.message(),
              number,
              r.count(),
              from,
              to,
              start,
              r.first(),
              channel == 0 ? null : channel));
    }
    long end = Math.addExact(start, costs.uniform() ? duration(units) : costs.ticks(a, units));
    if (arcEndDense != null) {
      arcEndDense[a] = Math.max(arcEndDense[a], end);
    } else {
      arcEnd.merge(a, end, Math::max);
    }
    makespan = Math.max(makespan, end);
    return end;
  }

  /**
   * The end of the last packet placed on arc {@code from -> to}, and under half duplex also on its
   * reverse (0 if none): the earliest start of a next packet there when packets are placed in time
   * order per link.
   */
  public long linkFree(int from, int to) {
    int a = arcOf(from, to);
    long end = arcEndOf(a);
    int r = net.reverse(a);
    return half && r >= 0 ? Math.max(end, arcEndOf(r)) : end;
  }

  private long arcEndOf(int a) {
    return arcEndDense != null ? arcEndDense[a] : arcEnd.getOrDefault(a, 0L);
  }

  /** The latest end so far (0 when empty). */
  public long makespan() {
    return makespan;
  }

  /** Number of records so far. */
  public int records() {
    return out.size();
  }

  /** The schedule: records sorted by start (stable), in the instance's ticks. */
  public Schedule.Transmissions schedule() {
    Schedule.Transmission[] xs = out.toArray(new Schedule.Transmission[0]);
    Arrays.sort(xs, (x, y) -> Long.compare(x.start(), y.start()));
    return new Schedule.Transmissions(scale, List.of(xs));
  }

  /** A result: OPTIMAL when the bound meets the makespan, else FEASIBLE (ticks of the instance). */
  public SolveResult result(String method, LowerBound bound) {
    return SolveResult.feasible(method, schedule(), makespan, bound);
  }

  private int arcOf(int from, int to) {
    int a = net.arc(from, to);
    if (a < 0) {
      throw new IllegalArgumentException("no arc " + from + "->" + to + " in the network");
    }
    return a;
  }
}
