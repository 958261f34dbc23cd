package org.commsched.instances.io;

import java.nio.file.Path;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.collective.MscclXmlReader;
import org.commsched.instances.io.collective.ScclJsonReader;
import org.commsched.instances.io.collective.TecclJsonReader;

/**
 * Reads another tool's schedule file as a schedule of a commsched instance
 * (docs/FORMATS.md#importing-schedules): the file is read like every input (UTF-8, size limit,
 * one-line errors), then handed to the format's reader.
 */
public final class ScheduleImport {
  private ScheduleImport() {}

  /** An MSCCL algorithm file (XML) as a schedule of the instance. */
  public static MscclXmlReader.Read msccl(Path file, Instance inst) {
    return MscclXmlReader.read(
        Inputs.readText(file, "an MSCCL algorithm (XML)"), file.toString(), inst);
  }

  /**
   * An SCCL algorithm (msccl-tools' JSON) as a schedule of the instance, timed as {@code timing}
   * says.
   */
  public static MscclXmlReader.Read sccl(Path file, Instance inst, ScclJsonReader.Timing timing) {
    String what = "an SCCL algorithm (JSON)";
    return ScclJsonReader.read(
        Json.parse(Inputs.readText(file, what), file.toString(), what),
        file.toString(),
        inst,
        timing);
  }

  /**
   * A TE-CCL schedule (its JSON schedule output) as a schedule of the instance, timed as {@code
   * timing} says.
   */
  public static MscclXmlReader.Read teccl(Path file, Instance inst, ScclJsonReader.Timing timing) {
    String what = "a TE-CCL schedule (JSON)";
    return TecclJsonReader.read(
        Json.parse(Inputs.readText(file, what), file.toString(), what),
        file.toString(),
        inst,
        timing);
  }

  /**
   * True if the JSON file is a TE-CCL schedule (it has TE-CCL's {@code "7-Flows"} list), so that a
   * {@code .json} file needs no {@code --format}; false for anything else (an SCCL algorithm).
   */
  public static boolean looksLikeTeccl(Path file) {
    String what = "a schedule (JSON)";
    return Json.parse(Inputs.readText(file, what), file.toString(), what).has("7-Flows");
  }
}
