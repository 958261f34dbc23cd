package org.commsched.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.SparkConf;
import org.apache.spark.deploy.master.Master$;
import org.apache.spark.deploy.worker.Worker$;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.commsched.cli.Main;
import org.commsched.core.testing.Deep;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster on the loopback address (issue 25): a master and two one-core
 * workers, Spark's own {@code Master} and {@code Worker} started in this JVM on 127.0.0.1 with
 * ports the system picks, and the executors the workers launch as JVMs of their own (from a {@code
 * SPARK_HOME} whose {@code jars/} are links to the jars of this test's class path, as {@code
 * scripts/spark-loopback-cluster.sh} makes from Maven's: no Spark distribution is downloaded). The
 * 20-instance chatting sweep of {@link SparkRatiosTest} is submitted to it by the command line
 * ({@code Main.run} with a {@link SparkEngine} whose master is the cluster's), and its rows are
 * those of the in-process run, timings aside; with one executor JVM killed (SIGKILL, as a crash)
 * once the first rows are journalled, Spark loses a task, runs it again, and the journal still
 * holds every row exactly once.
 *
 * <p>Everything the class starts is stopped in {@link #stopCluster} (and by a shutdown hook, should
 * the JVM end first): the Spark context, the workers (which stop their executors), the master, and
 * then any executor JVM still alive.
 */
@Deep
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LoopbackClusterTest {
  private static final int INSTANCES = 20;
  private static final int ROWS = 60;

  /**
   * The executor JVMs a run may launch: one per worker, one to replace the killed one, and room for
   * another loss.
   */
  private static final int MAX_EXECUTORS = 8;

  /**
   * The executors' JVM options: C1 only and the serial collector (an executor lives seconds and
   * runs short solves: the everyday test JVMs' options, docs/TESTS.md#profiles).
   */
  static final String EXECUTOR_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  @TempDir static Path tmp;

  static Path inProcess;
  static Path sparkHome;
  static RpcEnv master;
  static final List<RpcEnv> workers = new ArrayList<>();
  static SparkEngine spark;
  static Thread reaper;

  private static String[] args(Path out) {
    return new String[] {
      "ratios",
      "--generate",
      SparkRatiosTest.SWEEP,
      "--methods",
      SparkRatiosTest.METHODS,
      "--time-limit",
      "20",
      "--jobs",
      "2",
      "--quiet",
      "--out",
      out.toString()
    };
  }

  @BeforeAll
  static void startCluster() throws IOException {
    // the loopback address only: the master's, the workers' and the executors' sockets and web
    // pages bind to SPARK_LOCAL_IP (the module's surefire configuration sets it and SPARK_HOME)
    assertThat(System.getenv("SPARK_LOCAL_IP")).isEqualTo("127.0.0.1");
    assertThat(System.getenv("SPARK_HOME")).as("SPARK_HOME (spark/pom.xml)").isNotBlank();
    reaper = new Thread(LoopbackClusterTest::killExecutors, "loopback-cluster-reaper");
    Runtime.getRuntime().addShutdownHook(reaper);

    inProcess = tmp.resolve("in-process");
    StringWriter e = new StringWriter();
    int code = Main.run(args(inProcess), new PrintWriter(new StringWriter()), new PrintWriter(e));
    assertThat(code).as(e.toString()).isZero();

    // a SPARK_HOME as the workers see it: jars/ (links to this JVM's jars), from which they
    // launch the executors; the class directories go on the executors' class path
    sparkHome = Path.of(System.getenv("SPARK_HOME"));
    Path jars = sparkHome.resolve("jars");
    deleteTree(sparkHome);
    Files.createDirectories(jars);
    List<String> directories = new ArrayList<>();
    int i = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      if (Files.isDirectory(p)) {
        directories.add(p.toString());
      } else if (entry.endsWith(".jar") && Files.isRegularFile(p)) {
        Files.createSymbolicLink(jars.resolve(String.format("%03d-%s", i++, p.getFileName())), p);
      }
    }

    SparkConf daemons = new SparkConf(false).set("spark.master.rest.enabled", "false");
    master = Master$.MODULE$.startRpcEnvAndEndpoint("127.0.0.1", 0, 0, daemons)._1();
    String url = "spark://127.0.0.1:" + master.address().port();
    for (int w = 1; w <= 2; w++) {
      Path dir = Files.createDirectories(tmp.resolve("worker" + w));
      workers.add(
          Worker$.MODULE$.startRpcEnvAndEndpoint(
              "127.0.0.1",
              0,
              0,
              1,
              1024,
              new String[] {url},
              dir.toString(),
              scala.Option.apply((Object) w),
              daemons,
              scala.Option.empty()));
    }
    spark =
        new SparkEngine(
            new SparkConf()
                .set("spark.master", url)
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.task.cpus", "1")
                .set("spark.executor.memory", "512m")
                .set("spark.executor.extraClassPath", String.join(File.pathSeparator, directories))
                .set("spark.executor.extraJavaOptions", EXECUTOR_JVM)
                // the launcher in the worker asks for it when SPARK_HOME has no build directories
                .set("spark.executorEnv.SPARK_SCALA_VERSION", "2.13"));
  }

  @AfterAll
  static void stopCluster() throws IOException {
    try {
      if (spark != null) {
        spark.close();
      }
    } finally {
      for (RpcEnv w : workers) {
        w.shutdown();
        w.awaitTermination();
      }
      if (master != null) {
        master.shutdown();
        master.awaitTermination();
      }
      killExecutors();
      if (reaper != null) {
        Runtime.getRuntime().removeShutdownHook(reaper);
      }
      if (sparkHome != null) {
        deleteTree(sparkHome);
      }
    }
  }

  /** The executor JVMs the workers launched and that are still alive. */
  static List<ProcessHandle> executors() {
    return ProcessHandle.current()
        .descendants()
        .filter(
            p ->
                p.info()
                    .commandLine()
                    .filter(c -> c.contains("CoarseGrainedExecutorBackend"))
                    .isPresent())
        .toList();
  }

  /** SIGKILL to every executor JVM still alive (a stopped one too). */
  static void killExecutors() {
    for (ProcessHandle p : executors()) {
      p.destroyForcibly();
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /**
   * Runs the sweep on the cluster. A master relaunches an executor whose JVM cannot start without
   * end (each launch reports it running, which resets the application's retry count), so a watchdog
   * cancels the job once more than {@link #MAX_EXECUTORS} executors were launched, and the test
   * fails with the last one's stderr instead of hanging.
   */
  private static int runOnCluster(Path out, StringWriter err) throws InterruptedException {
    AtomicReference<String> gaveUp = new AtomicReference<>();
    Thread watchdog =
        new Thread(
            () -> {
              // until interrupted: a job submitted after the first cancel is cancelled too
              while (!Thread.currentThread().isInterrupted()) {
                try {
                  List<Path> launched = executorDirectories();
                  if (gaveUp.get() == null && launched.size() > MAX_EXECUTORS) {
                    Path first = launched.get(0).resolve("stderr");
                    gaveUp.set(
                        launched.size()
                            + " executor JVMs launched; "
                            + first
                            + ":\n"
                            + (Files.exists(first) ? Files.readString(first) : "(none)"));
                  }
                  if (gaveUp.get() != null) {
                    spark.context(2, 1).cancelAllJobs();
                  }
                  Thread.sleep(200);
                } catch (InterruptedException e) {
                  return;
                } catch (IOException | RuntimeException e) {
                  gaveUp.compareAndSet(null, "the watchdog failed: " + e);
                }
              }
            },
            "executor-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    try {
      return Main.run(args(out), new PrintWriter(new StringWriter()), new PrintWriter(err), spark);
    } finally {
      watchdog.interrupt();
      watchdog.join();
      assertThat(gaveUp.get()).as("the executors start").isNull();
    }
  }

  /**
   * The executors' directories the workers made ({@code workerN/app-ID/EXECUTOR-ID}), by executor
   * id.
   */
  static List<Path> executorDirectories() {
    List<Path> out = new ArrayList<>();
    for (int w = 1; w <= 2; w++) {
      File[] apps = tmp.resolve("worker" + w).toFile().listFiles(File::isDirectory);
      for (File app : apps == null ? new File[0] : apps) {
        File[] executors = app.listFiles(File::isDirectory);
        for (File e : executors == null ? new File[0] : executors) {
          out.add(e.toPath());
        }
      }
    }
    out.sort(
        java.util.Comparator.comparingLong(
            p -> {
              String name = p.getFileName().toString();
              return name.chars().allMatch(Character::isDigit) ? Long.parseLong(name) : -1;
            }));
    return out;
  }

  /** Counts the Spark tasks that ended, by how, and where the tasks ran. */
  static final class Tasks extends SparkListener {
    final List<Integer> succeeded = new CopyOnWriteArrayList<>();
    final List<ExecutorLostFailure> lost = new CopyOnWriteArrayList<>();
    final ConcurrentHashMap<Long, String> running = new ConcurrentHashMap<>();

    @Override
    public void onTaskStart(SparkListenerTaskStart e) {
      running.put(e.taskInfo().taskId(), e.taskInfo().executorId());
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
      running.remove(e.taskInfo().taskId());
      if (e.taskInfo().successful()) {
        succeeded.add(e.taskInfo().index());
      } else if (e.reason() instanceof ExecutorLostFailure f) {
        lost.add(f);
      }
    }
  }

  @Test
  @Order(1)
  void theSweepOnTheLoopbackClusterGivesTheRowsOfTheInProcessRun()
      throws IOException, InterruptedException {
    Tasks tasks = new Tasks();
    spark.context(2, 1).sc().addSparkListener(tasks);
    Path out = tmp.resolve("cluster");
    StringWriter e = new StringWriter();
    try {
      int code = runOnCluster(out, e);
      assertThat(code).as(e.toString()).isZero();
    } finally {
      spark.context(2, 1).sc().removeSparkListener(tasks);
    }
    List<String> expected = SparkRatiosTest.rowsWithoutTimings(inProcess);
    assertThat(expected).hasSize(ROWS);
    assertThat(SparkRatiosTest.keys(out)).doesNotHaveDuplicates().hasSize(ROWS);
    assertThat(SparkRatiosTest.rowsWithoutTimings(out)).containsExactlyElementsOf(expected);
    // one sweep task per Spark task on a cluster, each on an executor JVM of a worker
    assertThat(tasks.succeeded).hasSize(INSTANCES).doesNotHaveDuplicates();
    assertThat(Files.readString(out.resolve("provenance.json")))
        .contains("master spark://127.0.0.1:");
  }

  @Test
  @Order(2)
  void anExecutorJvmKilledInTheMiddleOfTheSweepLosesNoRowAndWritesNoneTwice() throws Exception {
    Tasks tasks = new Tasks();
    spark.context(2, 1).sc().addSparkListener(tasks);
    Path out = tmp.resolve("killed");
    AtomicReference<String> killed = new AtomicReference<>();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    // once the first rows are journalled (many tasks still to come, so the driver has a task on
    // every executor), one executor JVM is killed with SIGKILL, as a native crash would end it
    Thread killer =
        new Thread(
            () -> {
              try {
                Path journal = out.resolve("results.jsonl");
                while (!Files.exists(journal) || Files.size(journal) == 0) {
                  Thread.sleep(10);
                }
                Optional<ProcessHandle> victim = executors().stream().findFirst();
                if (victim.isPresent()) {
                  long rows = Files.readAllLines(journal, StandardCharsets.UTF_8).size();
                  killed.set(victim.get().pid() + " after " + rows + " rows");
                  victim.get().destroyForcibly();
                }
              } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
              } catch (Throwable t) {
                failed.set(t);
              }
            },
            "executor-killer");
    killer.setDaemon(true);
    StringWriter e = new StringWriter();
    try {
      killer.start();
      int code = runOnCluster(out, e);
      assertThat(code).as(e.toString()).isZero();
    } finally {
      killer.interrupt();
      killer.join();
      spark.context(2, 1).sc().removeSparkListener(tasks);
    }
    assertThat(failed.get()).isNull();
    assertThat(killed.get()).as("an executor JVM was killed").isNotNull();
    // Spark saw the executor go with a task of the sweep on it, and ran that task again
    assertThat(tasks.lost).as("tasks lost with the executor killed %s", killed.get()).isNotEmpty();
    assertThat(tasks.succeeded).hasSize(INSTANCES).doesNotHaveDuplicates();
    assertThat(SparkRatiosTest.keys(out)).doesNotHaveDuplicates().hasSize(ROWS);
    assertThat(SparkRatiosTest.rowsWithoutTimings(out))
        .containsExactlyElementsOf(SparkRatiosTest.rowsWithoutTimings(inProcess));
  }
}
