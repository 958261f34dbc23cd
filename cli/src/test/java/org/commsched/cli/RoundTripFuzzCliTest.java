package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.commsched.core.testing.Deep;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Round trip in one JVM over {@link #INSTANCES} fuzzed instances (docs/TESTS.md#round-trip-fuzz):
 * every catalogue instance of each problem kind (chatting, scatter, gather, dsa JSON and CSV, send,
 * broadcast, gossip; bufferless and packet models) is mutated by our own seeded generator (ids:
 * unicode, long, odd characters, numeric-looking; lengths; names; forgotten routes; message order;
 * sometimes an unknown field, which the strict reader must refuse). For each, {@code solve --method
 * M --out OUT} with the fastest heuristic that applies; when it accepts, {@code check} says valid,
 * the file's POSIX mode is what the umask gives (not 0600) and no {@code .tmp} file is left; when
 * it refuses, exit 2 with one line and no stack trace.
 */
class RoundTripFuzzCliTest {
  /**
   * Five per {@code commsched.cases}: 1000 at the default 200, fewer with a smaller count. The
   * everyday command runs the first {@link #catalogue()}{@code .size()} of them (each catalogue
   * file fuzzed once, so every kind is in), {@code -Pdeep} the rest too: together the same
   * instances, from the same seed, as one run of all of them.
   */
  static final int INSTANCES = Seeds.cases() * 5;

  static final String[] ODD = {
    "M", "0", "007", "1e3", "-1", "0x1F", "42", "é", "Ω", "日本", "🚀", "a b", "a,b", "a\"b", "a\\b",
    "a/b", "a:b", "{x}", "NaN", "null", "true", "\t", "#", "=", "'", "<b>", "%s", "ｍ", "a\nb", "\r"
  };

  @TempDir Path tmp;

  @Test
  void everyCatalogueFileFuzzedOnce_solvesAndPassesCheck_withTheUmaskMode_andNoTmpLeft()
      throws IOException {
    roundTrip(0, catalogue().size());
  }

  /**
   * The instances after the everyday part, up to {@link #INSTANCES} (at least one more round of the
   * catalogue when the case count is small).
   */
  @Deep
  @Test
  void theOtherFuzzedInstances_solveAndPassCheck_withTheUmaskMode_andNoTmpLeft()
      throws IOException {
    int from = catalogue().size();
    roundTrip(from, Math.max(INSTANCES, 2 * from));
  }

  /** The catalogue's instance files (JSON and CSV, not the manifest), sorted by name. */
  static List<Path> catalogue() throws IOException {
    try (Stream<Path> s = Files.list(CliTest.CATALOGUE)) {
      return s.filter(
              p ->
                  p.toString().endsWith(".csv")
                      || p.toString().endsWith(".json")
                          && !p.getFileName().toString().equals("manifest.json"))
          .sorted()
          .toList();
    }
  }

  /**
   * Round-trips instances {@code from} (inclusive) to {@code to} (exclusive) of the one seeded
   * sequence: the mutations of the instances before {@code from} are drawn and dropped, so that
   * instance i is the same whichever part runs it.
   */
  private void roundTrip(int from, int to) throws IOException {
    long cpu0 = processCpuNanos();
    List<Path> bases = catalogue();
    assertThat(bases).hasSizeGreaterThan(40);
    Set<PosixFilePermission> umaskMode = umaskMode();
    Map<String, int[]> counts = new TreeMap<>();
    SplittableRandom rnd = new SplittableRandom(Seeds.seed(13));
    for (int i = 0; i < to; i++) {
      Path base = bases.get(i % bases.size());
      if (i < from) { // the same draws as when this instance runs, nothing solved
        if (base.toString().endsWith(".csv")) {
          mutateCsv(Files.readString(base), rnd);
        } else {
          mutateJson((ObjectNode) CliTest.MAPPER.readTree(Files.readString(base)), rnd);
        }
        continue;
      }
      Path dir = Files.createDirectory(tmp.resolve("c" + i));
      boolean csv = base.toString().endsWith(".csv");
      String kind;
      String method;
      Path file;
      if (csv) {
        kind = "dsa-csv";
        method = "first-fit";
        file = dir.resolve("in.csv");
        Files.writeString(file, mutateCsv(Files.readString(base), rnd));
      } else {
        ObjectNode doc = (ObjectNode) CliTest.MAPPER.readTree(Files.readString(base));
        String problem = doc.get("problem").stringValue();
        boolean saf = "store-and-forward".equals(doc.get("model").get("kind").stringValue());
        kind = problem + (saf ? "/packet" : "/bufferless");
        method = saf ? "greedy-saf" : problem.equals("dsa") ? "first-fit" : "greedy";
        mutateJson(doc, rnd);
        file = dir.resolve("in.json");
        Files.writeString(file, CliTest.MAPPER.writeValueAsString(doc));
      }
      Path out = dir.resolve("out.schedule.json");
      CliTest.Run s =
          CliTest.run(
              "solve", file.toString(), "--method", method, "--out", out.toString(), "--quiet");
      String what =
          "case "
              + i
              + " from "
              + base.getFileName()
              + " ("
              + method
              + "): "
              + Files.readString(file);
      int[] c = counts.computeIfAbsent(kind, k -> new int[2]);
      if (s.code() == 0) {
        c[0]++;
        CliTest.Run chk = CliTest.run("check", file.toString(), out.toString(), "--json");
        assertThat(chk.code()).as(what + "\n" + chk.out() + chk.err()).isZero();
        assertThat(chk.json().get("valid").asBoolean()).as(what).isTrue();
        if (umaskMode != null) {
          assertThat(Files.getPosixFilePermissions(out)).as(what).isEqualTo(umaskMode);
        }
        try (Stream<Path> left = Files.list(dir)) {
          assertThat(left.map(p -> p.getFileName().toString()))
              .as(what)
              .noneMatch(n -> n.contains(".tmp"));
        }
      } else {
        c[1]++;
        if (Boolean.getBoolean("commsched.fuzz.verbose")) {
          System.out.println("[refused] " + kind + " " + s.err().strip());
        }
        assertThat(s.code()).as(what + "\n" + s.err()).isEqualTo(2);
        String err = s.err().strip();
        assertThat(err)
            .as(what)
            .isNotEmpty()
            .doesNotContain("\n")
            .doesNotContain("Exception")
            .doesNotContain("\tat ");
        assertThat(Files.exists(out)).as(what).isFalse();
      }
    }
    int accepted = counts.values().stream().mapToInt(c -> c[0]).sum();
    StringBuilder sb =
        new StringBuilder(
            "[fuzz round trip] "
                + (to - from)
                + " instances ("
                + from
                + " to "
                + (to - 1)
                + "): "
                + accepted
                + " accepted, "
                + (to - from - accepted)
                + " refused;");
    counts.forEach(
        (k, c) -> sb.append(' ').append(k).append(' ').append(c[0]).append('/').append(c[1]));
    sb.append("; process CPU ")
        .append((processCpuNanos() - cpu0) / 1_000_000)
        .append(" ms (not asserted)");
    System.out.println(sb);
    // the mutations keep most instances well formed: a round trip that refuses nearly everything
    // proves nothing
    assertThat(accepted).isGreaterThan((to - from) / 2);
    assertThat(counts.keySet())
        .contains(
            "chatting/bufferless",
            "scatter/bufferless",
            "gather/bufferless",
            "scatter/packet",
            "gather/packet",
            "dsa/bufferless",
            "dsa-csv",
            "send/packet",
            "broadcast/packet",
            "gossip/packet");
  }

  private static long processCpuNanos() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : 0;
  }

  /** The mode a fresh file gets here (0666 less the umask), or null on a non-POSIX file system. */
  private Set<PosixFilePermission> umaskMode() throws IOException {
    if (Files.getFileAttributeView(tmp, PosixFileAttributeView.class) == null) {
      return null;
    }
    Path probe = Files.createFile(tmp.resolve("umask-probe"));
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(probe);
    Files.delete(probe);
    return mode;
  }

  static String oddId(SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder();
    int parts = 1 + rnd.nextInt(3);
    for (int i = 0; i < parts; i++) {
      sb.append(ODD[rnd.nextInt(ODD.length)]);
    }
    if (rnd.nextInt(10) == 0) {
      sb.append("x".repeat(200 + rnd.nextInt(300)));
    }
    return sb.toString();
  }

  static void mutateJson(ObjectNode doc, SplittableRandom rnd) {
    if (rnd.nextBoolean()) {
      doc.put("name", oddId(rnd));
    }
    if (rnd.nextInt(3) == 0) {
      doc.remove("description");
    }
    if (doc.has("length") && rnd.nextBoolean()) {
      doc.put("length", 1 + rnd.nextInt(40));
    }
    if (doc.get("messages") instanceof ArrayNode msgs) {
      Set<String> used = new HashSet<>();
      List<JsonNode> order = new ArrayList<>();
      msgs.forEach(order::add);
      boolean renumber = rnd.nextBoolean();
      int n = 0;
      for (JsonNode m0 : order) {
        ObjectNode m = (ObjectNode) m0;
        if (rnd.nextBoolean()) {
          String id = renumber ? Integer.toString(order.size() - n) : oddId(rnd);
          while (!used.add(id)) {
            id = id + "'";
          }
          m.put("id", id);
        } else if (!used.add(m.get("id").stringValue())) {
          m.put("id", m.get("id").stringValue() + "~" + n);
          used.add(m.get("id").stringValue());
        }
        if (m.has("length") && rnd.nextInt(3) == 0) {
          m.put("length", rnd.nextInt(7));
        }
        if (m.has("route") && rnd.nextInt(3) == 0) {
          m.remove("route");
        }
        n++;
      }
      if (rnd.nextBoolean()) {
        for (int i = order.size() - 1; i > 0; i--) {
          int j = rnd.nextInt(i + 1);
          JsonNode t = order.get(i);
          order.set(i, order.get(j));
          order.set(j, t);
        }
        msgs.removeAll();
        order.forEach(msgs::add);
      }
    }
    if (rnd.nextInt(10) == 0) {
      // the reader is strict (docs/FORMATS.md): an unknown field must be refused in one line
      doc.put(oddId(rnd), "extra");
    }
  }

  static String mutateCsv(String text, SplittableRandom rnd) {
    String[] lines = text.split("\n");
    StringBuilder sb = new StringBuilder(lines[0]).append('\n');
    Set<String> used = new HashSet<>();
    for (int i = 1; i < lines.length; i++) {
      String[] f = lines[i].split(",", -1);
      if (f.length < 4) {
        sb.append(lines[i]).append('\n');
        continue;
      }
      if (rnd.nextBoolean()) {
        String id =
            rnd.nextBoolean() ? Integer.toString(1000 - i) : oddId(rnd).replaceAll("[,\"\\s]", "_");
        while (!used.add(id)) {
          id = id + "_";
        }
        f[0] = id;
      } else {
        used.add(f[0]);
      }
      if (rnd.nextInt(3) == 0) {
        f[3] = Integer.toString(1 + rnd.nextInt(6));
      }
      sb.append(String.join(",", f)).append('\n');
    }
    return sb.toString();
  }
}
