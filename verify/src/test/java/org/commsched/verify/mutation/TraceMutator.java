package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.check.Kind;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;

/**
 * Faults in protocol traces (departures with control flits;
 * docs/models/bufferless-scatter-gather.md#protocol-rules): every data fault of {@link
 * DepartureMutator}, and these, each invalid by construction:
 *
 * <ul>
 *   <li>{@code control-arity}: a control flit of a known kind with one value too many ({@code
 *       CONTROL_VALUE});
 *   <li>{@code certificate-count}: a certificate whose flit count {@code n} is one more than the
 *       data flits crossing its arc ({@code CONTROL_VALUE});
 *   <li>{@code control-early}: a non-root node passes on a token or wake-up one step before the
 *       first one of that kind is even sent to it ({@code CAUSALITY});
 *   <li>{@code control-dropped}: a token or certificate dropped ({@code CAUSALITY}: the node it
 *       should reach, or the node waiting for it, acts without it);
 *   <li>{@code data-before-trigger}: a node's message departs one step before the first control
 *       flit from the next node of its route is even sent ({@code CAUSALITY}).
 * </ul>
 */
public final class TraceMutator implements Mutator {
  private static final List<String> KNOWN = List.of("wakeup", "token", "certificate", "order");

  @Override
  public String kind() {
    return "protocol trace";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return valid.schedule() instanceof Schedule.Departures d && !d.control().isEmpty();
  }

  @Override
  public List<Mutant> mutants(Instance inst, SolveResult valid, SplittableRandom r) {
    Schedule.Departures d = (Schedule.Departures) valid.schedule();
    List<Mutant> out = new ArrayList<>(DepartureMutator.dataFaults(inst, valid, r));
    List<Schedule.ControlTransfer> ctl = d.control();
    List<Integer> order = Mutations.shuffled(ctl.size(), r);
    for (int k : order) {
      Schedule.ControlTransfer c = ctl.get(k);
      if (KNOWN.contains(c.kind())) {
        List<Long> values = new ArrayList<>(c.values());
        values.add(1L);
        out.add(
            Mutant.of(
                "control-arity",
                Kind.CONTROL_VALUE,
                with(
                    valid,
                    d,
                    k,
                    new Schedule.ControlTransfer(c.from(), c.to(), c.step(), c.kind(), values)),
                describe(c) + " with values " + values));
        break;
      }
    }
    for (int k : order) {
      Schedule.ControlTransfer c = ctl.get(k);
      if (c.kind().equals("certificate") && c.values().size() == 2) {
        List<Long> values = List.of(c.values().get(0), c.values().get(1) + 1);
        out.add(
            Mutant.of(
                "certificate-count",
                Kind.CONTROL_VALUE,
                with(
                    valid,
                    d,
                    k,
                    new Schedule.ControlTransfer(c.from(), c.to(), c.step(), c.kind(), values)),
                describe(c) + " certifies " + values));
        break;
      }
    }
    for (int k : order) {
      Schedule.ControlTransfer c = ctl.get(k);
      if (c.from() == inst.root() || !(c.kind().equals("token") || c.kind().equals("wakeup"))) {
        continue;
      }
      long first = Long.MAX_VALUE;
      for (Schedule.ControlTransfer x : ctl) {
        if (x.to() == c.from() && x.kind().equals(c.kind())) {
          first = Math.min(first, x.step());
        }
      }
      if (first != Long.MAX_VALUE && first >= 1) {
        out.add(
            Mutant.of(
                "control-early",
                Kind.CAUSALITY,
                with(
                    valid,
                    d,
                    k,
                    new Schedule.ControlTransfer(
                        c.from(), c.to(), first - 1, c.kind(), c.values())),
                describe(c)
                    + " moved to step "
                    + (first - 1)
                    + ", before the first "
                    + c.kind()
                    + " to node "
                    + c.from()
                    + " is sent (step "
                    + first
                    + ")"));
        break;
      }
    }
    for (int k : order) {
      Schedule.ControlTransfer c = ctl.get(k);
      if (ctl.size() > 1 && (c.kind().equals("token") || c.kind().equals("certificate"))) {
        List<Schedule.ControlTransfer> rest = new ArrayList<>(ctl);
        rest.remove(k);
        out.add(
            Mutant.of(
                "control-dropped",
                Kind.CAUSALITY,
                Mutations.with(valid, new Schedule.Departures(d.departures(), rest)),
                describe(c) + " dropped"));
        break;
      }
    }
    for (int i : Mutations.shuffled(inst.messages().size(), r)) {
      Message m = inst.messages().get(i);
      int[] nodes = inst.atlas().nodes(i);
      if (m.length() == 0 || nodes.length < 2 || !d.departures().containsKey(m.id())) {
        continue;
      }
      long first = Long.MAX_VALUE;
      for (Schedule.ControlTransfer x : ctl) {
        if (x.from() == nodes[1] && x.to() == nodes[0]) {
          first = Math.min(first, x.step());
        }
      }
      if (first != Long.MAX_VALUE && first >= 1 && nodes[0] != inst.root()) {
        out.add(
            Mutant.of(
                "data-before-trigger",
                Kind.CAUSALITY,
                DepartureMutator.moved(valid, d, m.id(), first - 1),
                m.id()
                    + " departs at "
                    + (first - 1)
                    + ", before node "
                    + nodes[1]
                    + " sends node "
                    + nodes[0]
                    + " any control flit (step "
                    + first
                    + ")"));
        break;
      }
    }
    return out;
  }

  private static SolveResult with(
      SolveResult valid, Schedule.Departures d, int k, Schedule.ControlTransfer c) {
    List<Schedule.ControlTransfer> ctl = new ArrayList<>(d.control());
    ctl.set(k, c);
    Map<String, Long> dep = new LinkedHashMap<>(d.departures());
    return Mutations.with(valid, new Schedule.Departures(dep, ctl));
  }

  private static String describe(Schedule.ControlTransfer c) {
    return c.kind() + " " + c.from() + "->" + c.to() + " at step " + c.step() + " " + c.values();
  }
}
