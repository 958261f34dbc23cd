package org.commsched.heuristics.bufferless.chatting;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * The pipeline A0 of docs/models/bufferless-chatting.md#pipeline on an Eastward-Southward mesh with
 * unit-length messages: slots from one of the A4 scans ({@link EsmScan}), then the VO transform
 * (docs/models/bufferless-chatting.md#transformations) with the ESM leveling {@code level = row +
 * col} of the source, shifted so that the earliest departure is 0. Reports the virtual duration S
 * as the statistic {@code virtualDuration}; after VO, {@code T <= S + Q - 1} (Theorem 3.2).
 *
 * @implNote Stateless.
 */
abstract class EsmUnitMethod implements Method {

  /** The scan this method runs. */
  abstract EsmScan.Variant variant();

  private static final Scope.NetworkTest ONE_TURN_ESM =
      new Scope.NetworkTest(
          "eastward-southward mesh (esm) with one-turn routes",
          i -> {
            if (!(i.network().topology() instanceof Topology.Esm)) {
              return "is the paper's algorithm for an eastward-southward mesh (esm), and this network is a "
                  + i.network().topology().family()
                  + ": use greedy (or first-fit for a virtual schedule)";
            }
            String route = EsmScan.notOneTurn(i);
            return route == null
                ? null
                : "needs every message on its one-turn route, and "
                    + route
                    + ": drop the explicit route or use greedy";
          });

  /** The scope of both scans: unit-length chatting on an esm under all ports, one-turn routes. */
  static final Scope SCOPE =
      Scope.of(ProblemKind.CHATTING)
          .bufferlessPorts(CommModel.BufferlessPorts.ALL)
          .on(ONE_TURN_ESM)
          .note("unit-length chatting");

  @Override
  public String whyNotFurther(Instance instance) {
    for (Message m : instance.messages()) {
      if (m.length() != 1) {
        return name()
            + " schedules unit-length messages only (Theorem 5.3) and message "
            + m.id()
            + " has length "
            + m.length()
            + ": longer messages need the length classes of Theorem 5.2 around this procedure "
            + "(length-classes, Corollary 5.1), or use greedy";
      }
    }
    return null;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    List<Message> msgs = instance.messages();
    int n = msgs.size();
    long[] sigma = n == 0 ? new long[0] : Transforms.normalise(EsmScan.slots(instance, variant()));
    long[] len = new long[n];
    long[] level = new long[n];
    int cols = ((Topology.Esm) instance.network().topology()).cols();
    for (int i = 0; i < n; i++) {
      len[i] = 1;
      level[i] = msgs.get(i).from() / cols + msgs.get(i).from() % cols;
    }
    long s = Transforms.virtualDuration(sigma, len);
    long[] t = n == 0 ? new long[0] : Transforms.normalise(Transforms.vo(sigma, level, s));
    Map<String, Long> out = new LinkedHashMap<>();
    long makespan = 0;
    for (int i = 0; i < n; i++) {
      out.put(msgs.get(i).id(), t[i]);
      makespan = Math.max(makespan, t[i] + instance.atlas().hops(i)); // t + l + d - 1 with l = 1
    }
    return SolveResult.feasible(
            name(), new Schedule.Departures(out), makespan, limits.run().bestBound(instance))
        .withStat("virtualDuration", s);
  }
}
