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
 * Seeded random chatting instances for the ESM (A4) and bidirectional-tree (A6) properties:
 * rectangular ESMs with unit messages in several traffic shapes, and trees of every generator
 * family (plus explicit link lists) with variable lengths. Equal seeds give equal instances.
 */
public final class ChatCases {
  public static final CommModel ALL = ScatterCases.ALL;
  public static final List<String> ESM_SHAPES =
      List.of(
          "uniform",
          "one-source",
          "one-sink",
          "empty-legs",
          "few-turns",
          "dense",
          "generator-square");
  public static final List<String> TREE_FAMILIES =
      List.of("tree", "tree-path", "tree-caterpillar", "tree-binary", "star", "bla", "explicit");

  private ChatCases() {}

  /** A unit-length chatting instance on a random rows x cols ESM (1..9 each, at least 2 nodes). */
  public static Instance esm(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String shape = ESM_SHAPES.get(r.nextInt(ESM_SHAPES.size()));
    int rows = 1 + r.nextInt(9);
    int cols = 1 + r.nextInt(9);
    if (rows * cols < 2) {
      cols = 2;
    }
    if (shape.equals("generator-square")) {
      int side = 2 + r.nextInt(7);
      return Generators.instance(
          new GeneratorSpec(
              "esm-s" + seed,
              ProblemKind.CHATTING,
              "esm",
              side,
              1 + r.nextInt(40),
              new LengthDistribution.Constant(1),
              ALL,
              seed,
              false));
    }
    int count = shape.equals("dense") ? 20 + r.nextInt(60) : 1 + r.nextInt(30);
    List<Message> ms = new ArrayList<>();
    int[][] turns = new int[1 + r.nextInt(3)][];
    for (int q = 0; q < turns.length; q++) {
      turns[q] = new int[] {r.nextInt(rows), r.nextInt(cols)};
    }
    int hubRow = r.nextInt(rows);
    int hubCol = r.nextInt(cols);
    for (int m = 0; m < count; m++) {
      int i;
      int k;
      int h;
      int j;
      int tries = 0;
      do {
        tries++;
        switch (shape) {
          case "one-source":
            i = hubRow / 2;
            k = hubCol / 2;
            h = r.nextInt(i, rows);
            j = r.nextInt(k, cols);
            break;
          case "one-sink":
            h = rows - 1 - hubRow / 2;
            j = cols - 1 - hubCol / 2;
            i = r.nextInt(h + 1);
            k = r.nextInt(j + 1);
            break;
          case "empty-legs":
            i = r.nextInt(rows);
            k = r.nextInt(cols);
            if (r.nextBoolean()) {
              h = i;
              j = r.nextInt(k, cols);
            } else {
              h = r.nextInt(i, rows);
              j = k;
            }
            break;
          case "few-turns":
            {
              int[] t = turns[r.nextInt(turns.length)];
              i = t[0];
              j = t[1];
              k = r.nextInt(j + 1);
              h = r.nextInt(i, rows);
              break;
            }
          default:
            i = r.nextInt(rows);
            k = r.nextInt(cols);
            h = r.nextInt(i, rows);
            j = r.nextInt(k, cols);
            break;
        }
      } while (i == h && k == j && tries < 100);
      if (i == h && k == j) {
        // a degenerate hub (e.g. the south-east corner as the source): any routable pair instead
        i = 0;
        k = 0;
        h = rows - 1;
        j = cols - 1;
      }
      ms.add(new Message("m" + m, i * cols + k, h * cols + j, 1));
    }
    return new Instance(
        "esm-" + shape + "-" + rows + "x" + cols + "-s" + seed,
        new Problem.Chatting(ms),
        ALL,
        Network.of(new Topology.Esm(rows, cols)));
  }

  /** A chatting instance with lengths 1..8 on a random bidirectional tree of 2..40 nodes. */
  public static Instance tree(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    String family = TREE_FAMILIES.get(r.nextInt(TREE_FAMILIES.size()));
    int n = 2 + r.nextInt(r.nextInt(4) == 0 ? 6 : 39);
    int count = 1 + r.nextInt(r.nextBoolean() ? 10 : 40);
    LengthDistribution lengths =
        r.nextInt(3) == 0
            ? new LengthDistribution.Constant(1)
            : new LengthDistribution.Uniform(1, 1 + r.nextInt(8));
    if (family.equals("explicit")) {
      // a random tree as an explicit link list, numbered by a random permutation
      int[] perm = new int[n];
      for (int v = 0; v < n; v++) {
        perm[v] = v;
      }
      for (int v = n - 1; v > 0; v--) {
        int w = r.nextInt(v + 1);
        int x = perm[v];
        perm[v] = perm[w];
        perm[w] = x;
      }
      List<Topology.Pair> links = new ArrayList<>();
      for (int v = 1; v < n; v++) {
        links.add(new Topology.Pair(perm[r.nextInt(v)], perm[v]));
      }
      return Generators.instance(
          new GeneratorSpec(
              "tree-explicit-s" + seed,
              ProblemKind.CHATTING,
              "tree",
              n,
              count,
              lengths,
              ALL,
              seed,
              false),
          new Topology.Explicit(n, links, true));
    }
    return Generators.instance(
        new GeneratorSpec(
            null, ProblemKind.CHATTING, family, n, count, lengths, ALL, seed, r.nextInt(4) == 0));
  }

  /** The same instance with its messages in another order (a seeded permutation) and new ids. */
  public static Instance permuted(Instance inst, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Message> ms = new ArrayList<>(inst.messages());
    for (int v = ms.size() - 1; v > 0; v--) {
      int w = r.nextInt(v + 1);
      Message x = ms.get(v);
      ms.set(v, ms.get(w));
      ms.set(w, x);
    }
    List<Message> renamed = new ArrayList<>();
    for (int q = 0; q < ms.size(); q++) {
      Message m = ms.get(q);
      renamed.add(new Message("p" + q, m.from(), m.to(), m.length(), m.route()));
    }
    return new Instance(
        inst.name() + "-perm", new Problem.Chatting(renamed), inst.model(), inst.network());
  }

  /** The instance and its messages, for failure messages. */
  public static String describe(long seed, Instance inst) {
    StringBuilder b =
        new StringBuilder("seed ")
            .append(seed)
            .append(", ")
            .append(inst.name())
            .append(" (")
            .append(inst.network().topology())
            .append("): ");
    for (Message m : inst.messages()) {
      b.append(m.id())
          .append(' ')
          .append(m.from())
          .append("->")
          .append(m.to())
          .append(" (")
          .append(m.length())
          .append(") ");
    }
    return b.toString();
  }

  /** Largest number of neighbours of a node. */
  public static int maxDegree(Network net) {
    int d = 0;
    for (int v = 0; v < net.nodes(); v++) {
      d = Math.max(d, net.outDegree(v));
    }
    return d;
  }

  /** ceil(delta * log2 n), exactly: the least k with 2^k >= n^delta. */
  public static int ceilDeltaLog2(int delta, int n) {
    java.math.BigInteger target = java.math.BigInteger.valueOf(n).pow(delta);
    int k = 0;
    while (java.math.BigInteger.ONE.shiftLeft(k).compareTo(target) < 0) {
      k++;
    }
    return k;
  }
}
