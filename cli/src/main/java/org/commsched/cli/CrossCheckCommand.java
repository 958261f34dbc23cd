package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.commsched.core.model.Family;
import org.commsched.core.model.TerminalText;
import org.commsched.solver.MethodRegistry;
import org.commsched.verify.crosscheck.CaseTask;
import org.commsched.verify.crosscheck.CrossCheck;
import org.commsched.verify.crosscheck.CrossCheckCases;
import org.commsched.verify.sweep.InOrder;
import org.commsched.verify.sweep.SweepEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code commsched crosscheck}: every method against the others, the bounds and the checker
 * (docs/TESTS.md#crosscheck).
 */
@Command(
    name = "crosscheck",
    mixinStandardHelpOptions = true,
    description = {
      "Cross-checks every registered method on seeded small random instances of each family with "
          + "methods: every schedule valid, lower bound <= exact optimum <= every heuristic, the exact methods agree, "
          + "every stated guarantee holds. A failing case is shrunk and written as instance JSON to --out.",
      "Exit codes: 0 clean, 1 a failure, 2 bad options."
    })
final class CrossCheckCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--family",
      paramLabel = "F",
      description =
          "bufferless-chatting, bufferless-scatter-gather, packet or linear-cost (default: every family "
              + "with methods)")
  String family;

  @Option(
      names = "--cases",
      paramLabel = "N",
      defaultValue = "20",
      description = "cases per family (default: 20)")
  int cases;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "1",
      description = "base seed, or random (the seed used is printed; default: 1)")
  String seed;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "10",
      description = "seconds per exact solve (default: 10)")
  BigDecimal timeLimit;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where shrunk failing instances go (default: a new " + "temporary directory)")
  Path out;

  @Option(
      names = "--jobs",
      paramLabel = "J",
      defaultValue = "1",
      description = "cases to check at once (default: 1)")
  int jobs;

  /**
   * What runs the cases: this JVM's threads, unless another engine runs the command ({@code
   * commsched-spark crosscheck}).
   */
  SweepEngine engine = SweepEngine.IN_PROCESS;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    if (cases < 1) {
      throw new BadInputException("commsched crosscheck: --cases must be at least 1, got " + cases);
    }
    if (jobs < 1) {
      throw new BadInputException("commsched crosscheck: --jobs must be at least 1, got " + jobs);
    }
    Duration limit = Inputs.timeLimit("crosscheck", timeLimit);
    long base;
    if (seed.equalsIgnoreCase("random")) {
      base = new SecureRandom().nextLong() >>> 1;
      o.println("seed " + base + " (replay with --seed " + base + ")");
    } else {
      try {
        base = Long.parseLong(seed.trim());
      } catch (NumberFormatException e) {
        throw new BadInputException(
            "commsched crosscheck: --seed "
                + seed
                + " is neither a whole number nor "
                + "random: give e.g. --seed 7 or --seed random");
      }
    }
    MethodRegistry registry = MethodRegistry.standard();
    List<Family> families = CrossCheckCases.familiesWithMethods(registry.all());
    if (family != null) {
      Family chosen = null;
      for (Family f : families) {
        if (f.wireName().equals(family.trim())) {
          chosen = f;
        }
      }
      if (chosen == null) {
        throw new BadInputException(
            "commsched crosscheck: --family "
                + family
                + " is not a family with methods: "
                + "use one of "
                + String.join(", ", families.stream().map(Family::wireName).toList()));
      }
      families = List.of(chosen);
    }
    Path dir = out;
    try {
      if (dir == null) {
        dir = Files.createTempDirectory("commsched-crosscheck-");
      } else {
        Files.createDirectories(dir);
      }
    } catch (IOException e) {
      throw new BadInputException(
          "commsched crosscheck: cannot create --out "
              + (dir == null ? "(temp)" : dir)
              + ": "
              + e.getMessage()
              + " (give a writable directory)");
    }
    // one task per case, every family's cases in one sweep; the cases are added up (and their
    // failures printed) in order, whatever order the engine finishes them in
    List<CaseTask> tasks = new ArrayList<>();
    List<CrossCheck.Tally> tallies = new ArrayList<>();
    Path written = dir;
    for (Family f : families) {
      for (int i = 0; i < cases; i++) {
        tasks.add(new CaseTask(f, base, i, limit));
      }
      tallies.add(
          new CrossCheck.Tally(
              f,
              base,
              cases,
              written,
              failure -> {
                o.println(TerminalText.escape(failure.line())); // it may quote an exception's text
                o.flush();
              }));
    }
    List<Family> order = families;
    InOrder<CrossCheck.Case> inOrder =
        new InOrder<>(
            0,
            c -> order.indexOf(c.family()) * cases + c.index(),
            c -> tallies.get(order.indexOf(c.family())).add(c));
    try {
      engine.run(tasks, jobs, inOrder);
    } catch (ExecutionException e) { // not a finding (a method's failure is one): the engine's
      throw new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    List<CrossCheck.Summary> summaries = tallies.stream().map(CrossCheck.Tally::summary).toList();
    int failures = 0;
    for (CrossCheck.Summary s : summaries) {
      o.println(s.line());
      failures += s.failures().size();
    }
    o.println(
        failures == 0
            ? "clean"
            : failures + " failure" + (failures == 1 ? "" : "s") + "; shrunk instances in " + dir);
    return failures == 0 ? 0 : 1;
  }
}
