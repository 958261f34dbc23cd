package org.commsched.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file fuzzer's CI mode (docs/TESTS.md#file-fuzzing): {@code 3/2 x commsched.cases} cases (300
 * by default) of {@link FuzzCases}, seeded by {@link Seeds} (case {@code i} is seed {@code base +
 * i}), each run in this JVM through {@code Main.run} by {@link InProcessRunner} (per-case deadline:
 * the case's limit plus {@code commsched.fuzz.margin} seconds, default 20: a net for runaway cases,
 * not a speed test, since the test JVM shares a busy machine; live-heap bound {@code
 * commsched.fuzz.heap-mb}, default 1024) and judged by {@link FuzzOracle}. The runs are told that
 * bound as their heap ({@code commsched.maxMemory}, which {@code Footprint.available()} reads), so
 * each decides what fits as a JVM of that heap would, whatever heap the test JVM has: the bound is
 * the contract "fits the heap or refuses in one line", not a guess at the test JVM's size. One
 * dynamic test per case, named by its seed, mutation and command; a summary line (runs by exit
 * code, failures by class, process CPU) is printed at the end. The deep mode, one process each with
 * peak RSS, is {@code scripts/fuzz-files.sh} ({@link FileFuzz}).
 */
class FileFuzzCliTest {
  static final double MARGIN =
      Double.parseDouble(System.getProperty("commsched.fuzz.margin", "20"));
  static final long HEAP_MB = Long.getLong("commsched.fuzz.heap-mb", 1024);

  @TempDir static Path tmp;

  static FuzzCases cases;
  static InProcessRunner runner;
  static final Map<String, AtomicInteger> EXITS = new TreeMap<>();
  static final Map<String, AtomicInteger> FAILURES = new TreeMap<>();
  static long cpu0;

  @BeforeAll
  static void setUp() throws IOException {
    cpu0 = processCpuNanos();
    cases = new FuzzCases(Files.createDirectories(tmp.resolve("scratch")));
    runner = new InProcessRunner(MARGIN, HEAP_MB << 20);
    System.setProperty("commsched.maxMemory", Long.toString(HEAP_MB << 20));
  }

  @TestFactory
  Stream<DynamicTest>
      everyFuzzedFile_endsWithADocumentedCode_oneLineForBadInput_andNoPartialOutput() {
    return Seeds.seeds(Seeds.cases() * 3 / 2)
        .mapToObj(
            seed -> {
              FuzzCase c = cases.draw(seed);
              return DynamicTest.dynamicTest(
                  "seed " + seed + ": " + c.mutation() + " (" + c.command() + ")",
                  () -> {
                    assertThat(runner.poisoned())
                        .as("an earlier case could not be stopped; this JVM is not clean")
                        .isFalse();
                    Path dir = tmp.resolve("case-" + seed);
                    c.writeTo(dir);
                    FuzzOracle.Outcome o = runner.run(c, dir);
                    List<FuzzOracle.Failure> f = FuzzOracle.judge(c, o, dir, MARGIN, HEAP_MB << 10);
                    synchronized (EXITS) {
                      EXITS
                          .computeIfAbsent(
                              o.code() == null ? "stopped" : "exit " + o.code(),
                              k -> new AtomicInteger())
                          .incrementAndGet();
                      f.forEach(
                          x ->
                              FAILURES
                                  .computeIfAbsent(x.kind(), k -> new AtomicInteger())
                                  .incrementAndGet());
                    }
                    assertThat(f)
                        .as(
                            "seed %d, %s, in %s: %s (exit %s, %.1f s); stderr: %s",
                            seed,
                            c.mutation(),
                            dir,
                            c.commandLine(),
                            o.code(),
                            o.seconds(),
                            o.err().length() > 600 ? o.err().substring(0, 600) : o.err())
                        .isEmpty();
                  });
            });
  }

  @AfterAll
  static void summary() {
    System.clearProperty("commsched.maxMemory");
    System.out.println(
        "[file fuzz] "
            + EXITS
            + "; failures by class "
            + FAILURES
            + "; process CPU "
            + (processCpuNanos() - cpu0) / 1_000_000
            + " ms (not asserted)");
  }

  private static long processCpuNanos() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : 0;
  }
}
