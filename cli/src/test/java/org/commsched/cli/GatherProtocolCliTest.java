package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gathering protocols end to end: their traces (control flits included) go through {@code --out} and
 * {@code commsched check}, and a trace whose node sends before its wake-up is rejected for causality (spec
 * scatter-gather-bufferless.md §2.3 V6). Figures 2 and 4 of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and
 * Gathering Messages in Networks of Processors" (paper T = 12 and 22, our makespans 11 and 21).
 */
class GatherProtocolCliTest {
  @TempDir
  Path tmp;

  @Test
  void protocolTraces_solveToFiles_checkValid_andASendBeforeTheWakeupIsACausalityViolation() throws IOException {
    String fig4 = CliTest.cat("sg-fig4-gather-path6-tc.json");
    String[][] runs = {{"shoulder-tap", "11"}, {"transmission-certification", "21"}, {"tc-improved", "21"},
        {"tc-paper-literal", "21"}};
    for (String[] m : runs) {
      Path sched = tmp.resolve(m[0] + ".schedule.json");
      CliTest.Run s = CliTest.run("solve", fig4, "--method", m[0], "--out", sched.toString(), "--json");
      assertThat(s.code()).as(s.err()).isZero();
      assertThat(s.json().get("valid").asBoolean()).as(m[0]).isTrue();
      assertThat(s.json().get("makespan").asLong()).as(m[0]).isEqualTo(Long.parseLong(m[1]));
      assertThat(s.json().get("status").stringValue()).as(m[0]).isEqualTo("FEASIBLE");
      assertThat(CliTest.run("check", fig4, sched.toString()).code()).as(m[0]).isZero();
      JsonNode doc = CliTest.MAPPER.readTree(Files.readString(sched));
      assertThat(doc.get("control").size()).as(m[0]).isPositive();
    }
    // Shoulder-Tap: P5 holds its wake-up only from row 5; a departure in step 3 breaks causality
    Path sched = tmp.resolve("shoulder-tap.schedule.json");
    ObjectNode doc = (ObjectNode) CliTest.MAPPER.readTree(Files.readString(sched));
    ((ObjectNode) doc.get("departures")).put("M5", 3);
    Path broken = tmp.resolve("early.schedule.json");
    Files.writeString(broken, CliTest.MAPPER.writeValueAsString(doc));
    CliTest.Run c = CliTest.run("check", fig4, broken.toString(), "--json");
    assertThat(c.code()).isEqualTo(1);
    boolean causality = false;
    for (JsonNode v : c.json().get("violations")) {
      causality |= v.get("kind").stringValue().equals("CAUSALITY") && v.get("messages").toString().contains("M5");
    }
    assertThat(causality).as(c.out()).isTrue();
  }

  @Test
  void multiportProtocol_onTheMultiportCatalogueRow_checksValid() throws IOException {
    String f = CliTest.cat("sg-fig2-gather-path6-multiport.json");
    Path sched = tmp.resolve("mp.schedule.json");
    CliTest.Run s = CliTest.run("solve", f, "--method", "tc-multiport", "--out", sched.toString(), "--json");
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.json().get("makespan").asLong()).isEqualTo(20); // spec §7.2: T = 21
    assertThat(CliTest.run("check", f, sched.toString()).code()).isZero();
  }
}
