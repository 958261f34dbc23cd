package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;

/**
 * The worst cases {@code commsched worst} found (issue 23, item 5) are catalogue rows that hold
 * their tightness example: for each row of {@code instances/catalogue/manifest.json} naming a
 * {@code method}, an exact method other than that one proves the recorded optimum (status OPTIMAL
 * at exactly that value, with a schedule the checker accepts, and no lower bound above it), and
 * running the named method now gives the recorded makespan, so its ratio to the optimum is the
 * recorded {@code ratioExact}.
 */
class WorstCatalogueTest {
  /** One worker, so the runs are reproducible; the limit is generous for a loaded machine. */
  private static final SolveLimits LIMITS = new SolveLimits(Duration.ofSeconds(60), 1, 0L);

  @TestFactory
  Stream<DynamicTest> everyWorstCaseRow_isCertified_andItsMethodStillReachesTheRecordedRatio()
      throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : CatalogueTest.manifest()) {
      if (!row.has("method")) {
        continue;
      }
      String file = row.get("file").stringValue();
      tests.add(
          DynamicTest.dynamicTest(file, () -> holds(registry, row, CatalogueTest.read(file))));
    }
    assertThat(tests)
        .as("worst-case rows (issue 23: five methods of different families)")
        .hasSizeGreaterThanOrEqualTo(5);
    return tests.stream();
  }

  private static void holds(MethodRegistry registry, JsonNode row, Instance inst) {
    String file = row.get("file").stringValue();
    Method m = registry.byName(row.get("method").stringValue());
    assertThat(m).as(file + ": the method it names").isNotNull();
    assertThat(row.get("optimumKind").stringValue()).isEqualTo("exact");
    assertThat(row.get("source").stringValue())
        .as(file)
        .startsWith("found by commsched worst --method " + m.name());
    assertThat(row.has("certificate")).as(file + " has a certificate").isTrue();
    long opt = CatalogueTest.optimum(row, inst);
    assertThat(LowerBounds.best(inst).value())
        .as(file + ": best lower bound")
        .isLessThanOrEqualTo(opt);

    SolveRunner.Outcome mine = SolveRunner.run(m, inst, LIMITS);
    assertThat(mine.valid())
        .as(m.name() + " on " + file + ": " + mine.report().violations())
        .isTrue();

    SolveRunner.Outcome proof = null;
    for (Method x : registry.applicable(inst)) {
      if (!x.exact() || x.name().equals(m.name())) {
        continue; // the certificate must not rest on the method it measures
      }
      SolveRunner.Outcome r = SolveRunner.run(x, inst, LIMITS);
      if (!r.result().hasSchedule()
          || r.result().schedule().virtual() != mine.result().schedule().virtual()) {
        continue; // the other objective (virtual slots against real time)
      }
      assertThat(r.valid()).as(x.name() + " on " + file + ": " + r.report().violations()).isTrue();
      assertThat(r.result().makespan())
          .as(x.name() + " on " + file + " vs the recorded optimum")
          .isGreaterThanOrEqualTo(opt);
      if (r.result().status() == SolveStatus.OPTIMAL) {
        proof = r;
        break;
      }
    }
    assertThat(proof)
        .as(file + ": an exact method other than " + m.name() + " proves the optimum")
        .isNotNull();
    assertThat(proof.result().makespan())
        .as(proof.result().method() + " proves " + file)
        .isEqualTo(opt);

    long ms = mine.result().makespan();
    JsonNode recorded = row.get("methodMakespan");
    BigDecimal units =
        recorded.isString() ? new BigDecimal(recorded.stringValue()) : recorded.decimalValue();
    assertThat(ms)
        .as(m.name() + "'s makespan on " + file)
        .isEqualTo(inst.timeScale().toTicks(units));
    BigInteger p = BigInteger.valueOf(ms);
    BigInteger q = BigInteger.valueOf(opt);
    BigInteger g = p.gcd(q);
    assertThat(p.divide(g) + "/" + q.divide(g))
        .as(m.name() + "'s ratio on " + file)
        .isEqualTo(row.get("ratioExact").stringValue());
    assertThat(p.compareTo(q)).as(file + " is a gap instance").isPositive();
  }
}
