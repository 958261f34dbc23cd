package org.commsched.solver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.commsched.core.family.ExactModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.heuristics.baseline.Baselines;
import org.commsched.heuristics.bufferless.chatting.ChattingMethods;
import org.commsched.heuristics.bufferless.chatting.SearchMethods;
import org.commsched.heuristics.bufferless.dsa.DsaMethods;
import org.commsched.heuristics.bufferless.scattergather.GatherMethods;
import org.commsched.heuristics.linearcost.LinearCostMethods;
import org.commsched.heuristics.packet.PacketMethods;
import org.commsched.solver.linearcost.LinearCostLns;
import org.commsched.solver.lns.LnsChatting;

/**
 * Every method the toolkit offers, by name: the papers' heuristics, the baselines and the exact
 * models.
 *
 * <p>Registration order is best first within each family: the default of {@code commsched solve}
 * ({@link Portfolio#choose}) runs the applicable heuristics in this order, then one search, and the
 * listing prints it.
 *
 * @implNote Immutable after construction.
 */
public final class MethodRegistry {
  private final Map<String, Method> byName;

  private MethodRegistry(List<Method> methods) {
    Map<String, Method> m = new LinkedHashMap<>();
    for (Method x : methods) {
      if (m.putIfAbsent(x.name(), x) != null) {
        throw new IllegalStateException("two methods are named " + x.name());
      }
    }
    this.byName = Collections.unmodifiableMap(m);
  }

  /**
   * The registry of everything this build ships: heuristics (best first), baselines, exact methods.
   */
  public static MethodRegistry standard() {
    List<Method> all = new ArrayList<>();
    // the packet family's heuristics before the baselines: beyond the exact model's size the
    // default for a packet
    // scatter or gather is packet-fdf-even, not greedy-saf (docs/models/packet.md#algorithms)
    all.addAll(PacketMethods.all()); // store-and-forward scatter and gather (packet-special first)
    all.addAll(
        LinearCostMethods.all()); // linear-cost send, broadcast and gossip schemes (Peters' thesis)
    all.addAll(Baselines.all());
    all.addAll(
        org.commsched.heuristics.bufferless.scattergather.ScatterMethods
            .all()); // bufferless scattering (fdf)
    all.addAll(ChattingMethods.all()); // the chatting paper's virtual-schedule pipelines (A1, A2)
    all.addAll(GatherMethods.all()); // distributed gathering protocols (traces with control flits)
    all.addAll(SearchMethods.all()); // chatting beyond the paper: priority-greedy
    all.addAll(DsaMethods.heuristics()); // buffer layouts: best-fit
    all.add(new LnsChatting()); // improves the best heuristic schedule with CP-SAT repairs
    // exact methods last; cpsat and choco answer dsa with the virtual models, packets with the
    // packet model and
    // send, broadcast and gossip with the linear-cost model, whose hint is the best of the
    // heuristics above
    List<Method> heuristics = List.copyOf(all);
    // the range model alone: not exact (its proof is only the bound), so the last heuristic; cpsat
    // also runs it for a broadcast beyond the slot model's size
    all.add(new CpSatRanges(heuristics));
    // annealing over arborescences and packets (broadcast and gossip, all ports, full duplex): a
    // heuristic of the default's plan, but its restarts run to its time share, so neither a hint
    // heuristic of the exact models nor one of LinearCostMethods.all(), which suites and the
    // time-indexed model's horizon run whole
    all.add(new org.commsched.heuristics.linearcost.PacketAnnealing());
    // improves the best linear-cost heuristic schedule (broadcast, gossip, all ports) with CP-SAT
    // repairs beyond the exact models' sizes; not among the hint heuristics
    all.add(new LinearCostLns(heuristics));
    all.add(
        ExactDispatch.of(new CpSatBufferless())
            .with(ExactModel.VIRTUAL, new CpSatVirtual())
            .with(ExactModel.PACKET, new CpSatPacket())
            .with(ExactModel.LINEAR_COST, CpSatSteps.orSlots(heuristics)));
    all.add(
        ExactDispatch.of(new ChocoBufferless())
            .with(ExactModel.VIRTUAL, new ChocoVirtual())
            .with(ExactModel.PACKET, new ChocoPacket())
            .with(ExactModel.LINEAR_COST, new ChocoLinearCost(heuristics)));
    all.add(new CpSatSteps(heuristics)); // the step model alone (cpsat chooses it where it applies)
    all.addAll(
        LinearCostMethods.exact()); // broadcast on trees by the tree order (exact by its own proof)
    all.add(new CpSatVirtual()); // optimal virtual schedules (slots) of chatting and dsa
    all.add(new ChocoVirtual());
    all.addAll(
        List.of(
            new CpSatSyncGather(),
            new ChocoSyncGather())); // gather under wake-ups (protocol yardstick)
    all.addAll(DsaMethods.exact()); // exact buffer layouts by search (the default for dsa)
    // an independent 0-1 time-indexed formulation of the bufferless models, to cross-check cpsat
    // and choco
    all.add(
        ExactDispatch.of(new org.commsched.solver.timeindexed.TimeIndexed())
            .with(ExactModel.VIRTUAL, new org.commsched.solver.timeindexed.TimeIndexedVirtual())
            .with(ExactModel.PACKET, new org.commsched.solver.timeindexed.TimeIndexedPacket())
            .with(
                ExactModel.LINEAR_COST,
                new org.commsched.solver.timeindexed.TimeIndexedLinearCost()));
    all.add(new org.commsched.solver.timeindexed.TimeIndexedVirtual());
    all.add(new org.commsched.solver.timeindexed.TimeIndexedPacket());
    all.add(new org.commsched.solver.timeindexed.TimeIndexedLinearCost());
    return new MethodRegistry(all);
  }

  /** All methods in registration order. */
  public List<Method> all() {
    return List.copyOf(byName.values());
  }

  /** The method of that name, or null; {@link #find} says the same without a null. */
  public Method byName(String name) {
    return byName.get(name);
  }

  /** The method of that name, if one is registered. */
  public Optional<Method> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The methods that apply to an instance, in registration order. */
  public List<Method> applicable(Instance instance) {
    List<Method> out = new ArrayList<>();
    for (Method m : byName.values()) {
      if (m.whyNot(instance) == null) {
        out.add(m);
      }
    }
    return out;
  }

  /** A rough size: messages, or origins for unit-level problems. */
  static int size(Instance instance) {
    return Math.max(instance.messages().size(), instance.origins().size());
  }
}
