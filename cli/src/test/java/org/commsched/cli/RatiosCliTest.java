package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xml.sax.InputSource;

/**
 * {@code commsched ratios} (docs/models/README.md#ratios): every row checked, ratios as exact
 * quotients, the journal resumable after an interruption, and shards that merge into the files of
 * one run (seconds aside).
 */
class RatiosCliTest {
  /**
   * A small sweep: two sizes, three seeds, two heuristics and one exact method (so optima are
   * proven).
   */
  static final String SWEEP =
      "problem=chatting family=ula sizes=4,5 messages=n lengths=uniform:1..3 seeds=1..3";

  static final String METHODS = "greedy,kierstead,choco";
  static final int SECONDS = RatioReport.COLUMNS.indexOf("seconds");
  static final int RUN_SECONDS = RatioReport.COLUMNS.indexOf("runSeconds");

  @TempDir Path tmp;

  private CliTest.Run sweep(Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "ratios",
                "--generate",
                SWEEP,
                "--methods",
                METHODS,
                "--time-limit",
                "20",
                "--out",
                out.toString()));
    if (!List.of(more).contains("--jobs")) {
      args.addAll(List.of("--jobs", "2"));
    }
    args.addAll(List.of(more));
    CliTest.Run r = run(args.toArray(String[]::new));
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    return r;
  }

  /** The CSV rows without the seconds columns (the only figures that differ between runs). */
  private static List<String> withoutSeconds(Path csv) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(csv)) {
      List<String> cells = new ArrayList<>(List.of(line.split(",", -1)));
      cells.remove(RUN_SECONDS); // the later column first, so that the index of the other stays
      cells.remove(SECONDS);
      out.add(String.join(",", cells));
    }
    return out;
  }

  private static List<Map<String, String>> rows(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    List<String> head = List.of(lines.get(0).split(",", -1));
    List<Map<String, String>> out = new ArrayList<>();
    for (String l : lines.subList(1, lines.size())) {
      List<String> c = cells(l);
      Map<String, String> m = new HashMap<>();
      for (int i = 0; i < head.size(); i++) {
        m.put(head.get(i), c.get(i));
      }
      out.add(m);
    }
    return out;
  }

  /** The cells of one CSV line (RFC 4180 quoting; no line breaks inside a cell in these files). */
  private static List<String> cells(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        cell.append('"');
        i++;
      } else if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        out.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(ch);
      }
    }
    out.add(cell.toString());
    return out;
  }

  @Test
  void sweep_writesCheckedRowsWithRatiosThatAreTheQuotients() throws Exception {
    Path out = tmp.resolve("one");
    CliTest.Run r = sweep(out);
    for (String f :
        List.of(
            "results.csv",
            "results.jsonl",
            "summary.csv",
            "report.html",
            "ratio-lb-chatting-ula.svg",
            "ratio-opt-chatting-ula.svg")) {
      assertThat(out.resolve(f)).isRegularFile();
    }
    List<Map<String, String>> rows = rows(out.resolve("results.csv"));
    assertThat(rows).hasSize(6 * 3); // 6 instances, 3 methods (all apply to chatting on a ula)
    assertThat(Files.readAllLines(out.resolve("results.jsonl"))).hasSize(18);
    Map<String, BigDecimal> optimum = new HashMap<>();
    for (Map<String, String> row : rows) {
      assertThat(row.get("valid")).as(row.toString()).isEqualTo("true");
      BigDecimal makespan = new BigDecimal(row.get("makespan"));
      BigDecimal lb = new BigDecimal(row.get("lowerBound"));
      assertThat(lb).isLessThanOrEqualTo(makespan);
      assertThat(new BigDecimal(row.get("ratioToLowerBound")))
          .isEqualByComparingTo(makespan.divide(lb, 4, RoundingMode.HALF_UP));
      if (row.get("method").equals("choco")) {
        assertThat(row.get("status"))
            .isEqualTo("OPTIMAL"); // 4 or 5 messages: choco proves them at once
        optimum.put(row.get("instance"), makespan);
      }
    }
    for (Map<String, String> row : rows) {
      BigDecimal opt = optimum.get(row.get("instance"));
      assertThat(new BigDecimal(row.get("optimum"))).isEqualByComparingTo(opt);
      assertThat(new BigDecimal(row.get("makespan"))).isGreaterThanOrEqualTo(opt);
      assertThat(new BigDecimal(row.get("ratioToOptimum")))
          .isEqualByComparingTo(
              new BigDecimal(row.get("makespan")).divide(opt, 4, RoundingMode.HALF_UP));
    }
    // the summary's max ratio of greedy is the largest of its rows
    BigDecimal maxGreedy =
        rows.stream()
            .filter(x -> x.get("method").equals("greedy"))
            .map(x -> new BigDecimal(x.get("ratioToOptimum")))
            .max(BigDecimal::compareTo)
            .orElseThrow();
    Map<String, String> greedy =
        rows(out.resolve("summary.csv")).stream()
            .filter(x -> x.get("method").equals("greedy"))
            .findFirst()
            .orElseThrow();
    assertThat(new BigDecimal(greedy.get("maxRatioToOptimum"))).isEqualByComparingTo(maxGreedy);
    assertThat(greedy.get("runs")).isEqualTo("6");
    assertThat(r.out()).contains("kierstead");
    // the charts are well-formed XML; the report needs no network
    for (String svg : List.of("ratio-lb-chatting-ula.svg", "ratio-opt-chatting-ula.svg")) {
      DocumentBuilderFactory.newInstance()
          .newDocumentBuilder()
          .parse(new InputSource(new StringReader(Files.readString(out.resolve(svg)))));
    }
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html)
        .contains("<svg")
        .contains("<table")
        .doesNotContain("<script")
        .doesNotContain("src=\"http")
        .doesNotContain("href=\"http");
    ReportHtmlCheck.check(out.resolve("report.html"));
    // the ratio distributions per size: one box per method and size, whose tooltip holds the exact
    // quartiles of its
    // rows (recomputed here from results.csv over the instances of that size where all three
    // methods have the ratio)
    String box = Files.readString(out.resolve("box-best-chatting-ula.svg"));
    DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(box)));
    for (String m : List.of("greedy", "kierstead", "choco")) {
      for (String size : List.of("4", "5")) {
        List<BigDecimal> v =
            rows.stream()
                .filter(x -> x.get("method").equals(m) && x.get("size").equals(size))
                .map(x -> exact(x.get("ratioToBestKnownExact")))
                .sorted()
                .toList();
        assertThat(v).hasSize(3);
        // type 7 quartiles of three values: the first halfway between the first two, the median the
        // middle one, the
        // third halfway between the last two
        BigDecimal two = BigDecimal.valueOf(2);
        assertThat(box)
            .contains(
                m
                    + " size "
                    + size
                    + ": min "
                    + four(v.get(0))
                    + ", quartiles "
                    + four(v.get(0).add(v.get(1)).divide(two))
                    + ", "
                    + four(v.get(1))
                    + ", "
                    + four(v.get(1).add(v.get(2)).divide(two))
                    + ", max "
                    + four(v.get(2))
                    + " (n=3)");
      }
    }
  }

  /** An exact ratio p/q (or p) of results.csv, to 30 digits. */
  private static BigDecimal exact(String pq) {
    String[] q = pq.split("/");
    return q.length == 1
        ? new BigDecimal(q[0])
        : new BigDecimal(q[0]).divide(new BigDecimal(q[1]), new java.math.MathContext(30));
  }

  /** Four decimals half up, trailing zeros dropped (the charts' figures). */
  private static String four(BigDecimal v) {
    return v.setScale(4, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
  }

  /**
   * Issue 23 item 6: a study written as a file runs the sweep, methods, limit and jobs it names;
   * run again into another directory it gives the same rows (timings aside), and each report
   * records how it was made (version, commit, the command, the machine and the date) in
   * provenance.json and at the top of report.html.
   */
  @Test
  void aStudyFileRunTwice_givesTheSameRows_andTheReportRecordsHowItWasMade() throws Exception {
    Path study = tmp.resolve("study.json");
    Files.writeString(
        study,
        "{\"description\": \"chatting on a ula, small\", \"sweep\": {\"problem\": "
            + "\"chatting\", \"family\": \"ula\", \"sizes\": [4, 5], \"messages\": \"n\", \"lengths\": "
            + "\"uniform:1..3\", \"seeds\": \"1..3\"}, \"methods\": [\"greedy\", \"kierstead\", \"choco\"], "
            + "\"timeLimit\": 20, \"jobs\": 2}");
    java.time.Instant before =
        java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    List<List<String>> runs = new ArrayList<>();
    for (String name : List.of("first", "second")) {
      Path out = tmp.resolve(name);
      CliTest.Run r =
          run("ratios", "--study", study.toString(), "--out", out.toString(), "--quiet");
      assertThat(r.code()).as(r.err()).isZero();
      runs.add(withoutSeconds(out.resolve("results.csv")));
      // the study's sweep and methods, nothing else: 6 instances, 3 methods
      List<Map<String, String>> rows = rows(out.resolve("results.csv"));
      assertThat(rows).hasSize(18);
      assertThat(rows.stream().map(x -> x.get("method")).distinct().sorted())
          .containsExactly("choco", "greedy", "kierstead");
      assertThat(rows.stream().map(x -> x.get("seed")).distinct().sorted())
          .containsExactly("1", "2", "3");
      tools.jackson.databind.JsonNode p =
          RatioRow.LINES.readTree(Files.readString(out.resolve("provenance.json")));
      assertThat(p.get("command").asString())
          .isEqualTo("commsched ratios --study " + study + " --out " + out + " --quiet");
      assertThat(p.get("version").asString()).startsWith("commsched ");
      assertThat(p.get("commit").asString()).isNotBlank();
      assertThat(p.get("cores").asString())
          .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
      assertThat(p.get("memory").asString()).endsWith(" MiB");
      assertThat(p.get("maxHeap").asString())
          .isEqualTo((Runtime.getRuntime().maxMemory() >> 20) + " MiB");
      assertThat(p.get("jvm").asString()).contains(System.getProperty("java.runtime.version"));
      java.time.Instant date = java.time.Instant.parse(p.get("date").asString());
      assertThat(date).isBetween(before, java.time.Instant.now());
      org.w3c.dom.Document report = ReportHtmlCheck.check(out.resolve("report.html"));
      String text = report.getDocumentElement().getTextContent();
      for (String key : List.of("version", "commit", "command", "cores", "memory", "jvm", "date")) {
        assertThat(text).contains(key + p.get(key).asString());
      }
    }
    assertThat(runs.get(0)).hasSize(1 + 18);
    assertThat(runs.get(1)).isEqualTo(runs.get(0));
  }

  /**
   * A study file takes the place of the options that say what to run: giving both is bad input, one
   * line.
   */
  @Test
  void aStudyWithTheOptionsItReplaces_orWithAMistake_exits2WithOneLine() throws IOException {
    Path study = tmp.resolve("s.json");
    Files.writeString(
        study, "{\"sweep\": \"" + SWEEP + "\", \"methods\": [\"greedy\", \"nosuch\"]}");
    Path out = tmp.resolve("o");
    for (String[] args :
        List.of(
            new String[] {"--methods", "greedy"},
            new String[] {"--time-limit", "3"},
            new String[] {"--jobs", "1"},
            new String[] {"--generate", SWEEP})) {
      List<String> a =
          new ArrayList<>(List.of("ratios", "--study", study.toString(), "--out", out.toString()));
      a.addAll(List.of(args));
      CliTest.Run r = run(a.toArray(String[]::new));
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip())
          .doesNotContain("\n")
          .contains(args[0])
          .contains("; put " + args[0]);
    }
    CliTest.Run r = run("ratios", "--study", study.toString(), "--out", out.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .isEqualTo(
            "commsched ratios: "
                + study
                + " at /methods: unknown method 'nosuch'; give one that commsched methods lists");
    Files.writeString(study, "{\"sweep\": \"problem=chatting family=nosuch sizes=4 seeds=1\"}");
    r = run("ratios", "--study", study.toString(), "--out", out.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip())
        .doesNotContain("\n")
        .startsWith("commsched ratios: " + study + " at /sweep: family");
  }

  /**
   * Issue 21: runs on a thread pool share nothing mutable (each is a {@code SolveRun} with its own
   * bounds, incumbent, progress and stop token), so two jobs at once write the rows that one job
   * writes, timings aside.
   */
  @Test
  void twoJobsAtOnce_writeTheRowsOfOneJob() throws IOException {
    Path one = tmp.resolve("jobs1");
    Path two = tmp.resolve("jobs2");
    sweep(one, "--jobs", "1");
    sweep(two, "--jobs", "2");
    List<String> rows = withoutSeconds(one.resolve("results.csv"));
    assertThat(rows).hasSize(1 + 18);
    assertThat(withoutSeconds(two.resolve("results.csv"))).isEqualTo(rows);
  }

  @Test
  void twoShardsMerged_equalOneRun() throws IOException {
    Path one = tmp.resolve("one");
    Path s1 = tmp.resolve("s1");
    Path s2 = tmp.resolve("s2");
    Path merged = tmp.resolve("merged");
    sweep(one);
    sweep(s1, "--shard", "1/2");
    sweep(s2, "--shard", "2/2");
    int a = rows(s1.resolve("results.csv")).size();
    int b = rows(s2.resolve("results.csv")).size();
    assertThat(a).isPositive();
    assertThat(b).isPositive();
    assertThat(a + b).isEqualTo(18);
    CliTest.Run m =
        run("ratios", "--merge", s1.toString(), s2.toString(), "--out", merged.toString());
    assertThat(m.code()).as(m.err()).isZero();
    assertThat(withoutSeconds(merged.resolve("results.csv")))
        .isEqualTo(withoutSeconds(one.resolve("results.csv")));
    assertThat(Files.readString(merged.resolve("summary.csv")))
        .isEqualTo(Files.readString(one.resolve("summary.csv")));
    assertThat(Files.readString(merged.resolve("ratio-lb-chatting-ula.svg")))
        .isEqualTo(Files.readString(one.resolve("ratio-lb-chatting-ula.svg")));
  }

  /**
   * An interrupted sweep leaves its finished rows and possibly half a line; the rerun keeps those
   * rows (their seconds unchanged, so they were not run again), runs only the rest, and ends with
   * the files of a whole run.
   */
  @Test
  void interruptedSweep_resumesWithoutRedoingFinishedRows() throws IOException {
    Path one = tmp.resolve("one");
    sweep(one);
    Path cut = tmp.resolve("cut");
    Files.createDirectories(cut);
    List<String> lines = Files.readAllLines(one.resolve("results.jsonl"));
    String kept = String.join("\n", lines.subList(0, 5)) + "\n" + lines.get(5).substring(0, 40);
    Files.writeString(cut.resolve("results.jsonl"), kept);
    CliTest.Run r = sweep(cut);
    assertThat(r.err()).contains("5 rows already in").contains("13 to run");
    assertThat(withoutSeconds(cut.resolve("results.csv")))
        .isEqualTo(withoutSeconds(one.resolve("results.csv")));
    List<String> again = Files.readAllLines(cut.resolve("results.jsonl"));
    assertThat(again).hasSize(18);
    for (String line : lines.subList(0, 5)) {
      RatioRow before = RatioRow.parse(line);
      RatioRow after =
          again.stream()
              .map(RatioRow::parse)
              .filter(x -> x.key().equals(before.key()))
              .findFirst()
              .orElseThrow();
      assertThat(after.seconds()).isEqualTo(before.seconds());
    }
    CliTest.Run third = sweep(cut);
    assertThat(third.err()).contains("18 rows already in").contains("0 to run");
  }

  /**
   * Means are exact: 20001/20000 is 1.00005, which rounds half up to 1.0001 (a double would say
   * 1.0000).
   */
  @Test
  void ratiosAreExactRationals() {
    RatioReport.Ratio r = RatioReport.Ratio.of(new BigDecimal("20001"), new BigDecimal("20000"));
    assertThat(r.decimal()).isEqualTo("1.0001");
    assertThat(RatioReport.mean(List.of(r, r)).decimal()).isEqualTo("1.0001");
    RatioReport.Ratio a = RatioReport.Ratio.of(new BigDecimal("7"), new BigDecimal("6"));
    RatioReport.Ratio b = RatioReport.Ratio.of(new BigDecimal("2.8"), new BigDecimal("2.1")); // 4/3
    assertThat(b).isEqualTo(new RatioReport.Ratio(BigInteger.valueOf(4), BigInteger.valueOf(3)));
    assertThat(RatioReport.mean(List.of(a, b)).decimal())
        .isEqualTo("1.25"); // (7/6 + 8/6) / 2 = 5/4
  }

  @Test
  void badOptions_exit2WithOneLine() {
    Path out = tmp.resolve("bad");
    for (String[] args :
        List.of(
            new String[] {"ratios", "--generate", SWEEP, "--shard", "3/2", "--out", out.toString()},
            new String[] {
              "ratios", "--generate", SWEEP, "--methods", "nope", "--out", out.toString()
            },
            new String[] {
              "ratios",
              "--generate",
              "problem=chatting family=moon sizes=4",
              "--out",
              out.toString()
            },
            new String[] {"ratios", "--out", out.toString()},
            new String[] {
              "ratios", "--merge", tmp.resolve("none").toString(), "--out", out.toString()
            })) {
      CliTest.Run r = run(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err().strip().lines().count()).isEqualTo(1);
      assertThat(r.err()).startsWith("commsched ratios: ").doesNotContain("Exception");
    }
  }

  /**
   * Issue 23: methods that apply to no instance of the sweep are bad input, the line names what
   * does apply, and no empty journal is left.
   */
  @Test
  void methodsThatApplyToNothing_exit2NamingWhatDoesApply() {
    Path out = tmp.resolve("none");
    CliTest.Run r =
        run("ratios", "--generate", SWEEP, "--methods", "fdf,greedy-saf", "--out", out.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip().lines().count()).isEqualTo(1);
    assertThat(r.err())
        .startsWith("commsched ratios: --methods fdf,greedy-saf: none applies")
        .contains("kierstead")
        .contains("greedy")
        .doesNotContain("Exception");
    assertThat(out.resolve("results.jsonl")).as("no empty journal left behind").doesNotExist();
  }

  /**
   * Issue 23, item 3: sizes 4 to 48 span more than 10x, so the size axis is logarithmic (size 8
   * sits more than a fifth of the way from 4 to 48; on a linear axis it would sit at a eleventh);
   * each method has its own line (colour and dash pattern); and every point says its n, the same
   * for all methods at a size and equal to the n under the size.
   */
  @Test
  void chartsOfAWideSweep_haveALogSizeAxis_aLineStylePerMethod_andOneNPerSize() throws Exception {
    Path out = tmp.resolve("wide");
    CliTest.Run r =
        run(
            "ratios",
            "--generate",
            "problem=chatting family=ula sizes=4,8,48 messages=n "
                + "lengths=uniform:1..3 seeds=1..2",
            "--methods",
            "greedy,first-fit,kierstead",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String svg = Files.readString(out.resolve("ratio-lb-chatting-ula.svg"));
    assertThat(svg).contains("size (n: instances in the common set), log scale");
    Map<Integer, Double> tick = new HashMap<>();
    java.util.regex.Matcher t =
        java.util.regex.Pattern.compile(
                "<text x=\"([0-9.]+)\" y=\"\\d+\" text-anchor=\"middle\">(\\d+)</text>")
            .matcher(svg);
    while (t.find()) {
      tick.put(Integer.parseInt(t.group(2)), Double.parseDouble(t.group(1)));
    }
    assertThat(tick).containsOnlyKeys(4, 8, 48);
    assertThat((tick.get(8) - tick.get(4)) / (tick.get(48) - tick.get(4))).isGreaterThan(0.2);
    List<String> styles = new ArrayList<>();
    java.util.regex.Matcher l =
        java.util.regex.Pattern.compile(
                "<polyline points=\"[^\"]*\" fill=\"none\" stroke=\"([^\"]+)\" stroke-width=\"2\"( "
                    + "stroke-dasharray=\"[^\"]+\")?/>")
            .matcher(svg);
    while (l.find()) {
      styles.add(l.group(1) + "|" + l.group(2));
    }
    assertThat(styles).hasSize(3).doesNotHaveDuplicates();
    assertThat(styles.stream().map(x -> x.substring(x.indexOf('|'))).distinct()).hasSize(3);
    Map<Integer, List<String>> nAt = new HashMap<>();
    java.util.regex.Matcher p =
        java.util.regex.Pattern.compile(
                "<title>([a-z-]+) size (\\d+): [^<]* \\(n=(\\d+)\\)</title>")
            .matcher(svg);
    while (p.find()) {
      nAt.computeIfAbsent(Integer.parseInt(p.group(2)), k -> new ArrayList<>()).add(p.group(3));
    }
    assertThat(nAt).containsOnlyKeys(4, 8, 48);
    for (Map.Entry<Integer, List<String>> e : nAt.entrySet()) {
      assertThat(e.getValue())
          .as("size " + e.getKey())
          .hasSize(3)
          .containsOnly(e.getValue().get(0));
      assertThat(svg).contains(">n=" + e.getValue().get(0) + "</text>");
    }
  }

  /**
   * Issue 23: a method refused on every instance is in the coverage table with its reason, the
   * compared methods are the two that ran, and the headline's common set is every instance (both
   * heuristics solve all six; the bound and the best known schedule exist for each); the rows carry
   * the exact ratios and the run's own time.
   */
  @Test
  void coverageNamesTheRefusals_andTheHeadlineIsOverTheCommonSet() throws Exception {
    Path out = tmp.resolve("cov");
    CliTest.Run r =
        run(
            "ratios",
            "--generate",
            SWEEP,
            "--methods",
            "greedy,kierstead,fdf",
            "--time-limit",
            "5",
            "--jobs",
            "1",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, String>> cov = rows(out.resolve("coverage.csv"));
    Map<String, String> fdf =
        cov.stream().filter(x -> x.get("method").equals("fdf")).findFirst().orElseThrow();
    assertThat(fdf.get("ran")).isEqualTo("0");
    assertThat(fdf.get("refused")).isEqualTo("6");
    assertThat(fdf.get("refusedBecause")).startsWith("6 x fdf");
    Map<String, String> greedy =
        cov.stream().filter(x -> x.get("method").equals("greedy")).findFirst().orElseThrow();
    assertThat(greedy.get("instances")).isEqualTo("6");
    assertThat(greedy.get("solved")).isEqualTo("6");
    assertThat(greedy.get("refused")).isEqualTo("0");
    List<Map<String, String>> cmp = rows(out.resolve("comparison.csv"));
    for (Map<String, String> c : cmp) {
      if (!c.get("reference").equals("optimum")) {
        assertThat(c.get("setSize")).as(c.toString()).isEqualTo("6");
      }
      assertThat(c.get("method")).isIn("greedy", "kierstead");
    }
    Map<String, String> known =
        cmp.stream()
            .filter(
                x ->
                    x.get("reference").equals("bestKnown")
                        && x.get("set").equals("common")
                        && x.get("method").equals("greedy"))
            .findFirst()
            .orElseThrow();
    // greedy's max ratio to the best known over the common set is the largest of its rows' (all six
    // instances)
    BigDecimal max =
        rows(out.resolve("results.csv")).stream()
            .filter(x -> x.get("method").equals("greedy"))
            .map(x -> new BigDecimal(x.get("ratioToBestKnown")))
            .max(BigDecimal::compareTo)
            .orElseThrow();
    assertThat(new BigDecimal(known.get("max"))).isEqualByComparingTo(max);
    for (Map<String, String> row : rows(out.resolve("results.csv"))) {
      String[] q = row.get("ratioToLowerBoundExact").split("/");
      BigDecimal exact =
          q.length == 1
              ? new BigDecimal(q[0])
              : new BigDecimal(q[0]).divide(new BigDecimal(q[1]), 4, RoundingMode.HALF_UP);
      assertThat(exact).isEqualByComparingTo(new BigDecimal(row.get("ratioToLowerBound")));
      assertThat(new BigDecimal(row.get("runSeconds")))
          .isGreaterThanOrEqualTo(new BigDecimal(row.get("seconds")));
    }
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html)
        .contains("common set of 6 of 6 instances")
        .contains("ratio to the best known schedule")
        .contains("ratio to the best lower bound")
        .contains("own set");
    // the performance profile over the common set starts, for each method, at its share at the best
    // known
    String profile = Files.readString(out.resolve("profile-chatting-ula.svg"));
    DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(profile)));
    for (String m : List.of("greedy", "kierstead")) {
      Map<String, String> line =
          cmp.stream()
              .filter(
                  x ->
                      x.get("reference").equals("bestKnown")
                          && x.get("set").equals("common")
                          && x.get("method").equals(m))
              .findFirst()
              .orElseThrow();
      assertThat(profile).contains(m + ": " + line.get("shareAtReference") + " at tau 1 (n=6)");
    }
    // one headline table and one own-set table per reference (three references, one objective)
    assertThat(html.split("<h3>Headline: ", -1)).hasSize(1 + 3);
    assertThat(html.split("<h4>Secondary, each method over its own set: ", -1)).hasSize(1 + 3);
    assertThat(r.err()).contains("of the sweep's own wall time").contains("the methods' own times");
  }

  /**
   * Issue 23: --compare chooses the methods of the common set (only they have headline lines), and
   * each headline maximum links its instance file and a drawing of the method's schedule on it,
   * whose schedule file the checker accepts at the makespan of the maximum's row.
   */
  @Test
  void compareChoosesTheCommonSet_andEachHeadlineMaximumLinksItsInstanceAndScheduleDrawing()
      throws Exception {
    Path out = tmp.resolve("maxima");
    CliTest.Run r =
        run(
            "ratios",
            "--generate",
            SWEEP,
            "--methods",
            METHODS,
            "--compare",
            "greedy,kierstead",
            "--time-limit",
            "20",
            "--jobs",
            "1",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, String>> cmp = rows(out.resolve("comparison.csv"));
    assertThat(cmp.stream().filter(c -> c.get("set").equals("common")).map(c -> c.get("method")))
        .containsOnly("greedy", "kierstead");
    assertThat(cmp.stream().filter(c -> c.get("set").equals("own")).map(c -> c.get("method")))
        .contains("choco");
    String html = Files.readString(out.resolve("report.html"));
    assertThat(html).contains("greedy, kierstead");
    List<Map<String, String>> results = rows(out.resolve("results.csv"));
    for (Map<String, String> c : cmp) {
      if (!c.get("set").equals("common") || c.get("maxInstance").isEmpty()) {
        continue;
      }
      String base =
          "maxima/"
              + RatioCharts.slug(c.get("maxInstance"))
              + "."
              + RatioCharts.slug(c.get("method"));
      assertThat(html)
          .contains("<a href=\"instances/" + c.get("maxInstance") + ".json\">")
          .contains("<a href=\"" + base + ".svg\">schedule</a>");
      assertThat(Files.readString(out.resolve(base + ".svg")))
          .contains("<svg")
          .contains(c.get("method"));
      CliTest.Run check =
          run(
              "check",
              out.resolve("instances").resolve(c.get("maxInstance") + ".json").toString(),
              out.resolve(base + ".schedule.json").toString(),
              "--json");
      assertThat(check.code()).as(check.err()).isZero();
      String makespan =
          results.stream()
              .filter(
                  x ->
                      x.get("instance").equals(c.get("maxInstance"))
                          && x.get("method").equals(c.get("method")))
              .findFirst()
              .orElseThrow()
              .get("makespan");
      assertThat(check.json().get("makespan").asString()).isEqualTo(makespan);
    }
  }

  /**
   * Issue 23: a directory holding bufferless and store-and-forward scatter on trees is summarised
   * per model (the model column holds each instance's model), never pooled: each method's summary
   * row and coverage line is in its own model's group, and the other model's group lists it as
   * refused.
   */
  @Test
  void directoryRun_neverPoolsBufferlessAndStoreAndForward() throws IOException {
    Path dir = tmp.resolve("mixed");
    Files.createDirectories(dir);
    for (String f : List.of("sg-fig1-scatter-path6.json", "pk-tv1-scatter-beta2.json")) {
      Files.copy(CliTest.CATALOGUE.resolve(f), dir.resolve(f));
    }
    Path out = tmp.resolve("mixed-out");
    CliTest.Run r =
        run(
            "ratios",
            dir.toString(),
            "--methods",
            "fdf,greedy-saf",
            "--time-limit",
            "5",
            "--jobs",
            "1",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<Map<String, String>> summary = rows(out.resolve("summary.csv"));
    assertThat(summary).hasSize(2);
    for (Map<String, String> s : summary) {
      assertThat(s.get("runs")).isEqualTo("1");
      assertThat(s.get("model"))
          .startsWith(s.get("method").equals("fdf") ? "bufferless:" : "saf:beta=2,");
    }
    List<Map<String, String>> cov = rows(out.resolve("coverage.csv"));
    assertThat(cov).hasSize(4); // two groups, two methods each
    for (Map<String, String> c : cov) {
      boolean own =
          c.get("model").startsWith(c.get("method").equals("fdf") ? "bufferless:" : "saf:");
      assertThat(c.get("instances")).isEqualTo("1");
      assertThat(c.get("ran")).as(c.toString()).isEqualTo(own ? "1" : "0");
      assertThat(c.get("refused")).as(c.toString()).isEqualTo(own ? "0" : "1");
    }
  }
}
