package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The GPU topology readers (docs/FORMATS.md#gpu-topologies) on the project's own NCCL topology
 * files (a DGX-1-like host and two of them joined by four network rails, written from NCCL's
 * format) and on an msccl-tools and a TE-CCL topology. The expected links are those of the DGX-1's
 * hybrid cube mesh as msccl-tools lists it (msccl/topologies/nvidia.py), and the costs follow the
 * documented mapping worked out by hand.
 */
class GpuTopologyTest {
  /** The DGX-1 NVLinks: {u, v, count}, from msccl-tools' matrix. */
  static final int[][] DGX1 = {
    {0, 1, 2}, {0, 2, 1}, {0, 3, 1}, {0, 4, 2}, {1, 2, 1}, {1, 3, 2}, {1, 5, 1}, {2, 3, 2},
    {2, 6, 2}, {3, 7, 1}, {4, 5, 2}, {4, 6, 1}, {4, 7, 1}, {5, 6, 1}, {5, 7, 2}, {6, 7, 2}
  };

  @TempDir Path dir;

  static Path resource(String name) throws Exception {
    return Path.of(GpuTopologyTest.class.getResource("/topologies/" + name).toURI());
  }

  static Map<String, Topology.Channel> links(Topology.Explicit t) {
    Map<String, Topology.Channel> out = new HashMap<>();
    for (int i = 0; i < t.pairs().size(); i++) {
      Topology.Pair p = t.pairs().get(i);
      out.put(Math.min(p.u(), p.v()) + "-" + Math.max(p.u(), p.v()), t.channels().get(i));
    }
    return out;
  }

  @Test
  void dgx1_hasItsDoubledNvlinks_andPcieAcrossTheSockets() throws Exception {
    GpuTopology.Imported im =
        GpuTopology.nccl(resource("nccl-dgx1.xml"), GpuTopology.Costs.defaults());
    Topology.Explicit t = im.topology();
    assertThat(t.nodes()).isEqualTo(8);
    assertThat(t.links()).isTrue();
    Map<String, Topology.Channel> l = links(t);
    assertThat(l).hasSize(28); // every pair of the 8 GPUs: 16 NVLink pairs, the other 12 over PCIe
    for (int[] x : DGX1) {
      // one NVLink of a V100 (sm 70): 22 GB/s, so a MiB takes 1048576 / 22000 = 47.6625... us;
      // latency 1 us
      assertThat(l.get(x[0] + "-" + x[1]))
          .as(x[0] + "-" + x[1])
          .isEqualTo(new Topology.Channel(x[2], new BigDecimal("1"), new BigDecimal("47.663")));
    }
    // the pairs without an NVLink are on different sockets here: PCIe Gen3 x16 (12 GB/s) capped by
    // the 6 GB/s between
    // the sockets, 1048576 / 6000 = 174.7626... us, latency max(2, 3) us
    assertThat(l.get("0-5"))
        .isEqualTo(new Topology.Channel(1, new BigDecimal("3"), new BigDecimal("174.763")));
    assertThat(l.get("3-4"))
        .isEqualTo(new Topology.Channel(1, new BigDecimal("3"), new BigDecimal("174.763")));
    assertThat(im.beta()).isEqualByComparingTo("1");
    assertThat(im.tau()).isEqualByComparingTo("47.663");
    assertThat(im.labels())
        .containsExactly("gpu0", "gpu1", "gpu2", "gpu3", "gpu4", "gpu5", "gpu6", "gpu7");
  }

  @Test
  void twoHosts_areJoinedByOneRailPerNic() throws Exception {
    GpuTopology.Imported im =
        GpuTopology.nccl(resource("nccl-2node-16gpu.xml"), GpuTopology.Costs.defaults());
    Topology.Explicit t = im.topology();
    assertThat(t.nodes()).isEqualTo(16);
    Map<String, Topology.Channel> l = links(t);
    assertThat(l).hasSize(2 * 28 + 4);
    for (int[] x : DGX1) { // the second host's GPUs are ranks 8..15
      assertThat(l.get((x[0] + 8) + "-" + (x[1] + 8)).count()).isEqualTo(x[2]);
    }
    // four NICs of 100 Gb/s (12.5 GB/s) per host, NIC r serving GPU 2r: 1048576 / 12500 = 83.88608
    // us, latency 5 us
    for (int r = 0; r < 4; r++) {
      assertThat(l.get((2 * r) + "-" + (2 * r + 8)))
          .as("rail " + r)
          .isEqualTo(new Topology.Channel(1, new BigDecimal("5"), new BigDecimal("83.886")));
    }
    assertThat(l).doesNotContainKey("1-9");
    assertThat(im.labels().get(8)).isEqualTo("h1-gpu0");
  }

  @Test
  void theOptions_overrideTheMapping() throws Exception {
    GpuTopology.Costs d = GpuTopology.Costs.defaults();
    GpuTopology.Costs c =
        new GpuTopology.Costs(
            new BigDecimal("1000000"),
            new BigDecimal("25"),
            null,
            null,
            d.sys(),
            new BigDecimal("0.7"),
            d.pcieLatency(),
            d.netLatency(),
            d.sysLatency(),
            false);
    Map<String, Topology.Channel> l =
        links(GpuTopology.nccl(resource("nccl-dgx1.xml"), c).topology());
    assertThat(l).hasSize(16); // no PCIe mesh
    assertThat(l.get("0-1"))
        .isEqualTo(new Topology.Channel(2, new BigDecimal("0.7"), new BigDecimal("40")));
  }

  @Test
  void mscclTools_linksBecomeChannelCounts() throws Exception {
    GpuTopology.Imported im = GpuTopology.msccl(resource("msccl-dgx1.json"));
    Map<String, Topology.Channel> l = links(im.topology());
    assertThat(l).hasSize(16);
    for (int[] x : DGX1) {
      assertThat(l.get(x[0] + "-" + x[1])).isEqualTo(new Topology.Channel(x[2], null, null));
    }
    assertThat(im.beta()).isNull();
  }

  @Test
  void teccl_capacityAndAlpha_becomeTauAndBeta() throws Exception {
    GpuTopology.Imported im = GpuTopology.teccl(resource("teccl-star3.json"));
    Map<String, Topology.Channel> l = links(im.topology());
    assertThat(l).hasSize(2);
    // 50000 chunks/s: 20 us a chunk; 25000: 40 us; alpha 7e-7 s = 0.7 us
    assertThat(l.get("0-1"))
        .isEqualTo(new Topology.Channel(1, new BigDecimal("0.7"), new BigDecimal("20")));
    assertThat(l.get("0-2"))
        .isEqualTo(new Topology.Channel(1, new BigDecimal("0.7"), new BigDecimal("40")));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "root element|<system version=\"1\">|<topology>|line 1|starts with <system>",
        "nvlink without target|<nvlink target=\"0000:07:00.0\" count=\"2\" tclass=\"0x030200\"/>|<nvlink count=\"2\"/>"
            + "|line 6|write the bus id",
        "unknown GPU target|target=\"0000:07:00.0\" count=\"2\"|target=\"0000:ff:00.0\" count=\"2\"|line 6|not in the file",
        "count not a number|count=\"2\"|count=\"two\"|line 6|whole number",
        "net without speed|speed=\"100000\"|speed=\"fast\"|line 22|Mbit/s",
        "doctype|<system version=\"1\">|<!DOCTYPE system><system version=\"1\">|line 1|document type",
      })
  void badNcclFiles_getOneLine_withThePlaceAndTheFix(
      String what, String from, String to, String place, String words) throws Exception {
    String text =
        Files.readString(resource("nccl-dgx1.xml"))
            .replaceFirst(
                java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to));
    if (what.equals("root element")) {
      text = text.replace("</system>", "</topology>");
    }
    Path f = dir.resolve("bad.xml");
    Files.writeString(f, text);
    InstanceFormatException e =
        catchThrowableOfType(
            InstanceFormatException.class, () -> GpuTopology.nccl(f, GpuTopology.Costs.defaults()));
    assertThat(e).as(what).isNotNull();
    assertThat(e.oneLine())
        .as(what)
        .startsWith(f.toString())
        .contains(words)
        .doesNotContain("Exception")
        .doesNotContain("\n");
    assertThat(e.place()).as(what + ": " + e.oneLine()).startsWith(place);
  }

  @Test
  void aNonSquareMsccLMatrix_isRefusedAtItsRow() throws Exception {
    Path f = dir.resolve("m.json");
    Files.writeString(f, "{\"links\": [[0, 1], [1]]}");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> GpuTopology.msccl(f));
    assertThat(e.place()).isEqualTo("/links/1");
    assertThat(e.problem()).contains("square");
  }
}
