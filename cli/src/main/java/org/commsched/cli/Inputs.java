package org.commsched.cli;

import java.nio.file.Path;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ModelException;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.io.ScheduleReader;

/** Reading the user's files, turning every failure into one line. */
final class Inputs {
  private Inputs() {
  }

  /** An instance file: {@code .csv} is a DSA buffer list, anything else a JSON instance. */
  static Instance instance(Path file) {
    try {
      if (file.getFileName() != null && file.getFileName().toString().toLowerCase().endsWith(".csv")) {
        return DsaCsv.read(file);
      }
      return InstanceReader.read(file);
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
    }
  }

  /** A schedule file for an instance. */
  static SolveResult schedule(Path file, Instance instance) {
    try {
      return ScheduleReader.read(file, instance);
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
    }
  }
}
