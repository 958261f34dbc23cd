package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.io.InstanceReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The scatter/gather rows of the catalogue
 * (docs/models/bufferless-scatter-gather.md#figures-1-to-4, figures of Bhatt, Pucci, Ranade and
 * Rosenberg, "Scattering and Gathering Messages in Networks of Processors"): the offline models,
 * forced to search the bare model, prove each recorded optimum of {@code
 * instances/catalogue/manifest.json}; and the wake-up-constrained optimum on the paths of Figures
 * 2-4 and docs/models/bufferless-scatter-gather.md#small-counterexamples equals the paper's
 * Shoulder-Tap times (Theorem 2: optimal under wake-up constraint (5)), one less in our convention
 * (paper T = makespan + 1).
 */
class ScatterGatherOracleTest {
  static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(10), 1, 0L);

  static Instance read(String file) {
    return InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(file));
  }

  @TestFactory
  Stream<DynamicTest> offlineModelsProveEveryScatterGatherOptimumOfTheManifest()
      throws IOException {
    JsonNode rows =
        JsonMapper.builder()
            .build()
            .readTree(
                Files.readString(ExactChattingOracleTest.catalogue().resolve("manifest.json")));
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : rows) {
      String file = row.get("file").stringValue();
      if (!file.startsWith("sg-")) {
        continue;
      }
      assertThat(row.get("optimumKind").stringValue()).as(file).isEqualTo("exact");
      long opt = row.get("optimum").longValue();
      tests.add(
          DynamicTest.dynamicTest(
              file,
              () -> {
                Instance inst = read(file);
                for (SolveResult r :
                    List.of(
                        new CpSatBufferless().solve(inst, LIMITS, true),
                        new ChocoBufferless().solve(inst, LIMITS, true))) {
                  assertThat(r.status())
                      .as(r.method() + " on " + file)
                      .isEqualTo(SolveStatus.OPTIMAL);
                  assertThat(r.makespan()).as(r.method() + " on " + file).isEqualTo(opt);
                  assertValid(inst, r);
                }
              }));
    }
    assertThat(tests).as("sg rows in the manifest").hasSizeGreaterThanOrEqualTo(13);
    return tests.stream();
  }

  /**
   * Shoulder-Tap's times from the paper (Figures 2, 3 and 4's data) and
   * docs/models/bufferless-scatter-gather.md#small-counterexamples (gap, leaf rule, forward-first
   * scope), in paper units; Theorem 2 makes them the wake-up-constrained optima (with
   * forward-first, docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections).
   */
  @ParameterizedTest(name = "{0}: Shoulder-Tap T = {1} (paper units)")
  @CsvSource({
    "sg-fig2-gather-path6.json, 12",
    "sg-fig3-gather-path6.json, 14",
    "sg-fig4-gather-path6-tc.json, 12",
    "sg-stgap-gather-path4.json, 7",
    "sg-leafrule-gather-path2.json, 5",
    "sg-forwardfirst-gather-path3.json, 6",
  })
  void syncOptimumOnThePaperPathsIsShoulderTap(String file, long paperT) {
    Instance inst = read(file);
    assertThat(new CpSatSyncGather().whyNot(inst)).isNull();
    assertThat(new ChocoSyncGather().whyNot(inst)).isNull();
    for (SolveResult r :
        List.of(
            new CpSatSyncGather().solve(inst, LIMITS, true),
            new ChocoSyncGather().solve(inst, LIMITS, true))) {
      assertThat(r.stats().get("syncStatus")).as(r.method()).isEqualTo("OPTIMAL");
      assertThat(r.makespan()).as(r.method() + " on " + file).isEqualTo(paperT - 1);
      assertValid(inst, r);
      // the status is the offline problem's: the offline optimum is smaller on every one of these
      // paths
      assertThat(r.status()).isEqualTo(SolveStatus.FEASIBLE);
      assertThat(r.lowerBound().value()).isLessThan(r.makespan());
    }
  }

  /**
   * docs/models/bufferless-scatter-gather.md#small-counterexamples, forward-first scope: on L = (3,
   * 0) Shoulder-Tap takes T = 6; a schedule in which P1 sends its own message before it wakes P2
   * would finish at T = 5. The returned trace wakes P2 before P1's first flit leaves.
   */
  @Test
  void forwardFirstIsKept_wakeUpsInTheTrace() {
    Instance inst = read("sg-forwardfirst-gather-path3.json");
    SolveResult r = new CpSatSyncGather().solve(inst, LIMITS);
    Schedule.Departures d = (Schedule.Departures) r.schedule();
    assertThat(d.control())
        .extracting(Schedule.ControlTransfer::to)
        .containsExactlyInAnyOrder(1, 2);
    long wakeP2 = d.control().stream().filter(c -> c.to() == 2).findFirst().orElseThrow().step();
    long wakeP1 = d.control().stream().filter(c -> c.to() == 1).findFirst().orElseThrow().step();
    assertThat(wakeP1).isZero();
    assertThat(d.departures().values().iterator().next()).isGreaterThan(wakeP2);
    assertThat(r.makespan()).isEqualTo(5); // paper T = 6
  }

  /**
   * docs/models/bufferless-scatter-gather.md#tree-oracles-ex1-to-ex5 EX5, #ratios: the sync optimum
   * lies between LB-SYNC (12, paper units) and TC's 26.
   */
  @Test
  void ex5_syncOptimumBetweenLbSyncAndTransmissionCertification() {
    Instance inst = read("sg-ex5-gather-bintree7.json");
    SolveResult cp = new CpSatSyncGather().solve(inst, LIMITS);
    SolveResult ch = new ChocoSyncGather().solve(inst, LIMITS);
    assertThat(cp.stats().get("syncStatus")).isEqualTo("OPTIMAL");
    assertThat(ch.makespan()).isEqualTo(cp.makespan());
    LowerBound lbSync =
        LowerBounds.protocolBounds(inst).stream()
            .filter(b -> b.kind().equals("LB-SYNC"))
            .findFirst()
            .orElseThrow();
    assertThat(lbSync.value()).isEqualTo(12 - 1);
    assertThat(cp.makespan()).isBetween(lbSync.value(), 26L - 1);
  }
}
