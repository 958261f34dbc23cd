package org.commsched.instances.io;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.Topology;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.helpers.DefaultHandler;
import tools.jackson.databind.JsonNode;

/**
 * GPU topologies of the collective-communication tools read as explicit networks whose links carry
 * channel counts and their own costs (docs/FORMATS.md#gpu-topologies): NCCL's topology XML (the
 * file {@code NCCL_TOPO_DUMP_FILE} writes), an msccl-tools {@code Topology} as JSON ({@code
 * links[dst][src]} = parallel links) and a TE-CCL topology's {@code capacity} and {@code alpha}
 * matrices as JSON.
 *
 * <p>Times are microseconds: a link of bandwidth {@code B} GB/s carrying units of {@code U} bytes
 * has {@code tau = U / (1000 B)} us per unit, rounded half up to the nanosecond (three decimals),
 * and its latency is its {@code beta} (docs/FORMATS.md#gpu-topologies has the table and the options
 * that override each figure).
 *
 * @implNote Stateless; each read returns a new {@link Imported}.
 */
public final class GpuTopology {
  private GpuTopology() {}

  /**
   * What a topology file becomes: the network (links with channels and costs), node names, the
   * model's beta and tau (the costs of links that have none of their own) and notes on what the
   * mapping left out.
   */
  public record Imported(
      Topology.Explicit topology,
      List<String> labels,
      BigDecimal beta,
      BigDecimal tau,
      List<String> notes) {}

  /**
   * The figures of the mapping from bandwidth and latency to beta and tau; a null bandwidth is
   * taken from the file (NVLink: NCCL's per-link figure for the GPU's {@code sm}; PCIe: {@code
   * link_speed} x {@code link_width}; network: the NIC's {@code speed}).
   *
   * @param unitBytes bytes per unit of a message
   * @param nvlink GB/s of one NVLink, or null
   * @param pcie GB/s of a PCIe path, or null
   * @param net GB/s of a network link, or null
   * @param sys GB/s between the CPU sockets of one host
   * @param nvlinkLatency us
   * @param pcieLatency us
   * @param netLatency us (a NIC's own {@code latency} attribute wins)
   * @param sysLatency us, for a PCIe path across sockets
   * @param pcieMesh true to join every two GPUs of a host without an NVLink by a PCIe link
   */
  public record Costs(
      BigDecimal unitBytes,
      BigDecimal nvlink,
      BigDecimal pcie,
      BigDecimal net,
      BigDecimal sys,
      BigDecimal nvlinkLatency,
      BigDecimal pcieLatency,
      BigDecimal netLatency,
      BigDecimal sysLatency,
      boolean pcieMesh) {
    /** The documented defaults. */
    public static Costs defaults() {
      return new Costs(
          new BigDecimal(1 << 20),
          null,
          null,
          null,
          new BigDecimal("6"),
          BigDecimal.ONE,
          new BigDecimal("2"),
          new BigDecimal("5"),
          new BigDecimal("3"),
          true);
    }
  }

  /**
   * tau in us per unit of {@code unitBytes} over {@code gbps} GB/s, to the nanosecond; null if it
   * rounds to 0.
   */
  static BigDecimal tau(BigDecimal unitBytes, BigDecimal gbps) {
    BigDecimal t = unitBytes.divide(gbps.multiply(new BigDecimal(1000)), 3, RoundingMode.HALF_UP);
    return t.signum() == 0 ? null : t.stripTrailingZeros().max(BigDecimal.ZERO);
  }

  private static String plain(BigDecimal x) {
    BigDecimal s = x.stripTrailingZeros();
    return (s.scale() < 0 ? s.setScale(0) : s).toPlainString();
  }

  // ---------------------------------------------------------------- NCCL

  /** NCCL's NVLink bandwidth per link (GB/s) by the GPU's {@code sm} (src/graph/topo.h of NCCL). */
  static BigDecimal nvlinkBandwidth(int sm) {
    if (sm < 70) {
      return new BigDecimal("18");
    }
    if (sm < 80) {
      return new BigDecimal("22");
    }
    if (sm == 86) {
      return new BigDecimal("12");
    }
    return sm < 90 ? new BigDecimal("20") : new BigDecimal("20.6");
  }

  /**
   * PCIe GB/s of {@code link_speed} and {@code link_width} as NCCL reckons it (width x generation /
   * 80), or null.
   */
  static BigDecimal pcieBandwidth(String speed, String width) {
    if (speed == null || width == null) {
      return null;
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^\\s*([0-9]+(?:\\.[0-9]+)?)").matcher(speed);
    if (!m.find() || !width.trim().matches("[0-9]+")) {
      return null;
    }
    BigDecimal gts = new BigDecimal(m.group(1));
    int gen;
    if (gts.compareTo(new BigDecimal("2.5")) == 0) {
      gen = 15;
    } else if (gts.compareTo(new BigDecimal("5")) == 0) {
      gen = 30;
    } else if (gts.compareTo(new BigDecimal("8")) == 0) {
      gen = 60;
    } else if (gts.compareTo(new BigDecimal("16")) == 0) {
      gen = 120;
    } else if (gts.compareTo(new BigDecimal("32")) == 0) {
      gen = 240;
    } else if (gts.compareTo(new BigDecimal("64")) == 0) {
      gen = 480;
    } else {
      return null;
    }
    int w = Integer.parseInt(width.trim());
    return w <= 0
        ? null
        : new BigDecimal(w * gen).divide(new BigDecimal(80), 3, RoundingMode.HALF_UP);
  }

  /** One GPU of the file. */
  private static final class Gpu {
    String busId;
    int host;
    int cpu;
    int dev;
    Integer rank;
    int sm;
    BigDecimal pcie; // the least PCIe bandwidth up its pci chain, or null
    int line;
    final List<String[]> nvlinks = new ArrayList<>(); // target, count, tclass, bw, line
  }

  /** A NIC's network port. */
  private record Net(int host, BigDecimal gbps, BigDecimal latency) {}

  /**
   * Reads an NCCL topology XML file (one host, or several told apart by the cpus' {@code
   * host_hash}).
   */
  public static Imported nccl(Path file, Costs costs) {
    String name = file.toString();
    String text = Inputs.readText(file, "an NCCL topology XML file");
    List<Gpu> gpus = new ArrayList<>();
    List<Net> nets = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Map<String, Integer> hosts = new LinkedHashMap<>();
    SafeXml.parse(
        text,
        new DefaultHandler() {
          private Locator at;
          private final List<String> open = new ArrayList<>();
          private final List<BigDecimal> pciBw =
              new ArrayList<>(); // per open element: the least bandwidth above it
          private String busId; // the innermost open pci's busid
          private final List<String> buses =
              new ArrayList<>(); // the busids of the pci elements around it
          private int host = -1;
          private int cpus = -1;
          private Gpu gpu;

          @Override
          public void setDocumentLocator(Locator l) {
            at = l;
          }

          private SafeXml.OwnProblem problem(String what) {
            return new SafeXml.OwnProblem(what, at);
          }

          @Override
          public void startElement(String uri, String local, String q, Attributes a)
              throws SafeXml.OwnProblem {
            String el = q.toLowerCase(Locale.ROOT);
            BigDecimal above = pciBw.isEmpty() ? null : pciBw.get(pciBw.size() - 1);
            if (open.isEmpty() && !el.equals("system")) {
              throw problem(
                  "the root element is <"
                      + q
                      + ">, but an NCCL topology file (NCCL_TOPO_DUMP_FILE) starts with "
                      + "<system>; give the file NCCL wrote");
            }
            switch (el) {
              case "cpu" -> {
                String hash = a.getValue("host_hash");
                host = hosts.computeIfAbsent(hash == null ? "" : hash, k -> hosts.size());
                cpus++;
              }
              case "pci" -> {
                buses.add(busId);
                busId = a.getValue("busid");
                BigDecimal bw = pcieBandwidth(a.getValue("link_speed"), a.getValue("link_width"));
                above = above == null ? bw : bw == null ? above : above.min(bw);
              }
              case "gpu" -> {
                if (busId == null) {
                  throw problem(
                      "a <gpu> outside a <pci busid=\"...\">: NCCL names a GPU by the bus id of the <pci> "
                          + "around it; put the <gpu> inside its <pci>");
                }
                if (host < 0) {
                  host = hosts.computeIfAbsent("", k -> hosts.size());
                }
                gpu = new Gpu();
                gpu.busId = busId.toLowerCase(Locale.ROOT);
                gpu.host = host;
                gpu.cpu = cpus;
                gpu.dev = integer(a, "dev", gpus.size(), q);
                gpu.sm = integer(a, "sm", 70, q);
                gpu.rank = a.getValue("rank") == null ? null : integer(a, "rank", 0, q);
                gpu.pcie = above;
                gpu.line = at == null ? 0 : at.getLineNumber();
                gpus.add(gpu);
              }
              case "nvlink" -> {
                if (gpu == null) {
                  throw problem(
                      "an <nvlink> outside a <gpu>; NCCL writes a GPU's NVLinks inside its <gpu> element");
                }
                String target = a.getValue("target");
                if (target == null || target.isBlank()) {
                  throw problem(
                      "an <nvlink> without a target; write the bus id of the GPU or NVSwitch at its other "
                          + "end, e.g. target=\"0000:0b:00.0\"");
                }
                int count = integer(a, "count", 1, q);
                if (count < 1) {
                  throw problem(
                      "<nvlink count=\""
                          + count
                          + "\">: a count is at least 1; write the number of NVLinks");
                }
                String bw = a.getValue("bw");
                if (bw != null && !bw.trim().matches("[0-9]+(\\.[0-9]+)?")
                    || bw != null && new BigDecimal(bw.trim()).signum() == 0) {
                  throw problem(
                      "<nvlink bw=\""
                          + bw
                          + "\">: the bandwidth is a positive number of GB/s; write e.g. "
                          + "bw=\"44\"");
                }
                gpu.nvlinks.add(
                    new String[] {
                      target.trim().toLowerCase(Locale.ROOT),
                      Integer.toString(count),
                      a.getValue("tclass"),
                      bw == null ? null : bw.trim(),
                      Integer.toString(at == null ? 0 : at.getLineNumber())
                    });
              }
              case "net" -> {
                String speed = a.getValue("speed");
                if (speed == null
                    || !speed.trim().matches("[0-9]+(\\.[0-9]+)?")
                    || new BigDecimal(speed.trim()).signum() == 0) {
                  throw problem(
                      "<net"
                          + (a.getValue("name") == null
                              ? ""
                              : " name=\"" + a.getValue("name") + "\"")
                          + "> needs speed=\"...\" in Mbit/s, e.g. speed=\"100000\" for 100 Gb/s");
                }
                String lat = a.getValue("latency");
                BigDecimal latency =
                    lat != null && lat.trim().matches("[0-9]+(\\.[0-9]+)?")
                        ? new BigDecimal(lat.trim())
                        : null;
                nets.add(
                    new Net(
                        Math.max(host, 0),
                        new BigDecimal(speed.trim())
                            .divide(new BigDecimal(8000), 6, RoundingMode.HALF_UP),
                        latency != null && latency.signum() > 0 ? latency : null));
              }
              default -> {}
            }
            open.add(el);
            pciBw.add(above);
          }

          private int integer(Attributes a, String key, int otherwise, String element)
              throws SafeXml.OwnProblem {
            String v = a.getValue(key);
            if (v == null) {
              return otherwise;
            }
            try {
              return Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
              throw problem(
                  "<"
                      + element
                      + " "
                      + key
                      + "=\""
                      + v
                      + "\">: "
                      + key
                      + " is a whole number; write e.g. "
                      + key
                      + "=\"0\"");
            }
          }

          @Override
          public void endElement(String uri, String local, String q) {
            String el = open.remove(open.size() - 1);
            pciBw.remove(pciBw.size() - 1);
            if (el.equals("gpu")) {
              gpu = null;
            } else if (el.equals("pci")) {
              busId = buses.remove(buses.size() - 1); // the enclosing pci's again
            } else if (el.equals("cpu")) {
              host = -1;
            }
          }
        },
        name,
        "an NCCL topology XML file");
    if (gpus.isEmpty()) {
      throw new InstanceFormatException(
          name,
          "",
          "the file holds no <gpu>; an NCCL topology lists each GPU in a "
              + "<pci> element under a <cpu>");
    }
    // node order: by rank when every GPU has one, else as written
    List<Gpu> order = new ArrayList<>(gpus);
    if (gpus.stream().allMatch(g -> g.rank != null)) {
      order.sort(java.util.Comparator.comparingInt(g -> g.rank));
      for (int i = 0; i < order.size(); i++) {
        if (order.get(i).rank != i) {
          Gpu g = order.get(i);
          throw new InstanceFormatException(
              name,
              "line " + g.line,
              "the GPU ranks are not 0.."
                  + (gpus.size() - 1)
                  + " (rank "
                  + g.rank
                  + " here); give every GPU its own rank from 0, or leave the ranks out");
        }
      }
    }
    Map<String, Integer> byBus = new HashMap<>();
    for (int v = 0; v < order.size(); v++) {
      Gpu g = order.get(v);
      Integer before = byBus.put(g.host + "/" + g.busId, v);
      if (before != null) {
        throw new InstanceFormatException(
            name,
            "line " + g.line,
            "two GPUs have the bus id "
                + g.busId
                + " on one host; give each GPU its own <pci busid>");
      }
    }
    TreeMap<Long, Topology.Channel> links = new TreeMap<>(); // key u * n + v, u < v
    int n = order.size();
    Map<Integer, List<Integer>> switched =
        new TreeMap<>(); // host -> GPUs with NVLinks to an NVSwitch
    Map<Integer, Integer> switchCount = new HashMap<>();
    BigDecimal unit = costs.unitBytes();
    for (int v = 0; v < n; v++) {
      Gpu g = order.get(v);
      BigDecimal perLink = costs.nvlink() != null ? costs.nvlink() : nvlinkBandwidth(g.sm);
      for (String[] l : g.nvlinks) {
        Integer w = byBus.get(g.host + "/" + l[0]);
        int count = Integer.parseInt(l[1]);
        BigDecimal channelBw =
            l[3] != null && costs.nvlink() == null
                ? new BigDecimal(l[3]).divide(new BigDecimal(count), 6, RoundingMode.HALF_UP)
                : perLink;
        if (w == null) {
          if ("0x068000".equalsIgnoreCase(l[2] == null ? "" : l[2].trim())) {
            switched.computeIfAbsent(g.host, k -> new ArrayList<>()).add(v);
            switchCount.merge(v, count, Integer::sum);
            continue;
          }
          if (l[2] != null && l[2].trim().toLowerCase(Locale.ROOT).startsWith("0x03")) {
            throw new InstanceFormatException(
                name,
                "line " + l[4],
                "<nvlink target=\""
                    + l[0]
                    + "\"> names a GPU "
                    + "that is not in the file; give that GPU's <pci busid> and <gpu>, or fix the target");
          }
          notes.add(
              "line "
                  + l[4]
                  + ": the NVLink of GPU "
                  + v
                  + " to "
                  + l[0]
                  + " (not a GPU or NVSwitch) is left out");
          continue;
        }
        if (w == v) {
          throw new InstanceFormatException(
              name,
              "line " + l[4],
              "<nvlink target=\"" + l[0] + "\"> joins a GPU to " + "itself; fix the target");
        }
        long key = (long) Math.min(v, w) * n + Math.max(v, w);
        Topology.Channel c =
            new Topology.Channel(
                count, costs.nvlinkLatency(), tauOrFail(unit, channelBw, name, "line " + l[4]));
        Topology.Channel was = links.get(key);
        if (was != null && was.count() != count) {
          throw new InstanceFormatException(
              name,
              "line " + l[4],
              "GPUs "
                  + Math.min(v, w)
                  + " and "
                  + Math.max(v, w)
                  + " list "
                  + was.count()
                  + " and "
                  + count
                  + " NVLinks to each other; give both the same count");
        }
        links.put(key, c);
      }
    }
    for (List<Integer> on : switched.values()) { // an NVSwitch fabric: a crossbar between its GPUs
      for (int i = 0; i < on.size(); i++) {
        for (int j = i + 1; j < on.size(); j++) {
          int u = on.get(i);
          int w = on.get(j);
          int count = Math.min(switchCount.get(u), switchCount.get(w));
          BigDecimal bw =
              costs.nvlink() != null ? costs.nvlink() : nvlinkBandwidth(order.get(u).sm);
          links.putIfAbsent(
              (long) u * n + w,
              new Topology.Channel(count, costs.nvlinkLatency(), tauOrFail(unit, bw, name, "")));
        }
      }
      if (on.size() > 1) {
        notes.add(
            "the GPUs "
                + on
                + " reach each other through NVSwitch: read as a crossbar, a link of the smaller "
                + "NVLink count between every two of them");
      }
    }
    if (costs.pcieMesh()) {
      for (int u = 0; u < n; u++) {
        for (int w = u + 1; w < n; w++) {
          Gpu a = order.get(u);
          Gpu b = order.get(w);
          if (a.host != b.host || links.containsKey((long) u * n + w)) {
            continue;
          }
          BigDecimal bw =
              costs.pcie() != null ? costs.pcie() : min(a.pcie, b.pcie, new BigDecimal("12"));
          BigDecimal lat = costs.pcieLatency();
          if (a.cpu != b.cpu) {
            bw = bw.min(costs.sys());
            lat = lat.max(costs.sysLatency());
          }
          links.put((long) u * n + w, new Topology.Channel(1, lat, tauOrFail(unit, bw, name, "")));
        }
      }
    }
    // the network: host h's i-th NIC serves its GPU of local index i * gpus / nics; NIC i of two
    // hosts is one rail
    Map<Integer, List<Integer>> hostGpus = new TreeMap<>();
    for (int v = 0; v < n; v++) {
      hostGpus.computeIfAbsent(order.get(v).host, k -> new ArrayList<>()).add(v);
    }
    Map<Integer, List<Net>> hostNets = new TreeMap<>();
    for (Net x : nets) {
      hostNets.computeIfAbsent(x.host(), k -> new ArrayList<>()).add(x);
    }
    List<Integer> hostIds = new ArrayList<>(hostGpus.keySet());
    for (int i = 0; i < hostIds.size(); i++) {
      for (int j = i + 1; j < hostIds.size(); j++) {
        List<Net> ni = hostNets.getOrDefault(hostIds.get(i), List.of());
        List<Net> nj = hostNets.getOrDefault(hostIds.get(j), List.of());
        for (int r = 0; r < Math.min(ni.size(), nj.size()); r++) {
          List<Integer> gi = hostGpus.get(hostIds.get(i));
          List<Integer> gj = hostGpus.get(hostIds.get(j));
          int u = gi.get(r * gi.size() / ni.size());
          int w = gj.get(r * gj.size() / nj.size());
          BigDecimal bw =
              costs.net() != null ? costs.net() : ni.get(r).gbps().min(nj.get(r).gbps());
          BigDecimal lat =
              ni.get(r).latency() != null && nj.get(r).latency() != null
                  ? ni.get(r).latency().max(nj.get(r).latency())
                  : costs.netLatency();
          long key = (long) Math.min(u, w) * n + Math.max(u, w);
          links.merge(
              key,
              new Topology.Channel(1, lat, tauOrFail(unit, bw, name, "")),
              (x, y) -> new Topology.Channel(x.count() + 1, x.beta(), x.tau()));
        }
      }
    }
    if (hostIds.size() > 1 && nets.isEmpty()) {
      throw new InstanceFormatException(
          name,
          "",
          "the file has "
              + hostIds.size()
              + " hosts but no <net>, so no GPU "
              + "of one host can reach another; give each host's NICs as <nic><net speed=\"...\"/></nic>");
    }
    List<Topology.Pair> pairs = new ArrayList<>();
    List<Topology.Channel> channels = new ArrayList<>();
    for (Map.Entry<Long, Topology.Channel> e : links.entrySet()) {
      pairs.add(new Topology.Pair((int) (e.getKey() / n), (int) (e.getKey() % n)));
      channels.add(e.getValue());
    }
    List<String> labels = new ArrayList<>();
    for (Gpu g : order) {
      labels.add((hostIds.size() > 1 ? "h" + g.host + "-" : "") + "gpu" + g.dev);
    }
    if (new java.util.HashSet<>(labels).size() != labels.size()) {
      labels.clear(); // two GPUs with one dev number on a host: numbers only
    }
    BigDecimal nvBeta = costs.nvlinkLatency();
    BigDecimal nvTau =
        tauOrFail(
            unit,
            costs.nvlink() != null ? costs.nvlink() : nvlinkBandwidth(order.get(0).sm),
            name,
            "");
    return new Imported(
        new Topology.Explicit(n, pairs, true, channels), labels, nvBeta, nvTau, notes);
  }

  private static BigDecimal min(BigDecimal a, BigDecimal b, BigDecimal otherwise) {
    if (a == null && b == null) {
      return otherwise;
    }
    return a == null ? b : b == null ? a : a.min(b);
  }

  private static BigDecimal tauOrFail(BigDecimal unit, BigDecimal gbps, String file, String place) {
    BigDecimal t = tau(unit, gbps);
    if (t == null) {
      throw new InstanceFormatException(
          file,
          place,
          "a unit of "
              + plain(unit)
              + " bytes crosses a link of "
              + plain(gbps)
              + " GB/s in less than half a nanosecond, so its tau rounds to 0; raise --unit-bytes");
    }
    return t;
  }

  // ---------------------------------------------------------------- msccl-tools

  /**
   * Reads an msccl-tools topology saved as JSON ({@code {"msccl_type": "topology", "name", "links",
   * "switches"}}, msccl/serialization.py, or just {@code {"links": [[...]]}}): {@code
   * links[dst][src]} parallel links from src to dst become an arc of that many channels at the
   * model's costs; a symmetric matrix becomes links.
   */
  public static Imported msccl(Path file) {
    String name = file.toString();
    JsonNode doc =
        Json.parse(
            Inputs.readText(file, "an msccl-tools topology (JSON)"),
            name,
            "an msccl-tools topology");
    JsonNode links = doc.get("links");
    int[][] m =
        matrix(links, name, "/links", "the number of links from src to dst, at links[dst][src]");
    List<String> notes = new ArrayList<>();
    JsonNode sw = doc.get("switches");
    if (sw != null && sw.isArray() && !sw.isEmpty()) {
      notes.add(
          "the "
              + sw.size()
              + " switch constraints (shared bandwidth of several links) are left out: a link "
              + "of commsched has its own channels");
    }
    int n = m.length;
    boolean symmetric = true;
    for (int i = 0; i < n && symmetric; i++) {
      for (int j = 0; j < n; j++) {
        symmetric &= m[i][j] == m[j][i];
      }
    }
    List<Topology.Pair> pairs = new ArrayList<>();
    List<Topology.Channel> channels = new ArrayList<>();
    for (int src = 0; src < n; src++) {
      for (int dst = symmetric ? src + 1 : 0; dst < n; dst++) {
        if (m[dst][src] > 0) {
          pairs.add(new Topology.Pair(src, dst));
          channels.add(new Topology.Channel(m[dst][src], null, null));
        }
      }
    }
    return new Imported(
        new Topology.Explicit(n, pairs, symmetric, channels), List.of(), null, null, notes);
  }

  /**
   * The size of a square matrix given as a list of rows (the shape only; the entries are the
   * caller's), or the one-line refusal naming the row that breaks it.
   */
  private static int squareSize(
      JsonNode m, String file, String at, String meaning, String example) {
    if (m == null || !m.isArray() || m.isEmpty()) {
      throw new InstanceFormatException(
          file,
          at,
          "expected a square matrix (a list of rows) of " + meaning + "; write e.g. " + example);
    }
    int n = m.size();
    for (int i = 0; i < n; i++) {
      JsonNode row = m.get(i);
      if (!row.isArray() || row.size() != n) {
        throw new InstanceFormatException(
            file,
            at + "/" + i,
            "row "
                + i
                + " should list "
                + n
                + " numbers, one per "
                + "node; make the matrix square");
      }
    }
    return n;
  }

  /** A square matrix of whole numbers >= 0 with a zero diagonal, or the one-line refusal. */
  private static int[][] matrix(JsonNode m, String file, String at, String meaning) {
    int n = squareSize(m, file, at, meaning, "[[0, 2], [2, 0]]");
    int[][] out = new int[n][n];
    for (int i = 0; i < n; i++) {
      JsonNode row = m.get(i);
      for (int j = 0; j < n; j++) {
        JsonNode x = row.get(j);
        if (!x.canConvertToInt() || !x.isIntegralNumber() || x.intValue() < 0) {
          throw new InstanceFormatException(
              file,
              at + "/" + i + "/" + j,
              "expected a whole number >= 0 (" + meaning + "), found " + x + "; fix the entry");
        }
        if (i == j && x.intValue() != 0) {
          throw new InstanceFormatException(
              file,
              at + "/" + i + "/" + j,
              "a node has no link to itself; write 0 on " + "the diagonal");
        }
        out[i][j] = x.intValue();
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- TE-CCL

  /**
   * Reads a TE-CCL topology's matrices as JSON, {@code {"capacity": [[...]], "alpha": [[...]]}}
   * (the fields of its {@code Topology} class, teccl/topologies/topology.py): {@code capacity[i][j]
   * > 0} chunks per second from i to j gives an arc of one channel with {@code tau = 10^6 /
   * capacity} us per chunk, and {@code alpha[i][j]} seconds its {@code beta} (in us); {@code -1}
   * marks no link. A symmetric pair of matrices becomes links.
   */
  public static Imported teccl(Path file) {
    String name = file.toString();
    JsonNode doc =
        Json.parse(Inputs.readText(file, "a TE-CCL topology (JSON)"), name, "a TE-CCL topology");
    JsonNode cap = doc.get("capacity");
    JsonNode alpha = doc.get("alpha");
    BigDecimal[][] c = decimals(cap, name, "/capacity", false);
    BigDecimal[][] a = decimals(alpha, name, "/alpha", true);
    int n = c.length;
    if (a.length != n) {
      throw new InstanceFormatException(
          name,
          "/alpha",
          "alpha has " + a.length + " rows but capacity " + n + "; give one row per node in both");
    }
    boolean symmetric = true;
    for (int i = 0; i < n && symmetric; i++) {
      for (int j = 0; j < n; j++) {
        symmetric &= c[i][j].compareTo(c[j][i]) == 0 && a[i][j].compareTo(a[j][i]) == 0;
      }
    }
    List<Topology.Pair> pairs = new ArrayList<>();
    List<Topology.Channel> channels = new ArrayList<>();
    BigDecimal million = new BigDecimal(1_000_000);
    for (int i = 0; i < n; i++) {
      for (int j = symmetric ? i + 1 : 0; j < n; j++) {
        if (c[i][j].signum() <= 0) {
          continue;
        }
        if (a[i][j].signum() < 0) {
          throw new InstanceFormatException(
              name,
              "/alpha/" + i + "/" + j,
              "the link "
                  + i
                  + "->"
                  + j
                  + " has a "
                  + "capacity but alpha -1; give its latency in seconds");
        }
        BigDecimal tau = million.divide(c[i][j], 3, RoundingMode.HALF_UP);
        BigDecimal beta = a[i][j].multiply(million).setScale(3, RoundingMode.HALF_UP);
        if (tau.signum() == 0) {
          throw new InstanceFormatException(
              name,
              "/capacity/" + i + "/" + j,
              "a capacity of "
                  + plain(c[i][j])
                  + " chunks per second makes a chunk take less than half a nanosecond; use a larger chunk size");
        }
        pairs.add(new Topology.Pair(i, j));
        channels.add(new Topology.Channel(1, beta.stripTrailingZeros(), tau.stripTrailingZeros()));
      }
    }
    BigDecimal beta = channels.isEmpty() ? BigDecimal.ONE : channels.get(0).beta();
    BigDecimal tau = channels.isEmpty() ? BigDecimal.ONE : channels.get(0).tau();
    return new Imported(
        new Topology.Explicit(n, pairs, symmetric, channels),
        List.of(),
        beta,
        tau,
        List.of(
            "TE-CCL merges parallel links into one capacity: each link is one channel of that capacity"));
  }

  private static BigDecimal[][] decimals(JsonNode m, String file, String at, boolean minusOne) {
    int n = squareSize(m, file, at, "numbers", "[[0, 25], [25, 0]]");
    BigDecimal[][] out = new BigDecimal[n][n];
    for (int i = 0; i < n; i++) {
      JsonNode row = m.get(i);
      for (int j = 0; j < n; j++) {
        JsonNode x = row.get(j);
        if (!x.isNumber()
            || x.decimalValue().signum() < 0
                && !(minusOne && x.decimalValue().compareTo(BigDecimal.ONE.negate()) == 0)) {
          throw new InstanceFormatException(
              file,
              at + "/" + i + "/" + j,
              "expected a number >= 0"
                  + (minusOne ? " (or -1 for no link)" : "")
                  + ", found "
                  + x
                  + "; fix the entry");
        }
        out[i][j] = x.decimalValue();
      }
    }
    return out;
  }
}
