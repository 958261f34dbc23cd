package org.commsched.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.commsched.core.solve.Method;
import org.commsched.solver.MethodRegistry;

/**
 * The paired, model-aware figures of a ratio sweep (issue 23): rows are grouped by problem, family
 * and model (two models are never pooled), and within a group by objective. Per group it gives a
 * coverage table (what each method ran, was refused, failed or timed out on) and, per reference
 * value (proven optimum, best lower bound, best known schedule), the headline comparison over the
 * <em>common set</em>: the instances on which every compared method (every method with a checked
 * schedule in the group and objective) has a checked schedule and the reference exists. The same
 * statistics over each method's own set are given too, labelled as such.
 *
 * <p>The statistics of a set of ratios ({@link Stats}): geometric mean with a seeded bootstrap 95 %
 * interval, median and quartiles (exact rationals, linear interpolation between order statistics),
 * the maximum with the instance attaining it, and the share at the reference (ratio exactly 1).
 * They depend on the set alone: the ratios are taken in instance order, so permuting the rows or
 * adding rows outside the set changes nothing.
 */
final class RatioStudy {
  /** Resamples of the bootstrap interval. */
  static final int RESAMPLES = 2000;

  /** The bootstrap's fixed seed (the same interval on every machine and run). */
  static final long SEED = 23L;

  /** A reference value a ratio is taken against, as named in headers, titles and the report. */
  enum Reference {
    OPTIMUM("optimum", "ratio to the proven optimum", RatioReport.Full::toOptimum),
    LOWER_BOUND("lowerBound", "ratio to the best lower bound", RatioReport.Full::toLowerBound),
    BEST_KNOWN("bestKnown", "ratio to the best known schedule", RatioReport.Full::toBestKnown);

    final String key;
    final String words;
    final Function<RatioReport.Full, RatioReport.Ratio> ratio;

    Reference(String key, String words, Function<RatioReport.Full, RatioReport.Ratio> ratio) {
      this.key = key;
      this.words = words;
      this.ratio = ratio;
    }
  }

  /** A method that does not apply to an instance of the sweep, with the method's own reason. */
  record Refusal(String instance, Map<String, String> parameters, String method, String reason) {}

  /** Problem, family and model: the unit rows are compared within. */
  record Group(String problem, String family, String model) implements Comparable<Group> {
    static Group of(Map<String, String> p) {
      return new Group(
          p.getOrDefault("problem", ""), p.getOrDefault("family", ""), p.getOrDefault("model", ""));
    }

    @Override
    public int compareTo(Group o) {
      return Comparator.comparing(Group::problem)
          .thenComparing(Group::family)
          .thenComparing(Group::model)
          .compare(this, o);
    }

    String words() {
      return problem
          + " / "
          + family
          + " / "
          + (model.isEmpty() ? "the problem's usual model" : model);
    }
  }

  /** One method's line of a group's coverage table. */
  record Coverage(
      Group group,
      String method,
      int instances,
      int ran,
      int solved,
      int refused,
      String reasons,
      int failed,
      int timedOut,
      int withOptimum,
      int withBound) {}

  /** Statistics of one method's ratios over a named set. */
  record Stats(
      int n,
      double geometricMean,
      double low,
      double high,
      RatioReport.Ratio median,
      RatioReport.Ratio q1,
      RatioReport.Ratio q3,
      RatioReport.Ratio max,
      String maxInstance,
      int atReference) {}

  /** One line of the comparison: a method's statistics over the common set or over its own set. */
  record Line(
      Group group,
      String objective,
      Reference reference,
      String set,
      int setSize,
      String method,
      Stats stats) {}

  /**
   * The whole study: coverage lines, comparison lines, and per group and objective the common sets.
   */
  record Result(List<Coverage> coverage, List<Line> lines, Map<String, List<String>> commonSets) {}

  private RatioStudy() {}

  /**
   * The study of the completed rows and the refusals, every method with a checked schedule
   * compared.
   */
  static Result of(List<RatioReport.Full> full, List<Refusal> refusals) {
    return of(full, refusals, null);
  }

  /**
   * The study of the completed rows and the refusals.
   *
   * @param compare the methods that form the common set ({@code ratios --compare}), or null for
   *     every method with a checked schedule; in a group, the ones of them with a checked schedule
   *     there form it (none there: all do). The common-set lines are given for these methods only
   *     (another method may lack a schedule on an instance of the set, and its figures would then
   *     be over another set); every method keeps its own-set lines.
   */
  static Result of(
      List<RatioReport.Full> full, List<Refusal> refusals, java.util.Set<String> compare) {
    Map<Group, List<RatioReport.Full>> groups = new TreeMap<>();
    Map<Group, List<Refusal>> refused = new TreeMap<>();
    for (RatioReport.Full f : full) {
      groups.computeIfAbsent(Group.of(f.row().parameters()), k -> new ArrayList<>()).add(f);
    }
    for (Refusal r : refusals) {
      refused.computeIfAbsent(Group.of(r.parameters()), k -> new ArrayList<>()).add(r);
      groups.computeIfAbsent(Group.of(r.parameters()), k -> new ArrayList<>());
    }
    List<Coverage> coverage = new ArrayList<>();
    List<Line> lines = new ArrayList<>();
    Map<String, List<String>> common = new LinkedHashMap<>();
    for (Map.Entry<Group, List<RatioReport.Full>> g : groups.entrySet()) {
      List<RatioReport.Full> rows = g.getValue();
      List<Refusal> rf = refused.getOrDefault(g.getKey(), List.of());
      coverage.addAll(coverage(g.getKey(), rows, rf));
      TreeSet<String> objectives = new TreeSet<>();
      rows.stream().filter(f -> f.row().valid()).forEach(f -> objectives.add(f.row().objective()));
      for (String objective : objectives) {
        List<RatioReport.Full> of =
            rows.stream()
                .filter(f -> f.row().valid() && f.row().objective().equals(objective))
                .toList();
        TreeSet<String> all = new TreeSet<>();
        of.forEach(f -> all.add(f.row().method()));
        TreeSet<String> methods = new TreeSet<>(all);
        if (compare != null && all.stream().anyMatch(compare::contains)) {
          methods.retainAll(compare);
        }
        for (Reference ref : Reference.values()) {
          // instance -> method -> ratio, over the checked schedules whose reference exists
          Map<String, Map<String, RatioReport.Ratio>> byInstance = new TreeMap<>();
          for (RatioReport.Full f : of) {
            RatioReport.Ratio q = ref.ratio.apply(f);
            if (q != null) {
              byInstance
                  .computeIfAbsent(f.row().instance(), k -> new TreeMap<>())
                  .put(f.row().method(), q);
            }
          }
          List<String> set = new ArrayList<>();
          byInstance.forEach(
              (inst, m) -> {
                if (m.keySet().containsAll(methods)) {
                  set.add(inst);
                }
              });
          common.put(key(g.getKey(), objective, ref), set);
          List<Line> owns = new ArrayList<>(); // after the headline lines of the reference
          for (String m : all) {
            List<Map.Entry<String, RatioReport.Ratio>> c = new ArrayList<>();
            List<Map.Entry<String, RatioReport.Ratio>> own = new ArrayList<>();
            byInstance.forEach(
                (inst, mm) -> {
                  if (mm.containsKey(m)) {
                    own.add(Map.entry(inst, mm.get(m)));
                    if (mm.keySet().containsAll(methods)) {
                      c.add(Map.entry(inst, mm.get(m)));
                    }
                  }
                });
            if (methods.contains(m)) {
              lines.add(new Line(g.getKey(), objective, ref, "common", set.size(), m, stats(c)));
            }
            owns.add(new Line(g.getKey(), objective, ref, "own", own.size(), m, stats(own)));
          }
          lines.addAll(owns);
        }
      }
    }
    return new Result(coverage, lines, common);
  }

  /** The key of a common set in {@link Result#commonSets()}. */
  static String key(Group g, String objective, Reference ref) {
    return g.problem()
        + "\u0000"
        + g.family()
        + "\u0000"
        + g.model()
        + "\u0000"
        + objective
        + "\u0000"
        + ref.key;
  }

  private static List<Coverage> coverage(
      Group g, List<RatioReport.Full> rows, List<Refusal> refusals) {
    TreeSet<String> instances = new TreeSet<>();
    rows.forEach(f -> instances.add(f.row().instance()));
    refusals.forEach(r -> instances.add(r.instance()));
    TreeSet<String> methods = new TreeSet<>();
    rows.forEach(f -> methods.add(f.row().method()));
    refusals.forEach(r -> methods.add(r.method()));
    // per objective: instances with a proven optimum, with a bound
    Map<String, TreeSet<String>> opt = new TreeMap<>();
    Map<String, TreeSet<String>> lb = new TreeMap<>();
    Map<String, String> objectiveOf = new TreeMap<>();
    for (RatioReport.Full f : rows) {
      String o = f.row().objective();
      if (o.equals("-")) {
        continue;
      }
      objectiveOf.putIfAbsent(f.row().method(), o);
      if (f.optimum() != null) {
        opt.computeIfAbsent(o, k -> new TreeSet<>()).add(f.row().instance());
      }
      if (f.lowerBound() != null) {
        lb.computeIfAbsent(o, k -> new TreeSet<>()).add(f.row().instance());
      }
    }
    MethodRegistry registry = MethodRegistry.standard();
    List<Coverage> out = new ArrayList<>();
    for (String m : methods) {
      Method method = registry.byName(m);
      boolean exact = method != null && method.exact();
      int ran = 0;
      int solved = 0;
      int failed = 0;
      int timedOut = 0;
      for (RatioReport.Full f : rows) {
        RatioRow r = f.row();
        if (!r.method().equals(m)) {
          continue;
        }
        ran++;
        if (r.valid()) {
          solved++;
        }
        if (r.status().equals("ERROR")
            || r.status().equals("INFEASIBLE")
            || (r.makespan() != null && !r.valid())) {
          failed++;
        } else if (r.status().equals("UNKNOWN") || (exact && !r.status().equals("OPTIMAL"))) {
          timedOut++;
        }
      }
      Map<String, Integer> reasons = new TreeMap<>();
      int refused = 0;
      for (Refusal r : refusals) {
        if (r.method().equals(m)) {
          refused++;
          reasons.merge(r.reason(), 1, Integer::sum);
        }
      }
      StringBuilder why = new StringBuilder();
      reasons.forEach(
          (reason, n) ->
              why.append(why.length() == 0 ? "" : " | ").append(n).append(" x ").append(reason));
      String o = objectiveOf.get(m);
      out.add(
          new Coverage(
              g,
              m,
              instances.size(),
              ran,
              solved,
              refused,
              why.toString(),
              failed,
              timedOut,
              o == null ? 0 : opt.getOrDefault(o, new TreeSet<>()).size(),
              o == null ? 0 : lb.getOrDefault(o, new TreeSet<>()).size()));
    }
    return out;
  }

  /** The statistics of ratios given as (instance, ratio), in any order; null for an empty set. */
  static Stats stats(List<Map.Entry<String, RatioReport.Ratio>> ratios) {
    if (ratios.isEmpty()) {
      return null;
    }
    List<Map.Entry<String, RatioReport.Ratio>> byInstance = new ArrayList<>(ratios);
    byInstance.sort(Map.Entry.comparingByKey());
    int n = byInstance.size();
    double[] logs = new double[n];
    for (int i = 0; i < n; i++) {
      logs[i] = log(byInstance.get(i).getValue());
    }
    double geo = Math.exp(Arrays.stream(logs).sum() / n);
    SplittableRandom random = new SplittableRandom(SEED);
    double[] means = new double[RESAMPLES];
    for (int b = 0; b < RESAMPLES; b++) {
      double s = 0;
      for (int i = 0; i < n; i++) {
        s += logs[random.nextInt(n)];
      }
      means[b] = s / n;
    }
    Arrays.sort(means);
    double low = Math.exp(means[(int) Math.floor(0.025 * RESAMPLES)]);
    double high = Math.exp(means[(int) Math.ceil(0.975 * RESAMPLES) - 1]);
    List<RatioReport.Ratio> sorted =
        new ArrayList<>(byInstance.stream().map(Map.Entry::getValue).toList());
    sorted.sort(Comparator.naturalOrder());
    RatioReport.Ratio max = sorted.get(n - 1);
    String maxInstance =
        byInstance.stream()
            .filter(e -> e.getValue().compareTo(max) == 0)
            .findFirst()
            .orElseThrow()
            .getKey();
    RatioReport.Ratio one = new RatioReport.Ratio(BigInteger.ONE, BigInteger.ONE);
    int at = (int) sorted.stream().filter(r -> r.compareTo(one) == 0).count();
    return new Stats(
        n,
        geo,
        low,
        high,
        quantile(sorted, 2),
        quantile(sorted, 1),
        quantile(sorted, 3),
        max,
        maxInstance,
        at);
  }

  /**
   * The quarter-th quantile (1, 2, 3: first quartile, median, third quartile) of sorted ratios,
   * exactly: position h = (n - 1) quarter / 4 between order statistics, interpolated linearly
   * (Hyndman and Fan's type 7, the default of R and NumPy).
   */
  static RatioReport.Ratio quantile(List<RatioReport.Ratio> sorted, int quarter) {
    int h4 = (sorted.size() - 1) * quarter;
    int lo = h4 / 4;
    int frac = h4 % 4;
    RatioReport.Ratio a = sorted.get(lo);
    if (frac == 0) {
      return a;
    }
    RatioReport.Ratio b = sorted.get(lo + 1);
    // a + (b - a) frac / 4 = (a (4 - frac) + b frac) / 4
    return a.times(4 - frac).plus(b.times(frac)).over(4);
  }

  /** The geometric mean of ratios (a double: it is not rational in general). */
  static double geometricMean(List<RatioReport.Ratio> ratios) {
    return Math.exp(ratios.stream().mapToDouble(RatioStudy::log).sum() / ratios.size());
  }

  private static double log(RatioReport.Ratio r) {
    return Math.log(
        new BigDecimal(r.num())
            .divide(new BigDecimal(r.den()), MathContext.DECIMAL64)
            .doubleValue());
  }

  /** A double figure with four decimals, half up. */
  static String decimal(double v) {
    return BigDecimal.valueOf(v)
        .setScale(4, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
