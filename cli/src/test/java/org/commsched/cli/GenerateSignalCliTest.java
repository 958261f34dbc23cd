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
 * {@code commsched generate} as a process of its own, sent SIGTERM (what {@code kill} and {@code
 * timeout} send) while it writes a 10^7-message file: it says so in a line, exits 130 and leaves no
 * file, whole or partial.
 */
class GenerateSignalCliTest {
  @TempDir Path tmp;

  private List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("out"))) {
      return s.toList();
    }
  }

  @Test
  void aSigtermWhileGenerating_exits130_andLeavesNoFile() throws Exception {
    Path target = Files.createDirectory(tmp.resolve("out")).resolve("big.json");
    Path log = tmp.resolve("stderr.txt"); // not a pipe: destroy() closes the process's pipes
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
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
                target.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(log.toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (files().isEmpty()
          && System.nanoTime() < deadline) { // the temporary file appears once writing starts
        Thread.sleep(20);
      }
      assertThat(files()).as("the temporary file being written").hasSize(1);
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      String err = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(err).isEqualTo(Signals.EXIT);
      assertThat(err)
          .contains("commsched generate: interrupted: stopping; the unfinished file is removed");
      assertThat(files()).isEmpty();
    } finally {
      p.destroyForcibly();
    }
  }
}
