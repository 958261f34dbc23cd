package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size estimate ({@link Footprint}) holds against what {@code bounds} really allocates: a
 * process started with the smallest heap the estimate accepts answers, where an estimate that
 * missed the line sweep of the ESM bounds let the same file run out of memory (1500 x 1500 ESM,
 * three messages: estimated 378 MB, out of memory at 404 MB; docs/BENCHMARKS.md "Oversized input").
 * No timing is asserted.
 */
class FootprintHeapCliTest {
  @TempDir Path tmp;

  @Test
  void boundsOfAnEsmChattingFileAnswersAtTheSmallestHeapItsEstimateAccepts() throws Exception {
    Path file = tmp.resolve("esm.json");
    Files.writeString(
        file,
        "{\"format\": \"commsched-instance/1\", \"name\": \"e\", \"problem\": \"chatting\", "
            + "\"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"}, \"network\": {\"family\": \"esm\", \"rows\": 1500, "
            + "\"cols\": 1500}, \"messages\": [{\"id\": \"m0\", \"from\": 0, \"to\": 1, \"length\": 2}, {\"id\": \"m1\", "
            + "\"from\": 1, \"to\": 2, \"length\": 3}, {\"id\": \"m2\", \"from\": 2, \"to\": 3, \"length\": 1}]}");
    double estimate =
        Footprint.of(new Topology.Esm(1500, 1500), ProblemKind.CHATTING, 3)
            .bytes(Footprint.Use.READ);
    // the JVM reports a little less than -Xmx as its heap: raise it by 4% steps until the estimate
    // is accepted
    long mb = (long) Math.ceil(estimate / (1 << 20));
    for (int attempt = 0; attempt < 8; attempt++, mb = mb * 104 / 100) {
      Path log = tmp.resolve("stderr-" + attempt + ".txt");
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process p =
          new ProcessBuilder(
                  java,
                  "-Xmx" + mb + "m",
                  "-cp",
                  System.getProperty("java.class.path"),
                  Main.class.getName(),
                  "bounds",
                  file.toString())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(log.toFile())
              .start();
      try {
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
      } finally {
        p.destroyForcibly();
      }
      String err = Files.readString(log, StandardCharsets.UTF_8);
      if (p.exitValue() == Main.BAD_INPUT && err.contains("more than the")) {
        continue; // refused by the estimate: this heap is below it
      }
      assertThat(p.exitValue()).as("-Xmx%dm: %s", mb, err).isZero();
      return;
    }
    throw new AssertionError(
        "no heap up to -Xmx" + mb + "m was accepted for an estimate of " + estimate + " bytes");
  }
}
