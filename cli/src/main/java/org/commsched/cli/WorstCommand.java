package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.Method;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.solver.MethodRegistry;
import org.commsched.verify.oracle.OracleSeed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code commsched worst}: searches a generated space (the options of {@code generate}) for the
 * instance on which a method's ratio to the proven optimum is largest ({@link WorstSearch}),
 * shrinks it, and writes it as a catalogue entry (instance, optimal schedule, certificate, as
 * {@code oracle} writes them) with the method's schedule and its drawing. Every file is written
 * atomically.
 */
@Command(
    name = "worst",
    mixinStandardHelpOptions = true,
    description = {
      "Searches for a method's worst case: a seeded local search over generated instances that "
          + "maximises the method's ratio to the proven optimum, then shrinks the worst instance found.",
      "Writes OUT/worst.json, worst.found.json, worst.METHOD.schedule.json, worst.METHOD.svg, "
          + "worst.schedule.json (optimal), manifest.json.",
      "Exit codes: 0 found, 3 no instance with a certified optimum within the time limit, 2 bad input, "
          + "130 interrupted (the worst so far is written)."
    })
final class WorstCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--method",
      required = true,
      paramLabel = "M",
      description = "the method whose worst case is " + "searched (commsched methods lists them)")
  String method;

  @Option(
      names = "--problem",
      required = true,
      paramLabel = "P",
      description = "chatting, scatter, gather, broadcast, gossip, send or dsa")
  String problem;

  @Option(
      names = "--family",
      required = true,
      paramLabel = "F",
      description = "network family, as for generate")
  String family;

  @Option(
      names = "--size",
      required = true,
      paramLabel = "N",
      description = "nodes (as for generate); keep it " + "small, every instance is solved exactly")
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
      description =
          "length distribution; mutations draw from it and stay within its range (default: "
              + "${DEFAULT-VALUE})")
  String lengths;

  @Option(
      names = "--model",
      paramLabel = "M",
      description = "model (default: the problem's usual model)")
  String model;

  @Option(names = "--explicit-routes", description = "explicit random routes, mutated too")
  boolean explicitRoutes;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "0",
      description = "seed of the search and of its " + "first instance (default: 0)")
  long seed;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "60",
      description = "seconds for the whole search, shrinking included (default: ${DEFAULT-VALUE})")
  BigDecimal timeLimit;

  @Option(
      names = "--run-limit",
      paramLabel = "S",
      defaultValue = "5",
      description =
          "seconds for one solver run; an instance whose optimum is not proven in it is skipped "
              + "(default: ${DEFAULT-VALUE})")
  BigDecimal runLimit;

  @Option(
      names = "--evaluations",
      paramLabel = "E",
      defaultValue = "0",
      description =
          "stop after E distinct instances (0: only the time limit); with the same seed the same "
              + "instances are visited")
  int evaluationCap;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "output directory")
  Path out;

  @Override
  public Integer call() {
    long start = System.nanoTime();
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ProblemKind kind = ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT));
    if (kind == null) {
      throw bad(
          "--problem "
              + problem
              + ": unknown problem; use chatting, scatter, gather, broadcast, gossip, send "
              + "or dsa");
    }
    if (!Generators.FAMILIES.contains(family)) {
      throw bad(
          "--family "
              + family
              + ": unknown family; use one of "
              + String.join(", ", Generators.FAMILIES));
    }
    if (size < 2 || size > 64) {
      throw bad(
          "--size " + size + ": out of range; give 2 to 64 (every instance is solved exactly)");
    }
    if (evaluationCap < 0) {
      throw bad(
          "--evaluations " + evaluationCap + ": negative; give 0 (no cap) or a positive count");
    }
    MethodRegistry registry = MethodRegistry.standard();
    Method m = registry.byName(method);
    if (m == null) {
      throw bad("--method " + method + ": unknown method; give one that commsched methods lists");
    }
    LengthDistribution dist;
    CommModel cm;
    try {
      dist = LengthDistribution.parse(lengths);
      cm = model == null ? null : Models.parse(model, kind);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    java.time.Duration total = Inputs.timeLimit("worst", timeLimit);
    java.time.Duration run = Inputs.timeLimit("worst", runLimit);
    GeneratorSpec space =
        new GeneratorSpec(null, kind, family, size, messages, dist, cm, seed, explicitRoutes);
    // the whole command within --time-limit from the JVM's start: the search's share of it
    // (Deadline's reserve
    // covers the certificate of the shrunk instance and the files)
    WorstSearch search =
        new WorstSearch(
            m,
            new WorstSearch.Space(space),
            run,
            start + Deadline.budget(total, start).toNanos(),
            evaluationCap);
    Instance first;
    try {
      first = search.seedInstance(seed);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    String why = m.whyNot(first);
    if (why != null) {
      throw bad(
          "--method "
              + method
              + " does not apply to this space ("
              + why
              + "); give a method that applies, "
              + "e.g. one of "
              + String.join(
                  ",",
                  registry.applicable(first).stream()
                      .filter(x -> !x.exact())
                      .map(Method::name)
                      .toList()));
    }
    if (registry.applicable(first).stream()
        .noneMatch(x -> x.exact() && !x.name().equals(m.name()))) {
      throw bad(
          "no exact method applies to this space, so no optimum can be proven; give a smaller or other "
              + "space (commsched methods lists each exact method's scope)");
    }
    try {
      Files.createDirectories(out);
    } catch (IOException | SecurityException e) {
      throw bad("--out " + out + ": cannot create the directory (" + e.getMessage() + ")");
    }
    Signals.install(
        err,
        "commsched worst: interrupted: stopping the search; the worst instance so far is shrunk no "
            + "further and written (again to quit at once)");
    Signals.cooperative();
    WorstSearch.Result r = search.run();
    if (r == null) {
      err.println(
          "commsched worst: no instance of the space got a certified optimum within the time limit; give a "
              + "longer --time-limit or --run-limit, or a smaller space");
      err.flush();
      return 3;
    }
    WorstSearch.Eval found = r.found();
    WorstSearch.Eval worst = search.certify(r.shrunk());
    if (worst.certificate() == null) {
      worst = r.shrunk(); // the search's own certificate (one exact run) when the full one ran out
      // of time
    }
    write(worst, found, r);
    o.println(
        org.commsched.core.model.TerminalText.escape(
            "worst ratio "
                + worst.ratio().decimal()
                + " ("
                + worst.ratio().exact()
                + ") of "
                + m.name()
                + ": makespan "
                + plain(units(worst.method()))
                + ", optimum "
                + plain(worst.optimum())
                + " ("
                + worst.certificate().kind()
                + ")"));
    o.println(
        "found after "
            + r.evaluations()
            + " evaluated instances ("
            + r.certified()
            + " with a certified "
            + "optimum, "
            + r.restarts()
            + " restarts"
            + (r.timeUp() ? ", time limit reached" : "")
            + "); shrunk from "
            + WorstSearch.size(found.instance())
            + " to "
            + WorstSearch.size(worst.instance())
            + " (nodes + messages + lengths)");
    o.println(out.resolve("worst.json"));
    o.flush();
    return Interrupt.requested() ? Signals.EXIT : 0;
  }

  /**
   * The catalogue entry, the method's schedule and drawing, and the unshrunk instance; each file
   * atomically.
   */
  private void write(WorstSearch.Eval worst, WorstSearch.Eval found, WorstSearch.Result r) {
    AtomicFiles.writeString(out.resolve("worst.json"), worst.json() + "\n");
    AtomicFiles.writeString(out.resolve("worst.found.json"), found.json() + "\n");
    String mine = "worst." + method + ".schedule.json";
    AtomicFiles.writeString(
        out.resolve(mine),
        ScheduleWriter.toJson(worst.method().result(), worst.method().instance()));
    AtomicFiles.writeString(
        out.resolve("worst.schedule.json"),
        ScheduleWriter.toJson(worst.optimal().result(), worst.optimal().instance()));
    boolean drawn;
    try {
      DrawCommand.svg(
          worst.method().instance(),
          worst.method().result(),
          out.resolve("worst." + method + ".svg"));
      drawn = true;
    } catch (org.commsched.cli.draw.TooLargeException e) {
      drawn = false;
    }
    ArrayNode manifest = Json.MAPPER.createArrayNode();
    ObjectNode row = manifest.addObject();
    row.put("file", "worst.json");
    row.put("schedule", "worst.schedule.json");
    row.put("problem", worst.instance().kind().wireName());
    row.put("model", OracleSeed.modelWords(worst.instance()));
    Json.time(
        row, "optimum", worst.optimal().result().makespan(), worst.optimal().result().scale());
    row.put("optimumKind", "exact");
    row.set("certificate", worst.certificate().json());
    row.put("strictCertifies", worst.certificate().kind().equals("lower-bound"));
    row.put("method", method);
    row.put("methodSchedule", mine);
    if (drawn) {
      row.put("methodDrawing", "worst." + method + ".svg");
    }
    Json.time(
        row, "methodMakespan", worst.method().result().makespan(), worst.method().result().scale());
    row.put("ratio", worst.ratio().decimal());
    row.put("ratioExact", worst.ratio().exact());
    row.put("foundRatio", found.ratio().exact());
    row.put("evaluations", r.evaluations());
    row.put(
        "source",
        "commsched worst --method "
            + method
            + " --problem "
            + worst.instance().kind().wireName()
            + " --family "
            + family
            + " --size "
            + size
            + (messages > 0 ? " --messages " + messages : "")
            + " --lengths "
            + lengths
            + (model != null ? " --model " + model : "")
            + (explicitRoutes ? " --explicit-routes" : "")
            + " --seed "
            + seed
            + " --time-limit "
            + timeLimit.toPlainString()
            + " --run-limit "
            + runLimit.toPlainString()
            + (evaluationCap > 0 ? " --evaluations " + evaluationCap : ""));
    row.put(
        "notes",
        "worst case of "
            + method
            + " found by a seeded local search and shrunk; optimum certified by "
            + (worst.certificate().kind().equals("lower-bound")
                ? "a lower bound meeting the makespan"
                : "the OPTIMAL status of the exact methods listed")
            + "; optimal schedule from "
            + worst.optimal().result().method());
    AtomicFiles.writeString(
        out.resolve("manifest.json"), Json.MAPPER.writeValueAsString(manifest) + "\n");
  }

  private static BigDecimal units(org.commsched.solver.SolveRunner.Outcome x) {
    return x.result().scale().toUnits(x.result().makespan());
  }

  private static String plain(BigDecimal v) {
    return v.stripTrailingZeros().toPlainString();
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched worst: " + msg);
  }
}
