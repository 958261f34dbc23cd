package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.cat;
import static org.commsched.cli.CliTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code solve --spanning-tree}, {@code --option} and {@code --routes-out}, and {@code bounds
 * --spanning-tree} (docs/DESIGN.md, Solve options): the option reaches the method, the schedule is
 * checked against the routed instance, and that instance, written out, checks again with {@code
 * commsched check}.
 */
class SpanningTreeCliTest {
  @TempDir Path tmp;

  private Path torus() throws Exception {
    Path f = tmp.resolve("torus.json");
    CliTest.Run g =
        run(
            "generate",
            "--problem",
            "scatter",
            "--family",
            "torus",
            "--size",
            "4",
            "--model",
            "bufferless:all",
            "--seed",
            "5",
            "--out",
            f.toString());
    assertThat(g.code()).as(g.err()).isZero();
    return f;
  }

  @Test
  void solve_alongEachTree_writesARoutedInstanceThatChecks() throws Exception {
    Path inst = torus();
    for (String tree : new String[] {"bfs", "balanced", "broadcast", "cover"}) {
      Path sched = tmp.resolve(tree + ".schedule.json");
      Path routed = tmp.resolve(tree + ".instance.json");
      CliTest.Run r =
          run(
              "solve",
              inst.toString(),
              "--method",
              "fdf",
              "--spanning-tree",
              tree,
              "--out",
              sched.toString(),
              "--routes-out",
              routed.toString(),
              "--json");
      assertThat(r.code()).as(tree + ": " + r.err()).isZero();
      JsonNode j = r.json();
      assertThat(j.get("valid").asBoolean()).isTrue();
      assertThat(j.get("spanningTree").stringValue()).isEqualTo(tree);
      assertThat(j.get("stats").get("spanningTree").stringValue())
          .isEqualTo(tree); // it reached the method
      assertThat(j.get("status").stringValue())
          .isEqualTo("OPTIMAL"); // for the routes of the routed instance
      CliTest.Run c = run("check", routed.toString(), sched.toString());
      assertThat(c.code()).as(tree + ": " + c.out() + c.err()).isZero();
      if (!tree.equals("bfs")) {
        assertThat(Files.readString(routed)).contains("\"route\"");
      }
    }
  }

  @Test
  void option_setup_reachesFdf() {
    CliTest.Run r =
        run(
            "solve",
            cat("sg-fig1-scatter-path6.json"),
            "--method",
            "fdf",
            "--option",
            "setup=2",
            "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("makespan").asLong()).isEqualTo(14);
    assertThat(j.get("stats").get("setupOptimumPaperT").asLong()).isEqualTo(15);
    assertThat(j.get("status").stringValue()).isEqualTo("FEASIBLE");
  }

  @Test
  void badValues_exitTwoWithOneLine() throws Exception {
    CliTest.Run r = run("solve", torus().toString(), "--spanning-tree", "dfs");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).contains("bfs, balanced, broadcast, cover").doesNotContain("\n");
    r = run("solve", cat("chat-oracle-b-ula4.json"), "--spanning-tree", "broadcast");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("scatter and gather");
    r = run("solve", cat("sg-fig1-scatter-path6.json"), "--option", "setup=-2");
    assertThat(r.code()).isEqualTo(2);
    r = run("solve", cat("sg-fig1-scatter-path6.json"), "--option", "setup");
    assertThat(r.code()).isEqualTo(2);
    r = run("solve", cat("sg-fig1-scatter-path6.json"), "--spanning-tree", "cover");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("mesh and torus");
  }

  /** Single-port fdf does not apply to the two-tree cover routes: exit 2 naming greedy. */
  @Test
  void cover_underSinglePort_pointsToGreedy() throws Exception {
    Path f = tmp.resolve("mesh.json");
    assertThat(
            run(
                    "generate",
                    "--problem",
                    "scatter",
                    "--family",
                    "mesh",
                    "--size",
                    "4",
                    "--model",
                    "bufferless:single",
                    "--seed",
                    "3",
                    "--out",
                    f.toString())
                .code())
        .isZero();
    CliTest.Run r = run("solve", f.toString(), "--method", "fdf", "--spanning-tree", "cover");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("greedy");
    assertThat(run("solve", f.toString(), "--spanning-tree", "cover").code()).isZero();
  }

  @Test
  void bounds_alongTheBroadcastTree() throws Exception {
    Path f = tmp.resolve("k16.json");
    assertThat(
            run(
                    "generate",
                    "--problem",
                    "gather",
                    "--family",
                    "complete",
                    "--size",
                    "16",
                    "--model",
                    "bufferless:single",
                    "--lengths",
                    "constant:1",
                    "--seed",
                    "2",
                    "--out",
                    f.toString())
                .code())
        .isZero();
    JsonNode bfs = run("bounds", f.toString(), "--json").json();
    JsonNode bc = run("bounds", f.toString(), "--spanning-tree", "broadcast", "--json").json();
    assertThat(paper(bfs)).contains("needs B_opt = 15 rows");
    assertThat(paper(bc)).contains("needs B_opt = 4 rows");
  }

  private static String paper(JsonNode j) {
    for (JsonNode b : j.get("bounds")) {
      if (b.get("kind").stringValue().equals("LB-PAPER")) {
        return b.get("witness").stringValue();
      }
    }
    return "";
  }
}
