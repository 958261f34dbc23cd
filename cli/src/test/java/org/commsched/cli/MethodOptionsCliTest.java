package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Typed method options at the command line (docs/DESIGN.md, Solve options): {@code --option
 * KEY=VALUE} is parsed once by the chosen method's option of that key and reaches the method as a
 * typed value; a value it does not accept ends with exit 2 and one line naming the option and the
 * accepted values.
 */
class MethodOptionsCliTest {
  private static final String TV2 = CliTest.cat("pk-tv2-gather-beta2.json");

  @Test
  void choiceOptions_reachTheMethodAsTheirValues() {
    CliTest.Run r =
        CliTest.run(
            "solve",
            TV2,
            "--method",
            "packet-nrf",
            "--option",
            "timing=alap",
            "--option",
            "counts=one",
            "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.json().get("valid").asBoolean()).isTrue();
    assertThat(r.json().get("stats").get("timing").asString()).isEqualTo("alap");
    assertThat(r.json().get("stats").get("counts").asString()).isEqualTo("one");
    r = CliTest.run("solve", TV2, "--method", "packet-nrf", "--json");
    assertThat(r.json().get("stats").get("timing").asString()).as("the default").isEqualTo("eager");
  }

  @Test
  void aValueTheMethodDoesNotAccept_isOneLineNamingTheOptionAndItsValues() {
    CliTest.Run r = CliTest.run("solve", TV2, "--method", "packet-nrf", "--option", "timing=late");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .endsWith(
            "commsched solve: --option timing=late is not a timing: give timing=eager or "
                + "timing=alap")
        .doesNotContain("\n");
    // the same key, other accepted values: each method's own option of the key decides
    r = CliTest.run("solve", TV2, "--method", "packet-tc2", "--option", "counts=best");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .endsWith(
            "commsched solve: --option counts=best is not a count rule of packet-tc2: "
                + "give counts=alone or counts=one")
        .doesNotContain("\n");
    r = CliTest.run("solve", TV2, "--method", "packet-nrf", "--option", "counts=best");
    assertThat(r.code()).as(r.err()).isZero();
  }
}
