package org.commsched.instances.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * Examples of the generators, models and length distributions (docs/DESIGN.md families and models).
 */
class GeneratorsTest {

  private static int nodes(String family, int size) {
    return Network.of(Generators.network(family, size, new SplittableRandom(1))).nodes();
  }

  @Test
  void network_sizeMeaningPerFamily() {
    assertThat(nodes("ula", 7)).isEqualTo(7);
    assertThat(nodes("bla", 7)).isEqualTo(7);
    assertThat(nodes("uring", 7)).isEqualTo(7);
    assertThat(nodes("ring", 7)).isEqualTo(7);
    assertThat(nodes("star", 7)).isEqualTo(7);
    assertThat(nodes("complete", 7)).isEqualTo(7);
    assertThat(nodes("tree", 7)).isEqualTo(7);
    assertThat(nodes("random", 7)).isEqualTo(7);
    assertThat(nodes("esm", 4)).isEqualTo(16);
    assertThat(nodes("mesh", 4)).isEqualTo(16);
    assertThat(nodes("torus", 4)).isEqualTo(16);
    assertThat(nodes("hypercube", 4)).isEqualTo(16);
  }

  @Test
  void treeShapes_haveTheirParents() {
    SplittableRandom rnd = new SplittableRandom(3);
    assertThat(((Topology.Tree) Generators.network("tree-path", 5, rnd)).parents())
        .containsExactly(-1, 0, 1, 2, 3);
    assertThat(((Topology.Tree) Generators.network("tree-binary", 7, rnd)).parents())
        .containsExactly(-1, 0, 0, 1, 1, 2, 2);
    List<Integer> cat = ((Topology.Tree) Generators.network("tree-caterpillar", 8, rnd)).parents();
    assertThat(cat.subList(0, 4)).containsExactly(-1, 0, 1, 2); // the spine
    assertThat(cat.subList(4, 8)).allMatch(p -> p >= 0 && p < 4); // legs hang on the spine
    List<Integer> random = ((Topology.Tree) Generators.network("tree", 30, rnd)).parents();
    for (int v = 1; v < 30; v++) {
      assertThat(random.get(v)).isBetween(0, v - 1);
    }
  }

  @Test
  void randomNetwork_isConnectedWithExtraLinks() {
    Topology.Explicit t =
        (Topology.Explicit) Generators.network("random", 20, new SplittableRandom(5));
    assertThat(t.links()).isTrue();
    assertThat(t.pairs().size()).isGreaterThanOrEqualTo(19 + 1).isLessThanOrEqualTo(19 + 10);
    Network net = Network.of(t);
    boolean[] seen = new boolean[20];
    java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>(List.of(0));
    seen[0] = true;
    while (!q.isEmpty()) {
      int x = q.poll();
      for (int i = 0; i < net.outDegree(x); i++) {
        int y = net.head(net.outArc(x, i));
        if (!seen[y]) {
          seen[y] = true;
          q.add(y);
        }
      }
    }
    for (boolean s : seen) {
      assertThat(s).isTrue();
    }
  }

  @Test
  void network_rejectsBadFamiliesAndSizes() {
    SplittableRandom rnd = new SplittableRandom(1);
    assertThatThrownBy(() -> Generators.network("moebius", 5, rnd))
        .hasMessageContaining("unknown network family");
    assertThatThrownBy(() -> Generators.network("ring", 2, rnd)).hasMessageContaining("size >= 3");
    assertThatThrownBy(() -> Generators.network("mesh", 1, rnd)).hasMessageContaining("size >= 2");
    assertThatThrownBy(() -> Generators.network("hypercube", 30, rnd))
        .hasMessageContaining("at most 20");
  }

  @Test
  void models_parseShortForms() {
    assertThat(Models.parse("bufferless:all"))
        .isEqualTo(new CommModel.Bufferless(CommModel.BufferlessPorts.ALL));
    assertThat(Models.parse("bufferless"))
        .isEqualTo(new CommModel.Bufferless(CommModel.BufferlessPorts.ALL));
    assertThat(Models.parse("bufferless:single"))
        .isEqualTo(new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE));
    assertThat(Models.parse("saf:beta=5,tau=1,ports=one,duplex=full"))
        .isEqualTo(
            new CommModel.StoreAndForward(
                new BigDecimal("5"),
                new BigDecimal("1"),
                CommModel.Ports.ONE,
                CommModel.Duplex.FULL,
                CommModel.OnePortRule.EXCHANGE));
    CommModel.StoreAndForward m =
        (CommModel.StoreAndForward)
            Models.parse(
                "store-and-forward:beta=272,tau=0.4,ports=one,duplex=half", ProblemKind.SCATTER);
    assertThat(m.beta()).isEqualByComparingTo("272");
    assertThat(m.tau()).isEqualByComparingTo("0.4");
    assertThat(m.duplex()).isEqualTo(CommModel.Duplex.HALF);
    assertThat(m.onePort())
        .isEqualTo(CommModel.OnePortRule.SEND_AND_RECEIVE); // DESIGN: default for scatter
    assertThat(((CommModel.StoreAndForward) Models.parse("saf:oneport=send-and-receive")).onePort())
        .isEqualTo(CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  @Test
  void models_formatParsesBack() {
    for (String s :
        new String[] {
          "bufferless:single",
          "bufferless:all",
          "saf:beta=2.5,tau=0.40,ports=one,duplex=half,oneport=send-and-receive",
          "saf:beta=0,tau=3,ports=all,duplex=full,oneport=exchange"
        }) {
      CommModel m = Models.parse(s);
      assertThat(Models.format(m)).isEqualTo(s);
      assertThat(Models.parse(Models.format(m))).isEqualTo(m);
    }
  }

  @Test
  void models_rejectWithTheFix() {
    assertThatThrownBy(() -> Models.parse("bufferless:some")).hasMessageContaining("all or single");
    assertThatThrownBy(() -> Models.parse("saf:bta=5")).hasMessageContaining("unknown key \"bta\"");
    assertThatThrownBy(() -> Models.parse("saf:beta=x")).hasMessageContaining("exact decimal");
    assertThatThrownBy(() -> Models.parse("saf:beta=0,tau=0")).hasMessageContaining("both 0");
    assertThatThrownBy(() -> Models.parse("wormhole")).hasMessageContaining("unknown model");
    assertThatThrownBy(() -> Models.parse("saf:ports=two")).hasMessageContaining("one or all");
  }

  @Test
  void lengths_parseFormatAndSample() {
    assertThat(LengthDistribution.parse("3")).isEqualTo(new LengthDistribution.Constant(3));
    assertThat(LengthDistribution.parse("uniform:1..5"))
        .isEqualTo(new LengthDistribution.Uniform(1, 5));
    assertThat(LengthDistribution.parse("uniform:2-4"))
        .isEqualTo(new LengthDistribution.Uniform(2, 4));
    assertThat(LengthDistribution.parse("geometric:4"))
        .isEqualTo(new LengthDistribution.Geometric(4));
    LengthDistribution z = LengthDistribution.parse("zeros:30:uniform:1..5");
    assertThat(z)
        .isEqualTo(new LengthDistribution.WithZeros(30, new LengthDistribution.Uniform(1, 5)));
    assertThat(LengthDistribution.parse(z.format())).isEqualTo(z);
    assertThat(z.canBeZero()).isTrue();
    assertThat(new LengthDistribution.Uniform(1, 5).canBeZero()).isFalse();
    SplittableRandom rnd = new SplittableRandom(7);
    int zeros = 0;
    long geoSum = 0;
    for (int i = 0; i < 2000; i++) {
      long u = new LengthDistribution.Uniform(2, 4).sample(rnd);
      assertThat(u).isBetween(2L, 4L);
      if (z.sample(rnd) == 0) {
        zeros++;
      }
      long g = new LengthDistribution.Geometric(4).sample(rnd);
      assertThat(g).isBetween(1L, 256L);
      geoSum += g;
    }
    assertThat(zeros).isBetween(450, 750); // about 30% of 2000
    assertThat(geoSum / 2000.0).isBetween(3.5, 4.5); // mean 4
    assertThatThrownBy(() -> LengthDistribution.parse("uniform:5..1"))
        .hasMessageContaining("min <= max");
    assertThatThrownBy(() -> LengthDistribution.parse("poisson:3"))
        .hasMessageContaining("unknown length");
  }

  @Test
  void instance_chattingOnUlaGoesRightward() {
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                "u",
                ProblemKind.CHATTING,
                "ula",
                9,
                40,
                new LengthDistribution.Uniform(1, 3),
                null,
                11,
                false));
    assertThat(inst.messages())
        .hasSize(40)
        .allMatch(m -> m.from() < m.to() && m.length() >= 1 && m.length() <= 3);
    assertThat(inst.model()).isEqualTo(new CommModel.Bufferless(CommModel.BufferlessPorts.ALL));
    assertThat(inst.name()).isEqualTo("u");
  }

  @Test
  void instance_scatterWithZerosAndSubset() {
    GeneratorSpec spec =
        new GeneratorSpec(
            null,
            ProblemKind.SCATTER,
            "mesh",
            3,
            5,
            LengthDistribution.parse("zeros:50:constant:2"),
            Models.parse("saf:ports=one", ProblemKind.SCATTER),
            4,
            true);
    Instance inst = Generators.instance(spec);
    assertThat(inst.name()).isEqualTo("scatter-mesh-3-s4");
    Problem.Scatter s = (Problem.Scatter) inst.problem();
    assertThat(s.messages())
        .hasSize(5)
        .allMatch(m -> m.from() == s.root() && m.hasRoute())
        .allMatch(m -> m.length() == 0 || m.length() == 2);
    assertThat(((CommModel.StoreAndForward) inst.model()).onePort())
        .isEqualTo(CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  @Test
  void instance_rejectsImpossibleCombinations() {
    LengthDistribution one = new LengthDistribution.Constant(1);
    assertThatThrownBy(
            () -> Generators.instance(GeneratorSpec.of(ProblemKind.GOSSIP, "ula", 5, one, 1)))
        .hasMessageContaining("gossip needs every node");
    assertThatThrownBy(
            () -> Generators.instance(GeneratorSpec.of(ProblemKind.DSA, "mesh", 5, one, 1)))
        .hasMessageContaining("use family ula");
    assertThatThrownBy(
            () ->
                Generators.instance(
                    GeneratorSpec.of(
                        ProblemKind.CHATTING,
                        "ring",
                        5,
                        LengthDistribution.parse("zeros:10:constant:2"),
                        1)))
        .hasMessageContaining("only scatter and gather");
    assertThatThrownBy(
            () ->
                Generators.instance(
                    new GeneratorSpec(
                        null,
                        ProblemKind.BROADCAST,
                        "ring",
                        5,
                        0,
                        one,
                        Models.parse("bufferless"),
                        1,
                        false)))
        .hasMessageContaining("store-and-forward");
    assertThatThrownBy(
            () ->
                new GeneratorSpec(null, ProblemKind.CHATTING, "moebius", 5, 0, one, null, 1, false))
        .hasMessageContaining("unknown network family");
  }

  @Test
  void instance_dsaBuffersLieOnTheArray() {
    Instance inst =
        Generators.instance(
            new GeneratorSpec(
                null,
                ProblemKind.DSA,
                "ula",
                10,
                25,
                new LengthDistribution.Geometric(3),
                null,
                9,
                false));
    for (Message m : inst.messages()) {
      assertThat(m.from()).isBetween(0, 8);
      assertThat(m.to()).isBetween(m.from() + 1, 9);
      assertThat(m.length()).isPositive();
    }
    assertThat(inst.messages()).hasSize(25);
  }
}
