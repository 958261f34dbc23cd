package org.commsched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.SparkConf;
import org.commsched.cli.Main;
import org.commsched.verify.sweep.SweepRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark runner against the in-process one (issue 25): the same ratio sweep over 20 seeded instances, with an exact
 * method so that optima are proven, gives the same rows (timings aside) and the same report tables in Spark's local
 * mode as in this JVM's threads, and a sweep resumed on Spark from a partial journal keeps the journalled rows as they
 * are and runs only the others.
 */
class SparkRatiosTest {
  /** 20 seeded instances (sizes 4 and 5, seeds 1 to 10), two heuristics and an exact method: 60 rows. */
  static final String SWEEP = "problem=chatting family=ula sizes=4,5 messages=n lengths=uniform:1..3 seeds=1..10";
  static final String METHODS = "greedy,kierstead,choco";

  @TempDir
  static Path tmp;

  static Path inProcess;

  private record Run(int code, String out, String err) {
  }

  private static String[] args(Path out) {
    return new String[] {"ratios", "--generate", SWEEP, "--methods", METHODS, "--time-limit", "20", "--jobs", "2",
        "--quiet", "--out", out.toString()};
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
    spark = new SparkEngine(new SparkConf().set("spark.driver.bindAddress", "127.0.0.1").set("spark.driver.host",
        "127.0.0.1"));
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.close();
    }
  }

  /** The rows of a journal without the two timing fields, in key order. */
  private static List<String> rowsWithoutTimings(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("results.jsonl"), StandardCharsets.UTF_8)) {
      SweepRow r = SweepRow.parse(line);
      assertThat(r).as(line).isNotNull();
      out.add(new SweepRow(r.instance(), r.parameters(), r.method(), r.objective(), r.status(), r.makespan(),
          r.runLowerBound(), java.math.BigDecimal.ZERO, r.valid(), r.error(), null).line());
    }
    out.sort(Comparator.naturalOrder());
    return out;
  }

  private static List<String> keys(Path dir) throws IOException {
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
      assertThat(Files.readString(spark.resolve(table))).as(table)
          .isEqualTo(Files.readString(inProcess.resolve(table)));
    }
    for (String file : List.of("results.csv", "summary.csv", "report.html")) {
      assertThat(spark.resolve(file)).as(file).isNotEmptyFile();
    }
  }

  @Test
  void aSweepResumedOnSparkKeepsTheJournalledRowsAndRunsOnlyTheRest() throws IOException {
    Path resumed = tmp.resolve("resumed");
    Files.createDirectories(resumed);
    List<String> all = Files.readAllLines(inProcess.resolve("results.jsonl"), StandardCharsets.UTF_8);
    List<String> kept = all.subList(0, 25); // an interrupted sweep's journal, timings and all
    Files.write(resumed.resolve("results.jsonl"), kept, StandardCharsets.UTF_8);
    Run r = onSpark(resumed);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("25 rows already in").contains("35 to run");
    List<String> after = Files.readAllLines(resumed.resolve("results.jsonl"), StandardCharsets.UTF_8);
    assertThat(after.subList(0, 25)).containsExactlyElementsOf(kept);
    assertThat(keys(resumed)).doesNotHaveDuplicates().hasSize(60);
    assertThat(rowsWithoutTimings(resumed)).containsExactlyElementsOf(rowsWithoutTimings(inProcess));
  }

  @Test
  void anotherCommandIsRefusedInOneLineWithoutStartingSpark() {
    StringWriter e = new StringWriter();
    int code = SparkMain.run(new String[] {"solve", "x.json"}, new PrintWriter(new StringWriter()),
        new PrintWriter(e), new SparkConf());
    assertThat(code).isEqualTo(2);
    assertThat(e.toString().strip()).doesNotContain("\n").startsWith("commsched-spark: 'solve' does not run on Spark")
        .contains("; ");
  }
}
