package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.io.Fixtures.ALL_PORTS;
import static org.commsched.instances.io.Fixtures.SINGLE_PORT;
import static org.commsched.instances.io.Fixtures.assertSameInstance;
import static org.commsched.instances.io.Fixtures.instance;
import static org.commsched.instances.io.Fixtures.sf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.CommModel.Duplex;
import org.commsched.core.model.CommModel.OnePortRule;
import org.commsched.core.model.CommModel.Ports;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InstanceRoundTripTest {

  static Stream<Arguments> everyProblemAndModel() {
    List<Arguments> out = new ArrayList<>();
    List<CommModel> sfModels =
        List.of(
            sf("5", "1", Ports.ONE, Duplex.FULL, OnePortRule.SEND_AND_RECEIVE),
            sf("272", "0.4", Ports.ONE, Duplex.HALF, OnePortRule.EXCHANGE),
            sf("0.25", "0", Ports.ALL, Duplex.FULL, OnePortRule.EXCHANGE),
            sf("0", "1.5", Ports.ALL, Duplex.HALF, OnePortRule.SEND_AND_RECEIVE));
    List<Message> chat = List.of(new Message("m0", 0, 3, 3), new Message("m1", 1, 2, 2));
    out.add(
        Arguments.of(
            instance("chat-all", new Problem.Chatting(chat), ALL_PORTS, new Topology.Ula(4))));
    out.add(
        Arguments.of(
            instance("chat-single", new Problem.Chatting(chat), SINGLE_PORT, new Topology.Bla(4))));
    out.add(
        Arguments.of(
            instance(
                "dsa",
                new Problem.Dsa(List.of(new Message("b0", 0, 3, 2), new Message("b1", 2, 5, 1))),
                ALL_PORTS,
                new Topology.Ula(6))));
    List<Message> scatter =
        List.of(new Message("m1", 0, 1, 2), new Message("m2", 0, 2, 0), new Message("m3", 0, 3, 5));
    List<Message> gather = List.of(new Message("g1", 1, 0, 2), new Message("g3", 3, 0, 1));
    Topology tree = new Topology.Tree(List.of(-1, 0, 0, 1));
    List<CommModel> sgModels = new ArrayList<>(List.of(ALL_PORTS, SINGLE_PORT));
    sgModels.addAll(sfModels);
    int k = 0;
    for (CommModel m : sgModels) {
      out.add(Arguments.of(instance("scatter-" + k, new Problem.Scatter(0, scatter), m, tree)));
      out.add(Arguments.of(instance("gather-" + k, new Problem.Gather(0, gather), m, tree)));
      k++;
    }
    k = 0;
    for (CommModel m : sfModels) {
      out.add(
          Arguments.of(
              instance("broadcast-" + k, new Problem.Broadcast(2, 7), m, new Topology.Ring(5))));
      out.add(
          Arguments.of(
              instance("gossip-" + k, new Problem.Gossip(3), m, new Topology.Hypercube(2))));
      out.add(
          Arguments.of(
              instance(
                  "broadcast-folded-" + k,
                  new Problem.Broadcast(1, 4),
                  m,
                  new Topology.FoldedHypercube(3))));
      out.add(
          Arguments.of(
              instance("send-" + k, new Problem.Send(0, 3, 1023, null), m, new Topology.Bla(4))));
      out.add(
          Arguments.of(
              instance(
                  "send-route-" + k,
                  new Problem.Send(0, 3, 10, List.of(0, 4, 3)),
                  m,
                  new Topology.Ring(5))));
      k++;
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("everyProblemAndModel")
  void everyProblemAndModel_readBackEqual(Instance x) {
    String json = InstanceWriter.toJson(x);
    Instance back = InstanceReader.parse(json, "rt.json");
    assertSameInstance(back, x);
    assertThat(InstanceWriter.toJson(back)).isEqualTo(json);
  }

  static Stream<Arguments> everyFamily() {
    List<Arguments> out = new ArrayList<>();
    for (Topology t : Fixtures.allFamilies()) {
      int n = Fixtures.nodes(t);
      // a message that routes on every family: to the last node (ula, esm: south-east), else node 0
      // -> last
      int to = n - 1;
      if (t instanceof Topology.Explicit && !((Topology.Explicit) t).links()) {
        to = 2; // the directed 4-cycle 0->1->2->3->0
      }
      out.add(
          Arguments.of(
              instance(
                  "fam-" + t.family(),
                  new Problem.Chatting(List.of(new Message("a", 0, to, 4))),
                  ALL_PORTS,
                  t)));
    }
    return out.stream();
  }

  @ParameterizedTest
  @MethodSource("everyFamily")
  void everyNetworkFamily_readBackEqual(Instance x) {
    Instance back = InstanceReader.parse(InstanceWriter.toJson(x), "family.json");
    assertSameInstance(back, x);
    assertThat(back.atlas().nodes(0)).containsExactly(x.atlas().nodes(0));
  }

  @Test
  void explicitRoutes_keptAsGiven() {
    // the long way round a ring of 6, and an explicit route on an explicit link network
    Instance x =
        instance(
            "routes",
            new Problem.Chatting(
                List.of(
                    new Message("long", 0, 2, 3, List.of(0, 5, 4, 3, 2)),
                    new Message("short", 1, 2, 1))),
            ALL_PORTS,
            new Topology.Ring(6));
    Instance back = InstanceReader.parse(InstanceWriter.toJson(x), "routes.json");
    assertSameInstance(back, x);
    assertThat(back.atlas().isExplicit(0)).isTrue();
    assertThat(back.atlas().nodes(0)).containsExactly(0, 5, 4, 3, 2);
    assertThat(back.atlas().isExplicit(1)).isFalse();
  }

  @Test
  void scatterAndGather_messagesMayOmitTheRootEnd() {
    String scatter =
        "{\"format\":\"commsched-instance/1\",\"name\":\"s\",\"problem\":\"scatter\","
            + "\"model\":{\"kind\":\"bufferless\",\"ports\":\"single\"},\"network\":{\"family\":\"star\",\"nodes\":3},"
            + "\"root\":0,\"messages\":[{\"id\":\"m1\",\"to\":1,\"length\":2},{\"id\":\"m2\",\"to\":2,\"length\":0}]}";
    Instance s = InstanceReader.parse(scatter, "s.json");
    assertThat(s.messages())
        .containsExactly(new Message("m1", 0, 1, 2), new Message("m2", 0, 2, 0));
    String gather = scatter.replace("scatter", "gather").replace("\"to\"", "\"from\"");
    Instance g = InstanceReader.parse(gather, "g.json");
    assertThat(g.messages())
        .containsExactly(new Message("m1", 1, 0, 2), new Message("m2", 2, 0, 0));
  }

  @Test
  void onePortDefault_dependsOnProblem_andIsAlwaysWrittenUnderOnePort() {
    // DESIGN.md, Models: default send-and-receive for scatter/gather, exchange for
    // send/broadcast/gossip
    String base =
        "{\"format\":\"commsched-instance/1\",\"name\":\"b\",\"problem\":\"%s\","
            + "\"model\":{\"kind\":\"store-and-forward\",\"beta\":\"2\",\"tau\":\"1\",\"ports\":\"one\","
            + "\"duplex\":\"full\"},\"network\":{\"family\":\"bla\",\"nodes\":3},%s}";
    Instance b =
        InstanceReader.parse(
            String.format(base, "broadcast", "\"source\":0,\"length\":4"), "b.json");
    assertThat(((CommModel.StoreAndForward) b.model()).onePort()).isEqualTo(OnePortRule.EXCHANGE);
    Instance s =
        InstanceReader.parse(
            String.format(
                base, "scatter", "\"root\":0,\"messages\":[{\"id\":\"x\",\"to\":2,\"length\":1}]"),
            "s.json");
    assertThat(((CommModel.StoreAndForward) s.model()).onePort())
        .isEqualTo(OnePortRule.SEND_AND_RECEIVE);
    assertThat(InstanceWriter.toJson(b)).contains("\"oneport\": \"exchange\"");
    assertThat(InstanceWriter.toJson(s)).contains("\"oneport\": \"send-and-receive\"");
  }

  @Test
  void formatsExample_writtenByteForByte() throws Exception {
    // FORMATS.md, "Instance file": the example instance, rebuilt by hand and written by the writer
    Instance x =
        instance(
            "ula-example",
            new Problem.Chatting(List.of(new Message("m0", 0, 3, 3), new Message("m1", 1, 2, 2))),
            ALL_PORTS,
            new Topology.Ula(4));
    String expected =
        new String(
            getClass().getResourceAsStream("/io/formats-instance-example.json").readAllBytes(),
            java.nio.charset.StandardCharsets.UTF_8);
    assertThat(InstanceWriter.toJson(x)).isEqualTo(expected);
  }

  @Test
  void description_writtenAfterName_andReadable(@TempDir Path dir) {
    Instance x =
        instance(
            "d",
            new Problem.Gossip(2),
            sf("1", "1", Ports.ALL, Duplex.FULL, OnePortRule.EXCHANGE),
            new Topology.Complete(3));
    Path f = dir.resolve("d.json");
    InstanceWriter.write(x, "three nodes, \"quoted\"", f);
    assertThat(InstanceReader.description(f)).isEqualTo("three nodes, \"quoted\"");
    assertSameInstance(InstanceReader.read(f), x);
  }

  @Test
  void longLists_wrapIntoLines_andStillReadBack() {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    for (int v = 1; v < 300; v++) {
      parents.add((v - 1) / 2);
    }
    Instance x =
        instance(
            "big-tree",
            new Problem.Chatting(List.of(new Message("m", 299, 0, 1))),
            ALL_PORTS,
            new Topology.Tree(parents));
    String json = InstanceWriter.toJson(x);
    for (String line : json.split("\n")) {
      assertThat(line.length()).isLessThanOrEqualTo(140);
    }
    assertSameInstance(InstanceReader.parse(json, "t.json"), x);
  }

  @Test
  void write_isAtomic_andLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
    Instance x =
        instance(
            "a",
            new Problem.Chatting(List.of(new Message("m", 0, 1, 1))),
            ALL_PORTS,
            new Topology.Ula(2));
    Path f = dir.resolve("a.json");
    Files.writeString(f, "old content");
    InstanceWriter.write(x, f);
    assertThat(Files.readString(f)).isEqualTo(InstanceWriter.toJson(x));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(f);
    }
  }
}
