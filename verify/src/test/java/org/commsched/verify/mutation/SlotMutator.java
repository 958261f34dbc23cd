package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.check.Kind;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;

/**
 * Faults in virtual schedules (slots; chatting and dsa,
 * docs/models/bufferless-chatting.md#validity-rules), each invalid by construction: {@code
 * onto-used-arc} gives a message the slot of another that shares an arc with it ((3.1), {@code
 * ARC_CONFLICT}); {@code missing} drops a slot ((3.2), {@code MISSING_SLOT}); {@code
 * unknown-message} adds one for no message ({@code UNKNOWN_MESSAGE}); {@code negative} puts one at
 * -1 ({@code NEGATIVE_TIME}); {@code blind-shift} moves one by -3..3 without looking: an equivalent
 * mutant when {@link Independent} accepts the result, else a fault that must be reported ({@code
 * ARC_CONFLICT} or {@code NEGATIVE_TIME}).
 */
public final class SlotMutator implements Mutator {
  @Override
  public String kind() {
    return "slots";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return valid.schedule() instanceof Schedule.Slots;
  }

  @Override
  public List<Mutant> mutants(Instance inst, SolveResult valid, SplittableRandom r) {
    Map<String, Long> slots = ((Schedule.Slots) valid.schedule()).slots();
    List<Mutant> out = new ArrayList<>();
    int n = inst.messages().size();
    List<Integer> order = Mutations.shuffled(n, r);
    found:
    for (int i : order) {
      for (int j : order) {
        if (i == j) {
          continue;
        }
        for (int a : inst.atlas().arcs(i)) {
          for (int b : inst.atlas().arcs(j)) {
            if (a == b) {
              String idI = inst.messages().get(i).id();
              String idJ = inst.messages().get(j).id();
              Map<String, Long> s = new LinkedHashMap<>(slots);
              s.put(idI, slots.get(idJ));
              out.add(
                  Mutant.of(
                      "onto-used-arc",
                      Kind.ARC_CONFLICT,
                      Mutations.with(valid, new Schedule.Slots(s)),
                      idI
                          + " takes "
                          + idJ
                          + "'s slot "
                          + slots.get(idJ)
                          + " on "
                          + inst.network().arcName(a)));
              break found;
            }
          }
        }
      }
    }
    if (n > 0) {
      String id = inst.messages().get(order.get(0)).id();
      Map<String, Long> s = new LinkedHashMap<>(slots);
      s.remove(id);
      out.add(
          Mutant.of(
              "missing",
              Kind.MISSING_SLOT,
              Mutations.with(valid, new Schedule.Slots(s)),
              id + " has no slot"));
      Map<String, Long> neg = new LinkedHashMap<>(slots);
      neg.put(id, -1L);
      out.add(
          Mutant.of(
              "negative",
              Kind.NEGATIVE_TIME,
              Mutations.with(valid, new Schedule.Slots(neg)),
              id + " at slot -1"));
    }
    if (n > 0) {
      // a blind shift: a fault or another valid schedule, which the second reading recognises
      String id = inst.messages().get(order.get(n - 1)).id();
      long delta = (1 + r.nextInt(3)) * (r.nextBoolean() ? 1 : -1);
      Map<String, Long> s = new LinkedHashMap<>(slots);
      s.put(id, slots.get(id) + delta);
      out.add(
          new Mutant(
              "blind-shift",
              Set.of(Kind.ARC_CONFLICT, Kind.NEGATIVE_TIME),
              Mutations.with(valid, new Schedule.Slots(s)),
              id + " shifted by " + delta,
              false,
              null));
    }
    Map<String, Long> extra = new LinkedHashMap<>(slots);
    extra.put(Mutations.UNKNOWN_ID, 0L);
    out.add(
        Mutant.of(
            "unknown-message",
            Kind.UNKNOWN_MESSAGE,
            Mutations.with(valid, new Schedule.Slots(extra)),
            "a slot for " + Mutations.UNKNOWN_ID));
    return out;
  }
}
