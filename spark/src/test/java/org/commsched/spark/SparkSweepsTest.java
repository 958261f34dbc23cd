package org.commsched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.commsched.cli.Main;
import org.commsched.verify.sweep.SweepRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other sweeps on Spark (issue 25), and sweep tasks grouped into Spark tasks: {@code oracle}
 * and {@code crosscheck} in Spark's local mode write what they write in this JVM (the oracle's
 * manifest and instance files, the cross-check's lines), on seeded instances; and with {@code
 * spark.commsched.tasksPerPartition} at 3 a ratio sweep of 20 instances runs as 7 Spark tasks and
 * gives the rows of the in-process run. Every Spark run of the class groups its tasks so (its one
 * context is made with that setting), so the oracle and the cross-check show it too.
 */
class SparkSweepsTest {
  @TempDir static Path tmp;

  static SparkEngine spark;

  /** Spark tasks ended in the class's context, as its listener saw them. */
  static final AtomicInteger ENDED = new AtomicInteger();

  @BeforeAll
  static void startSpark() {
    spark =
        new SparkEngine(
            new SparkConf()
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.master", "local[2]")
                .set("spark.task.cpus", "1")
                .set(SparkEngine.TASKS_PER_PARTITION, "3"));
    spark
        .context(2, 1)
        .sc()
        .addSparkListener(
            new SparkListener() {
              @Override
              public void onTaskEnd(SparkListenerTaskEnd end) {
                ENDED.incrementAndGet();
              }
            });
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.close();
    }
  }

  private record Run(int code, String out, String err) {}

  private static Run run(List<String> args, boolean onSpark) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    String[] a = args.toArray(String[]::new);
    int code =
        onSpark
            ? Main.run(a, new PrintWriter(o), new PrintWriter(e), spark)
            : Main.run(a, new PrintWriter(o), new PrintWriter(e));
    return new Run(code, o.toString(), e.toString());
  }

  /**
   * Spark's listener bus delivers events late: waits (a minute at most) for the count to reach n.
   */
  private static int tasksEndedOnceAtLeast(int before, int n) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
    while (ENDED.get() - before < n && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    Thread.sleep(500); // and a moment more: a task too many would show now
    return ENDED.get() - before;
  }

  @Test
  void aRatioSweepWithThreeSweepTasksPerSparkTaskRunsSevenSparkTasksAndGivesTheSameRows()
      throws IOException, InterruptedException {
    List<String> args =
        List.of(
            "ratios",
            "--generate",
            SparkRatiosTest.SWEEP,
            "--methods",
            "greedy,kierstead",
            "--jobs",
            "2",
            "--quiet",
            "--out");
    Path local = tmp.resolve("ratios-in-process");
    Path onSpark = tmp.resolve("ratios-spark");
    Run a = run(Stream.concat(args.stream(), Stream.of(local.toString())).toList(), false);
    assertThat(a.code()).as(a.err()).isZero();
    int before = ENDED.get();
    Run b = run(Stream.concat(args.stream(), Stream.of(onSpark.toString())).toList(), true);
    assertThat(b.code()).as(b.err()).isZero();
    // 20 sweep tasks (one per instance), three to a Spark task: 3+3+3+3+3+3+2
    assertThat(tasksEndedOnceAtLeast(before, 7)).isEqualTo(7);
    assertThat(SparkRatiosTest.rowsWithoutTimings(local)).hasSize(40);
    assertThat(SparkRatiosTest.keys(onSpark)).doesNotHaveDuplicates();
    assertThat(SparkRatiosTest.rowsWithoutTimings(onSpark))
        .containsExactlyElementsOf(SparkRatiosTest.rowsWithoutTimings(local));
    assertThat(
            SweepRow.LINES
                .readTree(Files.readString(onSpark.resolve("provenance.json")))
                .get("engine")
                .asString())
        .contains(SparkEngine.TASKS_PER_PARTITION + " 3");
  }

  @Test
  void theSweepTasksPerSparkTaskAreTheConfiguredOnesElseInLocalModeAboutEightSparkTasksPerCore() {
    SparkConf local = new SparkConf().set("spark.master", "local[2]");
    assertThat(SparkEngine.perPartition(local, 200, 2)).isEqualTo(12); // 17 Spark tasks
    assertThat(SparkEngine.perPartition(local, 20, 2)).isEqualTo(1);
    assertThat(SparkEngine.perPartition(local, 1000, 4)).isEqualTo(31);
    assertThat(
            SparkEngine.perPartition(
                local.clone().set(SparkEngine.TASKS_PER_PARTITION, "3"), 200, 2))
        .isEqualTo(3);
    // a cluster's cores are not known when the job starts: one sweep task per Spark task
    assertThat(
            SparkEngine.perPartition(new SparkConf().set("spark.master", "spark://h:7077"), 200, 2))
        .isEqualTo(1);
    assertThat(SparkEngine.partitions(200, 12)).isEqualTo(17);
    assertThat(SparkEngine.partitions(20, 3)).isEqualTo(7);
  }

  @Test
  void theOracleInSparkLocalModeWritesTheManifestAndInstancesOfTheInProcessRun()
      throws IOException {
    List<String> args =
        List.of(
            "oracle",
            "--problem",
            "chatting",
            "--family",
            "ula",
            "--size",
            "4",
            "--lengths",
            "uniform:1..3",
            "--count",
            "5",
            "--seed",
            "1",
            "--time-limit",
            "20",
            "--out");
    Path local = tmp.resolve("oracle-in-process");
    Path onSpark = tmp.resolve("oracle-spark");
    Run a = run(Stream.concat(args.stream(), Stream.of(local.toString())).toList(), false);
    assertThat(a.code()).as(a.err()).isZero();
    Run b = run(Stream.concat(args.stream(), Stream.of(onSpark.toString())).toList(), true);
    assertThat(b.code()).as(b.err()).isZero();
    assertThat(b.err()).isEqualTo(a.err()); // the same seeds skipped, in the same order
    String manifest = Files.readString(local.resolve("manifest.json"));
    assertThat(SweepRow.LINES.readTree(manifest).size()).isEqualTo(5);
    assertThat(Files.readString(onSpark.resolve("manifest.json"))).isEqualTo(manifest);
    List<String> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(local)) {
      s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".json") && !n.endsWith(".schedule.json"))
          .forEach(files::add);
    }
    assertThat(files).hasSize(6); // five instances and the manifest
    for (String f : files) {
      assertThat(Files.readString(onSpark.resolve(f)))
          .as(f)
          .isEqualTo(Files.readString(local.resolve(f)));
    }
    // the schedules are the optima the manifest names (the exact solvers may pick other optimal
    // ones): each one there, and checked by the independent checker against its instance
    for (String f : files) {
      if (!f.equals("manifest.json")) {
        String schedule = f.replace(".json", ".schedule.json");
        StringWriter e = new StringWriter();
        int code =
            Main.run(
                new String[] {
                  "check", onSpark.resolve(f).toString(), onSpark.resolve(schedule).toString()
                },
                new PrintWriter(new StringWriter()),
                new PrintWriter(e));
        assertThat(code).as(schedule + " " + e).isZero();
      }
    }
  }

  @Test
  void theCrossCheckInSparkLocalModePrintsTheLinesOfTheInProcessRun() {
    List<String> args =
        List.of(
            "crosscheck",
            "--family",
            "bufferless-chatting",
            "--cases",
            "8",
            "--seed",
            "5",
            "--time-limit",
            "20",
            "--jobs",
            "2",
            "--out");
    Run a =
        run(
            Stream.concat(args.stream(), Stream.of(tmp.resolve("cc-a").toString())).toList(),
            false);
    assertThat(a.code()).as(a.out() + a.err()).isZero();
    assertThat(a.out()).contains("bufferless-chatting: 8 cases, ").endsWith("clean\n");
    Run b =
        run(Stream.concat(args.stream(), Stream.of(tmp.resolve("cc-b").toString())).toList(), true);
    assertThat(b.code()).as(b.out() + b.err()).isZero();
    assertThat(b.out()).isEqualTo(a.out());
  }
}
