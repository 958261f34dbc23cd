package org.commsched.cli;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.io.ScheduleReader;

/** Reading the user's files, turning every failure into one line. */
final class Inputs {
  private Inputs() {}

  /** An instance file read to be checked, bounded or drawn ({@link Footprint.Use#READ}). */
  static Instance instance(Path file) {
    return instance(file, Footprint.Use.READ);
  }

  /**
   * An instance file: {@code .csv} is a DSA buffer list, anything else a JSON instance, whose
   * declared sizes must fit this JVM's heap for the use ({@link Footprint}) before anything large
   * is built.
   */
  static Instance instance(Path file, Footprint.Use use) {
    String name =
        file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".graphml") || name.endsWith(".dot") || name.endsWith(".gv")) {
      throw new BadInputException(
          file
              + ": a network drawing, not an instance; make instances on it with "
              + "commsched generate --network "
              + file
              + " --problem P [--lengths D] [--model M] --out FILE.json");
    }
    try {
      if (isCsv(file)) {
        return DsaCsv.read(file);
      }
      return InstanceReader.read(file, use);
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(
          file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
    }
  }

  /** True if the file name ends in {@code .csv} (a DSA buffer list or layout). */
  static boolean isCsv(Path file) {
    return file.getFileName() != null
        && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv");
  }

  /**
   * The buffers of a dsa instance with their original times: a {@code .csv} file as read
   * (compressed times kept aside), a JSON dsa instance as is; null for other problems.
   */
  static DsaCsv.Buffers buffers(Path file) {
    if (isCsv(file)) {
      try {
        return DsaCsv.load(file);
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      } catch (ModelException e) {
        throw new BadInputException(
            file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
      }
    }
    Instance instance = instance(file);
    return instance.kind() == ProblemKind.DSA ? DsaCsv.Buffers.of(instance) : null;
  }

  /**
   * An instance file and a schedule for it, as {@code check} and {@code draw} take them; {@code
   * buffers} is the instance's DSA buffer list (from the CSV file, or made from a dsa JSON
   * instance), null for other problems.
   */
  /**
   * An instance and a schedule for it; {@code spanningTree} names the tree whose routes the
   * instance was given because the schedule was solved along it (null when the instance is as the
   * file wrote it).
   */
  record Pair(Instance instance, DsaCsv.Buffers buffers, SolveResult result, String spanningTree) {}

  /**
   * Reads an instance file and a schedule file for it; {@code what} ends the "holds no schedule"
   * line.
   */
  static Pair pair(Path file, Path schedule, String what) {
    DsaCsv.Buffers buffers = isCsv(file) ? buffers(file) : null;
    Instance instance = buffers != null ? buffers.instance() : instance(file);
    if (buffers == null && instance.kind() == ProblemKind.DSA) {
      buffers = DsaCsv.Buffers.of(instance);
    }
    SolveResult result = schedule(schedule, instance, buffers);
    if (!result.hasSchedule()) {
      throw new BadInputException(
          schedule
              + ": holds no schedule (status "
              + result.status()
              + "); there is nothing "
              + what);
    }
    String tree = solvedAlong(result, instance);
    if (tree != null) {
      try {
        instance = SpanningTrees.reroute(instance, tree);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(
            schedule
                + ": /stats/spanningTree: "
                + e.getMessage()
                + "; check it against the "
                + "instance that solve --routes-out wrote");
      }
    }
    return new Pair(instance, buffers, result, tree);
  }

  /**
   * The spanning tree a scatter or gather schedule was solved along ({@code solve --spanning-tree}
   * writes its name in the schedule's {@code stats.spanningTree}), when some message of the
   * instance has no explicit route, so that the schedule is judged on the routes it was made for;
   * null when the routes are the file's.
   */
  private static String solvedAlong(SolveResult result, Instance instance) {
    if (!(result.stats().get("spanningTree") instanceof String tree)
        || (instance.kind() != ProblemKind.SCATTER && instance.kind() != ProblemKind.GATHER)
        || tree.equals("bfs")) {
      return null;
    }
    for (Message m : instance.messages()) {
      if (!m.hasRoute()) {
        return tree;
      }
    }
    return null;
  }

  /**
   * A schedule file for an instance: a JSON schedule, or for a dsa instance a {@code .csv} buffer
   * layout (columns id,lower,upper,size,offset; offsets are slots, the claimed makespan is
   * max(offset + size)).
   */
  static SolveResult schedule(Path file, Instance instance, DsaCsv.Buffers buffers) {
    if (isCsv(file) && buffers != null) {
      try {
        Schedule.Slots slots = DsaCsv.readOffsets(file, buffers);
        long height = 0;
        for (Message m : instance.messages()) {
          Long s = slots.slots().get(m.id());
          if (s != null) {
            height = Math.max(height, s + m.length());
          }
        }
        return new SolveResult(
            "csv", SolveStatus.FEASIBLE, slots, height, null, slots.scale(), Map.of());
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      }
    }
    return schedule(file, instance);
  }

  /** A schedule file for an instance. */
  static SolveResult schedule(Path file, Instance instance) {
    try {
      return ScheduleReader.read(file, instance);
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(
          file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
    }
  }

  /**
   * A {@code --time-limit} in seconds as a duration of at least a millisecond; exit 2 with one line
   * when it is not positive or is over {@link SolveLimits#MAX_TIME_LIMIT}.
   */
  static Duration timeLimit(String command, BigDecimal seconds) {
    if (seconds.signum() <= 0) {
      throw new BadInputException(
          "commsched " + command + ": --time-limit must be positive, got " + seconds);
    }
    long maxSeconds = SolveLimits.MAX_TIME_LIMIT.getSeconds();
    if (seconds.compareTo(BigDecimal.valueOf(maxSeconds)) > 0) {
      throw new BadInputException(
          "commsched "
              + command
              + ": --time-limit "
              + seconds
              + " is over a year; "
              + "give at most "
              + maxSeconds
              + " seconds");
    }
    return Duration.ofMillis(Math.max(1, seconds.multiply(BigDecimal.valueOf(1000)).longValue()));
  }
}
