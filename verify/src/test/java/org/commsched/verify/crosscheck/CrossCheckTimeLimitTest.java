package org.commsched.verify.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.Test;

/**
 * The time-limit path of every registered exact method that applies to a dsa instance
 * (docs/TESTS.md#crosscheck): a perfect packing of 300 buffers whose optimum height is 2^12 by
 * construction (docs/models/bufferless-chatting.md# virtual-schedules-and-dsa: the packing reaches
 * the load, and no height is below the load) is too hard to settle in one second. Each method
 * returns a checked schedule; FEASIBLE with its bound at most the optimum, or OPTIMAL only with the
 * optimum itself (dsa-search may find the packing); at least one exact method must stop at the
 * limit with FEASIBLE, so the path is reached. The elapsed time is not asserted (a loaded machine
 * would fail it for the wrong reason); it is printed with the CPU time of the process.
 */
class CrossCheckTimeLimitTest {
  @Test
  void tooHardForTheLimit_givesFeasibleWithTheSolversBoundAtMostTheOptimum() {
    Instance inst = PerfectPackings.of("tl", 300, 12, 50, 7L);
    long optimum = 1L << 12;
    SolveLimits oneSecond = new SolveLimits(Duration.ofSeconds(1), 1, 0L);
    List<String> feasible = new ArrayList<>();
    for (Method m : MethodRegistry.standard().applicable(inst)) {
      if (!m.exact()) {
        continue;
      }
      long t0 = System.nanoTime();
      long cpu0 = cpuNanos();
      SolveRunner.Outcome o = SolveRunner.run(m, inst, oneSecond);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      long cpuMs = (cpuNanos() - cpu0) / 1_000_000;
      SolveResult r = o.result();
      System.out.println(
          m.name()
              + ": "
              + r.status()
              + " makespan "
              + r.makespan()
              + " bound "
              + r.lowerBound().value()
              + " in "
              + ms
              + " ms wall, "
              + cpuMs
              + " ms CPU of the process (limit 1000 ms)");
      assertThat(o.valid()).as(m.name() + " " + o.report()).isTrue();
      assertThat(r.makespan()).as(m.name()).isGreaterThanOrEqualTo(optimum);
      assertThat(r.lowerBound().value()).as(m.name() + " bound").isLessThanOrEqualTo(optimum);
      if (r.status() == SolveStatus.OPTIMAL) {
        assertThat(r.makespan()).as(m.name() + " OPTIMAL").isEqualTo(optimum);
      } else {
        assertThat(r.status()).as(m.name()).isEqualTo(SolveStatus.FEASIBLE);
        feasible.add(m.name());
      }
    }
    assertThat(feasible).as("exact methods that stopped at the limit").isNotEmpty();
  }

  /**
   * CPU time of the whole process (user + system, every thread, the native solvers' too), or 0 if
   * unknown.
   */
  private static long cpuNanos() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }
}
