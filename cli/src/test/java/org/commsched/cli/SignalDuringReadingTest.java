package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM before any search starts, while a large instance is read and bounded (nobody polls a flag
 * there): the process ends at once with exit 130 and one line, instead of working on for minutes. A
 * separate JVM runs {@code commsched bounds} on a broadcast over a ring of 1.5 x 10^7 nodes; the
 * signal is sent once the child's resident memory shows it at work (the bounds' arrays over the
 * nodes and the broadcast's phases; the ring's arcs are computed from the ids,
 * docs/DESIGN.md#implicit-networks) (Linux {@code /proc}; elsewhere the test is skipped). The only
 * time bound is the issue's own, with a wide margin: the child must be gone within 20 s of the
 * signal.
 */
class SignalDuringReadingTest {
  @TempDir Path tmp;

  @Test
  void sigtermWhileALargeInstanceIsBounded_endsTheProcessAtOnceWithExit130AndOneLine()
      throws Exception {
    assumeTrue(
        Files.isReadable(Path.of("/proc/self/status")),
        "needs Linux /proc to see the child's memory");
    Path f = tmp.resolve("ring.json");
    Files.writeString(
        f,
        "{\"format\": \"commsched-instance/1\", \"name\": \"ring\", \"problem\": \"broadcast\", "
            + "\"model\": {\"kind\": \"store-and-forward\", \"beta\": \"5\", \"tau\": \"1\", \"ports\": \"all\", "
            + "\"duplex\": \"full\"}, \"network\": {\"family\": \"ring\", \"nodes\": 15000000}, \"source\": 0, "
            + "\"length\": 4}");
    String java = ProcessHandle.current().info().command().orElse("java");
    Path err = tmp.resolve("err.txt");
    // the estimate is told of 4 GB so that it accepts the ring whatever this JVM's heap
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx2g",
                "-Dcommsched.maxMemory=4000000000",
                "-XX:+UseParallelGC",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "bounds",
                f.toString())
            .redirectOutput(tmp.resolve("out.txt").toFile())
            .redirectError(err.toFile())
            .start();
    try {
      long rss = 0;
      long waited = 0;
      while (p.isAlive()
          && rss < 250_000
          && waited < 120_000) { // kB: past start-up, into the bounds' arrays
        Thread.sleep(20);
        waited += 20;
        rss = residentKb(p.pid());
      }
      assertThat(p.isAlive())
          .as("still working when signalled (" + Files.readString(err) + ")")
          .isTrue();
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("gone within 20 s of the signal").isTrue();
      List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(String.join("\n", lines)).isEqualTo(Signals.EXIT);
      assertThat(lines).hasSize(1);
      assertThat(lines.get(0)).startsWith("commsched: interrupted (SIGTERM)");
      assertThat(Files.readString(tmp.resolve("out.txt"))).isEmpty();
    } finally {
      p.destroyForcibly();
    }
  }

  /** The child's resident memory in kB, 0 when /proc does not say. */
  private static long residentKb(long pid) throws IOException {
    Path status = Path.of("/proc/" + pid + "/status");
    if (!Files.isReadable(status)) {
      return 0;
    }
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException e) {
      // the child has just ended: nothing to read
    }
    return 0;
  }
}
