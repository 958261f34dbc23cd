package org.commsched.verify.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * What runs the tasks of a sweep: the threads of this JVM ({@link #IN_PROCESS}) or a cluster engine
 * (the {@code commsched-spark} module). The sweep's driver plans the tasks, journals the rows and
 * writes the report; the engine only maps tasks to rows.
 */
public interface SweepEngine {
  /** The threads of this JVM ({@link ThreadPoolEngine}). */
  SweepEngine IN_PROCESS = new ThreadPoolEngine();

  /**
   * Runs every task and hands each of its results to {@code sink} once, as soon as it is known. The
   * sink may be called from several threads at once and must be thread-safe. The engine knows
   * nothing of the sweep beyond {@link SweepWork}: the same engine runs the rows of {@code ratios},
   * the seeds of {@code oracle} and the cases of {@code crosscheck}.
   *
   * @param tasks the tasks
   * @param jobs the tasks to run at once
   * @param sink where the results go
   * @param <R> the tasks' results
   * @throws ExecutionException if a task or the sink failed (its cause)
   * @throws InterruptedException if the waiting thread was interrupted
   */
  <R extends Serializable> void run(
      List<? extends SweepWork<R>> tasks, int jobs, Consumer<? super R> sink)
      throws ExecutionException, InterruptedException;

  /**
   * The program a user runs a sweep on this engine with, as a report's provenance writes its
   * command line ({@code commsched ratios ...}, {@code commsched-spark ratios ...}).
   */
  default String program() {
    return "commsched";
  }

  /**
   * What ran the tasks, for a report's provenance (for a cluster engine: its master and cores per
   * task).
   */
  default String describe() {
    return "in-process threads";
  }

  /**
   * Called once the sweep's report is written to {@code outDir} with every row of it (journalled
   * before and now): an engine may write further files of the rows there. The in-process engine
   * writes none.
   *
   * @param outDir the sweep's output directory
   * @param rows the rows of the report
   */
  default void written(java.nio.file.Path outDir, List<SweepRow> rows) {}
}
