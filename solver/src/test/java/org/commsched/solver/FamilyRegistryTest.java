package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.family.ExactModel;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/**
 * The family seam held against the registry: every refusal's "use ..." names methods that exist and
 * the first of them applies, every method's scope names only problems of its families, and its
 * listing words come from it.
 */
class FamilyRegistryTest {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();

  /**
   * A small instance of every (family, problem) pair, on a network where each family's baseline
   * applies.
   */
  private static List<Instance> samples() {
    List<Instance> out = new ArrayList<>();
    long seed = 1;
    for (Family f : Family.values()) {
      for (ProblemKind k : f.problems()) {
        CommModel model =
            f.bufferless()
                ? new CommModel.Bufferless(CommModel.BufferlessPorts.ALL)
                : new CommModel.StoreAndForward(
                    BigDecimal.ONE,
                    BigDecimal.ONE,
                    CommModel.Ports.ALL,
                    CommModel.Duplex.FULL,
                    null);
        String network = k == ProblemKind.DSA || k == ProblemKind.SEND ? "ula" : "star";
        out.add(
            Generators.instance(
                new GeneratorSpec(
                    null,
                    k,
                    network,
                    5,
                    4,
                    new LengthDistribution.Uniform(1, 3),
                    model,
                    seed++,
                    false)));
      }
    }
    return out;
  }

  @Test
  void everyInsteadNamesRegisteredMethods_andTheFirstApplies() {
    for (Instance inst : samples()) {
      String instead = FamilyRules.of(inst).instead(inst.kind());
      List<String> named = new ArrayList<>();
      for (String word : instead.split("[^a-z0-9-]+")) {
        if (REGISTRY.byName(word) != null) {
          named.add(word);
        }
      }
      String first = instead.split("[ ,(]")[0];
      assertThat(REGISTRY.byName(first)).as("first method of \"" + instead + "\"").isNotNull();
      assertThat(REGISTRY.byName(first).whyNot(inst))
          .as(first + " on " + inst.kind().wireName() + ", " + inst.family())
          .isNull();
      assertThat(named).as(instead).isNotEmpty();
    }
  }

  @Test
  void
      everyFamilysFallback_isARegisteredMethodThatAppliesToEachOfItsProblems_andLeadsWhatToUseInstead() {
    for (Instance inst : samples()) {
      FamilyRules rules = FamilyRules.of(inst);
      String name = rules.fallback(inst.kind());
      Method fallback = REGISTRY.byName(name);
      assertThat(fallback).as(name).isNotNull();
      assertThat(fallback.whyNot(inst))
          .as(name + " on " + inst.kind().wireName() + ", " + inst.family())
          .isNull();
      assertThat(fallback.exact()).as(name).isFalse();
      assertThat(rules.instead(inst.kind())).startsWith(name);
    }
  }

  @Test
  void everyFamilysRules_belongToThatFamily() {
    for (Family f : Family.values()) {
      assertThat(FamilyRules.of(f).family()).isEqualTo(f);
    }
  }

  @Test
  void cpsat_answersEachSampleWithTheMethodOfTheExactModelItsFamilyNames() {
    Method cpsat = REGISTRY.byName("cpsat");
    for (Instance inst : samples()) {
      ExactModel model = FamilyRules.of(inst).exactModel(inst);
      String expected =
          switch (inst.kind()) {
            case DSA -> "dsa";
            case SCATTER, GATHER -> inst.family().bufferless() ? "bufferless" : "packets";
            case SEND, BROADCAST, GOSSIP -> "linear cost";
            case CHATTING -> "bufferless";
          };
      assertThat(model.label()).as(inst.kind() + " " + inst.family()).isEqualTo(expected);
      if (model != ExactModel.REAL) {
        assertThat(cpsat.summary()).contains(model.label() + ": " + model.words());
      }
    }
  }

  @Test
  void everyScope_staysWithinItsFamilies_andEveryFamilyHasAMethod() {
    for (Method m : REGISTRY.all()) {
      for (ProblemKind k : m.problems()) {
        assertThat(m.scope().families().stream().anyMatch(f -> f.problems().contains(k)))
            .as(m.name() + " lists " + k.wireName() + " outside its families")
            .isTrue();
      }
      assertThat(m.scope().words()).as(m.name()).isNotBlank().doesNotContain("\n");
    }
    for (Instance inst : samples()) {
      assertThat(REGISTRY.applicable(inst)).as(inst.kind() + " " + inst.family()).isNotEmpty();
    }
  }

  @Test
  void everyRefusal_isOneSentenceStartingWithTheMethodName() {
    for (Instance inst : samples()) {
      for (Method m : REGISTRY.all()) {
        String why = m.whyNot(inst);
        if (why != null) {
          assertThat(why)
              .as(m.name() + " on " + inst.kind())
              .doesNotContain("\n")
              .matches("^(" + java.util.regex.Pattern.quote(m.name()) + " |on the ).*");
        }
      }
    }
  }
}
