package org.commsched.verify.crosscheck;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;

/**
 * The small random instances of the cross-check (docs/TESTS.md#crosscheck), one per seed and
 * family: small enough that the exact methods prove their optimum in well under a second, varied
 * enough that every method of the family applies to some of them. The same seed always gives the
 * same instance.
 */
public final class CrossCheckCases {
  private CrossCheckCases() {}

  /**
   * The seed of case {@code index} of a run with base seed {@code base} (a SplitMix64 step, so
   * nearby bases differ).
   */
  public static long caseSeed(long base, int index) {
    long z = base + (index + 1) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The instance of a family for a case seed. */
  public static Instance instance(Family family, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Instance inst =
        switch (family) {
          case BUFFERLESS_CHATTING -> chatting(r);
          case BUFFERLESS_SCATTER_GATHER -> scatterGather(r);
          case PACKET -> packet(r);
          // a fifth of the linear-cost cases on links with their own channels and costs
          case LINEAR_COST ->
              r.nextInt(5) == 0 ? Generators.tinyHeterogeneous(r) : Generators.tinyLinearCost(r);
        };
    return new Instance(
        family.wireName() + "-" + Long.toUnsignedString(seed, 36),
        inst.problem(),
        inst.model(),
        inst.network());
  }

  private static final String[][] CHAT_SHAPES = {
    {"ula", "uniform:1..4", "all"},
    {"ula", "uniform:1..1", "all"},
    {"bla", "uniform:1..4", "all"},
    {"esm", "uniform:1..1", "all"},
    {"tree", "uniform:1..4", "all"},
    {"star", "uniform:1..3", "all"},
    {"random", "uniform:1..3", "all"},
    {"ula", "uniform:1..4", "single"},
    {"tree", "uniform:1..3", "single"},
    {"dsa", "uniform:1..4", "all"}
  };

  private static Instance chatting(SplittableRandom r) {
    String[] shape = CHAT_SHAPES[r.nextInt(CHAT_SHAPES.length)];
    boolean dsa = shape[0].equals("dsa");
    boolean esm = shape[0].equals("esm");
    String net = dsa ? "ula" : shape[0];
    int size = esm ? 2 + r.nextInt(2) : 3 + r.nextInt(4);
    int messages = 2 + r.nextInt(4);
    CommModel model =
        new CommModel.Bufferless(
            shape[2].equals("single")
                ? CommModel.BufferlessPorts.SINGLE
                : CommModel.BufferlessPorts.ALL);
    return Generators.instance(
        new GeneratorSpec(
            null,
            dsa ? ProblemKind.DSA : ProblemKind.CHATTING,
            net,
            size,
            messages,
            LengthDistribution.parse(shape[1]),
            model,
            r.nextLong(),
            shape[0].equals("random")));
  }

  private static final String[] SG_NETS = {
    "tree", "star", "ula", "bla", "tree-binary", "tree-path", "ring", "random"
  };

  private static Instance scatterGather(SplittableRandom r) {
    String net = SG_NETS[r.nextInt(SG_NETS.length)];
    int size = 3 + r.nextInt(4);
    boolean scatter = r.nextBoolean();
    CommModel model =
        new CommModel.Bufferless(
            r.nextBoolean() ? CommModel.BufferlessPorts.SINGLE : CommModel.BufferlessPorts.ALL);
    return Generators.instance(
        new GeneratorSpec(
            null,
            scatter ? ProblemKind.SCATTER : ProblemKind.GATHER,
            net,
            size,
            0,
            LengthDistribution.parse("zeros:25:uniform:1..3"),
            model,
            r.nextLong(),
            false));
  }

  private static final String[] BETAS = {"0", "0.5", "1", "2", "3"};
  private static final String[] TAUS = {"1", "1", "0.5", "2"};

  private static Instance packet(SplittableRandom r) {
    String net = new String[] {"tree", "tree-path", "star", "ula", "bla"}[r.nextInt(5)];
    int size = 2 + r.nextInt(3);
    boolean scatter = r.nextBoolean();
    CommModel model =
        new CommModel.StoreAndForward(
            new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
            new BigDecimal(TAUS[r.nextInt(TAUS.length)]),
            r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    return Generators.instance(
        new GeneratorSpec(
            null,
            scatter ? ProblemKind.SCATTER : ProblemKind.GATHER,
            net,
            size,
            0,
            LengthDistribution.parse("uniform:0..2"),
            model,
            r.nextLong(),
            false));
  }

  /** The families some method of {@code methods} applies to, in declaration order. */
  public static List<Family> familiesWithMethods(List<org.commsched.core.solve.Method> methods) {
    List<Family> out = new ArrayList<>();
    for (Family f : Family.values()) {
      if (methods.stream().anyMatch(m -> m.scope().families().contains(f))) {
        out.add(f);
      }
    }
    return out;
  }
}
