package org.commsched.heuristics.baseline;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The baseline methods: a valid schedule for every problem kind and model, to compare the papers'
 * algorithms and the exact solvers against.
 *
 * @implNote Immutable.
 */
public final class Baselines {
  private Baselines() {}

  /**
   * {@code greedy} (bufferless), {@code first-fit} (virtual), {@code greedy-saf}
   * (store-and-forward).
   */
  public static List<Method> all() {
    return List.of(new GreedyBufferless(), new FirstFitSlots(), new GreedyStoreAndForward());
  }
}
