package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.Models;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.commsched.verify.mutation.MutationEngine;
import org.junit.jupiter.api.Test;

/**
 * Checker mutation testing (docs/TESTS.md#checker-mutation-testing): every heuristic of the
 * registry runs on seeded random instances of every family, model and schedule kind (bufferless
 * departures and slots, protocol traces with control flits, store-and-forward packets, linear-cost
 * transmissions); every valid result it returns goes through {@link MutationEngine#standard()},
 * which injects each fault the model forbids, one at a time, and the checker must catch every one
 * under its code. The test prints the score table (family, kind, injected, caught, equivalent) and
 * fails below 100 %, or when a family, a schedule kind or a fault was never injected. {@code
 * -Dcommsched.cases=N} scales the instances: N / 10 per combination of problem and model (at least
 * 6).
 */
class CheckerMutationProperties {

  /** {@link BaselineProperties}'s combinations, and models they leave out. */
  private static final List<BaselineProperties.Combo> COMBOS =
      Stream.concat(
              BaselineProperties.COMBOS.stream(),
              Stream.of(
                  new BaselineProperties.Combo(
                      ProblemKind.GATHER,
                      "saf:beta=1,tau=2,ports=one,duplex=half,oneport=exchange",
                      List.of("tree", "random"),
                      "uniform:0..5"),
                  new BaselineProperties.Combo(
                      ProblemKind.SCATTER,
                      "saf:beta=2,tau=1,ports=one,duplex=full",
                      List.of("tree", "tree-path", "random"),
                      "uniform:0..6"),
                  new BaselineProperties.Combo(
                      ProblemKind.GOSSIP,
                      "saf:beta=2,tau=1,ports=all,duplex=half",
                      List.of("ring"),
                      "uniform:1..5"),
                  new BaselineProperties.Combo(
                      ProblemKind.GOSSIP,
                      "saf:beta=2,tau=1,ports=one,duplex=half,oneport=send-and-receive",
                      List.of("ring", "star"),
                      "uniform:1..5")))
          .toList();

  /**
   * The exact linear-cost methods compute their makespan from the schedule they decoded (they no
   * longer ask the checker), so their claim can be wrong and must be judged: on tiny sends,
   * broadcasts and gossips under F*, H*, F1 and H1 every exact method of the registry that applies
   * returns a result the checker accepts, claim included, and every fault injected into it, a
   * claimed makespan one tick off among them, is caught.
   */
  @Test
  void exactLinearCostResults_areJudged_andAWrongClaimedMakespanIsCaught() {
    MethodRegistry registry = MethodRegistry.standard();
    SolveLimits limits = new SolveLimits(Duration.ofSeconds(5), 1, 7L);
    MutationEngine engine = MutationEngine.standard();
    TreeSet<String> methods = new TreeSet<>();
    List<String> invalid = new ArrayList<>();
    int bases = 0;
    List<Instance> instances =
        List.of(
            lc(
                new Problem.Send(0, 2, 3, null),
                "beta=5,tau=1,ports=all,duplex=full",
                new Topology.Bla(3)),
            lc(
                new Problem.Broadcast(0, 2),
                "beta=2,tau=1,ports=all,duplex=half",
                new Topology.Ring(4)),
            lc(
                new Problem.Broadcast(1, 2),
                "beta=1,tau=0.5,ports=one,duplex=full,oneport=exchange",
                new Topology.Star(3)),
            lc(
                new Problem.Gossip(1),
                "beta=1,tau=1,ports=one,duplex=half,oneport=exchange",
                new Topology.Ring(3)));
    for (int k = 0; k < instances.size(); k++) {
      Instance inst = instances.get(k);
      for (Method m : registry.applicable(inst)) {
        if (!m.exact()) {
          continue;
        }
        SolveRunner.Outcome run = SolveRunner.run(m, inst, limits);
        String source = m.name() + " on " + inst.name() + " " + k;
        if (!run.result().hasSchedule() || !run.valid()) {
          invalid.add(
              source + ": " + (run.report() == null ? "no schedule" : run.report().violations()));
          continue;
        }
        methods.add(m.name());
        bases++;
        engine.mutate(
            inst, run.result(), new SplittableRandom(Seeds.mix(k) ^ m.name().hashCode()), source);
      }
    }
    String table = engine.table();
    System.out.println(
        "[checker mutation score, exact linear-cost methods] " + methods + "\n" + table);
    assertThat(invalid)
        .as("the exact methods' results, claimed makespan included, are accepted")
        .isEmpty();
    assertThat(methods)
        .as("the exact linear-cost methods")
        .contains("cpsat", "choco", "time-indexed-linear-cost");
    assertThat(engine.missed())
        .as("faults the checker missed or named wrongly\n" + table)
        .isEmpty();
    MutationEngine.Tally wrong =
        engine
            .scores()
            .get(new MutationEngine.Row(Family.LINEAR_COST.words(), "claims", "wrong-makespan"));
    assertThat(wrong)
        .as("wrong claimed makespans injected into exact linear-cost results")
        .isNotNull();
    assertThat(wrong.injected()).as("one per result").isEqualTo(bases);
    assertThat(wrong.caught()).as("caught").isEqualTo(wrong.injected());
  }

  private static Instance lc(Problem problem, String model, Topology topology) {
    return new Instance(
        problem.kind().wireName(), problem, Models.parse("saf:" + model), Network.of(topology));
  }

  @Test
  void everyInjectedFault_isCaughtUnderItsCode_inEveryFamilyAndScheduleKind() {
    MethodRegistry registry = MethodRegistry.standard();
    SolveLimits limits = new SolveLimits(Duration.ofSeconds(2), 1, 0);
    MutationEngine engine = MutationEngine.standard();
    int perCombo = Math.max(6, Seeds.cases() / 10);
    int bases = 0;
    TreeSet<String> methods = new TreeSet<>();
    List<String> invalidBases = new ArrayList<>();
    for (BaselineProperties.Combo c : COMBOS) {
      SplittableRandom rnd = new SplittableRandom(Seeds.mix(c.seed()));
      for (int i = 0; i < perCombo; i++) {
        GeneratorSpec spec = BaselineProperties.spec(c, i, rnd);
        Instance inst = Generators.instance(spec);
        long seed = spec.seed();
        // the instance's bounds, from its first run, handed to the next methods' runs (as
        // `ratios` and the cross-checks do): each run computed them again
        List<LowerBound> known = null;
        for (Method m : registry.applicable(inst)) {
          if (m.exact() || m.name().equals("lns")) {
            continue; // heuristics only: the exact models' schedules are of the same kinds, and
            // slower
          }
          SolveRunner.Outcome run =
              known == null
                  ? SolveRunner.run(m, inst, limits)
                  : SolveRunner.run(m, SolveRunner.start(inst, limits, known));
          if (known == null && run.instance() == inst) { // unrouted: the bounds of inst itself
            known = run.run().bounds(inst);
          }
          if (!run.result().hasSchedule()) {
            continue;
          }
          String source = m.name() + " on " + spec + " (mutation seed " + seed + ")";
          if (!run.valid()) {
            invalidBases.add(source + ": " + run.report().violations());
            continue;
          }
          bases++;
          methods.add(m.name());
          engine.mutate(
              inst, run.result(), new SplittableRandom(seed ^ m.name().hashCode()), source);
        }
      }
    }
    String table = engine.table();
    System.out.println(
        "[checker mutation score] "
            + bases
            + " valid schedules of "
            + methods.size()
            + " heuristics mutated "
            + methods
            + "\n"
            + table);
    assertThat(invalidBases).as("the heuristics' schedules mutated must be valid").isEmpty();
    assertThat(methods)
        .as("schedules of the heuristics of every kind")
        .contains(
            "greedy",
            "first-fit",
            "kierstead",
            "shoulder-tap",
            "transmission-certification",
            "tc-multiport",
            "greedy-saf",
            "packet-fdf-even",
            "packet-fdf",
            "lc-gossip-ring-fstar",
            "lc-gossip-ring-hstar-even",
            "lc-pipeline-link");
    assertThat(engine.missed())
        .as("faults the checker missed or named wrongly\n" + table)
        .isEmpty();
    TreeSet<String> kinds = new TreeSet<>();
    TreeSet<String> faults = new TreeSet<>();
    for (Map.Entry<MutationEngine.Row, MutationEngine.Tally> e : engine.scores().entrySet()) {
      if (e.getValue().injected() > 0) {
        kinds.add(e.getKey().family() + " / " + e.getKey().kind());
        faults.add(e.getKey().kind() + " / " + e.getKey().fault());
      }
    }
    assertThat(kinds)
        .as("every family with every schedule kind it has")
        .contains(
            "bufferless chatting / departures",
            "bufferless chatting / slots",
            "bufferless chatting / claims",
            "bufferless scatter/gather / departures",
            "bufferless scatter/gather / protocol trace",
            "bufferless scatter/gather / claims",
            "store-and-forward packet scatter/gather / packet transmissions",
            "store-and-forward packet scatter/gather / claims",
            "linear-cost send/broadcast/gossip / linear-cost transmissions",
            "linear-cost send/broadcast/gossip / claims");
    int equivalent = 0;
    for (MutationEngine.Tally t : engine.scores().values()) {
      equivalent += t.equivalent();
    }
    assertThat(equivalent)
        .as("blind shifts that give another valid schedule are recognised, not skipped")
        .isPositive();
    assertThat(faults)
        .as("every fault injected at least once")
        .contains(
            "departures / onto-used-arc",
            "departures / send-port-twice",
            "departures / receive-port-twice",
            "departures / missing",
            "departures / unknown-message",
            "departures / negative",
            "departures / blind-shift",
            "slots / onto-used-arc",
            "slots / blind-shift",
            "slots / missing",
            "slots / unknown-message",
            "slots / negative",
            "protocol trace / control-arity",
            "protocol trace / certificate-count",
            "protocol trace / control-early",
            "protocol trace / control-dropped",
            "protocol trace / data-before-trigger",
            "protocol trace / onto-used-arc",
            "packet transmissions / early-hop",
            "packet transmissions / split-wrong",
            "packet transmissions / length-wrong",
            "packet transmissions / empty-packet",
            "packet transmissions / missing-hop",
            "packet transmissions / duplicate-hop",
            "packet transmissions / off-route",
            "packet transmissions / not-an-arc",
            "packet transmissions / onto-used-arc",
            "packet transmissions / send-port-twice",
            "packet transmissions / receive-port-twice",
            "packet transmissions / negative",
            "packet transmissions / unknown-message",
            "packet transmissions / null-message-sent",
            "linear-cost transmissions / early",
            "linear-cost transmissions / port",
            "linear-cost transmissions / both-ways",
            "linear-cost transmissions / missing",
            "linear-cost transmissions / overlap",
            "linear-cost transmissions / not-an-arc",
            "linear-cost transmissions / empty",
            "linear-cost transmissions / unit-range",
            "claims / wrong-makespan",
            "claims / bound-above-makespan",
            "claims / optimal-without-proof",
            "claims / unknown-with-schedule");
  }
}
