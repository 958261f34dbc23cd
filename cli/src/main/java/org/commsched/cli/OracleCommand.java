package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.commsched.core.model.ProblemKind;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.verify.oracle.OracleCertificate;
import org.commsched.verify.oracle.OracleSeed;
import org.commsched.verify.sweep.InOrder;
import org.commsched.verify.sweep.SweepEngine;
import org.commsched.verify.sweep.SweepTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code commsched oracle}: seeded instances whose optimum the exact methods prove, written as
 * catalogue entries (instance, optimal schedule, certificate from {@link OracleCertificate}) with a
 * {@code manifest.json} in the layout of {@code instances/catalogue/manifest.json} plus {@code
 * schedule} and {@code certificate}. Seeds whose optimum is not certified are skipped.
 */
@Command(
    name = "oracle",
    mixinStandardHelpOptions = true,
    description = {
      "Writes instances with a certified optimum: instance, optimal schedule, certificate, manifest.json.",
      "Exit codes: 0 all entries written, 3 fewer certified within --attempts, 2 bad input."
    })
final class OracleCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--problem",
      required = true,
      paramLabel = "P",
      description = "chatting, scatter, gather, broadcast, gossip, send or dsa")
  String problem;

  @Option(
      names = "--family",
      paramLabel = "F",
      defaultValue = "ula",
      description = "network family (default: ula)")
  String family;

  @Option(
      names = "--size",
      paramLabel = "N",
      defaultValue = "5",
      description = "nodes (default: 5)")
  int size;

  @Option(
      names = "--messages",
      paramLabel = "K",
      defaultValue = "0",
      description = "messages; 0 = default")
  int messages;

  @Option(
      names = "--lengths",
      paramLabel = "D",
      defaultValue = "uniform:1..4",
      description = "length distribution (default: ${DEFAULT-VALUE})")
  String lengths;

  @Option(
      names = "--model",
      paramLabel = "M",
      description = "model (default: the problem's usual model)")
  String model;

  @Option(
      names = "--count",
      paramLabel = "K",
      defaultValue = "1",
      description = "entries to write (default: 1)")
  int count;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "0",
      description = "first seed (default: 0)")
  long seed;

  @Option(
      names = "--attempts",
      paramLabel = "A",
      description = "seeds to try at most (default: 10 times --count)")
  Integer attempts;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "10",
      description = "time limit per exact run in seconds (default: ${DEFAULT-VALUE})")
  BigDecimal timeLimit;

  @Option(
      names = "--strict-only",
      description =
          "keep only entries that check --strict certifies by itself (a "
              + "lower bound the checker proves meets the makespan); skip those certified by exact runs alone")
  boolean strictOnly;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory")
  Path out;

  /**
   * What runs the seeds: this JVM's threads, unless another engine runs the command ({@code
   * commsched-spark oracle}).
   */
  SweepEngine engine = SweepEngine.IN_PROCESS;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    ProblemKind kind = ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT));
    if (kind == null) {
      throw bad(
          "unknown problem '"
              + problem
              + "'; use chatting, scatter, gather, broadcast, gossip, send or dsa");
    }
    if (count < 1 || size < 1) {
      throw bad("--count and --size must be at least 1");
    }
    int tries = attempts == null ? 10 * count : attempts;
    try { // checked here, before any seed runs: each task parses them again
      LengthDistribution.parse(lengths);
      if (model != null) {
        Models.parse(model, kind);
      }
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    try {
      Files.createDirectories(out);
    } catch (IOException | SecurityException e) {
      throw bad("--out " + out + ": cannot create the directory (" + e.getMessage() + ")");
    }
    Duration limit = Inputs.timeLimit("oracle", timeLimit);
    int workers = Runtime.getRuntime().availableProcessors();
    ArrayNode manifest = Json.MAPPER.createArrayNode();
    String[] error = new String[1];
    // the seeds in batches of the entries still wanted, each seed a task on the engine, the
    // entries taken in seed order: the same seeds as one seed after the other, and no seed run
    // past the one that completes --count
    long end = seed + tries;
    for (long next = seed; next < end && manifest.size() < count && error[0] == null; ) {
      long first = next;
      int batch = (int) Math.min(count - manifest.size(), end - first);
      List<OracleSeed> tasks = new ArrayList<>();
      for (long s = first; s < first + batch; s++) {
        tasks.add(
            new OracleSeed(
                new SweepTask.Generated(
                    name(kind, s),
                    kind.wireName(),
                    family,
                    size,
                    messages,
                    lengths,
                    model == null ? "" : model,
                    s),
                source(kind, s),
                limit,
                workers));
      }
      next += batch;
      InOrder<OracleSeed.Entry> inOrder =
          new InOrder<>(
              0,
              e -> (int) (e.seed() - first),
              e -> {
                if (error[0] == null) {
                  if (e.error() != null) {
                    error[0] = e.error();
                  } else {
                    take(e, manifest, o);
                  }
                }
              });
      try {
        engine.run(tasks, 1, inOrder);
      } catch (ExecutionException e) {
        throw new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    if (error[0] != null) {
      throw bad(error[0]);
    }
    AtomicFiles.writeString(
        out.resolve("manifest.json"), Json.MAPPER.writeValueAsString(manifest) + "\n");
    o.println(
        out.resolve("manifest.json")
            + " ("
            + manifest.size()
            + " entr"
            + (manifest.size() == 1 ? "y" : "ies")
            + ")");
    o.flush();
    return manifest.size() == count ? 0 : 3;
  }

  /**
   * A seed's entry into the manifest and its files into OUTDIR, or the line saying why it is
   * skipped.
   */
  private void take(OracleSeed.Entry e, ArrayNode manifest, PrintWriter o) {
    long s = e.seed();
    if (!e.certified()) {
      spec.commandLine()
          .getErr()
          .println("commsched oracle: seed " + s + ": optimum not certified, skipped");
      return;
    }
    if (strictOnly && !e.strict()) {
      spec.commandLine()
          .getErr()
          .println(
              "commsched oracle: seed "
                  + s
                  + ": optimum certified by exact runs only "
                  + "(check --strict cannot), skipped (--strict-only)");
      return;
    }
    if (manifest.size() >= count) {
      return;
    }
    String name = name(ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT)), s);
    Path instFile = out.resolve(name + ".json");
    Path schedFile = out.resolve(name + ".schedule.json");
    AtomicFiles.writeString(instFile, e.instance());
    AtomicFiles.writeString(schedFile, e.schedule());
    ObjectNode row = manifest.addObject();
    row.put("file", instFile.getFileName().toString());
    row.put("schedule", schedFile.getFileName().toString());
    row.setAll((ObjectNode) Json.MAPPER.readTree(e.row()));
    o.println(instFile);
    o.flush();
  }

  /** The name of seed {@code s}'s entry (its instance's name and files). */
  private String name(ProblemKind kind, long s) {
    return "oracle-" + kind.wireName() + "-" + family + "-n" + size + "-s" + s;
  }

  /** The command line that makes the entry of seed {@code s} alone (the manifest's source). */
  private String source(ProblemKind kind, long s) {
    return "commsched oracle --problem "
        + kind.wireName()
        + " --family "
        + family
        + " --size "
        + size
        + (messages > 0 ? " --messages " + messages : "")
        + " --lengths "
        + lengths
        + (model != null ? " --model " + model : "")
        + " --seed "
        + s;
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched oracle: " + msg);
  }
}
