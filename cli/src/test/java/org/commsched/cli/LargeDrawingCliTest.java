package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code generate --network} of drawings of tens of thousands of nodes (issue 28, the file fuzzer's "many nodes"
 * cases, which ran for minutes: a breadth-first search per message). The instance is made and written; a directed
 * drawing whose nodes do not all reach each other, where each pair still needs a search, is refused in one line
 * naming the option that makes it fit. No time is asserted (a shared machine); the figures are in
 * docs/BENCHMARKS.md.
 */
class LargeDrawingCliTest {
  @TempDir
  Path tmp;

  @Test
  void aPathOfFiftyThousandNodesInDot_givesOneChattingMessagePerNode_withTheIdsAsLabels() throws IOException {
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

    CliTest.Run r = CliTest.run("generate", "--problem", "chatting", "--network", in.toString(), "--out",
        out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    assertThat(inst.get("network").get("links").size()).isEqualTo(n - 1);
    assertThat(inst.get("network").get("labels").get(n - 1).asString()).isEqualTo("n" + (n - 1));
    assertThat(inst.get("messages").size()).isEqualTo(n);
  }

  @Test
  void aDirectedCycleOfTwentyThousandNodesInGraphml_drawsPairsThatReachEachOther() throws IOException {
    int n = 20_000;
    StringBuilder g = new StringBuilder("<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/"
        + "xmlns\">\n<graph id=\"G\" edgedefault=\"directed\">\n");
    for (int v = 0; v < n; v++) {
      g.append("<node id=\"").append(v).append("\"/>\n");
    }
    for (int v = 0; v < n; v++) {
      g.append("<edge source=\"").append(v).append("\" target=\"").append((v + 1) % n).append("\"/>\n");
    }
    Path in = tmp.resolve("cycle.graphml");
    Files.writeString(in, g.append("</graph>\n</graphml>\n"));
    Path out = tmp.resolve("out.json");

    CliTest.Run r = CliTest.run("generate", "--problem", "send", "--network", in.toString(), "--seed", "4", "--out",
        out.toString());

    assertThat(r.code()).as(r.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    assertThat(inst.get("network").get("arcs").size()).isEqualTo(n);
    assertThat(inst.get("source").asInt()).isNotEqualTo(inst.get("target").asInt());
  }

  @Test
  void aDirectedPathOfTwentyThousandNodes_isRefusedInOneLine_namingHowManyMessagesFit() throws IOException {
    int n = 20_000;
    StringBuilder dot = new StringBuilder("digraph G {\n");
    for (int v = 1; v < n; v++) {
      dot.append("  ").append(v - 1).append(" -> ").append(v).append(";\n");
    }
    Path in = tmp.resolve("dag.dot");
    Files.writeString(in, dot.append("}\n"));
    Path out = tmp.resolve("out.json");

    CliTest.Run r = CliTest.run("generate", "--problem", "chatting", "--network", in.toString(), "--out",
        out.toString());

    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("20000 messages").contains("--messages 2500");
    assertThat(out).doesNotExist();

    CliTest.Run fewer = CliTest.run("generate", "--problem", "chatting", "--network", in.toString(), "--messages",
        "2500", "--out", out.toString());
    assertThat(fewer.code()).as(fewer.err()).isZero();
    JsonNode inst = CliTest.MAPPER.readTree(Files.readString(out));
    for (JsonNode m : inst.get("messages")) { // on a one-way path every message goes forward
      assertThat(m.get("from").asInt()).isLessThan(m.get("to").asInt());
    }
  }
}
