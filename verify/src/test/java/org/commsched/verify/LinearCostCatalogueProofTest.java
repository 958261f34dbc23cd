package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;

/**
 * The exact linear-cost model proves every recorded linear-cost optimum of the catalogue it takes (the {@code lc-*}
 * rows of {@code instances/catalogue/manifest.json} with {@code optimumKind} exact, within the model's size,
 * docs/models/linear-cost.md#exact-model): {@code cpsat} (one worker) returns status OPTIMAL with exactly the
 * recorded optimum and a schedule the checker accepts, and each such row carries the certificate of that proof.
 * Rows beyond the model's size say so through the method's refusal and are not run.
 */
class LinearCostCatalogueProofTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(60), 1, 0L);

  @TestFactory
  Stream<DynamicTest> cpsatProves_everyLinearCostOptimumItTakes() throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : CatalogueTest.manifest()) {
      String file = row.get("file").stringValue();
      if (!file.startsWith("lc-") || !row.get("optimumKind").stringValue().equals("exact")) {
        continue;
      }
      Instance inst = CatalogueTest.read(file);
      if (registry.byName("cpsat").whyNot(inst) != null) {
        assertThat(row.has("certificate")).as(file + " is beyond the exact model and claims no proof").isFalse();
        continue;
      }
      tests.add(DynamicTest.dynamicTest(file, () -> {
        long opt = CatalogueTest.optimum(row, inst);
        SolveRunner.Outcome run = SolveRunner.run(registry.byName("cpsat"), inst, LIMITS);
        assertThat(run.valid()).as(file + ": " + run.report().violations()).isTrue();
        assertThat(run.result().status()).as(file).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(run.result().makespan()).as(file).isEqualTo(opt);
        assertThat(row.has("certificate")).as(file + " has a certificate").isTrue();
      }));
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(6);
    return tests.stream();
  }
}
