package org.commsched.cli.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a fuzz case as a user would, one process each (the deep mode of docs/TESTS.md#file-fuzzing):
 * the launcher under {@code /usr/bin/time -v}, which gives the exit status and the peak RSS. At the
 * case's limit plus the margin the process tree gets SIGTERM, 3 s later SIGKILL, and the outcome
 * says {@code stopped}; an oversized {@code generate} case gets SIGINT at its limit, as a user's
 * Ctrl-C ({@link FuzzCase#interruptAtLimit()}). The outputs go to files beside the case directory
 * (never into it, so that the oracle sees only what the command wrote there).
 */
public final class SubprocessRunner {
  private static final Pattern RSS =
      Pattern.compile("Maximum resident set size \\(kbytes\\): (\\d+)");
  private static final Pattern STATUS = Pattern.compile("Exit status: (\\d+)");
  private static final Pattern SIGNAL = Pattern.compile("Command terminated by signal (\\d+)");

  private final Path launcher;
  private final String javaOpts;
  private final double marginSeconds;

  /** A runner of {@code launcher} with {@code JAVA_OPTS} and the margin past each case's limit. */
  public SubprocessRunner(Path launcher, String javaOpts, double marginSeconds) {
    this.launcher = launcher;
    this.javaOpts = javaOpts;
    this.marginSeconds = marginSeconds;
  }

  /** Runs {@code c} in {@code dir} (its files already written). */
  public FuzzOracle.Outcome run(FuzzCase c, Path dir) throws IOException, InterruptedException {
    Path side = dir.resolveSibling(dir.getFileName() + ".run");
    Files.createDirectories(side);
    Path time = side.resolve("time.txt");
    Path out = side.resolve("stdout.txt");
    Path err = side.resolve("stderr.txt");
    List<String> cmd =
        new ArrayList<>(List.of("/usr/bin/time", "-v", "-o", time.toString(), launcher.toString()));
    cmd.addAll(c.resolve(dir));
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    pb.environment().put("JAVA_OPTS", javaOpts);
    long start = System.nanoTime();
    Process p = pb.start();
    boolean interruptAtLimit = c.interruptAtLimit();
    boolean stopped = false;
    if (interruptAtLimit && !p.waitFor((long) (c.limitSeconds() * 1000), TimeUnit.MILLISECONDS)) {
      signal(p, "INT"); // the user's Ctrl-C
    }
    long left =
        (long) ((c.limitSeconds() + marginSeconds) * 1000)
            - (System.nanoTime() - start) / 1_000_000;
    if (!p.waitFor(Math.max(0, left), TimeUnit.MILLISECONDS)) {
      stopped = true;
      signal(
          p, "TERM"); // as a user's kill: solve stops its search and writes its best; then no mercy
      p.waitFor(3, TimeUnit.SECONDS);
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.waitFor(10, TimeUnit.SECONDS);
      p.destroyForcibly();
      p.waitFor();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    String t = Files.exists(time) ? Files.readString(time) : "";
    long peak = find(RSS, t, -1);
    long status = find(STATUS, t, -1);
    long sig = find(SIGNAL, t, -1);
    Integer code =
        stopped
            ? null
            : sig >= 0
                ? Integer.valueOf((int) (128 + sig))
                : status >= 0 ? Integer.valueOf((int) status) : Integer.valueOf(p.exitValue());
    String o = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
    String e = new String(Files.readAllBytes(err), StandardCharsets.UTF_8);
    deleteTree(side);
    return new FuzzOracle.Outcome(code, o, e, seconds, peak, null, stopped, false);
  }

  /** Sends a signal to the JVM under {@code time} and the launcher (its descendants). */
  private static void signal(Process p, String name) throws IOException, InterruptedException {
    for (ProcessHandle h : p.descendants().toList()) {
      new ProcessBuilder("kill", "-" + name, Long.toString(h.pid())).start().waitFor();
    }
  }

  private static long find(Pattern pattern, String text, long otherwise) {
    Matcher m = pattern.matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) : otherwise;
  }

  /** Deletes a directory and everything under it. */
  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var s = Files.walk(dir)) {
      for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
