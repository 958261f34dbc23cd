package org.commsched.instances.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;

/**
 * Seeded scatter instances for the property suites, drawn with the project's generators: random
 * trees (parent of node i uniform in [0, i), and the path, binary and caterpillar shapes) and
 * connected graphs; lengths 0..5 with about a third null
 * (docs/models/bufferless-scatter-gather.md#properties).
 */
public final class ScatterCases {
  public static final CommModel SINGLE = new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
  public static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  public static final LengthDistribution LENGTHS =
      LengthDistribution.parse("zeros:35:uniform:1..5");
  public static final List<String> TREES =
      List.of("tree", "tree", "tree-path", "tree-binary", "tree-caterpillar", "star");
  public static final List<String> GRAPHS =
      List.of("random", "random", "mesh", "torus", "hypercube", "complete", "ring", "bla");

  private ScatterCases() {}

  /** A scatter instance on a random tree-shaped network with up to {@code maxNodes} nodes. */
  public static Instance tree(long seed, int maxNodes, CommModel model) {
    SplittableRandom r = new SplittableRandom(seed * 1_000_003L + 17);
    String family = TREES.get(r.nextInt(TREES.size()));
    return draw(family, 2 + r.nextInt(maxNodes - 1), model, r.nextLong());
  }

  /** A scatter instance on a random connected network (not necessarily a tree). */
  public static Instance graph(long seed, int maxSide, CommModel model) {
    SplittableRandom r = new SplittableRandom(seed * 7_000_003L + 29);
    String family = GRAPHS.get(r.nextInt(GRAPHS.size()));
    int size;
    switch (family) {
      case "mesh":
      case "torus":
        size = 2 + r.nextInt(Math.max(1, maxSide - 1));
        break;
      case "hypercube":
        size = 1 + r.nextInt(4);
        break;
      default:
        size = 3 + r.nextInt(Math.max(1, maxSide * maxSide - 2));
        break;
    }
    return draw(family, size, model, r.nextLong());
  }

  public static Instance draw(String family, int size, CommModel model, long seed) {
    GeneratorSpec spec =
        new GeneratorSpec(
            "scatter-" + family + "-" + size,
            ProblemKind.SCATTER,
            family,
            size,
            0,
            LENGTHS,
            model,
            seed,
            false);
    return Generators.instance(spec);
  }

  /**
   * A scatter instance on a tree network given by a parent list (root 0), message of node v =
   * lengths[v - 1].
   */
  public static Instance path(CommModel model, long... lengths) {
    int[] parents = new int[lengths.length + 1];
    for (int v = 0; v < parents.length; v++) {
      parents[v] = v - 1;
    }
    return onTree(parents, model, lengths);
  }

  public static Instance onTree(int[] parents, CommModel model, long... lengths) {
    List<Integer> ps = new ArrayList<>();
    for (int p : parents) {
      ps.add(p);
    }
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < parents.length; v++) {
      ms.add(new Message("M" + v, 0, v, lengths[v - 1]));
    }
    return new Instance(
        "tree", new Problem.Scatter(0, ms), model, Network.of(new Topology.Tree(ps)));
  }

  /** The same instance with every message's length replaced. */
  public static Instance withLengths(Instance inst, long[] lengths) {
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      ms.add(new Message(m.id(), m.from(), m.to(), lengths[i], m.route()));
    }
    return new Instance(
        inst.name(), new Problem.Scatter(inst.root(), ms), inst.model(), inst.network());
  }

  /** The same instance under another model. */
  public static Instance withModel(Instance inst, CommModel model) {
    return new Instance(inst.name(), inst.problem(), model, inst.network());
  }

  /** Lengths of the messages, in order. */
  public static long[] lengths(Instance inst) {
    long[] l = new long[inst.messages().size()];
    for (int i = 0; i < l.length; i++) {
      l[i] = inst.messages().get(i).length();
    }
    return l;
  }

  /** Route lengths of the messages, in order. */
  public static int[] depths(Instance inst) {
    int[] d = new int[inst.messages().size()];
    for (int i = 0; i < d.length; i++) {
      d[i] = inst.atlas().hops(i);
    }
    return d;
  }

  /** The node after the root on each message's route (its root arc). */
  public static int[] rootArcs(Instance inst) {
    int[] s = new int[inst.messages().size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = inst.atlas().nodes(i)[1];
    }
    return s;
  }

  /**
   * The seed and the instance file, for failure messages (written only when an assertion fails).
   */
  public static org.assertj.core.description.Description describe(long seed, Instance inst) {
    return new org.assertj.core.description.Description() {
      @Override
      public String value() {
        return Cases.describe(seed, inst);
      }
    };
  }
}
