package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiPredicate;
import org.commsched.core.check.Kind;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;

/**
 * Faults in bufferless real schedules (departures;
 * docs/models/bufferless-chatting.md#validity-rules,
 * docs/models/bufferless-scatter-gather.md#validity-rules). Each is invalid by construction:
 *
 * <ul>
 *   <li>{@code onto-used-arc}: a message's departure moved so that its first flit crosses an arc in
 *       the very step another message's first flit crosses it ((2.1) / V4', {@code ARC_CONFLICT});
 *   <li>{@code send-port-twice}, {@code receive-port-twice} (single port): a departure moved so
 *       that its first flit leaves (enters) a node in the step another message's first flit leaves
 *       (enters) it over another arc ({@code SEND_PORT}, {@code RECEIVE_PORT});
 *   <li>{@code missing}: a departure of a message of positive length dropped ({@code
 *       MISSING_DEPARTURE});
 *   <li>{@code duplicate-unknown}: a departure for a message the instance does not have ({@code
 *       UNKNOWN_MESSAGE});
 *   <li>{@code negative}: a departure at step -1 ({@code NEGATIVE_TIME});
 *   <li>{@code blind-shift} (not for traces): one departure shifted by -3..3 without looking; it
 *       may give another valid schedule, which {@link Independent} recognises (an equivalent
 *       mutant), else it must be reported under an arc, port or time code.
 * </ul>
 */
public final class DepartureMutator implements Mutator {
  @Override
  public String kind() {
    return "departures";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return valid.schedule() instanceof Schedule.Departures d && d.control().isEmpty();
  }

  @Override
  public List<Mutant> mutants(Instance inst, SolveResult valid, SplittableRandom r) {
    List<Mutant> out = dataFaults(inst, valid, r);
    Schedule.Departures d = (Schedule.Departures) valid.schedule();
    if (!d.departures().isEmpty()) {
      // a blind shift: often a fault, sometimes another valid schedule, which the second reading
      // recognises
      List<String> ids = new ArrayList<>(d.departures().keySet());
      String id = ids.get(r.nextInt(ids.size()));
      long delta = (1 + r.nextInt(3)) * (r.nextBoolean() ? 1 : -1);
      out.add(
          new Mutant(
              "blind-shift",
              Set.of(Kind.ARC_CONFLICT, Kind.SEND_PORT, Kind.RECEIVE_PORT, Kind.NEGATIVE_TIME),
              moved(valid, d, id, d.departures().get(id) + delta),
              id + " shifted by " + delta,
              false,
              null));
    }
    return out;
  }

  /** The data faults above, keeping the schedule's control flits as they are. */
  static List<Mutant> dataFaults(Instance inst, SolveResult valid, SplittableRandom r) {
    Schedule.Departures d = (Schedule.Departures) valid.schedule();
    List<Mutant> out = new ArrayList<>();
    Network net = inst.network();
    int n = inst.messages().size();
    List<Integer> order = Mutations.shuffled(n, r);
    // onto a used arc: i's hop ki and j's hop kj on the same arc; i moved so that both first flits
    // meet there
    long[] at = meeting(inst, d, order, (x, y) -> x.equals(y));
    if (at != null) {
      String i = id(inst, (int) at[0]);
      out.add(
          Mutant.of(
              "onto-used-arc",
              Kind.ARC_CONFLICT,
              moved(valid, d, i, at[2]),
              i
                  + " departs at "
                  + at[2]
                  + ": its first flit meets "
                  + id(inst, (int) at[1])
                  + "'s on "
                  + net.arcName((int) at[3])));
    }
    if (inst.model() instanceof CommModel.Bufferless b
        && b.ports() == CommModel.BufferlessPorts.SINGLE) {
      for (boolean sends : new boolean[] {true, false}) {
        long[] port =
            meeting(
                inst,
                d,
                order,
                (x, y) ->
                    !x.equals(y)
                        && (sends ? net.tail(x) == net.tail(y) : net.head(x) == net.head(y)));
        if (port != null) {
          String i = id(inst, (int) port[0]);
          int node = sends ? net.tail((int) port[3]) : net.head((int) port[3]);
          out.add(
              Mutant.of(
                  sends ? "send-port-twice" : "receive-port-twice",
                  sends ? Kind.SEND_PORT : Kind.RECEIVE_PORT,
                  moved(valid, d, i, port[2]),
                  i
                      + " departs at "
                      + port[2]
                      + ": node "
                      + node
                      + (sends ? " sends" : " receives")
                      + " its first flit and "
                      + id(inst, (int) port[1])
                      + "'s in one step"));
        }
      }
    }
    for (int i : order) {
      if (moving(inst, d, i)) {
        Map<String, Long> dep = new LinkedHashMap<>(d.departures());
        dep.remove(id(inst, i));
        out.add(
            Mutant.of(
                "missing",
                Kind.MISSING_DEPARTURE,
                Mutations.with(valid, new Schedule.Departures(dep, d.control())),
                id(inst, i) + " has no departure"));
        break;
      }
    }
    Map<String, Long> extra = new LinkedHashMap<>(d.departures());
    extra.put(Mutations.UNKNOWN_ID, 0L);
    out.add(
        Mutant.of(
            "unknown-message",
            Kind.UNKNOWN_MESSAGE,
            Mutations.with(valid, new Schedule.Departures(extra, d.control())),
            "a departure for " + Mutations.UNKNOWN_ID));
    if (!d.departures().isEmpty()) {
      List<String> ids = new ArrayList<>(d.departures().keySet());
      String id = ids.get(r.nextInt(ids.size()));
      out.add(
          Mutant.of(
              "negative", Kind.NEGATIVE_TIME, moved(valid, d, id, -1), id + " departs at -1"));
    }
    return out;
  }

  /**
   * The first pair, in the shuffled order, of messages i != j (both moving) with hops ki, kj whose
   * arcs pass {@code arcs}, and a departure t >= 0 that makes i's first flit cross its hop ki when
   * j's crosses its hop kj: {i, j, t, arc of i}; null if there is none.
   */
  private static long[] meeting(
      Instance inst,
      Schedule.Departures d,
      List<Integer> order,
      BiPredicate<Integer, Integer> arcs) {
    for (int i : order) {
      for (int j : order) {
        if (i == j || !moving(inst, d, i) || !moving(inst, d, j)) {
          continue;
        }
        int[] ai = inst.atlas().arcs(i);
        int[] aj = inst.atlas().arcs(j);
        for (int ki = 0; ki < ai.length; ki++) {
          for (int kj = 0; kj < aj.length; kj++) {
            long t = d.departures().get(id(inst, j)) + kj - ki;
            if (t >= 0 && arcs.test(ai[ki], aj[kj])) {
              return new long[] {i, j, t, ai[ki]};
            }
          }
        }
      }
    }
    return null;
  }

  private static boolean moving(Instance inst, Schedule.Departures d, int i) {
    return inst.messages().get(i).length() > 0 && d.departures().containsKey(id(inst, i));
  }

  private static String id(Instance inst, int i) {
    return inst.messages().get(i).id();
  }

  static SolveResult moved(SolveResult valid, Schedule.Departures d, String id, long t) {
    Map<String, Long> dep = new LinkedHashMap<>(d.departures());
    dep.put(id, t);
    return Mutations.with(valid, new Schedule.Departures(dep, d.control()));
  }
}
