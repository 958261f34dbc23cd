package org.commsched.heuristics.bufferless.scattergather;

import java.util.List;
import org.commsched.core.solve.Method;

/**
 * Bufferless scattering after Bhatt, Pucci, Ranade and Rosenberg, "Scattering and Gathering
 * Messages in Networks of Processors" (docs/models/bufferless-scatter-gather.md#fdf,
 * #spanning-trees). The spanning trees that carry scatter and gather routes on arbitrary networks
 * are in {@link SpanningTrees}.
 *
 * @implNote Immutable.
 */
public final class ScatterMethods {
  private ScatterMethods() {}

  /** {@code fdf}. */
  public static List<Method> all() {
    return List.of(new FdfScatter());
  }
}
