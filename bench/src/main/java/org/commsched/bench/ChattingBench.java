package org.commsched.bench;

import java.util.concurrent.TimeUnit;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.heuristics.bufferless.chatting.IntervalColoring;
import org.commsched.heuristics.bufferless.chatting.Kierstead;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Chatting on a unidirectional linear array at the scale of issues 3 and 4 (item 7): 10^6 messages
 * on 10^4 nodes, spans of 1..20 arcs, lengths 1..8 (unit lengths for interval-coloring). One call
 * of each benchmark is one full run: {@code interval-coloring} and {@code kierstead} through {@code
 * Method.solve} (virtual schedule, VO, lower bound, schedule map), and the checker on kierstead's
 * output, the real schedule (departures) and the virtual one (slots of the same messages as a dsa
 * instance). Targets (issue): 2 s, 10 s, 2 s on 2 cores.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
public class ChattingBench {

  /** The two instances: unit lengths (for interval-coloring) and lengths 1..maxLength. */
  @State(Scope.Benchmark)
  public static class Ula {
    @Param("10000")
    public int nodes;

    @Param("1000000")
    public int messages;

    @Param("20")
    public int maxSpan;

    @Param("8")
    public int maxLength;

    @Param("1")
    public long seed;

    Instance unit;
    Instance varied;

    @Setup(Level.Trial)
    public void build() {
      unit = Workloads.ulaChatting(nodes, messages, maxSpan, 1, seed);
      varied = Workloads.ulaChatting(nodes, messages, maxSpan, maxLength, seed);
    }
  }

  /** Kierstead's real and virtual schedules of the varied instance, checked valid once. */
  @State(Scope.Benchmark)
  public static class Solved {
    Instance dsa;
    Schedule departures;
    Schedule slots;

    @Setup(Level.Trial)
    public void solve(Ula ula) {
      dsa = Workloads.asDsa(ula.varied);
      departures = new Kierstead().solve(ula.varied, SolveLimits.defaults()).schedule();
      slots = new Kierstead().solve(dsa, SolveLimits.defaults()).schedule();
      requireValid(ScheduleChecker.check(ula.varied, departures), "departures");
      requireValid(ScheduleChecker.check(dsa, slots), "slots");
    }

    private static void requireValid(CheckReport r, String what) {
      if (!r.valid()) {
        throw new IllegalStateException(
            "kierstead's " + what + " are invalid: " + r.violations().get(0));
      }
    }
  }

  @Benchmark
  public SolveResult intervalColoring(Ula ula) {
    return new IntervalColoring().solve(ula.unit, SolveLimits.defaults());
  }

  @Benchmark
  public SolveResult kierstead(Ula ula) {
    return new Kierstead().solve(ula.varied, SolveLimits.defaults());
  }

  @Benchmark
  public CheckReport checkReal(Ula ula, Solved solved) {
    return ScheduleChecker.check(ula.varied, solved.departures);
  }

  @Benchmark
  public CheckReport checkVirtual(Solved solved) {
    return ScheduleChecker.check(solved.dsa, solved.slots);
  }
}
