package org.commsched.solver.linearcost;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.ExactChattingOracleTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The exhaustive search that the catalogue's two small send cells cite
 * (instances/catalogue/README.md: "by exhaustive search over packetizations"), run here: {@link
 * LinearCostBruteForce} (docs/models/linear-cost.md#validity-rules) finds a checked schedule at
 * each recorded optimum and none one tick shorter (Peters' Table 2 cells, beta 5, tau 1, n = 4
 * units over 4 links: 35 under all ports, 36 under one port).
 */
class LinearCostCatalogueExhaustiveTest {
  private static final List<String[]> ROWS =
      List.of(
          new String[] {"lc-table2a-send-ula5-n4-all.json", "35"},
          new String[] {"lc-table2b-send-ula5-n4-one.json", "36"});

  @TestFactory
  Stream<DynamicTest> exhaustiveSearch_reachesTheRecordedOptimum_andNothingShorter() {
    return ROWS.stream()
        .map(
            row ->
                DynamicTest.dynamicTest(
                    row[0],
                    () -> {
                      Instance inst =
                          InstanceReader.read(ExactChattingOracleTest.catalogue().resolve(row[0]));
                      LinearCostExactTest.exhaustiveSearchAgrees(
                          inst, inst.timeScale().toTicks(new BigDecimal(row[1])));
                    }));
  }
}
