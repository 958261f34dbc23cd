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
 * The gathering protocols end to end: their traces (control flits included) go through {@code
 * --out} and {@code commsched check}, and a trace whose node sends before its wake-up is rejected
 * for causality (docs/models/bufferless-scatter-gather.md#protocol-rules V6). Figures 2 and 4 of
 * Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of Processors"
 * (paper T = 12 and 22, our makespans 11 and 21).
 */
class GatherProtocolCliTest {
  @TempDir Path tmp;

  @Test
  void protocolTraces_solveToFiles_checkValid_andASendBeforeTheWakeupIsACausalityViolation()
      throws IOException {
    String fig4 = CliTest.cat("sg-fig4-gather-path6-tc.json");
    String[][] runs = {
      {"shoulder-tap", "11"},
      {"transmission-certification", "21"},
      {"tc-improved", "21"},
      {"tc-paper-literal", "21"}
    };
    for (String[] m : runs) {
      Path sched = tmp.resolve(m[0] + ".schedule.json");
      CliTest.Run s =
          CliTest.run("solve", fig4, "--method", m[0], "--out", sched.toString(), "--json");
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
      causality |=
          v.get("kind").stringValue().equals("CAUSALITY")
              && v.get("messages").toString().contains("M5");
    }
    assertThat(causality).as(c.out()).isTrue();
  }

  @Test
  void multiportProtocol_onTheMultiportCatalogueRow_checksValid() throws IOException {
    String f = CliTest.cat("sg-fig2-gather-path6-multiport.json");
    Path sched = tmp.resolve("mp.schedule.json");
    CliTest.Run s =
        CliTest.run("solve", f, "--method", "tc-multiport", "--out", sched.toString(), "--json");
    assertThat(s.code()).as(s.err()).isZero();
    // docs/models/bufferless-scatter-gather.md#tc-multiport: T = 21
    assertThat(s.json().get("makespan").asLong()).isEqualTo(20);
    assertThat(CliTest.run("check", f, sched.toString()).code()).isZero();
  }

  /**
   * The audit's reproduction: a gather on the complete graph of 8 nodes routed along the broadcast
   * spanning tree (docs/models/bufferless-scatter-gather.md#spanning-trees: single-port gathering
   * wants a tree with a short broadcast). The protocols run on that tree, the routed instance
   * written with --routes-out checks the trace again, and TC's t_0 is 2n for the n = 7 non-root
   * nodes (docs/models/bufferless-scatter-gather.md#transmission-certification).
   */
  @Test
  void singlePortProtocols_runOnTheBroadcastTree_ofACompleteGraph() throws IOException {
    Path inst = tmp.resolve("g.json");
    CliTest.Run g =
        CliTest.run(
            "generate",
            "--problem",
            "gather",
            "--family",
            "complete",
            "--size",
            "8",
            "--model",
            "bufferless:single",
            "--lengths",
            "zeros:30:uniform:1..5",
            "--seed",
            "7",
            "--out",
            inst.toString());
    assertThat(g.code()).as(g.err()).isZero();
    long total = 0;
    for (JsonNode m : CliTest.MAPPER.readTree(Files.readString(inst)).get("messages")) {
      total += m.get("length").asLong();
    }
    for (String method :
        new String[] {"transmission-certification", "tc-improved", "tc-paper-literal"}) {
      Path sched = tmp.resolve(method + ".schedule.json");
      Path routed = tmp.resolve(method + ".instance.json");
      CliTest.Run s =
          CliTest.run(
              "solve",
              inst.toString(),
              "--method",
              method,
              "--spanning-tree",
              "broadcast",
              "--out",
              sched.toString(),
              "--routes-out",
              routed.toString(),
              "--json");
      assertThat(s.code()).as(method + ": " + s.err()).isZero();
      JsonNode j = s.json();
      assertThat(j.get("valid").asBoolean()).as(method).isTrue();
      JsonNode st = j.get("stats");
      assertThat(st.get("routes").stringValue()).as(method).isEqualTo("explicit routes (one tree)");
      assertThat(st.get("spanningTree").stringValue()).as(method).isEqualTo("broadcast");
      assertThat(st.get("t0").asLong()).as(method + ": t_0 = 2n").isEqualTo(14);
      assertThat(st.get("Bopt").asLong())
          .as(method + ": greedy broadcast on K8, ceil(log2 8) rows")
          .isEqualTo(3);
      assertThat(j.get("makespan").asLong() + 1)
          .as(method + ": T = t_0 + C_0 + M")
          .isEqualTo(14 + st.get("C0").asLong() + total);
      CliTest.Run c = CliTest.run("check", routed.toString(), sched.toString());
      assertThat(c.code()).as(method + ": " + c.out() + c.err()).isZero();
    }
    // shoulder-tap needs a path, and the broadcast tree of K8 branches
    CliTest.Run st =
        CliTest.run(
            "solve", inst.toString(), "--method", "shoulder-tap", "--spanning-tree", "broadcast");
    assertThat(st.code()).isEqualTo(2);
    assertThat(st.err().strip()).contains("path").doesNotContain("\n");
  }

  /**
   * tc-multiport on the balanced breadth-first tree of the 3-cube (all ports), the audit's second
   * case.
   */
  @Test
  void multiportProtocol_runsOnTheBalancedTree() throws IOException {
    Path inst = tmp.resolve("h.json");
    assertThat(
            CliTest.run(
                    "generate",
                    "--problem",
                    "gather",
                    "--family",
                    "hypercube",
                    "--size",
                    "3",
                    "--model",
                    "bufferless:all",
                    "--lengths",
                    "zeros:30:uniform:1..5",
                    "--seed",
                    "7",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    Path sched = tmp.resolve("mp.schedule.json");
    Path routed = tmp.resolve("mp.instance.json");
    CliTest.Run s =
        CliTest.run(
            "solve",
            inst.toString(),
            "--method",
            "tc-multiport",
            "--spanning-tree",
            "balanced",
            "--out",
            sched.toString(),
            "--routes-out",
            routed.toString(),
            "--json");
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.json().get("valid").asBoolean()).isTrue();
    assertThat(s.json().get("stats").get("t0").asLong())
        .as("t_0 = 2 height, height 3")
        .isEqualTo(6);
    assertThat(CliTest.run("check", routed.toString(), sched.toString()).code()).isZero();
  }

  /**
   * {@code --option kappa=a}: every internal node of d children computes a d ceil(log2 d) steps
   * (docs/models/bufferless-scatter-gather.md#transmission-certification,
   * #transmission-certification-corrections). EX5
   * (docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5) has three internal nodes of
   * 2 children: with a = 1, t_0 = 2 * 6 + 3 * 2 = 18 and T = t_0 + C_0 + M = 18 + 5 + 9 = 32 (our
   * makespan 31); the default 0 gives the oracle's T = 26.
   */
  @Test
  void kappaOption_addsTheComputationCost() {
    String ex5 = CliTest.cat("sg-ex5-gather-bintree7.json");
    CliTest.Run r =
        CliTest.run(
            "solve",
            ex5,
            "--method",
            "transmission-certification",
            "--option",
            "kappa=1",
            "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.json().get("valid").asBoolean()).isTrue();
    assertThat(r.json().get("stats").get("t0").asLong()).isEqualTo(18);
    assertThat(r.json().get("makespan").asLong()).isEqualTo(31);
    r =
        CliTest.run(
            "solve",
            ex5,
            "--method",
            "transmission-certification",
            "--option",
            "kappa=0",
            "--json");
    assertThat(r.json().get("makespan").asLong()).isEqualTo(25);
    // Figure 4: every node has at most one child, so kappa changes nothing (d log d = 0)
    r =
        CliTest.run(
            "solve",
            CliTest.cat("sg-fig4-gather-path6-tc.json"),
            "--method",
            "tc-improved",
            "--option",
            "kappa=3",
            "--json");
    assertThat(r.json().get("makespan").asLong()).isEqualTo(21);
    for (String bad :
        new String[] {"kappa=x", "kappa=-1", "kappa=1.5", "kappa=9223372036854775807"}) {
      CliTest.Run b =
          CliTest.run("solve", ex5, "--method", "transmission-certification", "--option", bad);
      assertThat(b.code()).as(bad).isEqualTo(2);
      assertThat(b.err().strip()).as(bad).contains("kappa").doesNotContain("\n");
    }
  }

  /**
   * An option key the method does not read: exit 2, one line naming the key and the method's keys.
   */
  @Test
  void unknownOptionKeys_areRejected() {
    String fig2 = CliTest.cat("sg-fig2-gather-path6.json");
    CliTest.Run r =
        CliTest.run("solve", fig2, "--method", "transmission-certification", "--option", "setup=3");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .contains("'setup'", "transmission-certification", "its keys: kappa")
        .doesNotContain("\n");
    r = CliTest.run("solve", fig2, "--method", "shoulder-tap", "--option", "kappa=1");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .contains("'kappa'", "shoulder-tap", "no --option keys")
        .doesNotContain("\n");
    r =
        CliTest.run(
            "solve",
            CliTest.cat("sg-fig1-scatter-path6.json"),
            "--method",
            "fdf",
            "--option",
            "kapa=1");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).contains("'kapa'", "its keys: setup");
    // the runner's own key is accepted with every scatter and gather method
    r = CliTest.run("solve", fig2, "--method", "shoulder-tap", "--option", "spanning-tree=bfs");
    assertThat(r.code()).as(r.err()).isZero();
  }

  /** fdf's not-applicable message names the problem it was given, not always gather. */
  @Test
  void fdf_onAChattingInstance_pointsToChattingMethods() {
    CliTest.Run r = CliTest.run("solve", CliTest.cat("chat-oracle-b-ula4.json"), "--method", "fdf");
    assertThat(r.code()).isEqualTo(2);
    // the file's path is left out: a checkout directory may itself be named after gathering
    String reason = r.err().substring(r.err().indexOf("method fdf does not apply"));
    assertThat(reason).contains("for chatting use greedy").doesNotContain("gather");
  }
}
