package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Links with channels and their own costs in instance files
 * (docs/FORMATS.md#links-with-channels-and-costs): an entry of {@code links} or {@code arcs} is
 * {@code [u, v]} or {@code {"between": [u, v], "count", "beta", "tau"}}; read, written back the
 * same, and refused with the place and the fix.
 */
class LinkChannelsIoTest {
  static final String GOSSIP =
      "{\"format\": \"commsched-instance/1\", \"name\": \"g\", \"problem\": \"gossip\","
          + " \"length\": 2, \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"2\", \"tau\": \"1\", \"ports\": \"all\","
          + " \"duplex\": \"full\"}, \"network\": {\"nodes\": 3, \"links\": [[0, 1], {\"between\": [1, 2], \"count\": 2,"
          + " \"beta\": \"0.5\", \"tau\": \"0.25\"}, {\"between\": [2, 0], \"tau\": \"3\"}]}}";

  @Test
  void objectEntries_giveChannelsAndCosts_andTheFinerTimeScale() {
    Instance i = InstanceReader.parse(GOSSIP, "g.json");
    assertThat(i.network().hasChannels()).isTrue();
    int a12 = i.network().arc(1, 2);
    int a21 = i.network().arc(2, 1);
    assertThat(i.network().channels(a12)).isEqualTo(2);
    assertThat(i.network().channels(a21)).isEqualTo(2); // a link's two arcs share its entry
    assertThat(i.network().channels(i.network().arc(0, 1))).isEqualTo(1);
    assertThat(i.timeScale().decimals())
        .isEqualTo(2); // 0.25 needs hundredths; the model alone needs none
    assertThat(i.arcCosts().ticks(a12, 4)).isEqualTo(50 + 4 * 25); // 0.5 + 4 x 0.25 = 1.5
    int a02 = i.network().arc(0, 2);
    assertThat(i.arcCosts().ticks(a02, 1))
        .isEqualTo(200 + 300); // the model's beta 2, its own tau 3
    assertThat(i.arcCosts().ticks(i.network().arc(0, 1), 1)).isEqualTo(300);
  }

  @Test
  void writtenBack_theSameEntries_andAPlainFileStaysPlain() {
    Instance i = InstanceReader.parse(GOSSIP, "g.json");
    String out = InstanceWriter.toJson(i);
    assertThat(out)
        .contains("[0, 1]")
        .contains("{ \"between\": [1, 2], \"count\": 2, \"beta\": \"0.5\", \"tau\": \"0.25\" }")
        .contains("{ \"between\": [2, 0], \"tau\": \"3\" }");
    Instance again = InstanceReader.parse(out, "again.json");
    assertThat(again.network().topology()).isEqualTo(i.network().topology());
    String plain = GOSSIP.replaceAll("\\{\"between\": (\\[\\d, \\d\\])[^}]*}", "$1");
    Instance p = InstanceReader.parse(plain, "p.json");
    assertThat(p.network().hasChannels()).isFalse();
    assertThat(((Topology.Explicit) p.network().topology()).channels()).isEmpty();
    assertThat(InstanceWriter.toJson(p)).doesNotContain("between");
  }

  @Test
  void anObjectOfOneChannelAtTheModelsCosts_isThePlainLink() {
    Instance i =
        InstanceReader.parse(
            GOSSIP
                .replace("{\"between\": [2, 0], \"tau\": \"3\"}", "{\"between\": [2, 0]}")
                .replace(", \"count\": 2, \"beta\": \"0.5\", \"tau\": \"0.25\"", ""),
            "o.json");
    assertThat(i.network().hasChannels()).isFalse();
    assertThat(i.network().channel(0)).isEqualTo(new Topology.Channel(1, null, null));
    assertThat(new Topology.Channel(1, new BigDecimal("1"), null).plain()).isFalse();
  }

  @Test
  void outsideSendBroadcastAndGossip_channelsAreRefused() {
    String scatter =
        "{\"format\": \"commsched-instance/1\", \"name\": \"s\", \"problem\": \"scatter\", \"root\": 0,"
            + " \"model\": {\"kind\": \"store-and-forward\", \"beta\": \"2\", \"tau\": \"1\", \"ports\": \"all\","
            + " \"duplex\": \"full\"}, \"network\": {\"nodes\": 2, \"links\": [{\"between\": [0, 1], \"count\": 2}]},"
            + " \"messages\": [{\"id\": \"m\", \"to\": 1, \"length\": 1}]}";
    InstanceFormatException e =
        catchThrowableOfType(
            InstanceFormatException.class, () -> InstanceReader.parse(scatter, "s.json"));
    assertThat(e.place()).isEqualTo("/network/links/0");
    assertThat(e.problem()).contains("scatter").endsWith("write the link as [u, v]");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "count 0|\"count\": 2|\"count\": 0|/network/links/1/count",
        "unknown key|\"count\": 2|\"weight\": 2|/network/links/1",
        "negative decimal|\"tau\": \"0.25\"|\"tau\": \"-1\"|/network/links/1",
        "both costs 0|\"beta\": \"0.5\", \"tau\": \"0.25\"|\"beta\": \"0\", \"tau\": \"0\"|/network/links/1",
        "too many decimals|\"tau\": \"0.25\"|\"tau\": \"0.0000000001\"|/network/links/1",
      })
  void badEntries_areRefused_atTheirPlace(String what, String from, String to, String pointer) {
    InstanceFormatException e =
        catchThrowableOfType(
            InstanceFormatException.class,
            () -> InstanceReader.parse(GOSSIP.replace(from, to), "bad.json"));
    assertThat(e).as(what).isNotNull();
    assertThat(e.place()).as(what + ": " + e.oneLine()).startsWith(pointer);
    assertThat(e.oneLine()).doesNotContain("Exception").contains("; ").doesNotContain("\n");
  }
}
