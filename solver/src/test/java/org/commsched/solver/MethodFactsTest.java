package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Deep;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every registered method's {@link MethodFacts} are complete and true to what the method does: it
 * says what it does, what it guarantees and where it comes from (a method whose words cite a
 * theorem names the paper it is in); its scope accepts an instance of each family it lists (from
 * the catalogue, else a small seeded instance) and refuses every catalogue instance outside it; and
 * its exact flag agrees with the status it reports (an exact method proves the optimum of a small
 * instance in scope, a heuristic claims OPTIMAL only when its makespan meets its lower bound).
 */
class MethodFactsTest {
  private static final MethodRegistry REGISTRY = MethodRegistry.standard();

  /** A theorem, lemma, ... cited in a method's words. */
  private static final Pattern RESULT =
      Pattern.compile(
          "\\b(Theorem|Thm|Lemma|Corollary|Cor|Observation|Obs" + "|Proposition)\\.? ?[0-9]");

  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(5), 1, 0L);

  /** How many of its smallest accepted instances of each family each method runs on. */
  private static final int RUNS = 2;

  /**
   * The wake-up models, which prove the optimum under wake-ups (stat {@code syncStatus}) while
   * their status refers to the offline problem: the catalogue's gap instances record offline
   * optima, so for these two the check has no gap run and a mislabelled flag would pass it (the
   * only exception to the gap requirement).
   */
  private static final java.util.Set<String> WAKE_UP = java.util.Set.of("cpsat-sync", "choco-sync");

  private static List<Instance> catalogue;

  /**
   * The names of the catalogue instances whose recorded exact optimum is above the best a-priori
   * lower bound.
   */
  private static java.util.Set<String> gaps;

  private static List<Instance> generated;

  @BeforeAll
  static void instances() throws IOException {
    catalogue = new ArrayList<>();
    try (Stream<Path> files = Files.list(ExactChattingOracleTest.catalogue())) {
      for (Path p : files.sorted().toList()) {
        String n = p.getFileName().toString();
        if (n.endsWith(".csv")) {
          catalogue.add(DsaCsv.read(p));
        } else if (n.endsWith(".json") && !n.equals("manifest.json")) {
          catalogue.add(InstanceReader.read(p));
        }
      }
    }
    assertThat(catalogue).hasSizeGreaterThan(40);
    gaps = new java.util.HashSet<>();
    JsonNode rows =
        JsonMapper.builder()
            .build()
            .readTree(
                Files.readString(ExactChattingOracleTest.catalogue().resolve("manifest.json")));
    for (JsonNode row : rows) {
      JsonNode optimum = row.get("optimum");
      String file = row.get("file").stringValue();
      if (optimum == null
          || optimum.isNull()
          || !row.path("optimumKind").asString("").equals("exact")
          || !file.endsWith(".json")) {
        continue;
      }
      Instance inst = InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(file));
      BigDecimal opt =
          optimum.isNumber() ? optimum.decimalValue() : new BigDecimal(optimum.stringValue());
      if (opt.compareTo(bestBound(inst)) > 0) {
        gaps.add(inst.name());
      }
    }
    generated = new ArrayList<>();
    long seed = 1;
    String[] networks = {
      "ula",
      "bla",
      "uring",
      "ring",
      "star",
      "tree-binary",
      "mesh",
      "complete",
      "hypercube",
      "folded-hypercube"
    };
    for (ProblemKind k : Family.LINEAR_COST.problems()) {
      for (String network : networks) {
        for (CommModel.Ports ports : CommModel.Ports.values()) {
          for (CommModel.Duplex duplex : CommModel.Duplex.values()) {
            for (CommModel.OnePortRule rule : CommModel.OnePortRule.values()) {
              CommModel model =
                  new CommModel.StoreAndForward(
                      BigDecimal.ONE,
                      BigDecimal.ONE,
                      ports,
                      duplex,
                      ports == CommModel.Ports.ONE ? rule : null);
              int size = network.contains("hypercube") ? 3 : network.equals("mesh") ? 3 : 6;
              GeneratorSpec spec =
                  new GeneratorSpec(
                      null,
                      k,
                      network,
                      size,
                      4,
                      new LengthDistribution.Uniform(1, 3),
                      model,
                      seed++,
                      false);
              try {
                generated.add(Generators.instance(spec));
              } catch (IllegalArgumentException e) {
                // a pair the generator refuses (e.g. a gossip on a ula): nothing to add
              }
            }
          }
        }
      }
    }
    generated.addAll(gridSends());
  }

  /**
   * Sends on a 3 x 3 mesh from the corner to two rows and two columns away and to two rows and one
   * column away (the grid schemes' shapes, which a random send seldom has), under all ports and
   * either duplex.
   */
  private static List<Instance> gridSends() {
    List<Instance> out = new ArrayList<>();
    for (CommModel.Duplex duplex : CommModel.Duplex.values()) {
      for (int target : new int[] {8, 7}) {
        out.add(
            new Instance(
                "mesh-send-0-" + target + "-" + duplex.wireName(),
                new Problem.Send(0, target, 6, null),
                new CommModel.StoreAndForward(
                    BigDecimal.ONE, BigDecimal.ONE, CommModel.Ports.ALL, duplex, null),
                Network.of(new Topology.Mesh(3, 3))));
      }
    }
    return out;
  }

  @Test
  void everyMethodSaysWhatItDoes_whatItGuarantees_andWhereItComesFrom() {
    for (Method m : REGISTRY.all()) {
      MethodFacts f = m.facts();
      assertThat(m.name()).as("the listing's name is the facts' name").isEqualTo(f.name());
      for (String words : List.of(f.summary(), f.guarantee(), f.citation())) {
        assertThat(words).as(m.name()).isNotBlank().doesNotContain("\n");
      }
      boolean paper = f.citation().contains("\"");
      assertThat(paper || f.citation().contains("this project"))
          .as(
              m.name()
                  + ": the citation names a paper or "
                  + "thesis by its title, or says the method is this project's: "
                  + f.citation())
          .isTrue();
      if (RESULT.matcher(f.guarantee()).find() || RESULT.matcher(f.summary()).find()) {
        assertThat(paper)
            .as(m.name() + " cites a theorem, so its citation names the paper: " + f.citation())
            .isTrue();
      }
    }
  }

  @Test
  void everyScopeAcceptsAnInstanceOfEachOfItsFamilies_andRefusesTheCatalogueOutsideIt() {
    for (Method m : REGISTRY.all()) {
      for (Family family : m.scope().families()) {
        assertThat(accepted(m, family))
            .as(
                m.name()
                    + " lists "
                    + family
                    + " in its scope and accepts no "
                    + "catalogue or seeded instance of it")
            .isNotNull();
      }
      for (Instance inst : catalogue) {
        boolean inScope =
            m.scope().families().contains(inst.family()) && m.problems().contains(inst.kind());
        if (!inScope) {
          assertThat(m.whyNot(inst))
              .as(m.name() + " on " + inst.name() + ", outside its scope")
              .isNotNull()
              .startsWith(m.name() + " ");
        }
      }
    }
  }

  /**
   * Each method runs on its smallest accepted instances of each of its families and on its smallest
   * accepted <em>gap</em> instance of the catalogue of each family in its scope (whose recorded
   * exact optimum exceeds the best a-priori lower bound, so that only a search proves OPTIMAL
   * there). An exact method proves every small instance OPTIMAL and at least one gap instance; a
   * heuristic is OPTIMAL only where its makespan meets the instance's best a-priori lower bound
   * ({@code LowerBounds.best}), since it has no search to prove more. Both directions can fail: a
   * heuristic marked exact proves no small instance, and an exact method marked heuristic claims
   * OPTIMAL above the bound on a gap instance ({@link
   * #anExactMethodMarkedHeuristicFailsTheExactFlagCheck}).
   */
  @Test
  void theExactFlagAgreesWithTheStatusTheMethodReports_ofEveryHeuristic() {
    assertThat(exactFlagFailures(false)).isEmpty();
  }

  /**
   * The same for the exact methods, deep: their runs up to the time limit were most of the suite's
   * time.
   */
  @Deep
  @Test
  void theExactFlagAgreesWithTheStatusTheMethodReports_ofEveryExactMethod() {
    assertThat(exactFlagFailures(true)).isEmpty();
  }

  private static List<String> exactFlagFailures(boolean exact) {
    List<String> failures = new ArrayList<>();
    for (Method m : REGISTRY.all()) {
      String failure = m.exact() == exact ? exactFlagFailure(m) : null;
      if (failure != null) {
        failures.add(failure);
      }
    }
    return failures;
  }

  /**
   * The injected fault of the check above: an exact method ({@code cpsat}) whose facts say
   * heuristic. On a chatting gap instance it proves an optimum the a-priori bound does not reach,
   * so the check fails it.
   */
  @Test
  void anExactMethodMarkedHeuristicFailsTheExactFlagCheck() {
    Method exact = REGISTRY.byName("cpsat");
    assertThat(exact.exact()).isTrue();
    MethodFacts f = exact.facts();
    Method marked =
        new Method() {
          private final MethodFacts facts =
              new MethodFacts(f.name(), f.summary(), f.guarantee(), f.citation(), f.scope(), false);

          @Override
          public MethodFacts facts() {
            return facts;
          }

          @Override
          public SolveResult solve(Instance instance, SolveLimits limits) {
            return exact.solve(instance, limits);
          }
        };
    assertThat(exactFlagFailure(marked))
        .as("the false flag fails")
        .isNotNull()
        .contains("a heuristic is OPTIMAL only at the lower bound");
  }

  /**
   * Null when the method's exact flag agrees with the statuses it reports on its runs ({@link
   * #smallestAccepted}, and for each family of its scope its smallest accepted gap instance), else
   * the first disagreement.
   */
  private static String exactFlagFailure(Method m) {
    List<Instance> runs = smallestAccepted(m);
    if (runs.isEmpty()) {
      return m.name() + " accepts no catalogue or seeded instance";
    }
    for (Instance inst : runs) {
      String failure = exactFlagFailure(m, inst, m.solve(inst, LIMITS));
      if (failure != null) {
        return failure;
      }
    }
    Comparator<Instance> size =
        Comparator.comparingInt(i -> Math.max(i.messages().size(), i.origins().size()));
    List<Instance> gapRuns = new ArrayList<>();
    for (Family f : m.scope().families()) {
      catalogue.stream()
          .filter(i -> i.family() == f && gaps.contains(i.name()) && m.whyNot(i) == null)
          .min(size)
          .ifPresent(gapRuns::add);
    }
    boolean provedGap = false;
    for (Instance inst : gapRuns) {
      SolveResult r = m.solve(inst, LIMITS);
      provedGap |= r.status() == SolveStatus.OPTIMAL;
      // an exact method may run out of time on a larger gap instance; a heuristic must not claim
      // one
      String failure = m.exact() ? null : exactFlagFailure(m, inst, r);
      if (failure != null) {
        return failure;
      }
    }
    // without a proven gap instance an exact method marked heuristic would pass: the catalogue has
    // one for each
    return m.exact() && !provedGap && !WAKE_UP.contains(m.name())
        ? m.name()
            + " proves none of its catalogue gap "
            + "instances "
            + gapRuns.stream().map(Instance::name).toList()
        : null;
  }

  /**
   * Null when the status {@code r} of {@code m} on {@code inst} agrees with the method's exact
   * flag, else what is wrong: an exact method proves a small instance (the wake-up models,
   * cpsat-sync and choco-sync, prove the optimum under wake-ups, reported as syncStatus, since
   * status refers to the offline problem); a heuristic is OPTIMAL only at the best a-priori lower
   * bound.
   */
  private static String exactFlagFailure(Method m, Instance inst, SolveResult r) {
    String what = m.name() + " on " + inst.name() + ": " + r.status() + " " + r.stats();
    if (m.exact()) {
      boolean proved =
          r.status() == SolveStatus.OPTIMAL
              || SolveStatus.OPTIMAL.toString().equals(String.valueOf(r.stats().get("syncStatus")));
      return proved ? null : what + ": an exact method proves a small instance";
    }
    if (r.status() == SolveStatus.OPTIMAL && makespan(r).compareTo(bestBound(inst)) > 0) {
      return what + ": a heuristic is OPTIMAL only at the lower bound " + bestBound(inst);
    }
    return null;
  }

  private static BigDecimal makespan(SolveResult r) {
    return BigDecimal.valueOf(r.makespan(), r.scale().decimals());
  }

  private static BigDecimal bestBound(Instance inst) {
    return BigDecimal.valueOf(LowerBounds.best(inst).value(), inst.timeScale().decimals());
  }

  /** A catalogue instance of the family that the method accepts, else a seeded one, else null. */
  private static Instance accepted(Method m, Family family) {
    return Stream.concat(catalogue.stream(), generated.stream())
        .filter(i -> i.family() == family && m.whyNot(i) == null)
        .findFirst()
        .orElse(null);
  }

  /**
   * For each family of the method's scope, its (at most {@link #RUNS}) accepted instances with the
   * fewest messages: catalogue ones, else seeded ones.
   */
  private static List<Instance> smallestAccepted(Method m) {
    Comparator<Instance> size =
        Comparator.comparingInt(i -> Math.max(i.messages().size(), i.origins().size()));
    List<Instance> out = new ArrayList<>();
    for (Family f : m.scope().families()) {
      List<Instance> own =
          catalogue.stream()
              .filter(i -> i.family() == f && m.whyNot(i) == null)
              .sorted(size)
              .limit(RUNS)
              .toList();
      out.addAll(
          !own.isEmpty()
              ? own
              : generated.stream()
                  .filter(i -> i.family() == f && m.whyNot(i) == null)
                  .sorted(size)
                  .limit(RUNS)
                  .toList());
    }
    return out;
  }
}
