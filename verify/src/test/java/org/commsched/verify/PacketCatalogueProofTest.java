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
 * The exact packet model proves every recorded store-and-forward optimum of the catalogue (the
 * {@code pk-*} rows of {@code instances/catalogue/manifest.json}, first confirmed by an exhaustive
 * search when the catalogue was made): {@code cpsat} (docs/models/packet.md#exact-model; one
 * worker, so the run is reproducible) returns status OPTIMAL with exactly the recorded optimum and
 * a schedule the checker accepts, and every {@code pk-*} row carries the certificate of that proof.
 */
class PacketCatalogueProofTest {
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(60), 1, 0L);

  @TestFactory
  Stream<DynamicTest> cpsatProves_everyPacketOptimum() throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : CatalogueTest.manifest()) {
      String file = row.get("file").stringValue();
      if (!file.startsWith("pk-") || !row.get("optimumKind").stringValue().equals("exact")) {
        continue;
      }
      tests.add(
          DynamicTest.dynamicTest(
              file, () -> cpsatProves(registry, row, CatalogueTest.read(file))));
    }
    assertThat(tests).hasSizeGreaterThanOrEqualTo(13);
    return tests.stream();
  }

  /**
   * {@code cpsat} (one worker) returns OPTIMAL with the row's recorded optimum and a valid
   * schedule, and the row carries a certificate.
   */
  static void cpsatProves(MethodRegistry registry, JsonNode row, Instance inst) {
    cpsatProves(registry, row, inst, LIMITS);
  }

  /** As {@link #cpsatProves(MethodRegistry, JsonNode, Instance)} within the given limits. */
  static void cpsatProves(
      MethodRegistry registry, JsonNode row, Instance inst, SolveLimits limits) {
    String file = row.get("file").stringValue();
    long opt = CatalogueTest.optimum(row, inst);
    SolveRunner.Outcome run = SolveRunner.run(registry.byName("cpsat"), inst, limits);
    assertThat(run.valid()).as(file + ": " + run.report().violations()).isTrue();
    assertThat(run.result().status()).as(file).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(run.result().makespan()).as(file).isEqualTo(opt);
    assertThat(row.has("certificate")).as(file + " has a certificate").isTrue();
  }
}
