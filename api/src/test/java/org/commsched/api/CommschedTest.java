package org.commsched.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.InstanceFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The embedding facade: units, Optional instead of null, check, bounds and write
 * (docs/EMBEDDING.md).
 */
class CommschedTest {
  static final Path CATALOGUE = catalogue();
  static final Duration LIMIT = Duration.ofSeconds(5);

  static Path catalogue() {
    Path p = Paths.get("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("instances/catalogue"))) {
      p = p.getParent();
    }
    return p.resolve("instances/catalogue");
  }

  /**
   * The manifest's optimum of a catalogue file, in the instance's units (docs:
   * instances/catalogue/README.md).
   */
  static BigDecimal optimum(String file) throws IOException {
    for (JsonNode row :
        new ObjectMapper().readTree(Files.readString(CATALOGUE.resolve("manifest.json")))) {
      if (row.get("file").asString().equals(file)) {
        return new BigDecimal(row.get("optimum").asString());
      }
    }
    throw new AssertionError(file + " is not in the manifest");
  }

  @Test
  void aStoreAndForwardMakespanComesBackInTheInstancesUnitsAndInTicks() throws IOException {
    // the thesis's special class at beta = 0.5, tau = 1: times are tenths, and its closed form
    // (packet-special) gives
    // the manifest's optimum 17.5, which is 175 ticks
    String file = "pk-special-scatter-m4-s2-t4-beta0p5.json";
    Solution s = Commsched.solve(Commsched.read(CATALOGUE.resolve(file)), "packet-special", LIMIT);
    BigDecimal optimum = optimum(file);
    Time makespan = s.makespan().orElseThrow();
    assertThat(makespan.units()).isEqualByComparingTo(optimum);
    assertThat(makespan.scale().decimals()).isEqualTo(1);
    assertThat(makespan.ticks()).isEqualTo(optimum.movePointRight(1).longValueExact());
    assertThat(makespan.toString()).isEqualTo(optimum.toPlainString());
    assertThat(s.lowerBound().value().ticks()).isLessThanOrEqualTo(makespan.ticks());
    assertThat(s.lowerBound().value().scale()).isEqualTo(makespan.scale());
    assertThat(s.valid()).isTrue();
  }

  @Test
  void aBufferlessMakespanIsOneTickAStep() throws IOException {
    Solution s =
        Commsched.solve(Commsched.read(CATALOGUE.resolve("sg-fig1-scatter-path6.json")), LIMIT);
    assertThat(s.makespan().orElseThrow().units())
        .isEqualByComparingTo(optimum("sg-fig1-scatter-path6.json"));
    assertThat(s.makespan().orElseThrow().ticks())
        .isEqualTo(optimum("sg-fig1-scatter-path6.json").longValueExact());
  }

  @Test
  void anUnknownMethodIsAnEmptyOptionalAndARefusalNamingTheMethodsThatApply() {
    Instance chat = Commsched.read(CATALOGUE.resolve("chat-oracle-a-ula5.json"));
    assertThat(Commsched.method("no-such-method")).isEmpty();
    assertThat(Commsched.method("cpsat"))
        .hasValueSatisfying(m -> assertThat(m.name()).isEqualTo("cpsat"));
    assertThat(Commsched.methods(chat)).contains("cpsat");
    assertThatThrownBy(() -> Commsched.solve(chat, "no-such-method", LIMIT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown method 'no-such-method'")
        .hasMessageContaining("cpsat");
  }

  @Test
  void aMethodThatDoesNotApplySaysWhyAndNamesTheInstance() {
    Instance dsa = Commsched.read(CATALOGUE.resolve("dsa-small.csv"));
    assertThat(Commsched.methods(dsa)).doesNotContain("fdf");
    assertThatThrownBy(() -> Commsched.solve(dsa, "fdf", LIMIT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("method fdf does not apply")
        .hasMessageContaining(dsa.name());
  }

  @Test
  void anExplicitMethodHasNoFoundByAndTheDefaultNamesIt() {
    Instance chat = Commsched.read(CATALOGUE.resolve("chat-oracle-a-ula5.json"));
    assertThat(Commsched.solve(chat, "cpsat", LIMIT).foundBy()).isEmpty();
    Solution portfolio = Commsched.solve(chat, LIMIT);
    assertThat(portfolio.method()).isEqualTo("portfolio");
    assertThat(portfolio.foundBy()).isPresent();
  }

  @Test
  void aWrittenScheduleReadsBackValidAndAFalseClaimInItIsCaught(@TempDir Path dir)
      throws IOException {
    Instance lc = Commsched.read(CATALOGUE.resolve("lc-e1-send-path5-all.json"));
    Solution s = Commsched.solve(lc, LIMIT);
    Path file = dir.resolve("s.json");
    Commsched.write(s, file);
    assertThat(Commsched.check(lc, file).valid()).isTrue();
    assertThat(Commsched.check(s).makespan()).isEqualTo(s.makespan());

    // a makespan one below the real one is a false claim: the checker refutes it
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode tree = (ObjectNode) mapper.readTree(Files.readString(file));
    BigDecimal claimed = new BigDecimal(tree.get("makespan").asString());
    assertThat(claimed).isEqualByComparingTo(s.makespan().orElseThrow().units());
    if (tree.get("makespan").isNumber()) {
      tree.put("makespan", claimed.longValueExact() - 1);
    } else {
      tree.put("makespan", claimed.subtract(BigDecimal.ONE).toPlainString());
    }
    Files.writeString(file, mapper.writeValueAsString(tree));
    Check tampered = Commsched.check(lc, file);
    assertThat(tampered.valid()).isFalse();
    assertThat(tampered.violations()).isNotEmpty();
  }

  @Test
  void theBestLowerBoundNeverExceedsTheManifestsOptimumAndIsTheFirstOfTheList() throws IOException {
    for (String f :
        new String[] {
          "chat-oracle-a-ula5.json",
          "sg-fig1-scatter-path6.json",
          "pk-tv1-scatter-beta1p5.json",
          "lc-e1-send-path5-all.json",
          "dsa-small.json",
          "tb-tree8-root.json"
        }) {
      Instance i = Commsched.read(CATALOGUE.resolve(f));
      Bound best = Commsched.lowerBound(i);
      assertThat(best.value().units()).as(f).isLessThanOrEqualTo(optimum(f));
      assertThat(best.value().units()).as(f).isPositive();
      assertThat(Commsched.lowerBounds(i))
          .as(f)
          .allSatisfy(b -> assertThat(b.value().ticks()).isLessThanOrEqualTo(best.value().ticks()));
    }
  }

  @Test
  void badInputThrowsTheReadersOneLineNamingTheFile(@TempDir Path dir) throws IOException {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{\"format\": \"commsched-instance/1\", \"problem\": \"chatting\"}");
    assertThatThrownBy(() -> Commsched.read(bad))
        .isInstanceOf(InstanceFormatException.class)
        .satisfies(e -> assertThat(((InstanceFormatException) e).oneLine()).contains("bad.json"));
  }

  @Test
  void anInstanceParsedFromTextSolvesLikeItsFile() throws IOException {
    Path f = CATALOGUE.resolve("chat-oracle-a-ula5.json");
    Instance parsed = Commsched.parse(Files.readString(f), "oracle-a");
    assertThat(Commsched.solve(parsed, LIMIT).makespan().orElseThrow().units())
        .isEqualByComparingTo(optimum("chat-oracle-a-ula5.json"));
  }
}
