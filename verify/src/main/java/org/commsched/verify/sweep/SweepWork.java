package org.commsched.verify.sweep;

import java.io.Serializable;
import java.util.function.Consumer;

/**
 * One unit of a sweep as an engine sees it: a serialisable value that, run anywhere (a thread of
 * this JVM, another JVM, a cluster's executor), hands its results to a sink. A {@link SweepEngine}
 * knows no more of a sweep than this: {@code ratios} runs {@link SweepTask}s (rows of one
 * instance), {@code oracle} and {@code crosscheck} tasks of their own (the {@code cli} module), and
 * the same engine runs them all.
 *
 * <p>A unit shares nothing mutable with the driver or with other units, and gives the same results
 * (timings aside) wherever it runs.
 *
 * @param <R> its results, serialisable so that an executor can send them to the driver
 */
public interface SweepWork<R extends Serializable> extends Serializable {
  /**
   * Runs the unit and hands each result to {@code sink} the moment it is known (on a stop request:
   * the results so far).
   */
  void run(Consumer<? super R> sink);

  /** The solver workers each of its solves runs (the cores an engine should give it). */
  default int workers() {
    return 1;
  }

  /**
   * The same unit with another number of solver workers (an engine whose tasks get that many
   * cores); a unit whose solves run a fixed number of workers returns itself.
   */
  default SweepWork<R> withWorkers(int cores) {
    return this;
  }
}
