package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.testing.Deep;
import org.commsched.solver.MethodRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;

/**
 * The exact linear-cost model proves every recorded linear-cost optimum of the catalogue it takes
 * (the {@code lc-*} rows of {@code instances/catalogue/manifest.json} with {@code optimumKind}
 * exact, within the model's size, docs/models/linear-cost.md#exact-model): {@code cpsat} (one
 * worker) returns status OPTIMAL with exactly the recorded optimum and a schedule the checker
 * accepts, and each such row carries the certificate of that proof. Rows beyond the model's size
 * say so through the method's refusal and are not run.
 */
class LinearCostCatalogueProofTest {
  /**
   * One worker, 300 s: a run returns as soon as CP-SAT closes the proof (4 to 10 s of CPU per row,
   * the whole run), so the limit costs time only when a proof fails; at load 16 to 30 on two cores
   * the long rows took up to 152 s wall, and 60 s left three of four runs of the 7-ring H1 row
   * FEASIBLE (docs/BENCHMARKS.md, "Slot symmetry breaking").
   */
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(300), 1, 0L);

  /**
   * The four rows whose proofs took most of the suite's time (15 to 60 s each under load): deep.
   */
  static final Set<String> LONG_PROOFS =
      Set.of(
          "lc-ring-h1-broadcast-ring7-n3-beta1.json",
          "lc-ring-h1-broadcast-ring5-n3-beta1.json",
          "lc-prop325-broadcast-ring6-h1-n6.json",
          "lc-prop325-broadcast-ring6-h1-n7.json");

  @TestFactory
  Stream<DynamicTest> cpsatProves_everyLinearCostOptimumItTakes() throws IOException {
    List<DynamicTest> tests = proofs(false);
    assertThat(tests).hasSizeGreaterThanOrEqualTo(6);
    // the odd-ring H1 rows (docs/models/linear-cost.md#broadcast-schemes-implemented, "Two-way
    // ring, H1"): each
    // proof takes seconds, so all three are re-proved in the build (two of them by the deep one)
    assertThat(tests)
        .extracting(DynamicTest::getDisplayName)
        .contains("lc-ring-h1-broadcast-ring7-n2-beta1.json");
    return tests.stream();
  }

  @Deep
  @TestFactory
  Stream<DynamicTest> cpsatProves_theLongProofs() throws IOException {
    List<DynamicTest> tests = proofs(true);
    assertThat(tests)
        .extracting(DynamicTest::getDisplayName)
        .containsExactlyInAnyOrderElementsOf(LONG_PROOFS);
    return tests.stream();
  }

  /**
   * The rows cpsat takes with an exact optimum: those of {@link #LONG_PROOFS} when {@code deep},
   * else the others.
   */
  private static List<DynamicTest> proofs(boolean deep) throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : CatalogueTest.manifest()) {
      String file = row.get("file").stringValue();
      if (!file.startsWith("lc-") || !row.get("optimumKind").stringValue().equals("exact")) {
        continue;
      }
      Instance inst = CatalogueTest.read(file);
      if (registry.byName("cpsat").whyNot(inst) != null) {
        assertThat(row.has("certificate"))
            .as(file + " is beyond the exact model and claims no proof")
            .isFalse();
        continue;
      }
      if (LONG_PROOFS.contains(file) == deep) {
        tests.add(
            DynamicTest.dynamicTest(
                file, () -> PacketCatalogueProofTest.cpsatProves(registry, row, inst, LIMITS)));
      }
    }
    return tests;
  }
}
