package org.commsched.verify.sweep;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

/**
 * A sink that passes results on in the order of their index, whatever order an engine hands them
 * in: a result waits until every one before it has been passed on. So a command whose output is a
 * sequence ({@code oracle}'s entries by seed, {@code crosscheck}'s cases) writes the same output on
 * any engine, and still writes each result as soon as those before it are in (at once, on the
 * in-process engine with one job). Thread-safe.
 *
 * @param <R> the results
 */
public final class InOrder<R> implements Consumer<R> {
  private final ToIntFunction<? super R> index;
  private final Consumer<? super R> next;
  private final Map<Integer, R> waiting = new HashMap<>();
  private int expected;

  /**
   * @param first the index of the first result
   * @param index a result's index (each index once)
   * @param next where the results go, in index order, one at a time
   */
  public InOrder(int first, ToIntFunction<? super R> index, Consumer<? super R> next) {
    this.expected = first;
    this.index = index;
    this.next = next;
  }

  @Override
  public synchronized void accept(R result) {
    waiting.put(index.applyAsInt(result), result);
    for (R r = waiting.remove(expected); r != null; r = waiting.remove(expected)) {
      expected++;
      next.accept(r);
    }
  }

  /** The index the next result passed on will have (the first index plus those passed on). */
  public synchronized int expected() {
    return expected;
  }
}
