package org.commsched.cli;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where and how a ratio report was made, so that a reader can judge it and run it again: the tool's
 * version and commit, the command line, what ran the sweep's tasks (the engine), the machine
 * (cores, memory, JVM, operating system) and the date. The commit comes from the launcher ({@code
 * ./commsched} passes {@code -Dcommsched.commit=...} from git when the checkout has it) and is
 * "unknown" otherwise. Written to {@code provenance.json} and shown at the top of {@code
 * report.html}.
 *
 * @param fields the figures in display order (key to text)
 */
record Provenance(Map<String, String> fields) {
  /**
   * The property the launcher sets to the checkout's commit (with "-dirty" when it has uncommitted
   * changes).
   */
  static final String COMMIT_PROPERTY = "commsched.commit";

  /**
   * This process's provenance for the given program and command line (the words after the program's
   * name), with what ran the sweep's tasks ({@code engine}) when known.
   */
  static Provenance of(String program, List<String> args, String engine) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("version", new Main.Version().getVersion()[0]);
    String commit = System.getProperty(COMMIT_PROPERTY, "");
    f.put("commit", commit.isBlank() ? "unknown" : commit);
    StringBuilder cmd = new StringBuilder(program);
    for (String a : args) {
      cmd.append(' ')
          .append(
              a.isEmpty() || a.matches(".*[\\s\"'\\\\$`*?;&|<>()].*")
                  ? "'" + a.replace("'", "'\\''") + "'"
                  : a);
    }
    f.put("command", cmd.toString());
    if (engine != null) {
      f.put("engine", engine);
    }
    Runtime rt = Runtime.getRuntime();
    f.put("cores", Integer.toString(rt.availableProcessors()));
    f.put("memory", memory());
    f.put("maxHeap", mebibytes(rt.maxMemory()));
    f.put(
        "jvm",
        System.getProperty("java.vm.name", "?")
            + " "
            + System.getProperty("java.runtime.version", System.getProperty("java.version", "?")));
    f.put(
        "os",
        System.getProperty("os.name", "?")
            + " "
            + System.getProperty("os.version", "?")
            + " "
            + System.getProperty("os.arch", "?"));
    f.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    return new Provenance(f);
  }

  /** The machine's physical memory, when the JVM tells it. */
  private static String memory() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return mebibytes(os.getTotalMemorySize());
    }
    return "unknown";
  }

  private static String mebibytes(long bytes) {
    return (bytes >> 20) + " MiB";
  }

  /** The fields as a JSON object (for {@code provenance.json}). */
  ObjectNode toJson() {
    ObjectNode o = Json.object();
    fields.forEach(o::put);
    return o;
  }
}
