package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.cpsat.CpSatTaskModel;
import org.commsched.solver.model.TaskModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TV-1 and TV-2 (docs/models/packet.md#tv-1-and-tv-2): the counterexample of §4.1 of J.-P. Tsai,
 * "On the Furthest-Distance-First Principle in Scattering and Gathering", settled with proven
 * optima. Tree parents {@code [-,0,1,2,0,4,5,6]}, 3 units to {@code P_3}, 1 unit to {@code P_7},
 * single port, tau 1.
 *
 * <p>The thesis shows a non-FDF schedule beating every FDF one for {@code 1 < beta < 3}; the page's
 * derived optimum {@code OPT(beta) = min(6 beta + 6, max(5 beta + 6, 4 beta + 7), 4 beta + 10)}
 * says the true range is {@code 1/2 < beta < 4}, the four FCFS FDF schedules taking {@code 6 beta +
 * 6, 5 beta + 8, 5 beta + 8, 4 beta + 10}. Here, at set-up times across and at both ends of that
 * range: both back ends prove {@code OPT(beta)} for the scatter and for the gather (TV-2, the same
 * values by time reversal); the best FDF scatter, with any packetization and any order at the other
 * nodes (the model restricted to FDF at the root, CP-SAT, and the independent exhaustive search),
 * is {@code min(6 beta + 6, 5 beta + 8, 4 beta + 10)}; so non-FDF wins strictly exactly inside
 * {@code (1/2, 4)} and FDF is optimal at 1/2, at 4 and beyond.
 */
class Tv1ExactTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(30), 1, 1L);

  static Instance tv(String beta, boolean scatter) {
    Topology.Tree tree = new Topology.Tree(List.of(-1, 0, 1, 2, 0, 4, 5, 6));
    List<Message> ms =
        scatter
            ? List.of(new Message("MP", 0, 3, 3), new Message("MQ", 0, 7, 1))
            : List.of(new Message("MP", 3, 0, 3), new Message("MQ", 7, 0, 1));
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal(beta),
            BigDecimal.ONE,
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    return new Instance("tv-" + beta, p, model, Network.of(tree));
  }

  /** {@code a beta + b}. */
  private static BigDecimal line(BigDecimal beta, int a, int b) {
    return beta.multiply(BigDecimal.valueOf(a)).add(BigDecimal.valueOf(b));
  }

  /** The page's {@code OPT(beta)}. */
  static BigDecimal opt(BigDecimal b) {
    return line(b, 6, 6).min(line(b, 5, 6).max(line(b, 4, 7))).min(line(b, 4, 10));
  }

  /** The best of the thesis's four FDF schedules. */
  static BigDecimal fdf(BigDecimal b) {
    return line(b, 6, 6).min(line(b, 5, 8)).min(line(b, 4, 10));
  }

  @ParameterizedTest(name = "beta = {0}")
  @ValueSource(strings = {"0.5", "0.75", "1", "2", "3.5", "4", "4.5"})
  void provenOptimum_isOpt_andBeatsEveryFdfSchedule_exactlyInsideTheRange(String betaText) {
    BigDecimal beta = new BigDecimal(betaText);
    MethodRegistry registry = MethodRegistry.standard();
    for (boolean scatter : new boolean[] {true, false}) {
      Instance inst = tv(betaText, scatter);
      long opt = inst.timeScale().toTicks(opt(beta));
      for (String name : List.of("cpsat", "choco")) {
        SolveResult r = registry.byName(name).solve(inst, LIMITS);
        assertThat(r.status())
            .as(name + (scatter ? " scatter" : " gather"))
            .isEqualTo(SolveStatus.OPTIMAL);
        assertThat(r.makespan()).as(name + (scatter ? " scatter" : " gather")).isEqualTo(opt);
        assertThat(ScheduleChecker.checkResult(inst, r).valid()).isTrue();
      }
    }
    Instance inst = tv(betaText, true);
    long opt = inst.timeScale().toTicks(opt(beta));
    long fdf = inst.timeScale().toTicks(fdf(beta));
    PacketCp restricted = new PacketCp(inst, PacketCp.Restriction.FDF_ROOT);
    TaskModel.Solution s = CpSatTaskModel.INSTANCE.solve(restricted.model(), LIMITS);
    assertThat(s.answer().optimal()).isTrue();
    Schedule.Transmissions best = restricted.schedule(s.values(), s.present());
    assertThat(ScheduleChecker.check(inst, best).valid()).isTrue();
    assertThat(restricted.makespan(best)).as("best FDF schedule, CP-SAT").isEqualTo(fdf);
    assertThat(PacketBruteForce.fdfOptimum(inst))
        .as("best FDF schedule, exhaustive")
        .isEqualTo(fdf);
    assertThat(PacketBruteForce.optimum(inst)).as("optimum, exhaustive").isEqualTo(opt);
    boolean inside =
        beta.compareTo(new BigDecimal("0.5")) > 0 && beta.compareTo(new BigDecimal("4")) < 0;
    if (inside) {
      assertThat(opt).as("non-FDF strictly better").isLessThan(fdf);
    } else {
      assertThat(opt).as("FDF optimal").isEqualTo(fdf);
    }
  }
}
