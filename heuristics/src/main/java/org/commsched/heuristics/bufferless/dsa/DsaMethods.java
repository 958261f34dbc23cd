package org.commsched.heuristics.bufferless.dsa;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * The buffer-layout methods (dynamic storage allocation; chatting on a ula as virtual schedules):
 * the heuristic {@code best-fit} and the exact search {@code dsa-search}. They are listed apart
 * because the registry puts exact methods after the heuristics.
 *
 * @implNote Immutable.
 */
public final class DsaMethods {
  /** The method {@code commsched solve FILE.csv} runs by default. */
  public static final String DEFAULT = "dsa-search";

  private DsaMethods() {}

  /** {@code best-fit}. */
  public static List<Method> heuristics() {
    return List.of(new BestFit());
  }

  /** {@code dsa-search}. */
  public static List<Method> exact() {
    return List.of(new DsaSearch());
  }
}
