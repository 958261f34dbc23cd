package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A solve longer than two seconds reports its progress on stderr (best makespan, bound, gap), never
 * on stdout, and {@code --quiet} silences it. lns on a 100-node ula with 400 messages runs its
 * whole 4 s limit (its optimum is not reached that fast).
 */
class ProgressCliTest {
  @TempDir Path tmp;

  @Test
  void longRun_reportsOnStderrOnly_andQuietSilencesIt() {
    Path inst = tmp.resolve("u.json");
    assertThat(
            run(
                    "generate",
                    "--problem",
                    "chatting",
                    "--family",
                    "ula",
                    "--size",
                    "100",
                    "--messages",
                    "400",
                    "--lengths",
                    "uniform:1..8",
                    "--seed",
                    "1",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    CliTest.Run r = run("solve", inst.toString(), "--method", "lns", "--time-limit", "4", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("commsched: lns ").contains(", best ").contains(", bound ");
    assertThat(r.json().get("method").stringValue())
        .isEqualTo("lns"); // stdout is still one JSON object
    CliTest.Run q =
        run("solve", inst.toString(), "--method", "lns", "--time-limit", "4", "--quiet");
    assertThat(q.code()).isZero();
    assertThat(q.err()).doesNotContain("commsched: lns ");
  }
}
