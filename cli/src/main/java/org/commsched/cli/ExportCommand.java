package org.commsched.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.cli.draw.Diagram;
import org.commsched.cli.draw.PerfettoTrace;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TerminalText;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.collective.MscclXmlWriter;
import org.commsched.instances.io.collective.TransferCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commsched export FILE SCHEDULE}: a store-and-forward schedule in another tool's format
 * (docs/FORMATS.md# collective-formats): MSCCL algorithm XML for the MSCCL runtimes, a per-transfer
 * CSV, or the Chrome/Perfetto trace that {@code draw} writes.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a store-and-forward schedule for other tools: msccl-xml (the algorithm file the MSCCL "
          + "runtimes load; a valid all-port full-duplex broadcast or gossip, written as a broadcast or allgather), "
          + "csv (one row per transfer: message, packet, first, size, from, to, start, end, channel) or perfetto (the trace "
          + "draw writes). Format from --format, else from --out's extension (.xml, .csv, .json).",
      "Exit codes: 0 written, 2 bad input (also a schedule msccl-xml cannot carry)."
    })
final class ExportCommand implements Callable<Integer> {
  /** The output formats. */
  enum Format {
    MSCCL_XML,
    CSV,
    PERFETTO
  }

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "instance file (.json)")
  Path file;

  @Parameters(
      index = "1",
      paramLabel = "SCHEDULE",
      description = "schedule file (.schedule.json) with transmissions")
  Path schedule;

  @Option(
      names = "--format",
      paramLabel = "F",
      description = "msccl-xml, csv or perfetto (default: from --out's " + "extension)")
  String format;

  @Option(
      names = "--out",
      paramLabel = "PATH",
      description = "write to this file (atomically) instead of stdout")
  Path out;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "the MSCCL algorithm's name (default: the instance's)")
  String name;

  @Override
  public Integer call() {
    Format f = format();
    Inputs.Pair read = Inputs.pair(file, schedule, "to export");
    Instance instance = read.instance();
    SolveResult result = read.result();
    if (!(result.schedule() instanceof Schedule.Transmissions transmissions)) {
      throw new BadInputException(
          schedule
              + ": holds "
              + result.schedule().wireName()
              + ", not transmissions; "
              + "export writes store-and-forward schedules (send, broadcast, gossip, and packets)");
    }
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    List<String> notes = new ArrayList<>();
    String text;
    try {
      switch (f) {
        case MSCCL_XML -> {
          if (!report.valid()) {
            throw new BadInputException(
                schedule
                    + ": the schedule has "
                    + report.violations().size()
                    + " violation(s), and MSCCL would run it as it is; see commsched check "
                    + file
                    + " "
                    + schedule
                    + ", and export a valid schedule");
          }
          MscclXmlWriter.Written w;
          try {
            w =
                MscclXmlWriter.write(
                    instance, transmissions, name != null ? name : instance.name());
          } catch (MscclXmlWriter.Refusal e) {
            throw new BadInputException(schedule + ": " + e.getMessage());
          }
          text = w.xml();
          notes.addAll(w.notes());
        }
        case CSV -> {
          if (instance.origins().isEmpty()) {
            throw new BadInputException(
                file
                    + ": a "
                    + instance.kind().name().toLowerCase(Locale.ROOT)
                    + " has "
                    + "messages with routes, not units; csv export writes send, broadcast and gossip schedules, use "
                    + "--format perfetto for the others");
          }
          StringWriter sw = new StringWriter();
          TransferCsv.write(instance, transmissions, sw);
          text = sw.toString();
        }
        default -> {
          StringWriter sw = new StringWriter();
          Diagram d = new Diagram(instance, transmissions, report, Diagram.Lanes.ARCS);
          PerfettoTrace.write(d, instance.name() + ": transmissions by " + result.method(), sw);
          text = sw.toString();
        }
      }
    } catch (java.io.IOException e) {
      throw new BadInputException("commsched export: cannot write: " + e.getMessage());
    } catch (org.commsched.cli.draw.TooLargeException e) {
      throw new BadInputException("commsched export: " + schedule + ": " + e.getMessage());
    }
    if (!report.valid()) {
      notes.add(
          report.violations().size()
              + " violation(s) in the schedule (see: commsched check "
              + file
              + " "
              + schedule
              + ")");
    }
    try {
      if (out != null) {
        AtomicFiles.writeString(out, text);
      } else {
        PrintWriter o = spec.commandLine().getOut();
        o.print(text);
        o.flush();
      }
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    }
    PrintWriter err = spec.commandLine().getErr();
    for (String note : notes) {
      err.println(TerminalText.escape("commsched export: " + note));
    }
    err.flush();
    return 0;
  }

  private Format format() {
    if (format != null) {
      return switch (format.toLowerCase(Locale.ROOT)) {
        case "msccl-xml", "msccl" -> Format.MSCCL_XML;
        case "csv" -> Format.CSV;
        case "perfetto" -> Format.PERFETTO;
        default ->
            throw new BadInputException(
                "commsched export: --format "
                    + format
                    + " is not a format; use "
                    + "msccl-xml, csv or perfetto");
      };
    }
    String n =
        out == null || out.getFileName() == null
            ? ""
            : out.getFileName().toString().toLowerCase(Locale.ROOT);
    if (n.endsWith(".xml")) {
      return Format.MSCCL_XML;
    }
    if (n.endsWith(".csv")) {
      return Format.CSV;
    }
    if (n.endsWith(".json")) {
      return Format.PERFETTO;
    }
    throw new BadInputException(
        "commsched export: no format: give --format msccl-xml, csv or perfetto, or an --out "
            + "file ending in .xml, .csv or .json");
  }
}
