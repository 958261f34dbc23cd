package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files of a few hundred bytes that declare structures no heap holds (issue 28's table: rings of 5
 * x 10^7 nodes, an ESM of 7071 x 7071, complete graphs of 46,341 nodes, gossips of 10^5 nodes) are
 * refused before anything is built: exit 2 and one line naming the file, the size, the heap and how
 * to raise it. The heap is fixed at one gigabyte ({@code commsched.maxMemory}), so the decisions do
 * not depend on the JVM that runs the tests.
 */
class OversizedInputCliTest {
  @TempDir Path tmp;

  @BeforeEach
  void fixTheHeap() {
    System.setProperty("commsched.maxMemory", "1000000000");
  }

  @AfterEach
  void forgetTheHeap() {
    System.clearProperty("commsched.maxMemory");
  }

  private static final String SAF =
      "\"model\": {\"kind\": \"store-and-forward\", \"beta\": \"5\", \"tau\": \"1\", "
          + "\"ports\": \"all\", \"duplex\": \"full\"}";
  private static final String BUFFERLESS =
      "\"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"}";
  private static final String THREE =
      "\"messages\": [{\"id\": \"m0\", \"from\": 0, \"to\": 1, \"length\": 2}, "
          + "{\"id\": \"m1\", \"from\": 1, \"to\": 2, \"length\": 3}, {\"id\": \"m2\", \"from\": 2, \"to\": 3, "
          + "\"length\": 1}]";

  static Stream<Arguments> table() {
    return Stream.of(
        Arguments.of(
            "gossip-ring-50000000",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 50000000}, \"length\": 4",
            "50000000 nodes"),
        Arguments.of(
            "broadcast-ring-50000000",
            "\"problem\": \"broadcast\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 50000000}, \"source\": 0, \"length\": 4",
            "50000000 nodes"),
        Arguments.of(
            "send-ring-50000000",
            "\"problem\": \"send\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 50000000}, \"source\": 0, \"target\": 1, "
                + "\"length\": 4",
            "50000000 nodes"),
        Arguments.of(
            "chat-esm-7071",
            "\"problem\": \"chatting\", "
                + BUFFERLESS
                + ", \"network\": {\"family\": \"esm\", \"rows\": 7071, \"cols\": 7071}, "
                + THREE,
            "49999041 nodes"),
        Arguments.of(
            "chat-complete-46341",
            "\"problem\": \"chatting\", "
                + BUFFERLESS
                + ", \"network\": {\"family\": \"complete\", \"nodes\": 46341}, "
                + THREE,
            "2147441940 arcs"),
        Arguments.of(
            "broadcast-complete-46341",
            "\"problem\": \"broadcast\", "
                + SAF
                + ", \"network\": {\"family\": \"complete\", \"nodes\": 46341}, \"source\": 0, \"length\": 4",
            "2147441940 arcs"),
        Arguments.of(
            "gossip-ring-100000",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 100000}, \"length\": 4",
            "9999900000 deliveries"),
        Arguments.of(
            "gossip-uring-100000",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"uring\", \"nodes\": 100000}, \"length\": 4",
            "9999900000 deliveries"));
  }

  private Path write(String name, String body) throws IOException {
    Path f = tmp.resolve(name + ".json");
    Files.writeString(
        f, "{\"format\": \"commsched-instance/1\", \"name\": \"" + name + "\", " + body + "}");
    return f;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void solveRefusesEachTableFileInOneLine_namingTheFileTheSizeAndTheFix(
      String name, String body, String size) throws IOException {
    Path f = write(name, body);
    CliTest.Run r = run("solve", f.toString(), "--time-limit", "5");
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .startsWith(f + ": /network: ")
        .contains(size)
        .containsPattern(" needs? about ")
        .contains("more than the 1.0 GB Java heap", "nodes of this shape fit")
        .doesNotContain("characters, cut");
    String fix = r.err().strip().substring(r.err().strip().lastIndexOf("; ") + 2);
    assertThat(fix).matches("raise the heap with JAVA_OPTS=-Xmx\\d+g .*|use a smaller instance .*");
  }

  @Test
  void boundsAndCheckRefuseANetworkTooLargeToRead_andReadWhatFits() throws IOException {
    Path big =
        write(
            "ring",
            "\"problem\": \"broadcast\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 50000000}, \"source\": 0, \"length\": 4");
    CliTest.Run b = run("bounds", big.toString());
    assertThat(b.code()).as(b.err()).isEqualTo(2);
    assertThat(b.err().strip())
        .doesNotContain("\n")
        .startsWith(big + ": /network: ")
        .contains(
            "50000000 nodes (100000000 arcs, computed from the ids)",
            "to read"); // a ring stores none
    CliTest.Run c = run("check", big.toString(), big.toString());
    assertThat(c.code()).isEqualTo(2);
    assertThat(c.err().strip()).doesNotContain("\n").startsWith(big + ": /network: ");
    // a complete graph stores no arcs either, but the bounds' per-arc tables cover its 2.1 x 10^9
    // arcs
    Path complete =
        write(
            "complete",
            "\"problem\": \"chatting\", "
                + BUFFERLESS
                + ", \"network\": {\"family\": \"complete\", \"nodes\": 46341}, "
                + THREE);
    CliTest.Run k = run("bounds", complete.toString());
    assertThat(k.code()).as(k.err()).isEqualTo(2);
    assertThat(k.err().strip())
        .doesNotContain("\n")
        .startsWith(complete + ": /network: ")
        .contains("2147441940 arcs, computed from the ids", "to read");
    // the ring gossip of 10^5 nodes fits to be read (its deliveries are the solve's): bounds answer
    Path gossip =
        write(
            "gossip",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 100000}, \"length\": 4");
    CliTest.Run g = run("bounds", gossip.toString());
    assertThat(g.code()).as(g.err()).isZero();
  }

  @Test
  void aGossipThatFitsTheHeapButNotTheMethodsIsRefusedByThemAtOnce() throws IOException {
    Path f =
        write(
            "gossip-1500",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 1500}, \"length\": 4");
    CliTest.Run r = run("solve", f.toString(), "--time-limit", "5");
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("takes at most 1000 nodes");
  }

  /**
   * {@code check} of a ring gossip of 10^5 nodes against a schedule of one record (an instance
   * scaled up under its schedule, as the file fuzzer draws): 9,999,899,999 of its 9,999,900,000
   * deliveries are missing. The report lists the first 10,000 and counts the rest, 9,999,889,999,
   * instead of building them (it once walked all 10^10 pairs and ran for minutes). The gossip of 5
   * x 10^7 nodes is refused at read time, its line counting the gossip's implied messages, one a
   * node.
   */
  @Test
  void checkOfAScaledUpRingGossip_listsTheFirstMissingDeliveriesAndCountsTheRest()
      throws IOException {
    Path gossip =
        write(
            "gossip",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 100000}, \"length\": 4");
    Path schedule = tmp.resolve("one.schedule.json");
    Files.writeString(
        schedule,
        "{\"format\": \"commsched-schedule/1\", \"instance\": \"gossip\", \"method\": "
            + "\"hand\", \"status\": \"FEASIBLE\", \"makespan\": 9, \"transmissions\": [{\"message\": \"m0\", "
            + "\"packet\": 0, \"size\": 4, \"from\": 0, \"to\": 1, \"start\": 0, \"first\": 0}]}");
    CliTest.Run r = run("check", gossip.toString(), schedule.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out())
        .startsWith("INVALID: 10001 violation(s)")
        .contains("INCOMPLETE at node 2 messages m0: node 2 never receives 4 of the 4 units of m0")
        .doesNotContain("at node 1 messages m0")
        .contains(
            "only the first 10000 violations are listed; at least 9999889999 more were left out");

    Path huge =
        write(
            "gossip-huge",
            "\"problem\": \"gossip\", "
                + SAF
                + ", \"network\": {\"family\": \"ring\", \"nodes\": 50000000}, \"length\": 4");
    CliTest.Run h = run("check", huge.toString(), schedule.toString());
    assertThat(h.code()).as(h.err()).isEqualTo(2);
    assertThat(h.err().strip())
        .doesNotContain("\n")
        .startsWith(huge + ": /network: ")
        .contains("50000000 nodes", "50000000 messages", "to read");
  }

  /**
   * A bufferless gather whose routes go nearly all the way round a uring is charged per hop once
   * the routes are counted (before any is walked): two messages, from node 1 (length 2) and node 2
   * (length 1), to the root 0 have (n - 1) + (n - 2) = 2n - 3 hops. Reading costs 24 bytes a node,
   * 40 an arc (n of them), 96 a message and 92 a hop (two ints of route, a hop task of at most 84
   * bytes): 64 n + 192 + 92 (2n - 3) = 248 n - 84. With 10^8 bytes, n = 403,226 needs 99,999,964
   * and is read, checked and bounded; n = 403,227 needs 100,000,212 (101 MB) and is refused by
   * every reading command, naming its 806,451 hops, the 403,226 nodes that fit and a heap of 1 GB
   * (a quarter more than the need, rounded up). A valid schedule for the smaller one: a departs at
   * 0 and holds arc 1 + k during [k, k + 2); b, from 3 on, holds arc 2 + k during [3 + k, 4 + k),
   * after a's [k + 1, k + 3) there; the makespan is b's 3 + 1 + (n - 2) - 1 = n + 1.
   */
  @Test
  void aGatherRoundAURingIsChargedPerHop_readAtTheLargestSizeThatFitsAndRefusedOneAbove()
      throws IOException {
    System.setProperty("commsched.maxMemory", "100000000");
    String body =
        "\"problem\": \"gather\", "
            + BUFFERLESS
            + ", \"network\": {\"family\": \"uring\", \"nodes\": %d}, "
            + "\"root\": 0, \"messages\": [{\"id\": \"a\", \"from\": 1, \"length\": 2}, "
            + "{\"id\": \"b\", \"from\": 2, \"length\": 1}]";
    Path fits = write("fits", String.format(body, 403_226));
    Path schedule = tmp.resolve("fits.schedule.json");
    Files.writeString(
        schedule,
        "{\"format\": \"commsched-schedule/1\", \"instance\": \"fits\", \"method\": "
            + "\"hand\", \"status\": \"FEASIBLE\", \"makespan\": 403227, \"departures\": {\"a\": 0, \"b\": 3}}");
    CliTest.Run c = run("check", fits.toString(), schedule.toString());
    assertThat(c.code()).as(c.err()).isZero();
    CliTest.Run b = run("bounds", fits.toString());
    assertThat(b.code()).as(b.err()).isZero();

    Path over = write("over", String.format(body, 403_227));
    for (String[] args :
        new String[][] {
          {"check", over.toString(), schedule.toString()},
          {"bounds", over.toString()},
          {"draw", over.toString(), schedule.toString(), "--format", "text"}
        }) {
      CliTest.Run r = run(args);
      assertThat(r.code()).as(args[0] + ": " + r.err()).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err().strip())
          .isEqualTo(
              over
                  + ": /network: the uring network of 403227 nodes (403227 arcs, "
                  + "computed from the ids) and 2 messages over 806451 route hops need about 101 MB to read, more than the "
                  + "100 MB Java heap: at most 403226 nodes of this shape fit; raise the heap with JAVA_OPTS=-Xmx1g or use "
                  + "a smaller instance");
    }
  }
}
