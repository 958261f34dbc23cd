package org.commsched.instances.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Seeded suites over every family and problem kind: the instance constructor accepts what the
 * generators make, the same seed gives the same instance, and sizes, counts and lengths are as
 * asked.
 */
class GeneratorsProperties {
  private static final int CASES = Seeds.cases();
  private static final ProblemKind[] KINDS = ProblemKind.values();

  /** The size each family is drawn with, small enough for fast tests. */
  private static int size(String family, SplittableRandom rnd) {
    switch (family) {
      case "hypercube":
        return rnd.nextInt(1, 5);
      case "folded-hypercube":
        return rnd.nextInt(2, 5);
      case "esm":
      case "mesh":
      case "torus":
        return rnd.nextInt(2, 5);
      case "ring":
        return rnd.nextInt(3, 12);
      default:
        return rnd.nextInt(2, 12);
    }
  }

  private static int expectedNodes(String family, int size) {
    switch (family) {
      case "hypercube":
      case "folded-hypercube":
        return 1 << size;
      case "esm":
      case "mesh":
      case "torus":
        return size * size;
      default:
        return size;
    }
  }

  private static boolean possible(ProblemKind kind, String family) {
    if (kind == ProblemKind.DSA) {
      return family.equals("ula");
    }
    return !(kind == ProblemKind.GOSSIP && (family.equals("ula") || family.equals("esm")));
  }

  private static CommModel model(ProblemKind kind, SplittableRandom rnd) {
    switch (kind) {
      case CHATTING:
      case DSA:
        return rnd.nextBoolean() || kind == ProblemKind.DSA
            ? Models.parse("bufferless:all")
            : Models.parse("bufferless:single");
      case SCATTER:
      case GATHER:
        return rnd.nextBoolean()
            ? Models.parse(rnd.nextBoolean() ? "bufferless:single" : "bufferless:all")
            : Models.parse("saf:beta=2,tau=0.5,ports=" + (rnd.nextBoolean() ? "one" : "all"), kind);
      default:
        return Models.parse(
            "saf:beta="
                + rnd.nextInt(0, 9)
                + ",tau=1,duplex="
                + (rnd.nextBoolean() ? "half" : "full"),
            kind);
    }
  }

  private static LengthDistribution lengths(ProblemKind kind, SplittableRandom rnd) {
    LengthDistribution base;
    switch (rnd.nextInt(3)) {
      case 0:
        base = new LengthDistribution.Uniform(1, rnd.nextInt(1, 9));
        break;
      case 1:
        base = new LengthDistribution.Geometric(rnd.nextInt(1, 6));
        break;
      default:
        base = new LengthDistribution.Constant(rnd.nextInt(1, 5));
        break;
    }
    boolean zeros =
        (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) && rnd.nextBoolean();
    return zeros ? new LengthDistribution.WithZeros(rnd.nextInt(0, 101), base) : base;
  }

  /** Draws a spec for the case; every family and kind comes up across the cases. */
  private static GeneratorSpec spec(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed * 7919L);
    String family = Generators.FAMILIES.get((int) (seed % Generators.FAMILIES.size()));
    ProblemKind kind = KINDS[(int) ((seed / Generators.FAMILIES.size()) % KINDS.length)];
    if (!possible(kind, family)) {
      kind = ProblemKind.CHATTING;
    }
    int size = size(family, rnd);
    int messages = rnd.nextInt(0, 15);
    return new GeneratorSpec(
        null,
        kind,
        family,
        size,
        messages,
        lengths(kind, rnd),
        model(kind, rnd),
        rnd.nextLong(),
        rnd.nextInt(3) == 0);
  }

  @TestFactory
  Stream<DynamicTest> everyFamilyAndKind_makesValidInstancesAsAsked() {
    int cases = Math.max(CASES, Generators.FAMILIES.size() * KINDS.length);
    return Seeds.seeds(cases)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      GeneratorSpec spec = spec(seed);
                      Instance inst =
                          Generators.instance(
                              spec); // the constructor validates routes, ids, lengths, model
                      assertThat(inst.kind()).isEqualTo(spec.problem());
                      assertThat(inst.network().nodes())
                          .isEqualTo(expectedNodes(spec.family(), spec.size()));
                      assertThat(inst.model()).isEqualTo(spec.model());
                      int n = inst.network().nodes();
                      switch (spec.problem()) {
                        case CHATTING:
                        case DSA:
                          assertThat(inst.messages())
                              .hasSize(spec.messages() > 0 ? spec.messages() : n);
                          break;
                        case SCATTER:
                        case GATHER:
                          assertThat(inst.messages())
                              .hasSize(
                                  spec.messages() > 0 ? Math.min(spec.messages(), n - 1) : n - 1);
                          break;
                        case SEND:
                          assertThat(inst.messages()).hasSize(1);
                          break;
                        default:
                          assertThat(inst.messages()).isEmpty();
                          assertThat(inst.origins()).isNotEmpty();
                          break;
                      }
                      for (int i = 0; i < inst.messages().size(); i++) {
                        Message m = inst.messages().get(i);
                        assertThat(m.hasRoute())
                            .isEqualTo(spec.explicitRoutes() && spec.problem() != ProblemKind.DSA);
                        if (!spec.lengths().canBeZero()) {
                          assertThat(m.length()).isPositive();
                        }
                        if (spec.lengths() instanceof LengthDistribution.Uniform) {
                          LengthDistribution.Uniform u =
                              (LengthDistribution.Uniform) spec.lengths();
                          assertThat(m.length()).isBetween(u.min(), u.max());
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> aStreamedDraft_writesByteForByteTheTextOfTheCollectedInstance() {
    int cases = Math.max(CASES, Generators.FAMILIES.size() * KINDS.length);
    return Seeds.seeds(cases)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      GeneratorSpec spec = spec(seed);
                      java.io.StringWriter w = new java.io.StringWriter();
                      org.commsched.instances.io.InstanceWriter.write(
                          Generators.draft(spec, null).streamed(List.of()), w);
                      assertThat(w.toString())
                          .isEqualTo(
                              org.commsched.instances.io.InstanceWriter.toJson(
                                  Generators.instance(spec)));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> aStreamedPerfectPacking_writesByteForByteTheTextOfTheCollectedOne() {
    return Seeds.seeds(Seeds.cases(4, 20))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      int buffers = 1 + r.nextInt(300);
                      int log2 = r.nextInt(41);
                      int horizon = 1 + r.nextInt(200);
                      java.io.StringWriter w = new java.io.StringWriter();
                      org.commsched.instances.io.InstanceWriter.write(
                          PerfectPackings.draft("p", buffers, log2, horizon, seed)
                              .streamed(List.of()),
                          w);
                      assertThat(w.toString())
                          .isEqualTo(
                              org.commsched.instances.io.InstanceWriter.toJson(
                                  PerfectPackings.of("p", buffers, log2, horizon, seed)));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> sameSeed_sameInstance() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      GeneratorSpec spec = spec(seed);
                      Instance a = Generators.instance(spec);
                      Instance b = Generators.instance(spec);
                      assertThat(b.name()).isEqualTo(a.name());
                      assertThat(b.problem()).isEqualTo(a.problem());
                      assertThat(b.network().topology()).isEqualTo(a.network().topology());
                      assertThat(b.model()).isEqualTo(a.model());
                    }));
  }

  @TestFactory
  Stream<DynamicTest> otherSeeds_otherInstances() {
    return Stream.of("ula", "mesh", "tree", "random", "complete")
        .map(
            family ->
                DynamicTest.dynamicTest(
                    family,
                    () -> {
                      java.util.Set<Object> problems = new java.util.HashSet<>();
                      GeneratorSpec spec =
                          GeneratorSpec.of(
                              ProblemKind.CHATTING,
                              family,
                              5,
                              new LengthDistribution.Uniform(1, 4),
                              0);
                      for (long s = 0; s < 30; s++) {
                        problems.add(Generators.instance(spec.withSeed(s)).problem());
                      }
                      assertThat(problems).hasSizeGreaterThan(25);
                    }));
  }

  @TestFactory
  Stream<DynamicTest> network_sameSeedSameTopology() {
    return Generators.FAMILIES.stream()
        .map(
            family ->
                DynamicTest.dynamicTest(
                    family,
                    () -> {
                      List<Object> first = new ArrayList<>();
                      List<Object> second = new ArrayList<>();
                      for (long s : Seeds.seeds(20).toArray()) {
                        int size = family.equals("hypercube") ? 3 : family.equals("ring") ? 5 : 6;
                        first.add(Generators.network(family, size, new SplittableRandom(s)));
                        second.add(Generators.network(family, size, new SplittableRandom(s)));
                        Network.of(Generators.network(family, size, new SplittableRandom(s)));
                      }
                      assertThat(second).isEqualTo(first);
                    }));
  }

  @TestFactory
  Stream<DynamicTest> impossibleCombinations_areRejectedUpFront() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String family : Generators.FAMILIES) {
      for (ProblemKind kind : KINDS) {
        if (possible(kind, family)) {
          continue;
        }
        tests.add(
            DynamicTest.dynamicTest(
                kind + " on " + family,
                () ->
                    assertThatThrownBy(
                            () ->
                                Generators.instance(
                                    GeneratorSpec.of(
                                        kind, family, 4, new LengthDistribution.Constant(1), 1)))
                        .isInstanceOf(IllegalArgumentException.class)));
      }
    }
    return tests.stream();
  }
}
