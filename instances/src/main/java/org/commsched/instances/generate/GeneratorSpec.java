package org.commsched.instances.generate;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.ProblemKind;

/**
 * What {@link Generators#instance(GeneratorSpec)} should build. Equal specs give equal instances.
 *
 * @param name instance name; null or blank for {@code <problem>-<family>-<size>-s<seed>}
 * @param problem problem kind
 * @param family network family (see {@link Generators#FAMILIES}); dsa needs {@code ula}
 * @param size network size: nodes for {@code ula, bla, uring, ring, star, complete, tree*, random};
 *     side of the square grid for {@code esm, mesh, torus}; dimension for {@code hypercube}
 * @param messages chatting and dsa: number of messages (0: as many as nodes); scatter and gather:
 *     number of nodes with a message (0: every node but the root); ignored otherwise
 * @param lengths message lengths (the broadcast, gossip or send length is one draw)
 * @param model communication model; null for {@link Models#defaultFor(ProblemKind)}
 * @param seed random seed
 * @param explicitRoutes give every routed message an explicit random simple path (a shortest path
 *     under random arc weights) instead of the default route
 * @implNote Immutable.
 */
public record GeneratorSpec(
    String name,
    ProblemKind problem,
    String family,
    int size,
    int messages,
    LengthDistribution lengths,
    CommModel model,
    long seed,
    boolean explicitRoutes) {
  public GeneratorSpec {
    if (problem == null) {
      throw new IllegalArgumentException("a generator spec needs a problem kind, e.g. chatting");
    }
    if (family == null || !Generators.FAMILIES.contains(family)) {
      throw new IllegalArgumentException(
          "unknown network family \""
              + family
              + "\": use one of "
              + String.join(", ", Generators.FAMILIES));
    }
    if (size < 1) {
      throw new IllegalArgumentException("size must be at least 1, got " + size);
    }
    if (messages < 0) {
      throw new IllegalArgumentException(
          "the message count must be at least 0 (0 = default), got " + messages);
    }
    if (lengths == null) {
      throw new IllegalArgumentException(
          "a generator spec needs a length distribution, e.g. uniform:1..5");
    }
    if (model == null) {
      model = Models.defaultFor(problem);
    }
    if (name == null || name.isBlank()) {
      name = problem.wireName() + "-" + family + "-" + size + "-s" + seed;
    }
  }

  /** A spec with default name, message count, model and routes. */
  public static GeneratorSpec of(
      ProblemKind problem, String family, int size, LengthDistribution lengths, long seed) {
    return new GeneratorSpec(null, problem, family, size, 0, lengths, null, seed, false);
  }

  /** The same spec with another seed (and the default name if the name was the default). */
  public GeneratorSpec withSeed(long newSeed) {
    String defaultName = problem.wireName() + "-" + family + "-" + size + "-s" + seed;
    return new GeneratorSpec(
        name.equals(defaultName) ? null : name,
        problem,
        family,
        size,
        messages,
        lengths,
        model,
        newSeed,
        explicitRoutes);
  }
}
