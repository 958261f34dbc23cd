package org.commsched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.TerminalText;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.ScheduleImport;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.instances.io.collective.MscclXmlReader;
import org.commsched.instances.io.collective.ScclJsonReader;
import org.commsched.instances.io.collective.TecclJsonReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commsched import FILE FOREIGN}: another tool's schedule as a {@code commsched-schedule/1}
 * file of an instance, so that {@code check} judges it and {@code bounds} says how far it is from
 * the best possible (docs/FORMATS.md#importing-schedules). The mapping from the tool's model is
 * stated in the file's {@code stats.importMapping} and on stderr.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Reads another tool's schedule as a schedule of an instance: msccl-xml (an MSCCL algorithm file, "
          + "allgather or broadcast), sccl-json (an algorithm msccl solve wrote) or teccl-json (a schedule TE-CCL wrote). Writes a commsched-schedule/1 file (to --out, else stdout) and states on stderr "
          + "the mapping it applied and the checker's verdict.",
      "Exit codes: 0 imported (valid or not: run check for the violations), 2 bad input."
    })
final class ImportCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "instance file (.json): the network, problem and costs")
  Path file;

  @Parameters(index = "1", paramLabel = "FOREIGN", description = "the other tool's schedule file")
  Path foreign;

  @Option(
      names = "--format",
      paramLabel = "F",
      description =
          "msccl-xml, sccl-json or teccl-json (default: from FOREIGN's extension, .xml or .json; a .json "
              + "file with TE-CCL's \"7-Flows\" is teccl-json)")
  String format;

  @Option(
      names = "--timing",
      paramLabel = "T",
      defaultValue = "steps",
      converter = TimingConverter.class,
      description =
          "sccl-json and teccl-json: steps (SCCL's synchronous steps, TE-CCL's epochs; default) or asap "
              + "(each packet as soon as its link and chunks allow)")
  ScclJsonReader.Timing timing;

  /** steps or asap, in any case. */
  static final class TimingConverter
      implements picocli.CommandLine.ITypeConverter<ScclJsonReader.Timing> {
    @Override
    public ScclJsonReader.Timing convert(String value) {
      return switch (value.toLowerCase(Locale.ROOT)) {
        case "steps" -> ScclJsonReader.Timing.STEPS;
        case "asap" -> ScclJsonReader.Timing.ASAP;
        default -> throw new picocli.CommandLine.TypeConversionException("use steps or asap");
      };
    }
  }

  @Option(
      names = "--out",
      paramLabel = "SCHEDULE",
      description = "write the schedule file here (atomically)")
  Path out;

  @Option(
      names = "--json",
      description =
          "print one JSON object (file, records, makespan, valid, violations, "
              + "mapping, notes) instead of the schedule; needs --out")
  boolean json;

  @Override
  public Integer call() {
    if (json && out == null) {
      throw new BadInputException(
          "commsched import: --json prints a summary, so the schedule needs a file; give "
              + "--out SCHEDULE");
    }
    String f = format != null ? format.toLowerCase(Locale.ROOT) : fromExtension(foreign);
    Instance instance = Inputs.instance(file);
    if (instance.origins().isEmpty()) {
      throw new BadInputException(
          file
              + ": the instance is a "
              + instance.kind().name().toLowerCase(Locale.ROOT)
              + "; import reads broadcast and gossip (allgather) schedules, so give such an instance");
    }
    MscclXmlReader.Read read;
    String mapping;
    try {
      switch (f) {
        case "msccl-xml", "msccl" -> {
          read = ScheduleImport.msccl(foreign, instance);
          mapping = MscclXmlReader.MAPPING;
        }
        case "sccl-json", "sccl" -> {
          read = ScheduleImport.sccl(foreign, instance, timing);
          mapping = ScclJsonReader.mapping(timing);
        }
        case "teccl-json", "teccl" -> {
          read = ScheduleImport.teccl(foreign, instance, timing);
          mapping = TecclJsonReader.mapping(timing);
        }
        default ->
            throw new BadInputException(
                "commsched import: --format "
                    + f
                    + " is not a format import reads; "
                    + "use msccl-xml, sccl-json or teccl-json");
      }
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(foreign + ": " + e.getMessage());
    }
    SolveResult result =
        new SolveResult(
                "import:" + f,
                SolveStatus.FEASIBLE,
                read.schedule(),
                read.makespan(),
                LowerBound.zero(),
                read.schedule().scale(),
                null)
            .withStat(
                "importedFrom",
                foreign.getFileName() == null
                    ? foreign.toString()
                    : foreign.getFileName().toString())
            .withStat("importMapping", mapping)
            .withStat("importNotes", String.join("; ", read.notes()));
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    try {
      if (out != null) {
        ScheduleWriter.write(result, instance, out);
      } else {
        PrintWriter o = spec.commandLine().getOut();
        o.print(ScheduleWriter.toJson(result, instance));
        o.flush();
      }
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    }
    if (json) {
      tools.jackson.databind.node.ObjectNode o = Json.object();
      o.put("file", out.toString());
      o.put("records", read.schedule().transmissions().size());
      Json.time(o, "makespan", read.makespan(), read.schedule().scale());
      o.put("valid", report.valid());
      o.set("violations", Json.violations(report));
      o.put("mapping", mapping);
      tools.jackson.databind.node.ArrayNode n = o.putArray("notes");
      read.notes().forEach(n::add);
      PrintWriter o2 = spec.commandLine().getOut();
      o2.println(Json.print(o));
      o2.flush();
      return 0;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println(TerminalText.escape("commsched import: " + mapping));
    for (String note : read.notes()) {
      err.println(TerminalText.escape("commsched import: " + note));
    }
    err.println(
        TerminalText.escape(
            "commsched import: "
                + read.schedule().transmissions().size()
                + " records, "
                + "makespan "
                + read.schedule().scale().format(read.makespan())
                + "; the checker finds it "
                + (report.valid()
                    ? "valid"
                    : "invalid, "
                        + report.violations().size()
                        + " violation(s) (commsched check "
                        + file
                        + " "
                        + (out != null ? out : "SCHEDULE")
                        + " lists them)")));
    err.flush();
    return 0;
  }

  private static String fromExtension(Path foreign) {
    String n =
        foreign.getFileName() == null
            ? ""
            : foreign.getFileName().toString().toLowerCase(Locale.ROOT);
    if (n.endsWith(".xml")) {
      return "msccl-xml";
    }
    if (n.endsWith(".json")) {
      try {
        return ScheduleImport.looksLikeTeccl(foreign) ? "teccl-json" : "sccl-json";
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      }
    }
    throw new BadInputException(
        "commsched import: "
            + foreign
            + ": no format: give --format msccl-xml, "
            + "sccl-json or teccl-json");
  }
}
