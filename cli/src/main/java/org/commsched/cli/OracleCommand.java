package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
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
    LengthDistribution dist;
    CommModel m;
    try {
      dist = LengthDistribution.parse(lengths);
      m = model == null ? null : Models.parse(model, kind);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    try {
      Files.createDirectories(out);
    } catch (IOException | SecurityException e) {
      throw bad("--out " + out + ": cannot create the directory (" + e.getMessage() + ")");
    }
    SolveLimits limits =
        new SolveLimits(
            Inputs.timeLimit("oracle", timeLimit), Runtime.getRuntime().availableProcessors(), 0);
    MethodRegistry registry = MethodRegistry.standard();
    ArrayNode manifest = Json.MAPPER.createArrayNode();
    boolean virtual = kind == ProblemKind.DSA;
    for (long s = seed; s < seed + tries && manifest.size() < count; s++) {
      String name = "oracle-" + kind.wireName() + "-" + family + "-n" + size + "-s" + s;
      Instance inst;
      try {
        inst =
            Generators.instance(
                new GeneratorSpec(name, kind, family, size, messages, dist, m, s, false), null);
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      }
      List<SolveRunner.Outcome> runs = new ArrayList<>();
      SolveRunner.Outcome best = null;
      for (Method x : registry.applicable(inst)) {
        if (!x.exact()) {
          continue;
        }
        SolveRunner.Outcome r = SolveRunner.run(x, inst, limits);
        if (r.result().hasSchedule() && r.result().schedule().virtual() != virtual) {
          continue; // the other objective (virtual span vs real makespan)
        }
        runs.add(r);
        if (r.valid() && (best == null || r.result().makespan() < best.result().makespan())) {
          best = r;
        }
      }
      OracleCertificate cert = best == null ? null : OracleCertificate.of(best, runs);
      if (cert == null) {
        spec.commandLine()
            .getErr()
            .println("commsched oracle: seed " + s + ": optimum not certified, skipped");
        continue;
      }
      boolean strict =
          cert.kind().equals("lower-bound"); // check --strict recomputes that bound itself
      if (strictOnly && !strict) {
        spec.commandLine()
            .getErr()
            .println(
                "commsched oracle: seed "
                    + s
                    + ": optimum certified by exact runs only "
                    + "(check --strict cannot), skipped (--strict-only)");
        continue;
      }
      Path instFile = out.resolve(name + ".json");
      Path schedFile = out.resolve(name + ".schedule.json");
      InstanceWriter.write(inst, instFile);
      ScheduleWriter.write(best.result(), best.instance(), schedFile);
      ObjectNode row = manifest.addObject();
      row.put("file", instFile.getFileName().toString());
      row.put("schedule", schedFile.getFileName().toString());
      row.put("problem", kind.wireName());
      row.put("model", modelWords(inst));
      Json.time(row, "optimum", best.result().makespan(), best.result().scale());
      row.put("optimumKind", "exact");
      row.set("certificate", cert.json());
      row.put("strictCertifies", strict);
      row.put(
          "source",
          "commsched oracle --problem "
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
              + s);
      row.put(
          "notes",
          "optimum certified by "
              + (cert.kind().equals("lower-bound")
                  ? "the lower bound "
                      + cert.json().get("bound").asString()
                      + " meeting the makespan"
                  : "every applicable exact method's OPTIMAL status")
              + "; schedule from "
              + best.result().method());
      o.println(instFile);
      o.flush();
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

  /** The model as the catalogue writes it: {@code bufferless ports=all}. */
  static String modelWords(Instance inst) {
    JsonNode doc = Json.MAPPER.readTree(InstanceWriter.toJson(inst)).get("model");
    StringBuilder sb = new StringBuilder(doc.path("kind").asString());
    for (Map.Entry<String, JsonNode> e : doc.properties()) {
      if (!e.getKey().equals("kind")) {
        sb.append(' ').append(e.getKey()).append('=').append(e.getValue().asString());
      }
    }
    return sb.toString();
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched oracle: " + msg);
  }
}
