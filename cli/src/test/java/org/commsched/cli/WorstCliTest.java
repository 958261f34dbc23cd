package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code commsched worst} (issue 23, item 5): what it finds is a catalogue entry whose certificate
 * and schedules the checker accepts, never beyond a proven guarantee, as bad as a paper's tight
 * example where there is one, shrunk, reproducible under a cap on evaluations, and bad input is one
 * line with exit 2.
 */
class WorstCliTest {
  @TempDir Path tmp;

  /**
   * Runs worst with the given options and a cap on evaluations; returns the manifest's one entry.
   */
  private JsonNode worst(Path dir, String... what) throws Exception {
    List<String> args = new ArrayList<>(List.of("worst"));
    args.addAll(List.of(what));
    args.addAll(List.of("--time-limit", "600", "--run-limit", "20", "--out", dir.toString()));
    CliTest.Run r = run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    JsonNode manifest = CliTest.MAPPER.readTree(Files.readString(dir.resolve("manifest.json")));
    assertThat(manifest.size()).isEqualTo(1);
    return manifest.get(0);
  }

  /**
   * The paper's example: one message of n units sent m hops along a path under the linear cost
   * model. One packet (what packet-fdf sends, Tsai's thesis, Theorem 2) takes m (beta + n tau); the
   * best packetization takes S_*(n, m) = min over packet sizes k of (ceil(n/k) + m - 1) beta + ((m
   * - 1) k + n) tau (Peters, "Bounds for Communication Problems in Interconnection Networks under a
   * Linear Cost Model", Theorem 2.3.1). On trees of four nodes with one message of 1..6 units (beta
   * 3, tau 1) the worst ratio of the space is the largest of m (beta + n tau) / S_*(n, m) over m <=
   * 3, n <= 6, computed here from the formula; the search reaches it.
   */
  @Test
  void packetFdf_onOneMessageAlongAPath_reachesTheRatioOfPetersPipeliningTheorem()
      throws Exception {
    long beta = 3;
    long tau = 1;
    BigDecimal worstByPaper = BigDecimal.ZERO;
    for (long m = 1; m <= 3; m++) {
      for (long n = 1; n <= 6; n++) {
        long best = Long.MAX_VALUE;
        for (long k = 1; k <= n; k++) {
          best = Math.min(best, ((n + k - 1) / k + m - 1) * beta + ((m - 1) * k + n) * tau);
        }
        BigDecimal ratio =
            BigDecimal.valueOf(m * (beta + n * tau))
                .divide(BigDecimal.valueOf(best), 10, java.math.RoundingMode.HALF_UP);
        worstByPaper = worstByPaper.max(ratio);
      }
    }
    assertThat(worstByPaper)
        .isGreaterThan(BigDecimal.ONE); // the example is a real gap: 27/24 at m 3, n 6
    Path dir = tmp.resolve("fdf");
    JsonNode e =
        worst(
            dir,
            "--method",
            "packet-fdf",
            "--problem",
            "scatter",
            "--family",
            "tree-path",
            "--size",
            "4",
            "--messages",
            "1",
            "--lengths",
            "uniform:1..6",
            "--model",
            "saf:beta=3,tau=1,ports=one,duplex=full",
            "--seed",
            "5",
            "--evaluations",
            "150");
    BigDecimal found = ratio(e);
    assertThat(found).isLessThanOrEqualTo(worstByPaper.add(new BigDecimal("0.0000000001")));
    assertThat(found).isGreaterThanOrEqualTo(worstByPaper.multiply(new BigDecimal("0.97")));
    entryChecks(dir, e);
  }

  /**
   * Kierstead's guarantee (Bhatt et al., Theorem 4.5(b): real T <= 6C + Q - 4 < 7 T_opt, held by
   * {@link Method#guaranteedMakespan}) is never exceeded by the worst case found, and the entry is
   * sound.
   */
  @Test
  void kierstead_worstCaseFoundStaysWithinItsProvenGuarantee() throws Exception {
    Path dir = tmp.resolve("kierstead");
    JsonNode e =
        worst(
            dir,
            "--method",
            "kierstead",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "6",
            "--messages",
            "6",
            "--lengths",
            "uniform:1..4",
            "--seed",
            "3",
            "--evaluations",
            "120");
    withinGuarantee(dir, e, "kierstead");
    entryChecks(dir, e);
    assertThat(ratio(e))
        .isGreaterThan(BigDecimal.ONE); // a search that finds nothing bad proves nothing here
  }

  /**
   * Interval colouring on unit lengths: T <= C + Q - 1 <= 2 T_opt - 1 (Corollary 4.2) holds at the
   * worst found.
   */
  @Test
  void intervalColoring_worstCaseFoundStaysWithinItsProvenGuarantee() throws Exception {
    Path dir = tmp.resolve("ic");
    JsonNode e =
        worst(
            dir,
            "--method",
            "interval-coloring",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "7",
            "--messages",
            "7",
            "--lengths",
            "constant:1",
            "--seed",
            "1",
            "--evaluations",
            "80");
    withinGuarantee(dir, e, "interval-coloring");
    entryChecks(dir, e);
  }

  /** The shrunk instance is no larger than the one found and keeps at least its ratio. */
  @Test
  void shrinking_keepsTheRatioAndNeverGrowsTheInstance() throws Exception {
    Path dir = tmp.resolve("greedy");
    JsonNode e =
        worst(
            dir,
            "--method",
            "greedy",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "6",
            "--messages",
            "6",
            "--lengths",
            "uniform:1..4",
            "--seed",
            "2",
            "--evaluations",
            "60");
    Instance found = InstanceReader.read(dir.resolve("worst.found.json"));
    Instance shrunk = InstanceReader.read(dir.resolve("worst.json"));
    assertThat(WorstSearch.size(shrunk)).isLessThanOrEqualTo(WorstSearch.size(found));
    assertThat(exact(e.get("ratioExact").asString()))
        .isGreaterThanOrEqualTo(exact(e.get("foundRatio").asString()));
    entryChecks(dir, e);
  }

  /**
   * The same seed and cap on evaluations visit the same instances, so they write the same worst
   * instance.
   */
  @Test
  void sameSeedAndCap_writeTheSameWorstInstance() throws Exception {
    String[] what = {
      "--method",
      "first-fit",
      "--problem",
      "chatting",
      "--family",
      "ula",
      "--size",
      "5",
      "--messages",
      "5",
      "--lengths",
      "uniform:1..4",
      "--seed",
      "7",
      "--evaluations",
      "40"
    };
    worst(tmp.resolve("a"), what);
    worst(tmp.resolve("b"), what);
    assertThat(Files.readString(tmp.resolve("b").resolve("worst.json")))
        .isEqualTo(Files.readString(tmp.resolve("a").resolve("worst.json")));
  }

  /**
   * Without a cap the search ends at its time limit and still writes its worst instance (issue 23:
   * time kept).
   */
  @Test
  void timeLimit_endsTheSearchAndTheFilesAreWritten() throws Exception {
    Path dir = tmp.resolve("timed");
    long t0 = System.nanoTime();
    CliTest.Run r =
        run(
            "worst",
            "--method",
            "greedy",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "5",
            "--messages",
            "5",
            "--time-limit",
            "4",
            "--run-limit",
            "2",
            "--out",
            dir.toString());
    long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("time limit reached");
    assertThat(dir.resolve("worst.json")).isRegularFile();
    assertThat(seconds)
        .as("a 4 s search, with a generous margin for a loaded machine")
        .isLessThan(120);
  }

  @Test
  void badInput_isOneLineWithExitTwo() {
    String[][] cases = {
      {"--method", "no-such", "--problem", "chatting", "--family", "ula", "--size", "5"},
      {"--method", "kierstead", "--problem", "scatter", "--family", "tree", "--size", "5"},
      {
        "--method",
        "greedy",
        "--problem",
        "chatting",
        "--family",
        "ula",
        "--size",
        "5",
        "--lengths",
        "uniform:x"
      },
      {"--method", "greedy", "--problem", "chatting", "--family", "ula", "--size", "1"},
      {"--method", "greedy", "--problem", "chatting", "--family", "nowhere", "--size", "5"},
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("worst"));
      args.addAll(List.of(c));
      args.addAll(List.of("--out", tmp.resolve("bad").toString()));
      CliTest.Run r = run(args.toArray(String[]::new));
      assertThat(r.code()).as(String.join(" ", c) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).startsWith("commsched worst: ").doesNotContain("Exception");
    }
  }

  /**
   * The method's makespan at the worst instance is within the guarantee its theorem gives at the
   * optimum.
   */
  private static void withinGuarantee(Path dir, JsonNode e, String name) {
    Method m = MethodRegistry.standard().byName(name);
    Instance inst = InstanceReader.read(dir.resolve("worst.json"));
    long optimum = e.get("optimum").asLong();
    Long promised = m.guaranteedMakespan(inst, optimum);
    assertThat(promised).as("the method states a bound here").isNotNull();
    assertThat(e.get("methodMakespan").asLong()).isLessThanOrEqualTo(promised);
  }

  /**
   * The entry is a catalogue row with its certificate: check accepts the optimal schedule at the
   * optimum and the method's schedule at its makespan, the ratio is their quotient, and the drawing
   * is an SVG.
   */
  private static void entryChecks(Path dir, JsonNode e) throws Exception {
    String inst = dir.resolve(e.get("file").asString()).toString();
    CliTest.Run opt =
        run("check", inst, dir.resolve(e.get("schedule").asString()).toString(), "--json");
    assertThat(opt.code()).as(opt.err()).isZero();
    assertThat(opt.json().get("makespan").asLong()).isEqualTo(e.get("optimum").asLong());
    CliTest.Run mine =
        run("check", inst, dir.resolve(e.get("methodSchedule").asString()).toString(), "--json");
    assertThat(mine.code()).as(mine.err()).isZero();
    assertThat(mine.json().get("makespan").asLong()).isEqualTo(e.get("methodMakespan").asLong());
    assertThat(exact(e.get("ratioExact").asString()))
        .isEqualTo(
            BigInteger.valueOf(e.get("methodMakespan").asLong()).doubleValue()
                / e.get("optimum").asLong());
    String kind = e.get("certificate").get("kind").asString();
    assertThat(kind).isIn("lower-bound", "exact");
    assertThat(e.get("strictCertifies").asBoolean()).isEqualTo(kind.equals("lower-bound"));
    assertThat(Files.readString(dir.resolve(e.get("methodDrawing").asString()))).contains("<svg");
  }

  private static BigDecimal ratio(JsonNode e) {
    return BigDecimal.valueOf(e.get("methodMakespan").asLong())
        .divide(BigDecimal.valueOf(e.get("optimum").asLong()), 10, java.math.RoundingMode.HALF_UP);
  }

  private static double exact(String q) {
    String[] p = q.split("/");
    return p.length == 1
        ? Double.parseDouble(p[0])
        : Double.parseDouble(p[0]) / Double.parseDouble(p[1]);
  }
}
