package org.commsched.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Deep;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceReader;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The bundled catalogue, row by row: every file reads, every applicable method returns a schedule
 * the checker accepts, and lower bound &le; recorded optimum &le; every method's makespan; a method
 * claiming OPTIMAL must hit the recorded optimum exactly. Optima and their sources are in {@code
 * instances/catalogue/manifest.json}.
 */
class CatalogueTest {
  static final Path CATALOGUE = locate();

  private static Path locate() {
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException(
          "instances/catalogue not found above " + Paths.get("").toAbsolutePath());
    }
    return p.resolve("instances/catalogue");
  }

  static List<JsonNode> manifest() throws IOException {
    JsonNode root =
        JsonMapper.builder().build().readTree(Files.readString(CATALOGUE.resolve("manifest.json")));
    List<JsonNode> rows = new ArrayList<>();
    root.forEach(rows::add);
    return rows;
  }

  static Instance read(String file) {
    Path p = CATALOGUE.resolve(file);
    return file.endsWith(".csv") ? DsaCsv.read(p) : InstanceReader.read(p);
  }

  /** The recorded optimum in the instance's ticks, or null. */
  static Long optimum(JsonNode row, Instance inst) {
    JsonNode o = row.get("optimum");
    if (o == null || o.isNull()) {
      return null;
    }
    BigDecimal v = o.isString() ? new BigDecimal(o.stringValue()) : o.decimalValue();
    return inst.timeScale().toTicks(v);
  }

  @Test
  void manifest_listsEveryDataFile_andEveryRowHasASource() throws IOException {
    List<String> listed = new ArrayList<>();
    for (JsonNode row : manifest()) {
      listed.add(row.get("file").stringValue());
      assertThat(row.get("source").stringValue()).as(row.get("file").stringValue()).isNotBlank();
    }
    List<String> files;
    try (Stream<Path> s = Files.list(CATALOGUE)) {
      files =
          s.map(x -> x.getFileName().toString())
              .filter(
                  f -> (f.endsWith(".json") || f.endsWith(".csv")) && !f.equals("manifest.json"))
              .sorted()
              .toList();
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(files);
  }

  @Deep
  @TestFactory
  Stream<DynamicTest> everyApplicableMethod_isValid_andNotBelowTheOptimum() throws IOException {
    MethodRegistry registry = MethodRegistry.standard();
    SolveLimits limits = SolveLimits.defaults().withTimeLimit(java.time.Duration.ofSeconds(5));
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode row : manifest()) {
      String file = row.get("file").stringValue();
      tests.add(
          DynamicTest.dynamicTest(
              file,
              () -> {
                Instance inst = read(file);
                Long opt = optimum(row, inst);
                String kind = row.get("optimumKind").stringValue();
                List<Method> methods = registry.applicable(inst);
                assertThat(methods).as("methods for " + file).isNotEmpty();
                // the row's bounds, computed once and handed to every method's run (as `ratios`
                // hands them from one method's run to the next): each run computed them again
                Instance routed = SolveRunner.route(inst, limits);
                List<LowerBound> known = LowerBounds.all(routed);
                LowerBound best =
                    inst.kind() == ProblemKind.DSA
                        ? LowerBounds.virtual(inst).stream()
                            .reduce(LowerBound.zero(), LowerBound::max)
                        : routed == inst && !known.isEmpty()
                            ? known.get(0)
                            : LowerBounds.best(inst);
                if (opt != null && (kind.equals("exact") || kind.equals("upper"))) {
                  assertThat(best.value())
                      .as("lower bound %s of %s vs recorded %s optimum", best, file, kind)
                      .isLessThanOrEqualTo(opt);
                }
                for (Method m : methods) {
                  SolveRunner.Outcome run =
                      SolveRunner.run(m, SolveRunner.start(inst, limits, known));
                  assertThat(run.result().hasSchedule()).as(m.name() + " on " + file).isTrue();
                  assertThat(run.valid())
                      .as(m.name() + " on " + file + ": " + run.report().violations())
                      .isTrue();
                  // the recorded optimum is of the problem's own schedule kind: real for chatting,
                  // virtual for dsa; a
                  // virtual schedule of a chatting instance (slots) can be shorter than the real
                  // optimum (oracle E)
                  boolean sameKind =
                      !(run.result().schedule() instanceof Schedule.Slots)
                          || inst.kind() == ProblemKind.DSA;
                  if (opt != null && kind.equals("exact") && sameKind) {
                    assertThat(run.result().makespan())
                        .as(m.name() + " on " + file + " vs the optimum")
                        .isGreaterThanOrEqualTo(opt);
                    if (run.result().status() == SolveStatus.OPTIMAL) {
                      assertThat(run.result().makespan())
                          .as(m.name() + " claims OPTIMAL on " + file)
                          .isEqualTo(opt);
                    }
                  }
                }
              }));
    }
    return tests.stream();
  }
}
