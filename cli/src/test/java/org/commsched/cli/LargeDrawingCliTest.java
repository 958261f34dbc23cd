package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.commsched.core.testing.Deep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code generate --network} of drawings of tens of thousands of nodes (issue 28, the file fuzzer's
 * "many nodes" cases, which ran for minutes: a breadth-first search per message). The instance is
 * made and written; a directed drawing whose nodes do not all reach each other, where each pair
 * still needs a search, is refused in one line naming the option that makes it fit; so is {@code
 * --explicit-routes} when its searches (one a route, each over the whole drawing) would not take
 * seconds, and its size line counts each route's nodes from the drawing's distances, so that a file
 * too large is refused before it is written. No time is asserted (a shared machine); the figures
 * are in docs/BENCHMARKS.md.
 */
class LargeDrawingCliTest {
  @TempDir Path tmp;

  @Test
  void aPathOfFiftyThousandNodesInDot_givesOneChattingMessagePerNode_withTheIdsAsLabels()
      throws IOException {
    int n = 50_000;
    StringBuilder dot = new StringBuilder("graph G {\n");
    for (int v = 0; v < n; v++) {
      dot.append("  \"n").append(v).append("\";\n");
    }
    for (int v = 1; v < n; v++) {
      dot.append("  \"n").append(v - 1).append("\" -- \"n").append(v).append("\";\n");
    }
    Path in = tmp.resolve("path.dot");
    Files.writeString(in, dot.append("}\n"));
    Path out = tmp.resolve("out.json");

    CliTest.Run r =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--out",
            out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    assertThat(inst.get("network").get("links").size()).isEqualTo(n - 1);
    assertThat(inst.get("network").get("labels").get(n - 1).asString()).isEqualTo("n" + (n - 1));
    assertThat(inst.get("messages").size()).isEqualTo(n);
  }

  @Test
  void aDirectedCycleOfTwentyThousandNodesInGraphml_drawsPairsThatReachEachOther()
      throws IOException {
    int n = 20_000;
    StringBuilder g =
        new StringBuilder(
            "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/"
                + "xmlns\">\n<graph id=\"G\" edgedefault=\"directed\">\n");
    for (int v = 0; v < n; v++) {
      g.append("<node id=\"").append(v).append("\"/>\n");
    }
    for (int v = 0; v < n; v++) {
      g.append("<edge source=\"")
          .append(v)
          .append("\" target=\"")
          .append((v + 1) % n)
          .append("\"/>\n");
    }
    Path in = tmp.resolve("cycle.graphml");
    Files.writeString(in, g.append("</graph>\n</graphml>\n"));
    Path out = tmp.resolve("out.json");

    CliTest.Run r =
        CliTest.run(
            "generate",
            "--problem",
            "send",
            "--network",
            in.toString(),
            "--seed",
            "4",
            "--out",
            out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    assertThat(inst.get("network").get("arcs").size()).isEqualTo(n);
    assertThat(inst.get("source").asInt()).isNotEqualTo(inst.get("target").asInt());
  }

  @Test
  void aDirectedPathOfTwentyThousandNodes_isRefusedInOneLine_namingHowManyMessagesFit()
      throws IOException {
    int n = 20_000;
    StringBuilder dot = new StringBuilder("digraph G {\n");
    for (int v = 1; v < n; v++) {
      dot.append("  ").append(v - 1).append(" -> ").append(v).append(";\n");
    }
    Path in = tmp.resolve("dag.dot");
    Files.writeString(in, dot.append("}\n"));
    Path out = tmp.resolve("out.json");

    CliTest.Run r =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--out",
            out.toString());

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .contains("20000 messages")
        .contains("--messages 2500");
    assertThat(out).doesNotExist();

    CliTest.Run fewer =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--messages",
            "2500",
            "--out",
            out.toString());
    assertThat(fewer.code()).as(fewer.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    for (JsonNode m : inst.get("messages")) { // on a one-way path every message goes forward
      assertThat(m.get("from").asInt()).isLessThan(m.get("to").asInt());
    }
  }

  /** An undirected path of {@code n} nodes in DOT. */
  private Path dotPath(int n) throws IOException {
    StringBuilder dot = new StringBuilder("graph G {\n");
    for (int v = 1; v < n; v++) {
      dot.append("  ").append(v - 1).append(" -- ").append(v).append(";\n");
    }
    Path in = tmp.resolve("path" + n + ".dot");
    Files.writeString(in, dot.append("}\n"));
    return in;
  }

  @Test
  void
      explicitRoutesOnAPathOfFiftyThousandNodes_areRefusedInOneLine_namingTheOptionAndHowManyMessagesFit()
          throws IOException {
    Path in = dotPath(50_000);
    Path out = tmp.resolve("out.json");

    CliTest.Run r =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--explicit-routes",
            "--out",
            out.toString());

    // a search per route over 50,000 nodes and 99,998 arcs: 10^8 / 149,998 = 666 routes fit
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .startsWith("commsched generate: --explicit-routes")
        .contains("50000 routes")
        .contains("100000000")
        .contains("--messages 666");
    assertThat(out).doesNotExist();

    CliTest.Run scatter =
        CliTest.run(
            "generate",
            "--problem",
            "scatter",
            "--network",
            in.toString(),
            "--explicit-routes",
            "--out",
            out.toString());
    assertThat(scatter.code()).isEqualTo(2);
    assertThat(scatter.err().strip())
        .doesNotContain("\n")
        .contains("--explicit-routes")
        .contains("49999 routes");
    assertThat(out).doesNotExist();
  }

  /**
   * Deep: half of the suite's time (50,000 routes written and read back); the refusal of routes
   * that do not fit stays everyday.
   */
  @Deep
  @Test
  void explicitRoutesThatFit_areWritten_andTheSizeLineCountsTheRoutesNodes() throws IOException {
    Path in = dotPath(50_000);
    Path out = tmp.resolve("out.json");

    CliTest.Run r =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--explicit-routes",
            "--messages",
            "300",
            "--out",
            out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    assertThat(inst.get("messages").size()).isEqualTo(300);
    for (JsonNode m :
        inst.get("messages")) { // a path has one simple route: every node between the ends
      assertThat(m.get("route").size())
          .isEqualTo(Math.abs(m.get("to").asInt() - m.get("from").asInt()) + 1);
    }
    String line =
        r.err()
            .lines()
            .filter(l -> l.startsWith("commsched generate: writing about "))
            .findFirst()
            .orElseThrow();
    assertThat(line).contains("(300 messages with explicit routes)");
    String[] w = line.substring("commsched generate: writing about ".length()).split(" ");
    double estimate =
        Double.parseDouble(w[0])
            * switch (w[1]) {
              case "kB" -> 1e3;
              case "MB" -> 1e6;
              default -> 1e9;
            };
    // the routes hold about a third of the nodes each (the mean distance on a path): 300 x 16,667 x
    // 6 bytes
    assertThat(estimate).isBetween(Files.size(out) * 0.8, Files.size(out) * 1.25);

    Path small = tmp.resolve("small.json");
    CliTest.Run capped =
        CliTest.run(
            "generate",
            "--problem",
            "chatting",
            "--network",
            in.toString(),
            "--explicit-routes",
            "--messages",
            "300",
            "--max-size",
            "10m",
            "--out",
            small.toString());
    assertThat(capped.code()).isEqualTo(2);
    assertThat(capped.err().strip())
        .doesNotContain("\n")
        .contains("explicit routes")
        .contains("--max-size");
    assertThat(small).doesNotExist();
  }
}
