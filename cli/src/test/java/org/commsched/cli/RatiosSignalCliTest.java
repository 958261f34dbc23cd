package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signal during {@code ratios} (issue 23, item 7), in a separate JVM as a user's Ctrl-C reaches
 * it: once some rows are finished, the first signal says that the sweep stops, that the finished
 * rows are kept (naming the journal) and that the rows in flight run again on resume; the process
 * writes the report from the finished rows, its closing line counts those rows out of the planned
 * ones, and it exits with 130. SIGTERM is sent ({@link Process#destroy}): it takes the same handler
 * as SIGINT ({@link Signals}). The only time bound is a generous one on the child's end.
 */
class RatiosSignalCliTest {
  @TempDir Path tmp;

  @Test
  void signalMidSweep_saysTheFinishedRowsAreKept_writesTheReportFromThem_andExits130()
      throws Exception {
    Path out = tmp.resolve("sweep");
    Path journal = out.resolve("results.jsonl");
    String java = ProcessHandle.current().info().command().orElse("java");
    Path err = tmp.resolve("err.txt");
    // 400 rows of a few milliseconds each (cpsat meets the bound on most): many finish before the
    // signal, and many
    // are left after it
    Process p =
        new ProcessBuilder(
                java,
                "-Xmx1g",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "ratios",
                "--generate",
                "problem=chatting family=ula sizes=6 messages=n "
                    + "lengths=uniform:1..3 seeds=1..200",
                "--methods",
                "greedy,cpsat",
                "--time-limit",
                "2",
                "--out",
                out.toString())
            .redirectOutput(tmp.resolve("out.txt").toFile())
            .redirectError(err.toFile())
            .start();
    try {
      long waited = 0;
      while (p.isAlive() && rows(journal) < 3 && waited < 300_000) {
        Thread.sleep(50);
        waited += 50;
      }
      assertThat(p.isAlive())
          .as("still sweeping when signalled (" + Files.readString(err) + ")")
          .isTrue();
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(120, TimeUnit.SECONDS))
          .as("ends after the runs in flight stop")
          .isTrue();
      List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(String.join("\n", lines)).isEqualTo(Signals.EXIT);
      assertThat(lines)
          .contains(
              "commsched ratios: interrupted: stopping the sweep; the finished rows are kept in "
                  + journal
                  + " and the report is written from them; the rows in flight are run again on resume (again to "
                  + "quit at once)");
      long kept = rows(journal);
      assertThat(kept).isBetween(3L, 399L);
      assertThat(lines.get(lines.size() - 1))
          .startsWith("commsched ratios: " + kept + " of 400 rows in ");
      assertThat(out.resolve("report.html")).isRegularFile();
      assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize((int) kept + 1);
    } finally {
      p.destroyForcibly();
    }
  }

  /** The whole lines of the journal so far (a line being written is not counted). */
  private static long rows(Path journal) throws java.io.IOException {
    if (!Files.isRegularFile(journal)) {
      return 0;
    }
    String s = Files.readString(journal, StandardCharsets.UTF_8);
    return s.chars().filter(c -> c == '\n').count();
  }
}
