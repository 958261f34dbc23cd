package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * A bidirectional linear array (bla) as two unidirectional ones run at the same time: the rightward
 * messages use only the arcs {@code x -> x+1} and the leftward ones only {@code x+1 -> x}, so a
 * schedule for each direction, each computed by a ula method, merges into one schedule of makespan
 * {@code max(T_right, T_left)}. The leftward messages become a ula instance through the mirror
 * {@code x -> n-1-x}, which keeps departures. The two virtual schedules run at the same time as
 * well, so the merged virtual duration is {@code max(S_right, S_left)}.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §3.4, names the decomposition of a bla into two ulas;
 * running them concurrently is an extension
 * (docs/models/bufferless-chatting.md#forward-leveled-networks, [X]). Every ula method's guarantee
 * therefore holds per direction, with that direction's C, Q and L, and so also with the whole
 * instance's.
 *
 * <p>This is the one place the split lives: a method that runs on a ula calls {@link #whyNot} and
 * {@link #solve} when its instance is a bla.
 *
 * @implNote Stateless.
 */
final class BidirectionalSplit {
  static final String RIGHTWARD = "rightward";
  static final String LEFTWARD = "leftward";

  private BidirectionalSplit() {}

  /** True if the instance lives on a bla. */
  static boolean applies(Instance instance) {
    return instance.network().topology() instanceof Topology.Bla;
  }

  /** The networks of the linear-array methods: a ula, or a bla run as two ulas at once. */
  static final Scope.NetworkTest LINEAR_ARRAY =
      new Scope.NetworkTest(
          "unidirectional linear array (ula), or a bla as two ulas at once",
          i ->
              i.network().topology() instanceof Topology.Ula || applies(i)
                  ? null
                  : "is the paper's algorithm for a unidirectional linear array (ula; a bla runs as two ulas), and this "
                      + "network is a "
                      + i.network().topology().family()
                      + ": use greedy (or first-fit for a virtual schedule)");

  /**
   * The two directions of a bla chatting instance as ula instances on the same number of nodes,
   * message ids kept: [0] the rightward messages as they are, [1] the leftward ones mirrored
   * ({@code x -> n-1-x}).
   */
  static Instance[] split(Instance bla) {
    int n = bla.network().nodes();
    List<Message> right = new ArrayList<>();
    List<Message> left = new ArrayList<>();
    for (Message m : bla.messages()) {
      if (m.from() < m.to()) {
        right.add(new Message(m.id(), m.from(), m.to(), m.length()));
      } else {
        left.add(new Message(m.id(), n - 1 - m.from(), n - 1 - m.to(), m.length()));
      }
    }
    Network ula = Network.of(new Topology.Ula(n));
    return new Instance[] {
      new Instance(bla.name() + "-" + RIGHTWARD, new Problem.Chatting(right), bla.model(), ula),
      new Instance(bla.name() + "-" + LEFTWARD, new Problem.Chatting(left), bla.model(), ula)
    };
  }

  /**
   * Null if {@code perDirection} applies to both directions of the bla instance, else why not (its
   * own reason, naming the direction).
   */
  static String whyNot(Method perDirection, Instance bla) {
    Instance[] halves = split(bla);
    String[] names = {RIGHTWARD, LEFTWARD};
    for (int k = 0; k < 2; k++) {
      String why = perDirection.whyNot(halves[k]);
      if (why != null) {
        return "on the " + names[k] + " messages of this bla: " + why;
      }
    }
    return null;
  }

  /**
   * Solves each direction with {@code perDirection} and merges: departures side by side, makespan
   * the larger one. Every numeric statistic of the two runs is reported as the larger value (any
   * other one as is when both runs agree, else as {@code "right / left"}), and per direction with
   * the suffix {@code Rightward} / {@code Leftward} (e.g. {@code virtualDurationLeftward}).
   *
   * @throws IllegalArgumentException if {@link #whyNot} is not null
   */
  static SolveResult solve(Method perDirection, Instance bla, SolveLimits limits) {
    String why = whyNot(perDirection, bla);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    Instance[] halves = split(bla);
    SolveResult[] parts = {
      perDirection.solve(halves[0], limits), perDirection.solve(halves[1], limits)
    };
    Map<String, Long> merged = new LinkedHashMap<>();
    Map<String, Long> right = ((Schedule.Departures) parts[0].schedule()).departures();
    Map<String, Long> left = ((Schedule.Departures) parts[1].schedule()).departures();
    for (Message m : bla.messages()) {
      merged.put(m.id(), (m.from() < m.to() ? right : left).get(m.id()));
    }
    long makespan = Math.max(parts[0].makespan(), parts[1].makespan());
    SolveResult out =
        SolveResult.feasible(
            perDirection.name(),
            new Schedule.Departures(merged),
            makespan,
            limits.run().bestBound(bla));
    Map<String, Object> stats = new LinkedHashMap<>();
    String[] suffix = {"Rightward", "Leftward"};
    for (int k = 0; k < 2; k++) {
      for (Map.Entry<String, Object> e : parts[k].stats().entrySet()) {
        stats.merge(
            e.getKey(),
            e.getValue(),
            (a, b) ->
                a instanceof Long && b instanceof Long
                    ? (Object) Math.max((Long) a, (Long) b)
                    : a.equals(b) ? a : a + " / " + b);
      }
    }
    for (int k = 0; k < 2; k++) {
      for (Map.Entry<String, Object> e : parts[k].stats().entrySet()) {
        stats.put(e.getKey() + suffix[k], e.getValue());
      }
    }
    for (Map.Entry<String, Object> e : stats.entrySet()) {
      out = out.withStat(e.getKey(), e.getValue());
    }
    return out;
  }
}
