package org.commsched.instances.io;

import java.nio.file.Path;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.collective.MscclXmlReader;
import org.commsched.instances.io.collective.ScclJsonReader;

/**
 * Reads another tool's schedule file as a schedule of a commsched instance (docs/FORMATS.md#importing-schedules):
 * the file is read like every input (UTF-8, size limit, one-line errors), then handed to the format's reader.
 */
public final class ScheduleImport {
  private ScheduleImport() {
  }

  /** An MSCCL algorithm file (XML) as a schedule of the instance. */
  public static MscclXmlReader.Read msccl(Path file, Instance inst) {
    return MscclXmlReader.read(Inputs.readText(file, "an MSCCL algorithm (XML)"), file.toString(), inst);
  }

  /** An SCCL algorithm (msccl-tools' JSON) as a schedule of the instance, timed as {@code timing} says. */
  public static MscclXmlReader.Read sccl(Path file, Instance inst, ScclJsonReader.Timing timing) {
    String what = "an SCCL algorithm (JSON)";
    return ScclJsonReader.read(Json.parse(Inputs.readText(file, what), file.toString(), what), file.toString(), inst,
        timing);
  }
}
