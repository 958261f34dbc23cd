package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signals that end the process at once ({@link Runtime#halt}, which runs no shutdown hook) while an
 * output file is being written (issue 28): {@code draw}, which a first signal halts, and {@code
 * generate} sent two signals back to back. Each is a process of its own, signalled once its
 * temporary file exists; it exits 130 and leaves no temporary file beside its {@code --out} ({@code
 * AtomicFiles.removeUnfinished} before the halt). No time is asserted beyond generous bounds.
 */
class HaltLeavesNoFileCliTest {
  @TempDir Path tmp;

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList();
    }
  }

  private static Process start(Path log, String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd =
        new java.util.ArrayList<>(
            List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(log.toFile())
        .start();
  }

  /**
   * A shell started before it is needed that sends the signals to {@code p}, one after the other,
   * once {@link Armed#fire} is called. Starting {@code kill} only when the temporary file appears
   * took a loaded machine longer than the child needed to finish writing (the run then ended 0 with
   * its file, and the test saw no halt); the armed shell sends them with its built-in {@code kill}
   * as soon as it reads a line.
   */
  private static Armed arm(Process p, String... names) throws Exception {
    StringBuilder script = new StringBuilder("read _");
    for (String name : names) {
      script.append("; kill -").append(name).append(" \"$1\"");
    }
    Process sh =
        new ProcessBuilder("sh", "-c", script.toString(), "sh", Long.toString(p.pid()))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    return new Armed(sh);
  }

  private record Armed(Process sh) {
    void fire() throws Exception {
      sh.getOutputStream().write('\n');
      sh.getOutputStream().close();
      assertThat(sh.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /**
   * Waits until the directory holds a temporary file (or the process ended); true if one was seen.
   */
  private static boolean awaitTemporary(Path dir, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && p.isAlive()) {
      if (names(dir).stream().anyMatch(n -> n.endsWith(".tmp"))) {
        return true;
      }
      Thread.sleep(5);
    }
    return false;
  }

  @Test
  void drawHaltedByOneSigintWhileWritingItsTrace_exits130_andLeavesNoTemporaryFile()
      throws Exception {
    Path inst = tmp.resolve("i.json");
    Path sched = tmp.resolve("s.json");
    // a trace of about 230 MB, so that it is still being written when the signal comes (with 3,000
    // messages, 116 MB,
    // a loaded machine once took longer to start kill than the JVM to finish, and the run ended 0
    // with its file)
    assertThat(
            CliTest.run(
                    "generate",
                    "--problem",
                    "chatting",
                    "--family",
                    "ula",
                    "--size",
                    "1000",
                    "--messages",
                    "6000",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    assertThat(
            CliTest.run("solve", inst.toString(), "--method", "greedy", "--out", sched.toString())
                .code())
        .isZero();
    Path dir = Files.createDirectory(tmp.resolve("out"));
    Path log = tmp.resolve("stderr.txt");
    Process p =
        start(
            log,
            "draw",
            inst.toString(),
            sched.toString(),
            "--format",
            "perfetto",
            "--out",
            dir.resolve("trace.json").toString());
    Armed sigint = arm(p, "INT");
    try {
      assertThat(awaitTemporary(dir, p))
          .as("a temporary trace file appears while it is written")
          .isTrue();
      sigint.fire();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String err = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(err).isEqualTo(Signals.EXIT);
      assertThat(names(dir)).noneMatch(n -> n.endsWith(".tmp"));
    } finally {
      p.destroyForcibly();
      sigint.sh().destroyForcibly();
    }
  }

  @Test
  void generateSentTwoSignalsBackToBack_exits130_andLeavesNoFile() throws Exception {
    Path dir = Files.createDirectory(tmp.resolve("out"));
    Path log = tmp.resolve("stderr.txt");
    Process p =
        start(
            log,
            "generate",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "100000",
            "--messages",
            "10000000",
            "--out",
            dir.resolve("big.json").toString());
    Armed twoSignals = arm(p, "INT", "TERM"); // the second ends the process at once
    try {
      assertThat(awaitTemporary(dir, p)).as("the temporary file being written").isTrue();
      twoSignals.fire();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String err = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(err).isEqualTo(Signals.EXIT);
      assertThat(names(dir)).isEmpty();
    } finally {
      p.destroyForcibly();
      twoSignals.sh().destroyForcibly();
    }
  }
}
