package org.commsched.heuristics.baseline;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.StopToken;
import org.commsched.heuristics.bufferless.dsa.StartSweep;
import org.commsched.heuristics.common.Calendar;
import org.commsched.heuristics.common.LineCalendar;

/**
 * First-fit virtual scheduling (dynamic storage allocation by first fit).
 *
 * <p><b>Model.</b> A virtual schedule gives each message a slot s; the message reserves every arc
 * of its route during [s, s + l). Makespan = max (s + l) (docs/DESIGN.md). For dsa this is the
 * height of a buffer layout: buffer [lower, upper) of size l is the message lower -&gt; upper on a
 * ULA.
 *
 * <p><b>Algorithm.</b> Messages in order of decreasing length, then id; each takes the lowest slot
 * at which all of its arcs are free for l consecutive slots.
 *
 * <p><b>Time limit.</b> The placements poll the time limit and the run's stop token every {@value
 * #POLL} messages (one placement on a ula takes up to milliseconds on 10^5 buffers: the whole pass
 * took 212 s there). Once either has passed, the messages not placed yet are placed at once: on a
 * ula (every dsa instance) by first fit in order of start around the placed ones, or every message
 * so if that is lower ({@link StartSweep#lower}, O(n log n)); on another network stacked above the
 * placed ones, one after the other (valid, not low). The result is then the whole valid schedule,
 * FEASIBLE, with the stat {@code firstPass} saying how many the pass placed and how the rest went.
 *
 * <p><b>Guarantee.</b> A valid virtual schedule; no approximation guarantee is claimed (first fit
 * in decreasing-size order is a classical DSA heuristic, see Garey and Johnson's survey of storage
 * allocation).
 *
 * @implNote Stateless; immutable. Deterministic unless the time limit or a stop ends the pass.
 */
public final class FirstFitSlots implements Method {
  /** The facts of {@code first-fit}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "first-fit",
          "first-fit virtual schedule (dsa layout): longest message first, each at its lowest free slot",
          "valid schedule; no approximation guarantee",
          "baseline (this project); first fit for dynamic storage allocation",
          Scope.of(ProblemKind.DSA, ProblemKind.CHATTING)
              .bufferlessPorts(CommModel.BufferlessPorts.ALL)
              .note("virtual schedules (slots)"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Placements between two polls of the time limit and the stop token. */
  static final int POLL = 16;

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    long deadline = System.nanoTime() + Math.max(1, limits.timeLimit().toNanos());
    requireApplies(instance);
    List<Message> msgs = instance.messages();
    Integer[] order = order(instance);
    Stop stop = new Stop(limits.run().stop(), deadline, new boolean[msgs.size()]);
    // polled once before the first placement too: a run whose limit passed while the file was read
    // places nothing
    // by first fit and answers with the finished layout at once (one sweep on a ula, not two)
    long[] slot =
        stop.over()
            ? new long[msgs.size()]
            : LineCalendar.worthIt(instance.network(), msgs)
                ? slotsOnLine(instance, order, stop)
                : slotsFull(instance, order, stop);
    String cut = null;
    if (stop.count < msgs.size()) {
      boolean ula = instance.network().topology() instanceof Topology.Ula;
      slot =
          ula
              ? StartSweep.lower(instance, slot, stop.placed)
              : stacked(instance, slot, stop.placed);
      cut =
          "stopped at the time limit after "
              + stop.count
              + " of "
              + msgs.size()
              + " messages; "
              + (ula
                  ? "finished by first fit in order of start (the lower of: the rest around those, or every message)"
                  : "the rest stacked above them");
    }
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int i = 0; i < msgs.size(); i++) {
      out.put(msgs.get(i).id(), slot[i]);
      makespan = Math.max(makespan, slot[i] + msgs.get(i).length());
    }
    SolveResult r =
        SolveResult.feasible(
            name(), new Schedule.Slots(out), makespan, BaselineBounds.virtual(instance));
    return cut == null ? r : r.withStat("firstPass", cut);
  }

  /**
   * Where a pass stops: the run's token and the deadline, polled before the first placement and
   * every {@value #POLL} placements; {@code placed} marks the messages placed and {@code count}
   * counts them.
   */
  static final class Stop {
    private final StopToken token;
    private final long deadline;
    final boolean[] placed;
    int count;

    Stop(StopToken token, long deadline, boolean[] placed) {
      this.token = token;
      this.deadline = deadline;
      this.placed = placed;
    }

    /**
     * True when the deadline has passed or the token tripped (the check made before the first
     * placement).
     */
    boolean over() {
      return token.over(deadline);
    }

    /** Records message i as placed; true when the pass must stop here. */
    boolean placedAndOver(int i) {
      placed[i] = true;
      count++;
      return count % POLL == 0 && token.over(deadline);
    }
  }

  /**
   * The slots with every message not {@code placed} stacked above all others, one after the other
   * in index order.
   */
  static long[] stacked(Instance instance, long[] slot, boolean[] placed) {
    List<Message> msgs = instance.messages();
    long[] out = slot.clone();
    long top = 0;
    for (int i = 0; i < out.length; i++) {
      if (placed[i]) {
        top = Math.max(top, out[i] + msgs.get(i).length());
      }
    }
    for (int i = 0; i < out.length; i++) {
      if (!placed[i]) {
        out[i] = top;
        top += msgs.get(i).length();
      }
    }
    return out;
  }

  /** Slots by first fit on per-arc calendars. */
  static long[] slotsFull(Instance instance, Integer[] order) {
    return slotsFull(
        instance, order, new Stop(new StopToken(), Long.MAX_VALUE, new boolean[order.length]));
  }

  /** Slots by first fit on per-arc calendars, until {@code stop} says so. */
  static long[] slotsFull(Instance instance, Integer[] order, Stop stop) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    Calendar cal = new Calendar(instance.network().arcs());
    long[] slot = new long[msgs.size()];
    long[] off = new long[16];
    for (int i : order) {
      int[] arcs = atlas.arcs(i);
      if (off.length < arcs.length) {
        off = new long[arcs.length];
      }
      long len = msgs.get(i).length();
      long s = cal.earliest(arcs, off, arcs.length, 0, len);
      cal.reserve(arcs, off, arcs.length, s, len);
      slot[i] = s;
      if (stop.placedAndOver(i)) {
        break;
      }
    }
    return slot;
  }

  /**
   * Slots by rectangle first fit on a ULA or BLA ({@link LineCalendar}); the same slots as {@link
   * #slotsFull}.
   */
  static long[] slotsOnLine(Instance instance, Integer[] order) {
    return slotsOnLine(
        instance, order, new Stop(new StopToken(), Long.MAX_VALUE, new boolean[order.length]));
  }

  /** As {@link #slotsOnLine(Instance, Integer[])}, until {@code stop} says so. */
  static long[] slotsOnLine(Instance instance, Integer[] order, Stop stop) {
    List<Message> msgs = instance.messages();
    Network net = instance.network();
    LineCalendar line = new LineCalendar(LineCalendar.coordinates(net));
    long[] slot = new long[msgs.size()];
    for (int i : order) {
      Message m = msgs.get(i);
      int c0 = LineCalendar.first(net, m);
      int c1 = LineCalendar.end(net, m);
      long s = line.earliest(c0, c1, 0, m.length());
      line.reserve(c0, c1, s, m.length());
      slot[i] = s;
      if (stop.placedAndOver(i)) {
        break;
      }
    }
    return slot;
  }

  /**
   * The first-fit order: decreasing length, then id, then index; one comparator over arrays of the
   * keys (the chain of key extractors it replaces took a tenth of a second on 10^5 messages,
   * counted against the pass's limit).
   */
  static Integer[] order(Instance instance) {
    List<Message> msgs = instance.messages();
    int n = msgs.size();
    Integer[] order = new Integer[n];
    long[] length = new long[n];
    String[] id = new String[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
      length[i] = msgs.get(i).length();
      id[i] = msgs.get(i).id();
    }
    Arrays.sort(
        order,
        (a, b) -> {
          int c = Long.compare(length[b], length[a]);
          if (c == 0) {
            c = id[a].compareTo(id[b]);
          }
          return c != 0 ? c : Integer.compare(a, b);
        });
    return order;
  }

  /**
   * Turns a virtual schedule on a ULA into a real (departures) schedule of the all-port bufferless
   * model.
   *
   * <p>On a ULA a message from a with departure t uses arc x during steps [t + x - a, t + x - a +
   * l); in the coordinates (x, step - x) that is the rectangle [a, b) x [t - a, t - a + l), exactly
   * the virtual rectangle [a, b) x [slot, slot + l) shifted. So t = slot + a - c is valid for any
   * constant c; we take the smallest c that keeps every departure non-negative, c = min (slot + a).
   *
   * @param instance a chatting or dsa instance on a ULA
   * @param slots a valid virtual schedule of it
   * @return departures in message order
   * @throws IllegalArgumentException if the network is not a ULA or a message has no slot
   */
  public static Schedule.Departures ulaDepartures(Instance instance, Schedule.Slots slots) {
    if (!(instance.network().topology() instanceof Topology.Ula)) {
      throw new IllegalArgumentException("slots turn into departures by a shift only on a ula");
    }
    List<Message> msgs = instance.messages();
    long c = Long.MAX_VALUE;
    for (Message m : msgs) {
      Long s = slots.slots().get(m.id());
      if (s == null) {
        throw new IllegalArgumentException("message " + m.id() + " has no slot");
      }
      c = Math.min(c, s + m.from());
    }
    Map<String, Long> out = new LinkedHashMap<>();
    for (Message m : msgs) {
      out.put(m.id(), slots.slots().get(m.id()) + m.from() - c);
    }
    return new Schedule.Departures(out);
  }
}
