package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 23: the paired figures of {@link RatioStudy} are computed over exactly the set the report
 * names. On seeded random sweeps (two models of one problem and family, three methods, errors,
 * time-outs and missing optima): the common set is the instances where every compared method has
 * the ratio; each method's headline figures are those of its ratios on that set (count, maximum and
 * the instance attaining it, share at 1, geometric mean recomputed here); permuting the rows or
 * adding rows outside the set changes nothing; and a model's figures are the same with or without
 * the other model's rows in the sweep (never pooled).
 */
class RatioStudyProperties {
  private static final List<String> METHODS = List.of("alpha", "beta", "gamma");

  /**
   * Random rows of one model: per instance a bound, and per method a checked schedule, an error or
   * no schedule.
   */
  static List<RatioRow> rows(SplittableRandom r, String model, int instances) {
    List<RatioRow> out = new ArrayList<>();
    for (int i = 0; i < instances; i++) {
      Map<String, String> p = new LinkedHashMap<>();
      p.put("problem", "scatter");
      p.put("family", "tree");
      p.put("size", Integer.toString(4 + 2 * r.nextInt(3)));
      p.put("model", model);
      String id = "scatter-tree-" + model + "-" + i;
      long lb = 5 + r.nextInt(10);
      boolean proven = r.nextInt(3) > 0;
      for (String m : METHODS) {
        int kind = r.nextInt(10);
        if (kind == 0) {
          out.add(
              new RatioRow(
                  id,
                  p,
                  m,
                  "-",
                  "ERROR",
                  null,
                  null,
                  BigDecimal.ONE,
                  false,
                  "boom",
                  BigDecimal.ONE));
        } else if (kind == 1) {
          out.add(
              new RatioRow(
                  id,
                  p,
                  m,
                  "-",
                  "UNKNOWN",
                  null,
                  BigDecimal.valueOf(lb),
                  BigDecimal.ONE,
                  false,
                  "",
                  BigDecimal.ONE));
        } else {
          boolean opt = m.equals("gamma") && proven;
          long makespan = opt ? lb : lb + r.nextInt(6);
          out.add(
              new RatioRow(
                  id,
                  p,
                  m,
                  "real",
                  opt ? "OPTIMAL" : "FEASIBLE",
                  BigDecimal.valueOf(makespan),
                  BigDecimal.valueOf(lb - r.nextInt(2)),
                  BigDecimal.ONE,
                  true,
                  "",
                  BigDecimal.ONE));
        }
      }
    }
    return out;
  }

  private static RatioStudy.Result study(List<RatioRow> rows) {
    return RatioStudy.of(RatioReport.complete(rows), List.of());
  }

  private static List<RatioStudy.Line> common(RatioStudy.Result s, String model) {
    return s.lines().stream()
        .filter(
            l ->
                l.set().equals("common")
                    && l.group().model().equals(model)
                    && l.group().problem().equals("scatter"))
        .toList();
  }

  /**
   * Issue 23: with a chosen set of methods ({@code ratios --compare}), the common set is where the
   * chosen methods have the ratio, only they have headline lines, and every method keeps its
   * own-set lines.
   */
  @TestFactory
  Stream<DynamicTest> aChosenCompareSet_formsTheCommonSet_andOnlyItsMethodsHaveHeadlineLines() {
    return Seeds.seeds(Seeds.cases(2, 40))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      List<RatioReport.Full> full =
                          RatioReport.complete(rows(r, "saf", 3 + r.nextInt(12)));
                      java.util.Set<String> chosen = java.util.Set.of("alpha", "gamma");
                      RatioStudy.Result s = RatioStudy.of(full, List.of(), chosen);
                      TreeSet<String> compared = new TreeSet<>();
                      full.stream()
                          .filter(f -> f.row().valid() && chosen.contains(f.row().method()))
                          .forEach(f -> compared.add(f.row().method()));
                      if (compared.isEmpty()) {
                        return;
                      }
                      RatioStudy.Group g = new RatioStudy.Group("scatter", "tree", "saf");
                      for (RatioStudy.Reference ref : RatioStudy.Reference.values()) {
                        List<String> set = commonSet(full, ref, compared);
                        assertThat(s.commonSets().get(RatioStudy.key(g, "real", ref)))
                            .isEqualTo(set);
                        assertThat(
                                s.lines().stream()
                                    .filter(l -> l.reference() == ref && l.set().equals("common"))
                                    .map(RatioStudy.Line::method)
                                    .toList())
                            .containsExactlyElementsOf(compared);
                        TreeSet<String> withSchedule = new TreeSet<>();
                        full.stream()
                            .filter(f -> f.row().valid())
                            .forEach(f -> withSchedule.add(f.row().method()));
                        assertThat(
                                s.lines().stream()
                                    .filter(l -> l.reference() == ref && l.set().equals("own"))
                                    .map(RatioStudy.Line::method)
                                    .toList())
                            .containsExactlyElementsOf(withSchedule);
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> eachMethodsHeadlineFigures_areThoseOfItsRatiosOnTheNamedCommonSet() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      List<RatioRow> rows = rows(r, "saf", 3 + r.nextInt(12));
                      List<RatioReport.Full> full = RatioReport.complete(rows);
                      RatioStudy.Result s = RatioStudy.of(full, List.of());
                      TreeSet<String> compared = new TreeSet<>();
                      full.stream()
                          .filter(f -> f.row().valid())
                          .forEach(f -> compared.add(f.row().method()));
                      for (RatioStudy.Reference ref : RatioStudy.Reference.values()) {
                        List<String> set = commonSet(full, ref, compared);
                        RatioStudy.Group g = new RatioStudy.Group("scatter", "tree", "saf");
                        if (compared.isEmpty()) {
                          continue;
                        }
                        assertThat(s.commonSets().get(RatioStudy.key(g, "real", ref)))
                            .isEqualTo(set);
                        for (String m : compared) {
                          RatioStudy.Line line =
                              s.lines().stream()
                                  .filter(
                                      l ->
                                          l.set().equals("common")
                                              && l.reference() == ref
                                              && l.method().equals(m))
                                  .findFirst()
                                  .orElseThrow();
                          assertThat(line.setSize()).isEqualTo(set.size());
                          List<RatioReport.Ratio> mine =
                              full.stream()
                                  .filter(
                                      f ->
                                          f.row().method().equals(m)
                                              && set.contains(f.row().instance()))
                                  .map(ref.ratio)
                                  .toList();
                          if (set.isEmpty()) {
                            assertThat(line.stats()).isNull();
                            continue;
                          }
                          RatioStudy.Stats st = line.stats();
                          assertThat(st.n()).isEqualTo(set.size());
                          RatioReport.Ratio max =
                              mine.stream().max(RatioReport.Ratio::compareTo).orElseThrow();
                          assertThat(st.max()).isEqualTo(max);
                          String first =
                              full.stream()
                                  .filter(
                                      f ->
                                          f.row().method().equals(m)
                                              && set.contains(f.row().instance())
                                              && ref.ratio.apply(f).compareTo(max) == 0)
                                  .map(f -> f.row().instance())
                                  .sorted()
                                  .findFirst()
                                  .orElseThrow();
                          assertThat(st.maxInstance()).isEqualTo(first);
                          RatioReport.Ratio one =
                              new RatioReport.Ratio(BigInteger.ONE, BigInteger.ONE);
                          assertThat(st.atReference())
                              .isEqualTo(
                                  (int) mine.stream().filter(q -> q.compareTo(one) == 0).count());
                          double logs = 0;
                          for (RatioReport.Ratio q : mine) {
                            logs += Math.log(q.num().doubleValue() / q.den().doubleValue());
                          }
                          assertThat(st.geometricMean())
                              .isCloseTo(
                                  Math.exp(logs / mine.size()),
                                  org.assertj.core.data.Offset.offset(1e-9));
                          assertThat(st.low()).isLessThanOrEqualTo(st.geometricMean() + 1e-12);
                          assertThat(st.high()).isGreaterThanOrEqualTo(st.geometricMean() - 1e-12);
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> permutingTheRows_orAddingRowsOutsideTheCommonSet_changesNothing() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      List<RatioRow> rows = rows(r, "saf", 3 + r.nextInt(12));
                      RatioStudy.Result before = study(rows);
                      List<RatioRow> shuffled = new ArrayList<>();
                      for (int i : Seeds.permutation(rows.size(), r)) {
                        shuffled.add(rows.get(i));
                      }
                      assertThat(study(shuffled)).isEqualTo(before);
                      // a new instance on which one compared method failed: outside every common
                      // set
                      List<RatioRow> more = new ArrayList<>(shuffled);
                      Map<String, String> p = new LinkedHashMap<>(rows.get(0).parameters());
                      for (String m : METHODS) {
                        more.add(
                            m.equals("beta")
                                ? new RatioRow(
                                    "zz-extra",
                                    p,
                                    m,
                                    "-",
                                    "ERROR",
                                    null,
                                    null,
                                    BigDecimal.ONE,
                                    false,
                                    "boom",
                                    BigDecimal.ONE)
                                : new RatioRow(
                                    "zz-extra",
                                    p,
                                    m,
                                    "real",
                                    "OPTIMAL",
                                    BigDecimal.TEN,
                                    BigDecimal.TEN,
                                    BigDecimal.ONE,
                                    true,
                                    "",
                                    BigDecimal.ONE));
                      }
                      // and a row of another problem
                      Map<String, String> q = new LinkedHashMap<>(p);
                      q.put("problem", "gather");
                      more.add(
                          new RatioRow(
                              "gather-x",
                              q,
                              "alpha",
                              "real",
                              "FEASIBLE",
                              BigDecimal.TEN,
                              BigDecimal.ONE,
                              BigDecimal.ONE,
                              true,
                              "",
                              BigDecimal.ONE));
                      RatioStudy.Result after = study(more);
                      boolean allCompared =
                          METHODS.stream()
                              .allMatch(
                                  m ->
                                      rows.stream()
                                          .anyMatch(x -> x.method().equals(m) && x.valid()));
                      if (allCompared) {
                        assertThat(common(after, "saf")).isEqualTo(common(before, "saf"));
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> bufferlessAndStoreAndForwardRows_areNeverPooled() {
    return Seeds.seeds(Seeds.cases(2, 60))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom r = new SplittableRandom(seed);
                      List<RatioRow> saf =
                          rows(r, "saf:beta=3,tau=1,ports=one,duplex=full", 3 + r.nextInt(8));
                      List<RatioRow> bufferless = rows(r, "bufferless:one", 3 + r.nextInt(8));
                      List<RatioRow> both = new ArrayList<>(saf);
                      both.addAll(bufferless);
                      RatioStudy.Result pooled = study(both);
                      for (List<RatioRow> alone : List.of(saf, bufferless)) {
                        String model = alone.get(0).parameters().get("model");
                        RatioStudy.Result own = study(alone);
                        assertThat(
                                pooled.lines().stream()
                                    .filter(l -> l.group().model().equals(model))
                                    .toList())
                            .isEqualTo(own.lines());
                        assertThat(
                                pooled.coverage().stream()
                                    .filter(c -> c.group().model().equals(model))
                                    .toList())
                            .isEqualTo(own.coverage());
                      }
                      // the own-set summary is keyed by model as well
                      List<List<String>> summary = RatioReport.summary(RatioReport.complete(both));
                      assertThat(summary.stream().map(x -> x.get(x.size() - 1)).distinct())
                          .containsExactlyInAnyOrder(
                              "saf:beta=3,tau=1,ports=one,duplex=full", "bufferless:one");
                      assertThat(summary)
                          .hasSize(
                              (int)
                                  both.stream()
                                      .map(
                                          x ->
                                              List.of(
                                                  x.parameters().get("model"),
                                                  x.method(),
                                                  x.objective()))
                                      .distinct()
                                      .count());
                    }));
  }

  /**
   * Quartiles by hand: 1, 5/4, 3/2, 2 give 19/16, 11/8 and 13/8 (type 7); the geometric mean of 1
   * and 4 is 2.
   */
  @Test
  void quartilesAreExactRationals_andTheGeometricMeanIsOfTheRatios() {
    List<RatioReport.Ratio> xs = List.of(q(1, 1), q(5, 4), q(3, 2), q(2, 1));
    assertThat(RatioStudy.quantile(xs, 1)).isEqualTo(q(19, 16));
    assertThat(RatioStudy.quantile(xs, 2)).isEqualTo(q(11, 8));
    assertThat(RatioStudy.quantile(xs, 3)).isEqualTo(q(13, 8));
    assertThat(RatioStudy.quantile(List.of(q(7, 6)), 2)).isEqualTo(q(7, 6));
    RatioStudy.Stats s =
        RatioStudy.stats(List.of(Map.entry("b", q(4, 1)), Map.entry("a", q(1, 1))));
    assertThat(s.geometricMean()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(s.max()).isEqualTo(q(4, 1));
    assertThat(s.maxInstance()).isEqualTo("b");
    assertThat(s.atReference()).isEqualTo(1);
    assertThat(s.median().exact()).isEqualTo("5/2");
    RatioStudy.Stats same =
        RatioStudy.stats(List.of(Map.entry("a", q(3, 2)), Map.entry("b", q(3, 2))));
    assertThat(same.low()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(same.high()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-12));
  }

  private static RatioReport.Ratio q(long a, long b) {
    return RatioReport.Ratio.reduce(BigInteger.valueOf(a), BigInteger.valueOf(b));
  }

  /**
   * The common set, recomputed from the rows: the instances where every compared method has a
   * checked schedule and the ratio to {@code ref}, sorted.
   */
  private static List<String> commonSet(
      List<RatioReport.Full> full, RatioStudy.Reference ref, java.util.Set<String> compared) {
    Map<String, TreeSet<String>> have = new LinkedHashMap<>();
    for (RatioReport.Full f : full) {
      if (ref.ratio.apply(f) != null) {
        have.computeIfAbsent(f.row().instance(), k -> new TreeSet<>()).add(f.row().method());
      }
    }
    return have.entrySet().stream()
        .filter(e -> e.getValue().containsAll(compared))
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }
}
