package org.commsched.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Claims;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ConformanceReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TerminalText;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.DsaCsv;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code commsched check FILE SCHEDULE}: the independent checker. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a schedule file against an instance with the independent checker and lists every "
          + "violation, then its claims (lower bound, status): certified, uncertified or refuted.",
      "Exit codes: 0 valid, 1 invalid or a claim refuted (with --strict also a claim uncertified), 2 bad input."
    })
final class CheckCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "instance file (.json, or .csv for DSA)")
  Path file;

  @Parameters(
      index = "1",
      paramLabel = "SCHEDULE",
      description =
          "schedule file (.schedule.json; for a DSA instance also a .csv layout with an offset column)")
  Path schedule;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Option(
      names = "--conform",
      paramLabel = "RULES",
      description =
          "also check the packet family's conformance "
              + "rules, a comma-separated list of fcfs (V7), greedy (V8), fdf (V9), buffer (V10), even-size (V11) or all; "
              + "reported apart from validity (a valid schedule may break them), and they leave the exit code alone")
  String conform;

  @Option(
      names = "--strict",
      description =
          "fail (exit 1) also when a claimed lower bound or OPTIMAL status is "
              + "uncertified: neither a bound the checker proves nor (with --prove) an exact run vouches for it")
  boolean strict;

  @Option(
      names = "--prove",
      description =
          "settle uncertified claims with an exact method (the first that applies, "
              + "e.g. cpsat) within --time-limit: a shorter schedule refutes them, a proven bound certifies them")
  boolean prove;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "10",
      description = "time limit in seconds of the exact run of --prove (default: ${DEFAULT-VALUE})")
  BigDecimal timeLimit;

  @Override
  public Integer call() {
    Duration limit = Inputs.timeLimit("check", timeLimit);
    PrintWriter o = spec.commandLine().getOut();
    Inputs.Pair read = Inputs.pair(file, schedule, "to check");
    Instance instance = read.instance();
    DsaCsv.Buffers buffers = read.buffers();
    SolveResult result = read.result();
    Claims.Certification certification = Claims.certify(instance, result);
    CheckReport report = certification.report();
    ConformanceReport conformance = null;
    if (conform != null) {
      try {
        conformance =
            ScheduleChecker.conform(instance, result.schedule(), Conformance.parse(conform));
      } catch (IllegalArgumentException e) {
        throw new BadInputException("--conform " + conform + ": " + e.getMessage());
      }
    }
    String prover = null;
    if (prove && certification.valid() && certification.uncertified()) {
      Method exact = prover(instance, result.schedule());
      if (exact == null) {
        throw new BadInputException(
            "commsched check --prove: no exact method applies to "
                + file
                + " (see: commsched methods "
                + file
                + ")");
      }
      prover = exact.name();
      SolveLimits limits = new SolveLimits(limit, Runtime.getRuntime().availableProcessors(), 0);
      certification = certification.settled(SolveRunner.run(exact, instance, limits).result());
    }
    List<Claims.Claim> claims = certification.claims();
    if (buffers != null && Inputs.isCsv(file) && !report.valid()) {
      // name the places of a buffer layout in the file's own times, not the compressed array's arcs
      List<Violation> named = new ArrayList<>();
      for (Violation v : report.violations()) {
        named.add(
            new Violation(
                v.kind(), v.messages(), buffers.explainPlace(v.place()), v.time(), v.detail()));
      }
      report = new CheckReport(named, report.makespan(), report.scale());
    }
    if (json) {
      ObjectNode n = Json.object();
      n.put("instance", instance.name());
      n.put("schedule", schedule.toString());
      n.put("method", result.method());
      n.put("valid", report.valid());
      Json.time(n, "makespan", report.makespan(), report.scale());
      Json.time(n, "claimedMakespan", result.makespan(), report.scale());
      n.put("violationCount", report.violations().size());
      n.set("violations", Json.violations(report));
      ArrayNode cs = n.putArray("claims");
      for (Claims.Claim c : claims) {
        ObjectNode x = cs.addObject();
        x.put("claim", c.what());
        x.put("value", c.claimed());
        x.put("verdict", c.verdict().wireName());
        x.put("reason", c.reason());
        if (c.by() != null) {
          ObjectNode b = x.putObject("by");
          b.put("kind", c.by().kind());
          Json.time(b, "value", c.by().value(), report.scale());
          b.put("witness", c.by().witness());
        }
      }
      if (prover != null) {
        n.put("prover", prover);
      }
      if (read.spanningTree() != null) {
        n.put("spanningTree", read.spanningTree());
      }
      if (conformance != null) {
        ObjectNode c = n.putObject("conformance");
        for (ConformanceReport.Result x : conformance.results()) {
          ObjectNode r = c.putObject(x.rule().wireName());
          r.put("label", x.rule().label());
          r.put("met", x.met());
          r.put("failures", x.failures());
          r.put("detail", x.witness());
        }
      }
      o.println(Json.print(n));
    } else {
      if (read.spanningTree() != null) {
        o.println(
            TerminalText.escape(
                "routes along the "
                    + read.spanningTree()
                    + " spanning tree, as the schedule "
                    + "was solved (its stats.spanningTree)"));
      }
      if (report.valid()) {
        o.println(
            TerminalText.escape(
                "valid: "
                    + instance.name()
                    + ", makespan "
                    + report.scale().format(report.makespan())
                    + " ("
                    + result.method()
                    + ", "
                    + result.status()
                    + ")"));
      } else {
        o.println(
            TerminalText.escape(
                "INVALID: " + report.violations().size() + " violation(s) in " + schedule));
        for (Violation v : report.violations()) {
          o.println(TerminalText.escape("  " + Json.line(v, report.scale(), instance.network())));
        }
        if (report.makespan() != null) {
          o.println("recomputed makespan " + report.scale().format(report.makespan()));
        }
      }
      for (Claims.Claim c : claims) {
        o.println(
            TerminalText.escape(
                "  claim "
                    + c.what()
                    + " "
                    + c.claimed()
                    + ": "
                    + c.verdict().wireName()
                    + ": "
                    + instance.network().nameNodes(c.reason())));
      }
      if (conformance != null) {
        for (ConformanceReport.Result x : conformance.results()) {
          o.println(
              TerminalText.escape(
                  "  "
                      + x.rule().label()
                      + " "
                      + x.rule().wireName()
                      + ": "
                      + (x.met() ? "met" : "NOT met (" + x.failures() + " place(s))")
                      + ": "
                      + x.witness()));
        }
      }
    }
    o.flush();
    return certification.accepted(strict) ? 0 : 1;
  }

  /**
   * The exact method that settles claims about this kind of schedule: for slots of a chatting
   * instance the exact virtual model, otherwise the first applicable exact method of the registry
   * that answers over all schedules (not the wake-up models, whose bounds bind protocols only);
   * null if none applies.
   */
  private static Method prover(Instance instance, Schedule schedule) {
    MethodRegistry registry = MethodRegistry.standard();
    if (schedule.virtual() && instance.kind() != ProblemKind.DSA) {
      Method virtual = registry.byName("cpsat-virtual");
      return virtual != null && virtual.whyNot(instance) == null ? virtual : null;
    }
    for (Method m : registry.applicable(instance)) {
      if (m.exact() && !m.name().endsWith("-sync")) {
        return m;
      }
    }
    return null;
  }
}
