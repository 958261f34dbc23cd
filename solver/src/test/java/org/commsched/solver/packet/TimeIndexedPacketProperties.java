package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.timeindexed.TimeIndexedPacket;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The independent formulation against the slot model, on store-and-forward scatter and gather with
 * set-up time (docs/models/packet.md#independent-formulation): on seeded tiny trees ({@link
 * PacketExactProperties#tiny}: set-up times 0 to 3, tau 1/2, 1 or 2, one or all ports) and small
 * random networks with random explicit routes (the instances test-jar's {@link RandomInstances},
 * its beta and tau values, full duplex, send-and-receive), {@code time-indexed-packet} (forced to
 * search, no posted floor), {@code cpsat} and {@code choco} prove the same optimum, and on the tiny
 * trees it equals {@link PacketBruteForce}'s; every schedule passes the checker, and the generic
 * {@code time-indexed} answers with the same optimum.
 *
 * <p>Cases: {@code commsched.cases / 4} (50 by default); run more with {@code
 * -Dcommsched.cases=2000 -Dtest=TimeIndexedPacketProperties}.
 */
class TimeIndexedPacketProperties {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 7L);
  static final MethodRegistry REG = MethodRegistry.standard();

  private int searched;

  @TestFactory
  Stream<DynamicTest> timeIndexedCpSatAndChocoAgree() {
    int cases = Seeds.cases(4, 12);
    SplittableRandom master = new SplittableRandom(Seeds.mix(20261129L));
    List<DynamicTest> tests = new ArrayList<>();
    for (int c = 0; c < cases; c++) {
      long seed = master.nextLong();
      boolean tree = c % 2 == 0;
      tests.add(
          DynamicTest.dynamicTest(
              "case " + c + " seed=" + seed,
              () -> check(tree ? PacketExactProperties.tiny(seed) : network(seed), tree)));
    }
    tests.add(
        DynamicTest.dynamicTest("the grid was searched", () -> assertThat(searched).isPositive()));
    return tests.stream();
  }

  /**
   * A random network of at most 5 nodes, lengths at most 2 and 6 units in all, some explicit
   * routes, in the exact models' scope.
   */
  static Instance network(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    CommModel.StoreAndForward any = RandomInstances.storeAndForward(r);
    CommModel.StoreAndForward model =
        new CommModel.StoreAndForward(
            any.beta(),
            any.tau(),
            any.ports(),
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    while (true) { // topologies of a family may exceed the node count asked for: draw again
      Instance inst = RandomInstances.scatterGather(r, 4, 2, r.nextBoolean(), model, true);
      if (inst.network().nodes() <= 5
          && inst.messages().stream().mapToLong(m -> m.length()).sum() <= 6) {
        return inst;
      }
    }
  }

  private void check(Instance inst, boolean tiny) {
    String what =
        inst.name()
            + " "
            + inst.model()
            + " on "
            + inst.network().topology()
            + ": "
            + inst.messages();
    TimeIndexedPacket ti = new TimeIndexedPacket();
    if (ti.whyNot(inst) != null) {
      // random beta and tau can make the grid too fine: the refusal must then name the grid
      assertThat(ti.whyNot(inst)).as(what).contains("binaries");
      return;
    }
    List<SolveResult> results = new ArrayList<>(List.of(ti.solve(inst, LIMITS, true)));
    for (String name : List.of("cpsat", "choco", "time-indexed")) {
      Method m = REG.byName(name);
      results.add(m.solve(inst, LIMITS));
    }
    long optimum = results.get(0).makespan();
    for (SolveResult r : results) {
      assertThat(r.status()).as(r.method() + " on " + what).isEqualTo(SolveStatus.OPTIMAL);
      assertThat(r.schedule())
          .as(r.method() + " on " + what)
          .isInstanceOf(Schedule.Transmissions.class);
      assertValid(r.method() + " on " + what, inst, r);
      assertThat(r.scale()).as(r.method() + " scale on " + what).isEqualTo(results.get(0).scale());
      assertThat(r.makespan())
          .as(r.method() + " vs time-indexed-packet on " + what)
          .isEqualTo(optimum);
    }
    if (tiny) {
      assertThat(PacketBruteForce.optimum(inst))
          .as("exhaustive search on " + what)
          .isEqualTo(optimum);
    }
    if (results.get(0).stats().containsKey("binaries")) {
      searched++;
    }
  }
}
