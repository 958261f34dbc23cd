package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.commsched.core.solve.Interrupt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A stop request (what Ctrl-C sends, {@link Signals}) during a long exact or improving run: the
 * search stops, the best schedule found is written and checked, the result is printed, and the exit
 * code is 130. The instance (a 100-node ula with 400 messages) takes the exact methods well beyond
 * the 60 s limit given; the request comes after two seconds.
 */
class InterruptCliTest {
  @TempDir Path tmp;

  @AfterEach
  void forget() {
    Interrupt.reset();
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpsat", "choco", "lns"})
  void stopRequest_writesTheBestScheduleFound_andExits130(String method) {
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
    Path out = tmp.resolve("s.json");
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try {
      timer.schedule(Interrupt::request, 2, TimeUnit.SECONDS);
      CliTest.Run r =
          run(
              "solve",
              inst.toString(),
              "--method",
              method,
              "--time-limit",
              "60",
              "--out",
              out.toString(),
              "--json");
      assertThat(r.code()).as(r.err()).isEqualTo(Signals.EXIT);
      assertThat(r.json().get("status").stringValue()).isEqualTo("FEASIBLE");
      assertThat(r.json().get("seconds").asDouble())
          .as("stopped long before the limit")
          .isLessThan(50);
      Interrupt.reset();
      CliTest.Run c = run("check", inst.toString(), out.toString());
      assertThat(c.code()).as(c.out()).isZero();
    } finally {
      timer.shutdownNow();
    }
  }
}
