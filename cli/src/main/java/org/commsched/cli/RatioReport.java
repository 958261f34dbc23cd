package org.commsched.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.commsched.instances.io.AtomicFiles;
import tools.jackson.databind.node.ObjectNode;

/**
 * The files of a ratio sweep, made from its rows alone (so one run, a resumed run and a merge of
 * shards give the same files, seconds aside): {@code results.csv} and {@code results.jsonl} (every
 * row with the instance's best lower bound, its optimum when proven and both ratios), {@code
 * summary.csv} (mean and max ratio per problem, family and method), one SVG line chart per problem,
 * family and ratio ({@code ratio-lb-*.svg}, {@code ratio-opt-*.svg}) and {@code report.html} with
 * the tables and the charts inline.
 *
 * <p>Per instance and objective (real makespan or virtual span), over the valid runs: the lower
 * bound is the largest any run proved, and the optimum is the smallest makespan when a run proved
 * it (status OPTIMAL) or the bound meets it. Ratios are exact quotients printed with four decimals
 * half up ({@code docs/models/README.md#ratios}).
 */
final class RatioReport {
  static final List<String> COLUMNS =
      List.of(
          "instance",
          "problem",
          "family",
          "size",
          "messages",
          "lengths",
          "model",
          "seed",
          "method",
          "objective",
          "status",
          "makespan",
          "lowerBound",
          "optimum",
          "ratioToOptimum",
          "ratioToLowerBound",
          "seconds",
          "valid",
          "error",
          "bestKnown",
          "ratioToBestKnown",
          "ratioToOptimumExact",
          "ratioToLowerBoundExact",
          "ratioToBestKnownExact",
          "runSeconds");
  static final List<String> SUMMARY =
      List.of(
          "problem",
          "family",
          "method",
          "objective",
          "runs",
          "valid",
          "withOptimum",
          "meanRatioToOptimum",
          "maxRatioToOptimum",
          "meanRatioToLowerBound",
          "maxRatioToLowerBound",
          "model");
  static final List<String> COVERAGE =
      List.of(
          "problem",
          "family",
          "model",
          "method",
          "instances",
          "ran",
          "solved",
          "refused",
          "refusedBecause",
          "failed",
          "timedOut",
          "withOptimum",
          "withLowerBound");
  static final List<String> COMPARISON =
      List.of(
          "problem",
          "family",
          "model",
          "objective",
          "reference",
          "set",
          "setSize",
          "method",
          "n",
          "geometricMean",
          "geometricMeanLow95",
          "geometricMeanHigh95",
          "median",
          "firstQuartile",
          "thirdQuartile",
          "max",
          "maxInstance",
          "atReference",
          "shareAtReference",
          "medianExact",
          "firstQuartileExact",
          "thirdQuartileExact",
          "maxExact");

  /** A row with the figures that need every run of its instance. */
  record Full(RatioRow row, BigDecimal lowerBound, BigDecimal optimum, BigDecimal bestKnown) {
    Ratio toOptimum() {
      return row.valid() ? Ratio.of(row.makespan(), optimum) : null;
    }

    Ratio toLowerBound() {
      return row.valid() ? Ratio.of(row.makespan(), lowerBound) : null;
    }

    /** The makespan over the least makespan any checked run of the instance and objective found. */
    Ratio toBestKnown() {
      return row.valid() ? Ratio.of(row.makespan(), bestKnown) : null;
    }
  }

  /** An exact non-negative rational. */
  record Ratio(BigInteger num, BigInteger den) implements Comparable<Ratio> {
    /** {@code a / b}, or null when either is missing or b is 0. */
    static Ratio of(BigDecimal a, BigDecimal b) {
      if (a == null || b == null || b.signum() <= 0) {
        return null;
      }
      int s = Math.max(a.scale(), b.scale());
      return reduce(a.setScale(s).unscaledValue(), b.setScale(s).unscaledValue());
    }

    static Ratio reduce(BigInteger n, BigInteger d) {
      BigInteger g = n.gcd(d);
      return g.signum() == 0 ? new Ratio(n, d) : new Ratio(n.divide(g), d.divide(g));
    }

    Ratio plus(Ratio o) {
      return reduce(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    Ratio times(long k) {
      return reduce(num.multiply(BigInteger.valueOf(k)), den);
    }

    /** The exact quotient as {@code p/q} in lowest terms ({@code p} when q is 1). */
    String exact() {
      return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }

    Ratio over(long k) {
      return reduce(num, den.multiply(BigInteger.valueOf(k)));
    }

    @Override
    public int compareTo(Ratio o) {
      return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    /** Four decimals half up, trailing zeros dropped. */
    String decimal() {
      return new BigDecimal(num)
          .divide(new BigDecimal(den), 4, RoundingMode.HALF_UP)
          .stripTrailingZeros()
          .toPlainString();
    }
  }

  private RatioReport() {}

  /** The rows in report order (instance, then method) with bound and optimum. */
  static List<Full> complete(List<RatioRow> rows) {
    List<RatioRow> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparing(RatioRow::instance).thenComparing(RatioRow::method));
    Map<String, BigDecimal> bound = new LinkedHashMap<>();
    Map<String, BigDecimal> best = new LinkedHashMap<>();
    Map<String, Boolean> proven = new LinkedHashMap<>();
    for (RatioRow r : sorted) {
      String k = r.instance() + "\u0000" + r.objective();
      boolean counts = !r.status().equals("ERROR") && (r.makespan() == null || r.valid());
      if (counts && r.runLowerBound() != null) {
        bound.merge(k, r.runLowerBound(), BigDecimal::max);
      }
      if (r.valid() && r.makespan() != null) {
        best.merge(k, r.makespan(), BigDecimal::min);
        if (r.status().equals("OPTIMAL")) {
          proven.put(k, true);
        }
      }
    }
    List<Full> out = new ArrayList<>();
    for (RatioRow r : sorted) {
      String k = r.instance() + "\u0000" + r.objective();
      BigDecimal lb = bound.get(k);
      BigDecimal m = best.get(k);
      boolean opt = m != null && (proven.containsKey(k) || (lb != null && lb.compareTo(m) >= 0));
      out.add(
          new Full(
              r,
              r.objective().equals("-") ? null : lb,
              opt ? m : null,
              r.objective().equals("-") ? null : m));
    }
    return out;
  }

  /**
   * Writes every output file into {@code dir} ({@code refusals}: the methods that do not apply to
   * instances of the sweep, with their reasons; {@code provenance}: how the report was made,
   * written to {@code provenance.json} and shown in the report); returns the summary rows (for the
   * command's own printout).
   */
  static List<List<String>> write(
      Path dir,
      List<RatioRow> rows,
      List<RatioStudy.Refusal> refusals,
      String title,
      Provenance provenance) {
    return write(
        dir,
        rows,
        refusals,
        title,
        provenance,
        new Options(null, null, java.time.Duration.ofSeconds(10)));
  }

  /**
   * What a report is made with beyond the rows.
   *
   * @param compare the methods that form the common set ({@code --compare}), or null for every
   *     compared method
   * @param instanceFile the file of an instance id, or null (or a null answer) when it is not
   *     known; the maxima of the headline tables link it and a drawing of the method's schedule on
   *     it
   * @param runLimit the time limit of the re-run that draws a maximum's schedule
   */
  record Options(
      java.util.Set<String> compare,
      java.util.function.Function<String, Path> instanceFile,
      java.time.Duration runLimit) {}

  /** As {@link #write(Path, List, List, String, Provenance)}, with the given options. */
  static List<List<String>> write(
      Path dir,
      List<RatioRow> rows,
      List<RatioStudy.Refusal> refusals,
      String title,
      Provenance provenance,
      Options options) {
    List<Full> full = complete(rows);
    StringBuilder jsonl = new StringBuilder();
    StringBuilder csv = new StringBuilder(String.join(",", COLUMNS)).append('\n');
    List<List<String>> table = new ArrayList<>();
    for (Full f : full) {
      ObjectNode o = f.row().toJson();
      RatioRow.putDecimal(o, "lowerBound", f.lowerBound());
      RatioRow.putDecimal(o, "optimum", f.optimum());
      o.put("ratioToOptimum", text(f.toOptimum()));
      o.put("ratioToLowerBound", text(f.toLowerBound()));
      RatioRow.putDecimal(o, "bestKnown", f.bestKnown());
      o.put("ratioToBestKnown", text(f.toBestKnown()));
      o.put("ratioToOptimumExact", exact(f.toOptimum()));
      o.put("ratioToLowerBoundExact", exact(f.toLowerBound()));
      o.put("ratioToBestKnownExact", exact(f.toBestKnown()));
      jsonl.append(RatioRow.LINES.writeValueAsString(o)).append('\n');
      List<String> cells = cells(f);
      table.add(cells);
      csv.append(csvLine(cells));
    }
    List<List<String>> summary = summary(full);
    StringBuilder sum = new StringBuilder(String.join(",", SUMMARY)).append('\n');
    summary.forEach(s -> sum.append(csvLine(s)));
    RatioStudy.Result study = RatioStudy.of(full, refusals, options.compare());
    Map<String, String> drawings = drawMaxima(dir, study, options);
    List<List<String>> coverage = coverageRows(study);
    List<List<String>> comparison = comparisonRows(study, dir);
    StringBuilder cov = new StringBuilder(String.join(",", COVERAGE)).append('\n');
    coverage.forEach(c -> cov.append(csvLine(c)));
    StringBuilder cmp = new StringBuilder(String.join(",", COMPARISON)).append('\n');
    comparison.forEach(c -> cmp.append(csvLine(c)));
    StringBuilder ref = new StringBuilder("instance,problem,family,model,method,reason\n");
    for (RatioStudy.Refusal r : sortedRefusals(refusals)) {
      ref.append(
          csvLine(
              List.of(
                  r.instance(),
                  r.parameters().getOrDefault("problem", ""),
                  r.parameters().getOrDefault("family", ""),
                  r.parameters().getOrDefault("model", ""),
                  r.method(),
                  r.reason())));
    }
    Map<String, String> charts = new LinkedHashMap<>(RatioCharts.all(full));
    charts.putAll(profiles(full, study));
    AtomicFiles.writeString(dir.resolve("results.jsonl"), jsonl.toString());
    AtomicFiles.writeString(dir.resolve("results.csv"), csv.toString());
    AtomicFiles.writeString(dir.resolve("summary.csv"), sum.toString());
    AtomicFiles.writeString(dir.resolve("coverage.csv"), cov.toString());
    AtomicFiles.writeString(dir.resolve("comparison.csv"), cmp.toString());
    AtomicFiles.writeString(dir.resolve("refusals.csv"), ref.toString());
    for (Map.Entry<String, String> c : charts.entrySet()) {
      AtomicFiles.writeString(dir.resolve(c.getKey()), c.getValue());
    }
    AtomicFiles.writeString(dir.resolve("provenance.json"), Json.print(provenance.toJson()) + "\n");
    AtomicFiles.writeString(
        dir.resolve("report.html"),
        html(title, provenance, summary, study, charts, table, dir, options, drawings));
    return summary;
  }

  /**
   * The drawings of the maxima of the headline (common-set) lines: each (instance, method) once,
   * its schedule got again by re-running the method on the instance file (the sweep keeps no
   * schedules: see docs/DESIGN.md), checked, written to {@code maxima/} with its SVG. Returns, per
   * {@code instance NUL method}, the SVG's path relative to {@code dir}; a maximum whose file is
   * unknown, whose re-run finds no valid schedule or whose drawing is too large gets none.
   */
  static Map<String, String> drawMaxima(Path dir, RatioStudy.Result study, Options options) {
    Map<String, String> out = new TreeMap<>();
    if (options.instanceFile() == null) {
      return out;
    }
    org.commsched.solver.MethodRegistry registry = org.commsched.solver.MethodRegistry.standard();
    java.util.Set<String> done = new java.util.HashSet<>();
    for (RatioStudy.Line l : study.lines()) {
      RatioStudy.Stats st = l.stats();
      if (!l.set().equals("common")
          || st == null
          || !done.add(st.maxInstance() + "\u0000" + l.method())) {
        continue;
      }
      Path file = options.instanceFile().apply(st.maxInstance());
      org.commsched.core.solve.Method m = registry.byName(l.method());
      if (file == null || m == null || !java.nio.file.Files.isRegularFile(file)) {
        continue;
      }
      try {
        org.commsched.core.model.Instance inst = Inputs.instance(file);
        var run =
            org.commsched.solver.SolveRunner.run(
                m, inst, new org.commsched.core.solve.SolveLimits(options.runLimit(), 1, 0));
        if (!run.valid()) {
          continue;
        }
        String base =
            "maxima/" + RatioCharts.slug(st.maxInstance()) + "." + RatioCharts.slug(l.method());
        java.nio.file.Files.createDirectories(dir.resolve("maxima"));
        AtomicFiles.writeString(
            dir.resolve(base + ".schedule.json"),
            org.commsched.instances.io.ScheduleWriter.toJson(run.result(), run.instance()));
        DrawCommand.svg(run.instance(), run.result(), dir.resolve(base + ".svg"));
        out.put(st.maxInstance() + "\u0000" + l.method(), base + ".svg");
      } catch (java.io.IOException e) {
        throw new BadInputException(
            "commsched ratios: cannot write "
                + dir.resolve("maxima")
                + ": "
                + e.getMessage()
                + "; give an --out directory that can be written");
      } catch (BadInputException
          | org.commsched.cli.draw.TooLargeException
          | org.commsched.instances.io.InstanceFormatException e) {
        // no drawing for this maximum: the table still names its instance
      }
    }
    return out;
  }

  /**
   * One performance profile per group and objective ({@code
   * profile-PROBLEM-FAMILY[-MODEL][-virtual].svg}), over the common set of the best known schedule.
   */
  static Map<String, String> profiles(List<Full> full, RatioStudy.Result study) {
    Map<String, Map<String, List<Ratio>>> byChart = new TreeMap<>();
    Map<String, String> titles = new TreeMap<>();
    java.util.Set<String> compared =
        new java.util.HashSet<>(); // the methods that form each common set
    for (RatioStudy.Line l : study.lines()) {
      if (l.set().equals("common")) {
        compared.add(
            RatioStudy.key(l.group(), l.objective(), l.reference()) + "\u0000" + l.method());
      }
    }
    for (Full f : full) {
      RatioRow r = f.row();
      RatioStudy.Group g = RatioStudy.Group.of(r.parameters());
      String key = RatioStudy.key(g, r.objective(), RatioStudy.Reference.BEST_KNOWN);
      List<String> set = study.commonSets().get(key);
      if (set == null
          || f.toBestKnown() == null
          || !set.contains(r.instance())
          || !compared.contains(key + "\u0000" + r.method())) {
        continue;
      }
      String name =
          "profile-"
              + RatioCharts.slug(g.problem())
              + "-"
              + RatioCharts.slug(g.family())
              + (g.model().isEmpty() ? "" : "-" + RatioCharts.slug(g.model()))
              + (r.objective().equals("real") ? "" : "-" + RatioCharts.slug(r.objective()))
              + ".svg";
      titles.put(name, "performance profile, " + g.words() + ", common set of " + set.size());
      byChart
          .computeIfAbsent(name, k -> new TreeMap<>())
          .computeIfAbsent(r.method(), k -> new ArrayList<>())
          .add(f.toBestKnown());
    }
    Map<String, String> out = new LinkedHashMap<>();
    byChart.forEach(
        (name, m) -> {
          String svg = RatioCharts.profile(titles.get(name), m);
          if (svg != null) {
            out.put(name, svg);
          }
        });
    return out;
  }

  /** The refusals in instance and method order, each once. */
  static List<RatioStudy.Refusal> sortedRefusals(List<RatioStudy.Refusal> refusals) {
    Map<String, RatioStudy.Refusal> byKey = new TreeMap<>();
    refusals.forEach(r -> byKey.putIfAbsent(r.instance() + "\u0000" + r.method(), r));
    return List.copyOf(byKey.values());
  }

  static List<List<String>> coverageRows(RatioStudy.Result study) {
    List<List<String>> out = new ArrayList<>();
    for (RatioStudy.Coverage c : study.coverage()) {
      out.add(
          List.of(
              c.group().problem(),
              c.group().family(),
              c.group().model(),
              c.method(),
              Integer.toString(c.instances()),
              Integer.toString(c.ran()),
              Integer.toString(c.solved()),
              Integer.toString(c.refused()),
              c.reasons(),
              Integer.toString(c.failed()),
              Integer.toString(c.timedOut()),
              Integer.toString(c.withOptimum()),
              Integer.toString(c.withBound())));
    }
    return out;
  }

  static List<List<String>> comparisonRows(RatioStudy.Result study, Path dir) {
    List<List<String>> out = new ArrayList<>();
    for (RatioStudy.Line l : study.lines()) {
      List<String> c =
          new ArrayList<>(
              List.of(
                  l.group().problem(),
                  l.group().family(),
                  l.group().model(),
                  l.objective(),
                  l.reference().key,
                  l.set(),
                  Integer.toString(l.setSize()),
                  l.method()));
      RatioStudy.Stats s = l.stats();
      if (s == null) {
        c.addAll(List.of("0", "", "", "", "", "", "", "", "", "", "", "", "", "", ""));
      } else {
        c.addAll(
            List.of(
                Integer.toString(s.n()),
                RatioStudy.decimal(s.geometricMean()),
                RatioStudy.decimal(s.low()),
                RatioStudy.decimal(s.high()),
                s.median().decimal(),
                s.q1().decimal(),
                s.q3().decimal(),
                s.max().decimal(),
                s.maxInstance(),
                Integer.toString(s.atReference()),
                Ratio.reduce(BigInteger.valueOf(s.atReference()), BigInteger.valueOf(s.n()))
                    .decimal(),
                s.median().exact(),
                s.q1().exact(),
                s.q3().exact(),
                s.max().exact()));
      }
      out.add(c);
    }
    return out;
  }

  private static List<String> cells(Full f) {
    RatioRow r = f.row();
    List<String> c = new ArrayList<>();
    c.add(r.instance());
    for (String p : List.of("problem", "family", "size", "messages", "lengths", "model", "seed")) {
      c.add(r.parameters().getOrDefault(p, ""));
    }
    c.add(r.method());
    c.add(r.objective());
    c.add(r.status());
    c.add(plain(r.makespan()));
    c.add(plain(f.lowerBound()));
    c.add(plain(f.optimum()));
    c.add(text(f.toOptimum()));
    c.add(text(f.toLowerBound()));
    c.add(r.seconds().toPlainString());
    c.add(Boolean.toString(r.valid()));
    c.add(r.error());
    c.add(plain(f.bestKnown()));
    c.add(text(f.toBestKnown()));
    c.add(exact(f.toOptimum()));
    c.add(exact(f.toLowerBound()));
    c.add(exact(f.toBestKnown()));
    c.add(plain(r.runSeconds()));
    return c;
  }

  /**
   * Mean and max ratios per problem, family, model, method and objective, each method over its own
   * set (the rows where it has the ratio); the model is the last column (it was added later), but
   * it is part of the key, so two models are never pooled.
   */
  static List<List<String>> summary(List<Full> full) {
    Map<List<String>, List<Full>> groups =
        new TreeMap<>(Comparator.comparing((List<String> l) -> String.join("\u0000", l)));
    for (Full f : full) {
      RatioRow r = f.row();
      groups
          .computeIfAbsent(
              List.of(
                  r.parameters().getOrDefault("problem", ""),
                  r.parameters().getOrDefault("family", ""),
                  r.parameters().getOrDefault("model", ""),
                  r.method(),
                  r.objective()),
              k -> new ArrayList<>())
          .add(f);
    }
    List<List<String>> out = new ArrayList<>();
    for (Map.Entry<List<String>, List<Full>> g : groups.entrySet()) {
      List<String> s =
          new ArrayList<>(
              List.of(g.getKey().get(0), g.getKey().get(1), g.getKey().get(3), g.getKey().get(4)));
      List<Full> fs = g.getValue();
      s.add(Integer.toString(fs.size()));
      s.add(Long.toString(fs.stream().filter(f -> f.row().valid()).count()));
      List<Ratio> opt = new ArrayList<>();
      List<Ratio> lb = new ArrayList<>();
      for (Full f : fs) {
        if (f.toOptimum() != null) {
          opt.add(f.toOptimum());
        }
        if (f.toLowerBound() != null) {
          lb.add(f.toLowerBound());
        }
      }
      s.add(Integer.toString(opt.size()));
      s.add(text(mean(opt)));
      s.add(text(opt.stream().max(Comparator.naturalOrder()).orElse(null)));
      s.add(text(mean(lb)));
      s.add(text(lb.stream().max(Comparator.naturalOrder()).orElse(null)));
      s.add(g.getKey().get(2));
      out.add(s);
    }
    return out;
  }

  static Ratio mean(List<Ratio> rs) {
    if (rs.isEmpty()) {
      return null;
    }
    Ratio sum = new Ratio(BigInteger.ZERO, BigInteger.ONE);
    for (Ratio r : rs) {
      sum = sum.plus(r);
    }
    return sum.over(rs.size());
  }

  private static String text(Ratio r) {
    return r == null ? "" : r.decimal();
  }

  private static String exact(Ratio r) {
    return r == null ? "" : r.exact();
  }

  private static String plain(BigDecimal v) {
    return v == null ? "" : v.toPlainString();
  }

  static String csvLine(List<String> cells) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      sb.append(i == 0 ? "" : ",");
      if (c.contains(",") || c.contains("\"") || c.contains("\n")) {
        sb.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(c);
      }
    }
    return sb.append('\n').toString();
  }

  static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /**
   * The report: HTML5 that is also well-formed XML (every element closed, void elements
   * self-closed, no named entities but the XML ones), so an XML parser checks it; it fits a screen
   * (the page is at most 100em wide, the charts wrap, wide tables scroll inside their box).
   */
  private static String html(
      String title,
      Provenance provenance,
      List<List<String>> summary,
      RatioStudy.Result study,
      Map<String, String> charts,
      List<List<String>> rows,
      Path dir,
      Options options,
      Map<String, String> drawings) {
    StringBuilder h =
        new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>")
            .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>");
    h.append("<title>")
        .append(escape(title))
        .append("</title><style>")
        .append(
            "body{font-family:sans-serif;margin:2em;max-width:100em}table{border-collapse:collapse;")
        .append(
            "font-size:13px}td,th{border:1px solid #bbb;padding:2px 6px;text-align:right;white-space:nowrap}th{background:#eee}")
        .append("td:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:1em}")
        .append("figure{flex:1 1 30em;max-width:640px;margin:0}figure svg{width:100%;height:auto}")
        .append(
            ".provenance td,.provenance th{text-align:left}h1{font-size:1.4em;overflow-wrap:anywhere}")
        .append(".scroll{overflow:auto;max-width:100%;max-height:40em}")
        // the refusals' reasons are sentences: left-aligned and wrapped, so a short one is not
        // pushed out of sight
        .append(".coverage td:nth-child(")
        .append(COVERAGE.indexOf("refusedBecause") - 2)
        .append("){text-align:left;white-space:normal;min-width:24em}</style></head><body>\n");
    h.append("<h1>").append(escape(title)).append("</h1>\n");
    h.append("<details open=\"open\"><summary>How this report was made (provenance.json)</summary>")
        .append("<div class=\"scroll\"><table class=\"provenance\">");
    provenance
        .fields()
        .forEach(
            (k, v) ->
                h.append("<tr><th>")
                    .append(escape(k))
                    .append("</th><td>")
                    .append(escape(v))
                    .append("</td></tr>"));
    h.append("</table></div></details>\n");
    h.append(
            "<p>Three references, each named where it is used: the <b>ratio to the proven optimum</b> (makespan ")
        .append(
            "over the optimum, when an exact method or a meeting lower bound proves it), the <b>ratio to the ")
        .append(
            "best lower bound</b> (over the largest bound any run proved; an upper estimate of the first) and ")
        .append(
            "the <b>ratio to the best known schedule</b> (over the least makespan any checked run found). Every ")
        .append(
            "schedule was checked by the independent checker. Rows are compared within a problem, family and ")
        .append("model, never across models.</p>\n");
    h.append(
            "<p>The headline tables are over the <b>common set</b>: the instances on which every compared method ")
        .append(
            options.compare() == null
                ? "(every method with a checked schedule in the group)"
                : "("
                    + escape(String.join(", ", new TreeSet<>(options.compare())))
                    + " where they have a checked schedule in the group, as --compare chose)")
        .append(" has a checked schedule and the reference ")
        .append(
            "exists; its size is shown. Each headline maximum links its instance file and a drawing of ")
        .append(
            "the method's schedule on it (got by running the method again). The figures of each method over ")
        .append("its own set follow, labelled. Geometric ")
        .append("mean with a seeded bootstrap 95 % interval (")
        .append(RatioStudy.RESAMPLES)
        .append(" resamples, ")
        .append("seed ")
        .append(RatioStudy.SEED)
        .append("); quartiles interpolate linearly between order ")
        .append(
            "statistics; <i>at reference</i> counts ratios of exactly 1. Exact rationals are in ")
        .append("comparison.csv and results.csv.</p>\n");
    h.append(
            "<p><i>seconds</i> is the method's own wall time; <i>runSeconds</i> the whole row's (the method, the ")
        .append("checker and the bounds).</p>\n");
    RatioStudy.Group last = null;
    List<List<String>> cov = coverageRows(study);
    List<List<String>> cmp = comparisonRows(study, dir);
    for (int i = 0; i < study.coverage().size(); i++) {
      RatioStudy.Group g = study.coverage().get(i).group();
      if (g.equals(last)) {
        continue;
      }
      last = g;
      h.append("<h2>").append(escape(g.words())).append("</h2>\n<h3>Coverage</h3>\n");
      List<List<String>> mine = new ArrayList<>();
      for (int j = 0; j < cov.size(); j++) {
        if (study.coverage().get(j).group().equals(g)) {
          mine.add(cov.get(j).subList(3, cov.get(j).size()));
        }
      }
      h.append("<div class=\"scroll coverage\">");
      table(h, COVERAGE.subList(3, COVERAGE.size()), mine);
      h.append("</div>\n");
      String shown = null;
      for (int j = 0; j < study.lines().size(); j++) {
        RatioStudy.Line l = study.lines().get(j);
        if (!l.group().equals(g)) {
          continue;
        }
        String head = l.objective() + "\u0000" + l.reference().key + "\u0000" + l.set();
        if (!head.equals(shown)) {
          if (shown != null) {
            h.append("</table></div>\n");
          }
          shown = head;
          int instances = study.coverage().get(i).instances();
          h.append(
                  l.set().equals("common")
                      ? "<h3>Headline: "
                      : "<h4>Secondary, each method over its own set: ")
              .append(escape(l.reference().words))
              .append(" (")
              .append(escape(l.objective()))
              .append(")")
              .append(
                  l.set().equals("common")
                      ? ", common set of " + l.setSize() + " of " + instances + " instances</h3>\n"
                      : "</h4>\n");
          h.append("<div class=\"scroll\"><table><tr>");
          COMPARISON
              .subList(7, 19)
              .forEach(c -> h.append("<th>").append(escape(c)).append("</th>"));
          h.append("</tr>\n");
        }
        h.append("<tr>");
        List<String> c = cmp.get(j);
        for (int k = 7; k < 19; k++) {
          String v = c.get(k);
          String link = k == 16 && !v.isEmpty() ? instanceLink(dir, options, v) : null;
          String drawing =
              k == 16 && l.set().equals("common") ? drawings.get(v + "\u0000" + l.method()) : null;
          if (link != null || drawing != null) {
            h.append("<td>")
                .append(
                    link == null
                        ? escape(v)
                        : "<a href=\"" + escape(link) + "\">" + escape(v) + "</a>");
            if (drawing != null) {
              h.append(" (<a href=\"").append(escape(drawing)).append("\">schedule</a>)");
            }
            h.append("</td>");
          } else {
            h.append("<td>").append(escape(v)).append("</td>");
          }
        }
        h.append("</tr>\n");
      }
      if (shown != null) {
        h.append("</table></div>\n");
      }
    }
    h.append("<h2>Each method over its own set, means (summary.csv)</h2>\n<div class=\"scroll\">");
    table(h, SUMMARY, summary);
    h.append(
            "</div>\n<h2>Ratio against size, its distribution per size, and performance profiles</h2>\n")
        .append("<div class=\"charts\">\n");
    for (Map.Entry<String, String> c : charts.entrySet()) {
      h.append("<figure>")
          .append(c.getValue())
          .append("<figcaption><a href=\"")
          .append(escape(c.getKey()))
          .append("\">")
          .append(escape(c.getKey()))
          .append("</a></figcaption></figure>\n");
    }
    h.append("</div>\n<h2>Runs</h2>\n<div class=\"scroll\">");
    table(h, COLUMNS, rows);
    return h.append("</div></body></html>\n").toString();
  }

  /** The instance file of an id as a link relative to the report, or null when it is not known. */
  private static String instanceLink(Path dir, Options options, String id) {
    Path f = options.instanceFile() != null ? options.instanceFile().apply(id) : null;
    if (f == null) {
      f = dir.resolve("instances").resolve(id + ".json");
    }
    if (!java.nio.file.Files.isRegularFile(f)) {
      return null;
    }
    try {
      return dir.toAbsolutePath()
          .normalize()
          .relativize(f.toAbsolutePath().normalize())
          .toString()
          .replace('\\', '/');
    } catch (IllegalArgumentException e) {
      return f.toUri().toString(); // another root (a Windows drive): an absolute link
    }
  }

  private static void table(StringBuilder h, List<String> head, List<List<String>> rows) {
    h.append("<table><tr>");
    head.forEach(c -> h.append("<th>").append(escape(c)).append("</th>"));
    h.append("</tr>\n");
    for (List<String> r : rows) {
      h.append("<tr>");
      r.forEach(c -> h.append("<td>").append(escape(c)).append("</td>"));
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  /** The distinct methods, sorted (for the charts' legends). */
  static List<String> methods(List<Full> full) {
    TreeSet<String> s = new TreeSet<>();
    full.forEach(f -> s.add(f.row().method()));
    return List.copyOf(s);
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
