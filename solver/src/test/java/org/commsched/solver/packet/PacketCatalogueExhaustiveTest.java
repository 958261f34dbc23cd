package org.commsched.solver.packet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.ExactChattingOracleTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The exhaustive search that the catalogue's store-and-forward rows cite ("independently confirmed
 * for this catalogue by an exhaustive search over every packetization and every per-node transfer
 * order, FCFS or not"), run here: {@link PacketBruteForce#optimum} (every packetization, every
 * semi-active schedule; docs/models/packet.md#exact-model) reaches each recorded optimum of
 * instances/catalogue/manifest.json and nothing shorter, in ticks of the instance. The larger rows
 * (9 to 12 units: pk-special-*, pk-buffer-gather-path3) are beyond the search in a build's time;
 * their notes cite the exact model's proof ({@code PacketCatalogueProofTest}, verify) instead.
 */
class PacketCatalogueExhaustiveTest {
  /** file, recorded optimum in time units (the manifest's value). */
  private record Row(String file, String optimum) {}

  private static final List<Row> ROWS =
      List.of(
          new Row("pk-tv1-scatter-beta2.json", "16"),
          new Row("pk-tv1-scatter-beta1p5.json", "13.5"),
          new Row("pk-tv2-gather-beta2.json", "16"),
          new Row("pk-grouping-scatter-m3-s3-t4.json", "16"));

  @TestFactory
  Stream<DynamicTest> exhaustiveSearch_reachesEveryRecordedOptimum() {
    return ROWS.stream()
        .map(
            row ->
                DynamicTest.dynamicTest(
                    row.file(),
                    () -> {
                      Instance inst =
                          InstanceReader.read(
                              ExactChattingOracleTest.catalogue().resolve(row.file()));
                      long expected =
                          inst.timeScale().toTicks(new java.math.BigDecimal(row.optimum()));
                      long t0 = System.nanoTime();
                      long found = PacketBruteForce.optimum(inst);
                      System.out.println(
                          row.file()
                              + ": exhaustive optimum "
                              + inst.timeScale().format(found)
                              + " in "
                              + (System.nanoTime() - t0) / 1_000_000
                              + " ms");
                      assertThat(found).as(row.file()).isEqualTo(expected);
                    }));
  }
}
