package org.commsched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Conformance;
import org.commsched.core.check.ConformanceReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.DsaCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/** {@code commsched check FILE SCHEDULE}: the independent checker. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Checks a schedule file against an instance with the independent checker and lists every "
        + "violation.", "Exit codes: 0 valid, 1 invalid, 2 bad input."})
final class CheckCommand implements Callable<Integer> {
  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "instance file (.json, or .csv for DSA)")
  Path file;

  @Parameters(index = "1", paramLabel = "SCHEDULE", description = "schedule file (.schedule.json; for a DSA instance also a .csv layout with an offset column)")
  Path schedule;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Option(names = "--conform", paramLabel = "RULES", description = "also check the packet family's conformance "
      + "rules, a comma-separated list of fcfs (V7), greedy (V8), fdf (V9), buffer (V10), even-size (V11) or all; "
      + "reported apart from validity (a valid schedule may break them), and they leave the exit code alone")
  String conform;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    DsaCsv.Buffers buffers = Inputs.isCsv(file) ? Inputs.buffers(file) : null;
    Instance instance = buffers != null ? buffers.instance() : Inputs.instance(file);
    if (buffers == null && instance.kind() == ProblemKind.DSA) {
      buffers = DsaCsv.Buffers.of(instance);
    }
    SolveResult result = Inputs.schedule(schedule, instance, buffers);
    CheckReport report = result.hasSchedule()
        ? ScheduleChecker.checkResult(instance, result)
        : null;
    if (report == null) {
      throw new BadInputException(schedule + ": holds no schedule (status " + result.status()
          + "); there is nothing to check");
    }
    ConformanceReport conformance = null;
    if (conform != null) {
      try {
        conformance = ScheduleChecker.conform(instance, result.schedule(), Conformance.parse(conform));
      } catch (IllegalArgumentException e) {
        throw new BadInputException("--conform " + conform + ": " + e.getMessage());
      }
    }
    if (buffers != null && Inputs.isCsv(file) && !report.valid()) {
      // name the places of a buffer layout in the file's own times, not the compressed array's arcs
      List<Violation> named = new ArrayList<>();
      for (Violation v : report.violations()) {
        named.add(new Violation(v.kind(), v.messages(), buffers.explainPlace(v.place()), v.time(), v.detail()));
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
      if (report.valid()) {
        o.println("valid: " + instance.name() + ", makespan " + report.scale().format(report.makespan())
            + " (" + result.method() + ", " + result.status() + ")");
      } else {
        o.println("INVALID: " + report.violations().size() + " violation(s) in " + schedule);
        for (Violation v : report.violations()) {
          o.println("  " + Json.line(v, report.scale()));
        }
        if (report.makespan() != null) {
          o.println("recomputed makespan " + report.scale().format(report.makespan()));
        }
      }
      if (conformance != null) {
        for (ConformanceReport.Result x : conformance.results()) {
          o.println("  " + x.rule().label() + " " + x.rule().wireName() + ": " + (x.met() ? "met" : "NOT met ("
              + x.failures() + " place(s))") + ": " + x.witness());
        }
      }
    }
    o.flush();
    return report.valid() ? 0 : 1;
  }
}
