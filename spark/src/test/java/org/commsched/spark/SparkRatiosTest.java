package org.commsched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.spark.SparkConf;
import org.commsched.cli.Main;
import org.commsched.verify.sweep.SweepRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark runner against the in-process one (issue 25): the same ratio sweep over 20 seeded
 * instances, with an exact method so that optima are proven, gives the same rows (timings aside)
 * and the same report tables in Spark's local mode as in this JVM's threads and as two shards
 * merged; a Spark run writes the same rows as Parquet and names its own command in its provenance;
 * and a sweep resumed on Spark from a partial journal keeps the journalled rows as they are and
 * runs only the others.
 */
class SparkRatiosTest {
  /**
   * 20 seeded instances (sizes 4 and 5, seeds 1 to 10), two heuristics and an exact method: 60
   * rows.
   */
  static final String SWEEP =
      "problem=chatting family=ula sizes=4,5 messages=n lengths=uniform:1..3 seeds=1..10";

  static final String METHODS = "greedy,kierstead,choco";

  @TempDir static Path tmp;

  static Path inProcess;

  private record Run(int code, String out, String err) {}

  private static String[] args(Path out) {
    return new String[] {
      "ratios",
      "--generate",
      SWEEP,
      "--methods",
      METHODS,
      "--time-limit",
      "20",
      "--jobs",
      "2",
      "--quiet",
      "--out",
      out.toString()
    };
  }

  private static Run inProcess(Path out) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = Main.run(args(out), new PrintWriter(o), new PrintWriter(e));
    return new Run(code, o.toString(), e.toString());
  }

  /** A sweep on the one Spark context of the class (a context takes seconds to start). */
  private static Run onSpark(Path out) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int code = Main.run(args(out), new PrintWriter(o), new PrintWriter(e), spark);
    return new Run(code, o.toString(), e.toString());
  }

  static SparkEngine spark;

  @BeforeAll
  static void runInProcess() {
    inProcess = tmp.resolve("in-process");
    Run r = inProcess(inProcess);
    assertThat(r.code()).as(r.err()).isZero();
    // the loopback address only: a test opens no port to the network
    spark =
        new SparkEngine(
            new SparkConf()
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.driver.host", "127.0.0.1"));
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.close();
    }
  }

  /** The rows of a journal without the two timing fields, in key order. */
  static List<String> rowsWithoutTimings(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("results.jsonl"), StandardCharsets.UTF_8)) {
      SweepRow r = SweepRow.parse(line);
      assertThat(r).as(line).isNotNull();
      out.add(
          new SweepRow(
                  r.instance(),
                  r.parameters(),
                  r.method(),
                  r.objective(),
                  r.status(),
                  r.makespan(),
                  r.runLowerBound(),
                  java.math.BigDecimal.ZERO,
                  r.valid(),
                  r.error(),
                  null)
              .line());
    }
    out.sort(Comparator.naturalOrder());
    return out;
  }

  static List<String> keys(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("results.jsonl"), StandardCharsets.UTF_8)) {
      out.add(SweepRow.parse(line).key());
    }
    return out;
  }

  @Test
  void theSweepInSparkLocalModeGivesTheRowsAndTablesOfTheInProcessRun() throws IOException {
    Path spark = tmp.resolve("spark");
    Run r = onSpark(spark);
    assertThat(r.code()).as(r.err()).isZero();
    List<String> expected = rowsWithoutTimings(inProcess);
    assertThat(expected).hasSize(60);
    assertThat(expected).allMatch(l -> SweepRow.parse(l).valid());
    assertThat(rowsWithoutTimings(spark)).containsExactlyElementsOf(expected);
    assertThat(keys(spark)).doesNotHaveDuplicates();
    for (String table : List.of("coverage.csv", "comparison.csv", "refusals.jsonl")) {
      assertThat(Files.readString(spark.resolve(table)))
          .as(table)
          .isEqualTo(Files.readString(inProcess.resolve(table)));
    }
    for (String file : List.of("results.csv", "summary.csv", "report.html")) {
      assertThat(spark.resolve(file)).as(file).isNotEmptyFile();
    }
  }

  @Test
  void theSweepRunAsTwoShardsAndMergedGivesTheRowsOfTheWholeRun() throws IOException {
    List<Path> shards = new ArrayList<>();
    for (String shard : List.of("1/2", "2/2")) {
      Path dir = tmp.resolve("shard" + shard.charAt(0));
      List<String> a = new ArrayList<>(List.of(args(dir)));
      a.addAll(List.of("--shard", shard));
      StringWriter e = new StringWriter();
      int code =
          Main.run(
              a.toArray(String[]::new), new PrintWriter(new StringWriter()), new PrintWriter(e));
      assertThat(code).as(e.toString()).isZero();
      assertThat(keys(dir))
          .as("shard %s holds part of the sweep, not all of it", shard)
          .isNotEmpty()
          .hasSizeLessThan(60);
      shards.add(dir);
    }
    Path merged = tmp.resolve("merged");
    StringWriter e = new StringWriter();
    int code =
        Main.run(
            new String[] {
              "ratios",
              "--merge",
              shards.get(0).toString(),
              shards.get(1).toString(),
              "--out",
              merged.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(e));
    assertThat(code).as(e.toString()).isZero();
    assertThat(keys(merged)).doesNotHaveDuplicates().hasSize(60);
    assertThat(rowsWithoutTimings(merged)).containsExactlyElementsOf(rowsWithoutTimings(inProcess));
  }

  @Test
  void aSparkRunWritesItsRowsAsParquetAndNamesItsOwnCommandInTheProvenance() throws IOException {
    Path dir = tmp.resolve("parquet");
    Run r = onSpark(dir);
    assertThat(r.code()).as(r.err()).isZero();
    // every journal row once in results.parquet, field for field (the timings as doubles of the
    // same value)
    List<String> fromParquet = new ArrayList<>();
    try (ParquetReader<Group> reader =
        ParquetReader.builder(
                new GroupReadSupport(),
                new org.apache.hadoop.fs.Path(dir.resolve("results.parquet").toUri()))
            .build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        p.put("problem", g.getString("problem", 0));
        p.put("family", g.getString("family", 0));
        p.put("size", Integer.toString(g.getInteger("size", 0)));
        p.put("messages", Integer.toString(g.getInteger("messages", 0)));
        p.put("lengths", g.getString("lengths", 0));
        p.put("model", g.getFieldRepetitionCount("model") == 0 ? "" : g.getString("model", 0));
        p.put("seed", Long.toString(g.getLong("seed", 0)));
        fromParquet.add(
            new SweepRow(
                    g.getString("instance", 0),
                    p,
                    g.getString("method", 0),
                    g.getString("objective", 0),
                    g.getString("status", 0),
                    g.getFieldRepetitionCount("makespan") == 0
                        ? null
                        : new BigDecimal(g.getString("makespan", 0)),
                    new BigDecimal(g.getString("runLowerBound", 0)),
                    BigDecimal.valueOf(g.getDouble("seconds", 0)).setScale(3),
                    g.getBoolean("valid", 0),
                    g.getString("error", 0),
                    BigDecimal.valueOf(g.getDouble("runSeconds", 0)).setScale(3))
                .line());
      }
    }
    List<String> journal = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("results.jsonl"), StandardCharsets.UTF_8)) {
      journal.add(SweepRow.parse(line).line());
    }
    assertThat(fromParquet).hasSize(60).containsExactlyInAnyOrderElementsOf(journal);
    tools.jackson.databind.JsonNode provenance =
        SweepRow.LINES.readTree(Files.readString(dir.resolve("provenance.json")));
    assertThat(provenance.get("command").asString())
        .startsWith("commsched-spark ratios --generate ");
    assertThat(provenance.get("engine").asString()).startsWith("Spark 4.1.3, master local[");
  }

  @Test
  void aSweepResumedOnSparkKeepsTheJournalledRowsAndRunsOnlyTheRest() throws IOException {
    Path resumed = tmp.resolve("resumed");
    Files.createDirectories(resumed);
    List<String> all =
        Files.readAllLines(inProcess.resolve("results.jsonl"), StandardCharsets.UTF_8);
    List<String> kept = all.subList(0, 25); // an interrupted sweep's journal, timings and all
    Files.write(resumed.resolve("results.jsonl"), kept, StandardCharsets.UTF_8);
    Run r = onSpark(resumed);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("25 rows already in").contains("35 to run");
    List<String> after =
        Files.readAllLines(resumed.resolve("results.jsonl"), StandardCharsets.UTF_8);
    assertThat(after.subList(0, 25)).containsExactlyElementsOf(kept);
    assertThat(keys(resumed)).doesNotHaveDuplicates().hasSize(60);
    assertThat(rowsWithoutTimings(resumed))
        .containsExactlyElementsOf(rowsWithoutTimings(inProcess));
  }

  @Test
  void anotherCommandIsRefusedInOneLineWithoutStartingSpark() {
    StringWriter e = new StringWriter();
    int code =
        SparkMain.run(
            new String[] {"solve", "x.json"},
            new PrintWriter(new StringWriter()),
            new PrintWriter(e),
            new SparkConf());
    assertThat(code).isEqualTo(2);
    assertThat(e.toString().strip())
        .doesNotContain("\n")
        .startsWith("commsched-spark: 'solve' does not run on Spark")
        .contains("; ");
  }
}
