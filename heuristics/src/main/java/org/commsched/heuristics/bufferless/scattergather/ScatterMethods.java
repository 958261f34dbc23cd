package org.commsched.heuristics.bufferless.scattergather;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * Bufferless scattering after Bhatt, Pucci, Ranade and Rosenberg, "Scattering and Gathering Messages in Networks
 * of Processors" (spec scatter-gather-bufferless.md §3, §8). The spanning trees that carry scatter and gather
 * routes on arbitrary networks are in {@link SpanningTrees}.
 *
 * @implNote Immutable.
 */
public final class ScatterMethods {
  private ScatterMethods() {
  }

  /** {@code fdf}. */
  public static List<Method> all() {
    return List.of(new FdfScatter());
  }
}
