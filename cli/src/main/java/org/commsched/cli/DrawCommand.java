package org.commsched.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.cli.draw.Diagram;
import org.commsched.cli.draw.PerfettoTrace;
import org.commsched.cli.draw.SvgDrawing;
import org.commsched.cli.draw.TextGrid;
import org.commsched.cli.draw.TooLargeException;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TerminalText;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.AtomicFiles;
import org.commsched.instances.io.InstanceFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commsched draw FILE SCHEDULE}: a space-time diagram of a schedule
 * (docs/models/README.md#space-time-diagrams).
 */
@Command(
    name = "draw",
    mixinStandardHelpOptions = true,
    description = {
      "Draws a space-time diagram of a schedule: lanes (arcs or nodes) across, time down, one shape per "
          + "message, transmission or control flit, violations found by the checker in red.",
      "Formats: svg, text (a grid for terminals), perfetto (Chrome/Perfetto trace-event JSON, 1 tick = 1 us). "
          + "Default: from the --out extension (.svg, .txt, .json), else text on stdout.",
      "Exit codes: 0 drawn (valid or not; violations are marked), 2 bad input or too large for the format."
    })
final class DrawCommand implements Callable<Integer> {
  /** The output formats. */
  enum Format {
    SVG,
    TEXT,
    PERFETTO
  }

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
          "schedule file (.schedule.json; for a DSA "
              + "instance also a .csv layout with an offset column)")
  Path schedule;

  @Option(
      names = "--format",
      paramLabel = "F",
      description = "svg, text or perfetto (default: from --out's " + "extension, else text)")
  Format format;

  @Option(
      names = "--out",
      paramLabel = "PATH",
      description = "write to this file (atomically) instead of stdout")
  Path out;

  @Option(
      names = "--lanes",
      paramLabel = "L",
      defaultValue = "arcs",
      description =
          "arcs (default) or nodes "
              + "across; nodes gives the scatter/gather paper's tables (a flit at the node it is at in each step)")
  Diagram.Lanes lanes;

  @Override
  public Integer call() {
    Format f = format != null ? format : fromExtension(out);
    Inputs.Pair read = Inputs.pair(file, schedule, "to draw");
    Instance instance = read.instance();
    SolveResult result = read.result();
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    Diagram d = new Diagram(instance, result.schedule(), report, lanes);
    String title = title(instance, result, d, report);
    AtomicFiles.Text text = w -> draw(f, d, title, w);
    try {
      if (out != null) {
        AtomicFiles.writeText(out, text);
      } else {
        PrintWriter o = spec.commandLine().getOut();
        text.writeTo(o);
        o.flush();
      }
    } catch (TooLargeException e) {
      throw new BadInputException("commsched draw: " + schedule + ": " + e.getMessage());
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (java.io.IOException e) {
      throw new BadInputException("commsched draw: cannot write: " + e.getMessage());
    }
    if (!report.valid()) {
      spec.commandLine()
          .getErr()
          .println(
              TerminalText.escape(
                  "commsched draw: "
                      + report.violations().size()
                      + " violation(s) marked in red (see: commsched check "
                      + file
                      + " "
                      + schedule
                      + ")"));
      spec.commandLine().getErr().flush();
    }
    return 0;
  }

  /**
   * The title of a drawing: instance, kind of schedule, method, makespan (or height) and validity.
   */
  private static String title(
      Instance instance, SolveResult result, Diagram d, CheckReport report) {
    return instance.name()
        + ": "
        + (d.memory() ? "layout" : kind(result.schedule()))
        + " by "
        + result.method()
        + (d.memory() ? ", height " : ", makespan ")
        + (report.makespan() == null ? "?" : report.scale().format(report.makespan()))
        + (report.valid() ? ", valid" : ", " + report.violations().size() + " violation(s) in red");
  }

  /**
   * Writes the SVG drawing of a method's schedule atomically, as {@code draw FILE SCHEDULE --out
   * X.svg} would (the one place {@code worst} and the ratio report draw schedules).
   *
   * @throws TooLargeException when the schedule is too large to draw
   */
  static void svg(Instance instance, SolveResult result, Path out) {
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    Diagram d = new Diagram(instance, result.schedule(), report, Diagram.Lanes.ARCS);
    String title = title(instance, result, d, report);
    AtomicFiles.writeText(out, w -> SvgDrawing.write(d, title, w));
  }

  private static void draw(Format f, Diagram d, String title, Writer w) {
    switch (f) {
      case SVG -> SvgDrawing.write(d, title, w);
      case TEXT -> TextGrid.write(d, title, w);
      case PERFETTO -> PerfettoTrace.write(d, title, w);
    }
  }

  /**
   * Extensions of picture and page formats that draw does not write: asked for by name, they are
   * refused.
   */
  private static final java.util.Set<String> OTHER_PICTURES =
      java.util.Set.of(
          "png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "pdf", "eps", "ps", "html",
          "htm");

  /**
   * The format an output file's extension asks for: .svg, .json (trace) or anything else (text); an
   * extension of another picture or page format (.png, .pdf, .html, ...) is refused rather than
   * filled with a text grid.
   */
  static Format fromExtension(Path out) {
    String name =
        out == null || out.getFileName() == null
            ? ""
            : out.getFileName().toString().toLowerCase(Locale.ROOT);
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? "" : name.substring(dot + 1);
    if (OTHER_PICTURES.contains(ext)) {
      throw new BadInputException(
          "commsched draw: --out "
              + out
              + " asks for ."
              + ext
              + ", which draw does not "
              + "write (it writes .svg, a Chrome/Perfetto trace .json, or a text grid); name the file .svg (a browser "
              + "or converter turns it into ."
              + ext
              + ") or give --format text");
    }
    return name.endsWith(".svg")
        ? Format.SVG
        : name.endsWith(".json") ? Format.PERFETTO : Format.TEXT;
  }

  private static String kind(Schedule s) {
    if (s == null) {
      return "no schedule";
    }
    return !s.control().isEmpty()
        ? "protocol trace"
        : s.virtual() ? s.wireName() + " (virtual)" : s.wireName();
  }
}
