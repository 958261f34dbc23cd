package org.commsched.verify.mutation;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * A second, plain reading of the bufferless definitions, independent of the checker's code, that
 * decides whether a mutant is really invalid: real schedules are expanded flit by flit (flit {@code
 * h} of a message departing at {@code t} crosses hop {@code k} during step {@code t + h + k},
 * docs/models/README.md#time-conventions) and every (arc, step) and, under single port, every
 * (sender, step) and (receiver, step) may hold one flit; virtual schedules reserve {@code [slot,
 * slot + l)} on every arc of the route. A mutant it accepts is equivalent (another valid schedule),
 * not a fault the checker missed. Protocol rules and store-and-forward schedules have no second
 * reading here: their mutators build faults that are invalid by construction, and a mutant of
 * theirs that the checker accepts counts as missed.
 */
final class Independent {
  private Independent() {}

  /**
   * True if the schedule obeys the definitions, false if not, null if there is no second reading
   * for it.
   */
  static Boolean valid(Instance inst, Schedule schedule) {
    if (schedule instanceof Schedule.Departures d && d.control().isEmpty()) {
      return departures(inst, d.departures());
    }
    if (schedule instanceof Schedule.Slots s) {
      return slots(inst, s.slots());
    }
    return null;
  }

  private static boolean departures(Instance inst, Map<String, Long> dep) {
    if (!known(inst, dep)) {
      return false;
    }
    boolean single =
        inst.model() instanceof CommModel.Bufferless b
            && b.ports() == CommModel.BufferlessPorts.SINGLE;
    Network net = inst.network();
    Set<String> used = new HashSet<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      if (m.length() == 0) {
        continue;
      }
      Long t = dep.get(m.id());
      if (t == null || t < 0) {
        return false;
      }
      int[] arcs = inst.atlas().arcs(i);
      for (long h = 0; h < m.length(); h++) {
        for (int k = 0; k < arcs.length; k++) {
          long step = t + h + k;
          if (!used.add("arc " + arcs[k] + " " + step)) {
            return false;
          }
          if (single
              && (!used.add("out " + net.tail(arcs[k]) + " " + step)
                  || !used.add("in " + net.head(arcs[k]) + " " + step))) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean slots(Instance inst, Map<String, Long> slots) {
    if (!known(inst, slots)) {
      return false;
    }
    Set<String> used = new HashSet<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      Long s = slots.get(m.id());
      if (s == null || s < 0) {
        return false;
      }
      for (int a : inst.atlas().arcs(i)) {
        for (long u = s; u < s + m.length(); u++) {
          if (!used.add(a + " " + u)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  private static boolean known(Instance inst, Map<String, Long> times) {
    for (String id : times.keySet()) {
      if (inst.indexOf(id) < 0) {
        return false;
      }
    }
    return true;
  }
}
