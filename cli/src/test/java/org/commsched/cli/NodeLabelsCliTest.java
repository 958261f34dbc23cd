package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Node names of an imported drawing are kept as the network's {@code labels} (issue 13 item 5;
 * docs/models/README.md#node-labels) and name nodes in what people read, while files and JSON keep
 * numbers.
 */
class NodeLabelsCliTest {

  @TempDir Path tmp;

  private Path write(String name, String text) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  private Path graphml() throws IOException {
    return write(
        "cities.graphml",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <graphml xmlns="http://graphml.graphdrawing.org/xmlns">
          <graph id="G" edgedefault="undirected">
            <node id="paris"/><node id="lyon"/><node id="nice"/>
            <edge source="paris" target="lyon"/><edge source="lyon" target="nice"/>
          </graph>
        </graphml>
        """);
  }

  @Test
  void generateFromGraphml_keepsTheIds_andSolveCheckRoundTrips() throws IOException {
    Path inst = tmp.resolve("c.json");
    CliTest.Run g =
        run(
            "generate",
            "--network",
            graphml().toString(),
            "--problem",
            "chatting",
            "--messages",
            "3",
            "--seed",
            "1",
            "--out",
            inst.toString());
    assertThat(g.code()).as(g.err()).isZero();
    JsonNode net = CliTest.MAPPER.readTree(Files.readString(inst)).get("network");
    assertThat(net.get("labels").toString()).isEqualTo("[\"paris\",\"lyon\",\"nice\"]");
    Instance read = InstanceReader.read(inst);
    assertThat(read.network().labels()).containsExactly("paris", "lyon", "nice");

    Path sched = tmp.resolve("c.schedule.json");
    CliTest.Run s = run("solve", inst.toString(), "--out", sched.toString(), "--quiet");
    assertThat(s.code()).as(s.err()).isZero();
    // the schedule file is unaffected: numbers and message ids only, no names
    String schedText = Files.readString(sched);
    assertThat(schedText)
        .doesNotContain("paris")
        .doesNotContain("lyon")
        .doesNotContain("nice")
        .doesNotContain("labels");
    CliTest.Run c = run("check", inst.toString(), sched.toString());
    assertThat(c.code()).as(c.out() + c.err()).isZero();
    assertThat(c.out()).startsWith("valid: ");
  }

  @Test
  void generateFromDot_keepsTheIds() throws IOException {
    Path dot = write("ring.dot", "graph g { a -- b; b -- c; c -- a; }\n");
    Path inst = tmp.resolve("r.json");
    CliTest.Run g =
        run(
            "generate",
            "--network",
            dot.toString(),
            "--problem",
            "gossip",
            "--model",
            "saf:beta=5,tau=1,ports=all,duplex=full",
            "--out",
            inst.toString());
    assertThat(g.code()).as(g.err()).isZero();
    assertThat(InstanceReader.read(inst).network().labels()).containsExactly("a", "b", "c");
    Path sched = tmp.resolve("r.schedule.json");
    assertThat(run("solve", inst.toString(), "--out", sched.toString(), "--quiet").code()).isZero();
    assertThat(run("check", inst.toString(), sched.toString()).code()).isZero();
  }

  /**
   * A directed path drawn as a scatter or gather: some node and the drawn root do not reach each
   * other. One line that names the drawing and what to change in it (fuzz seed 3002733 gave the
   * generated instance's JSON pointer only), and no file.
   */
  @Test
  void aDirectedDrawingWhoseNodesDoNotAllReachTheRoot_isRefusedInOneLineNamingTheFile()
      throws IOException {
    Path dot = write("path.dot", "digraph g { a -> b; b -> c; c -> d; }\n");
    for (String problem : new String[] {"scatter", "gather"}) {
      Path inst = tmp.resolve(problem + ".json");
      CliTest.Run g =
          run(
              "generate",
              "--network",
              dot.toString(),
              "--problem",
              problem,
              "--seed",
              "1",
              "--out",
              inst.toString());
      assertThat(g.code()).as(g.err()).isEqualTo(2);
      assertThat(g.err().strip())
          .doesNotContain("\n")
          .startsWith("commsched generate: " + dot + ": the " + problem + " drawn on this network")
          .contains("its arcs are directed; use undirected edges");
      assertThat(inst).doesNotExist();
    }
  }

  @Test
  void drawingWithNumericIds_getsNoLabels() throws IOException {
    Path dot = write("plain.dot", "graph g { 0 -- 1; 1 -- 2; }\n");
    Path inst = tmp.resolve("p.json");
    assertThat(
            run(
                    "generate",
                    "--network",
                    dot.toString(),
                    "--problem",
                    "chatting",
                    "--messages",
                    "2",
                    "--out",
                    inst.toString())
                .code())
        .isZero();
    assertThat(CliTest.MAPPER.readTree(Files.readString(inst)).get("network").has("labels"))
        .isFalse();
  }

  /**
   * Two messages m0, m1 of 2 flits from paris to nice, both leaving at step 0: both arcs conflict.
   */
  @Test
  void violationsNameTheNodes_inText_butJsonKeepsNumbers() throws IOException {
    Path inst =
        write(
            "two.json",
            """
        {"format": "commsched-instance/1", "name": "two", "problem": "chatting",
         "model": {"kind": "bufferless", "ports": "all"},
         "network": {"nodes": 3, "links": [[0, 1], [1, 2]], "labels": ["paris", "lyon", "nice"]},
         "messages": [{"id": "m0", "from": 0, "to": 2, "length": 2}, {"id": "m1", "from": 0, "to": 2, "length": 2}]}
        """);
    Path sched =
        write(
            "two.schedule.json",
            """
        {"format": "commsched-schedule/1", "instance": "two", "method": "hand", "status": "FEASIBLE",
         "makespan": 3, "departures": {"m0": 0, "m1": 0}}
        """);
    CliTest.Run c = run("check", inst.toString(), sched.toString());
    assertThat(c.code()).isEqualTo(1);
    assertThat(c.out())
        .contains("ARC_CONFLICT at paris (#0)->lyon (#1) time 0")
        .contains("both cross lyon (#1)->nice (#2) in steps 1..2");
    CliTest.Run j = run("check", inst.toString(), sched.toString(), "--json");
    JsonNode v0 = j.json().get("violations").get(0);
    assertThat(v0.get("place").stringValue()).isEqualTo("0->1");
    assertThat(v0.get("detail").stringValue()).doesNotContain("paris");
    CliTest.Run d = run("draw", inst.toString(), sched.toString(), "--format", "text");
    assertThat(d.out())
        .contains("paris->lyon")
        .contains("lyon->nice")
        .contains("ARC_CONFLICT paris (#0)->lyon (#1) at 0");
    CliTest.Run n =
        run("draw", inst.toString(), sched.toString(), "--format", "text", "--lanes", "nodes");
    assertThat(n.out().lines().filter(l -> l.startsWith("Step")).findFirst().orElseThrow())
        .contains("paris")
        .contains("lyon")
        .contains("nice")
        .doesNotContain("P0");
  }
}
