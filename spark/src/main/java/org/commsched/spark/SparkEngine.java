package org.commsched.spark;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.commsched.verify.sweep.SweepEngine;
import org.commsched.verify.sweep.SweepRow;
import org.commsched.verify.sweep.SweepWork;
import scala.Function1;
import scala.Function2;
import scala.collection.Iterator;
import scala.reflect.ClassTag$;
import scala.runtime.BoxedUnit;

/**
 * Runs the tasks of a sweep on Apache Spark: one Spark task per {@link SweepWork} on a cluster, a
 * few one after the other in local mode ({@link #perPartition}) (for {@code ratios} an instance and
 * its methods, for {@code oracle} a seed, for {@code crosscheck} a case), its results handed back
 * to the driver as the task ends, where the command journals or writes them. Spark retries a task
 * whose executor died, and only a finished attempt's rows reach the driver, so every row is
 * journalled once.
 *
 * <p>The Spark context starts on the first sweep with tasks (a sweep whose rows are all journalled
 * starts none) from the configuration given, completed where it says nothing: the master {@code
 * local[jobs x workers]} (embedded local mode: {@code local[*]} at the command's defaults), {@code
 * spark.task.cpus} the solver's workers per task, and speculation off (a speculative copy would
 * race the original for the timings of a timing study). A {@code spark.task.cpus} given in the
 * configuration wins: each task's solver then runs that many workers. Once the report is written,
 * the driver writes the rows as Parquet too ({@link #written}).
 */
final class SparkEngine implements SweepEngine, AutoCloseable {
  /**
   * The configuration key of the sweep tasks one Spark task runs, one after the other (default:
   * {@link #perPartition}). More per Spark task spreads Spark's own cost per task over several
   * short sweep tasks, but their rows reach the driver, and the journal, only when the last of them
   * ends (and a retry runs them all again).
   */
  static final String TASKS_PER_PARTITION = "spark.commsched.tasksPerPartition";

  /**
   * Local mode's default of Spark tasks per core of the master. Spark's cost per task (scheduling,
   * serialisation, status tracking, and the JIT compiling them once they run hot) adds up: at 200
   * sweep tasks on two cores, one sweep task per Spark task took about 5 s more CPU than ten
   * (docs/SPARK.md). Eight Spark tasks per core still spread uneven tasks over the cores, and leave
   * the journal at most one Spark task per core behind.
   */
  static final int SPARK_TASKS_PER_CORE = 8;

  /** The sweep tasks per Spark task of the last job (the provenance names it when above 1). */
  private int lastPerPartition = 1;

  private final SparkConf conf;
  private JavaSparkContext context;

  /**
   * @param conf the Spark configuration (from spark-submit, or empty for the embedded local mode)
   */
  SparkEngine(SparkConf conf) {
    this.conf = conf;
  }

  @Override
  public <R extends Serializable> void run(
      List<? extends SweepWork<R>> tasks, int jobs, Consumer<? super R> sink)
      throws ExecutionException, InterruptedException {
    if (tasks.isEmpty()) {
      return;
    }
    JavaSparkContext sc = context(jobs, tasks.get(0).workers());
    // the solver's workers are the cores Spark gives a task (spark.task.cpus), whatever the
    // driver's cores
    int cpus = sc.getConf().getInt("spark.task.cpus", 1);
    List<SweepWork<R>> run =
        tasks.stream()
            .<SweepWork<R>>map(t -> t.workers() == cpus ? t : t.withWorkers(cpus))
            .toList();
    int perPartition = perPartition(sc.getConf(), run.size(), sc.defaultParallelism());
    lastPerPartition = perPartition;
    JavaRDD<SweepWork<R>> rdd = sc.parallelize(run, partitions(run.size(), perPartition));
    Function1<Iterator<SweepWork<R>>, ArrayList<R>> work =
        (Function1<Iterator<SweepWork<R>>, ArrayList<R>> & Serializable) SparkEngine::results;
    Function2<Object, ArrayList<R>, BoxedUnit> handler =
        (partition, results) -> {
          results.forEach(sink);
          return BoxedUnit.UNIT;
        };
    try {
      sc.sc().runJob(rdd.rdd(), work, handler, ClassTag$.MODULE$.apply(ArrayList.class));
    } catch (
        Exception
            e) { // SparkException (checked in Scala's eyes): a task failed spark.task.maxFailures
      // times
      // one line: Spark's message goes on with the failed attempt's stack trace, which the driver's
      // log keeps
      String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
      throw new ExecutionException(
          new IllegalStateException(
              "the Spark job failed ("
                  + first
                  + "); the results written so far are kept (ratios resumes from its journal "
                  + "when run again)"));
    }
  }

  /**
   * The sweep tasks one Spark task runs: {@link #TASKS_PER_PARTITION} where the configuration gives
   * it; else, in local mode, as many as leave about {@link #SPARK_TASKS_PER_CORE} Spark tasks per
   * core of the master; else (a cluster, whose cores are not known when the job starts) 1.
   *
   * @param conf the context's configuration
   * @param tasks the sweep's tasks
   * @param cores the master's cores ({@code defaultParallelism})
   */
  static int perPartition(SparkConf conf, int tasks, int cores) {
    if (conf.contains(TASKS_PER_PARTITION)) {
      return Math.max(1, conf.getInt(TASKS_PER_PARTITION, 1));
    }
    if (!conf.get("spark.master", "").startsWith("local")) {
      return 1;
    }
    return Math.max(1, tasks / (Math.max(1, cores) * SPARK_TASKS_PER_CORE));
  }

  /**
   * The Spark tasks (partitions) of a sweep of {@code tasks} sweep tasks at {@code perPartition}
   * sweep tasks per Spark task ({@link #TASKS_PER_PARTITION}): the last one may hold fewer.
   */
  static int partitions(int tasks, int perPartition) {
    return (tasks + perPartition - 1) / perPartition;
  }

  /**
   * The results of a partition's sweep tasks ({@link #TASKS_PER_PARTITION}), run one after the
   * other on an executor.
   */
  private static <R extends Serializable> ArrayList<R> results(Iterator<SweepWork<R>> tasks) {
    ArrayList<R> out = new ArrayList<>();
    while (tasks.hasNext()) {
      tasks.next().run(out::add);
    }
    return out;
  }

  /** The context, started on first use with the defaults this class documents. */
  JavaSparkContext context(int jobs, int workers) {
    if (context == null) {
      SparkConf c = conf.clone();
      c.setIfMissing("spark.master", "local[" + (long) jobs * workers + "]");
      c.setIfMissing("spark.app.name", "commsched");
      c.setIfMissing("spark.task.cpus", Integer.toString(workers));
      c.setIfMissing("spark.speculation", "false");
      c.setIfMissing("spark.ui.enabled", "false");
      context = new JavaSparkContext(c);
      context.setLogLevel("WARN");
    }
    return context;
  }

  @Override
  public String program() {
    return "commsched-spark";
  }

  /** Spark's version, the master and the cores per task; "Spark (not started)" when no task ran. */
  @Override
  public String describe() {
    if (context == null) {
      return "Spark (not started: no task to run)";
    }
    int perPartition = lastPerPartition;
    return "Spark "
        + context.version()
        + ", master "
        + context.master()
        + ", spark.task.cpus "
        + context.getConf().get("spark.task.cpus", "1")
        + (perPartition > 1 ? ", " + TASKS_PER_PARTITION + " " + perPartition : "");
  }

  /**
   * {@code results.parquet} beside {@code results.jsonl} ({@link ParquetRows}), written by the
   * driver.
   */
  @Override
  public void written(Path outDir, List<SweepRow> rows) {
    ParquetRows.write(outDir.resolve(ParquetRows.FILE), rows);
  }

  @Override
  public void close() {
    if (context != null) {
      context.stop();
      context = null;
    }
  }
}
