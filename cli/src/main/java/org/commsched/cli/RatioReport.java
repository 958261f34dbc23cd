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
 * The files of a ratio sweep, made from its rows alone (so one run, a resumed run and a merge of shards give the
 * same files, seconds aside): {@code results.csv} and {@code results.jsonl} (every row with the instance's best
 * lower bound, its optimum when proven and both ratios), {@code summary.csv} (mean and max ratio per problem,
 * family and method), one SVG line chart per problem, family and ratio ({@code ratio-lb-*.svg},
 * {@code ratio-opt-*.svg}) and {@code report.html} with the tables and the charts inline.
 *
 * <p>Per instance and objective (real makespan or virtual span), over the valid runs: the lower bound is the
 * largest any run proved, and the optimum is the smallest makespan when a run proved it (status OPTIMAL) or the
 * bound meets it. Ratios are exact quotients printed with four decimals half up ({@code docs/models/README.md#ratios}).
 */
final class RatioReport {
  static final List<String> COLUMNS = List.of("instance", "problem", "family", "size", "messages", "lengths",
      "model", "seed", "method", "objective", "status", "makespan", "lowerBound", "optimum", "ratioToOptimum",
      "ratioToLowerBound", "seconds", "valid", "error");
  static final List<String> SUMMARY = List.of("problem", "family", "method", "objective", "runs", "valid",
      "withOptimum", "meanRatioToOptimum", "maxRatioToOptimum", "meanRatioToLowerBound", "maxRatioToLowerBound");

  /** A row with the figures that need every run of its instance. */
  record Full(RatioRow row, BigDecimal lowerBound, BigDecimal optimum) {
    Ratio toOptimum() {
      return row.valid() ? Ratio.of(row.makespan(), optimum) : null;
    }

    Ratio toLowerBound() {
      return row.valid() ? Ratio.of(row.makespan(), lowerBound) : null;
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

    Ratio over(long k) {
      return reduce(num, den.multiply(BigInteger.valueOf(k)));
    }

    @Override
    public int compareTo(Ratio o) {
      return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    /** Four decimals half up, trailing zeros dropped. */
    String decimal() {
      return new BigDecimal(num).divide(new BigDecimal(den), 4, RoundingMode.HALF_UP).stripTrailingZeros()
          .toPlainString();
    }
  }

  private RatioReport() {
  }

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
      out.add(new Full(r, r.objective().equals("-") ? null : lb, opt ? m : null));
    }
    return out;
  }

  /** Writes every output file into {@code dir}; returns the summary rows (for the command's own printout). */
  static List<List<String>> write(Path dir, List<RatioRow> rows, String title) {
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
      jsonl.append(RatioRow.LINES.writeValueAsString(o)).append('\n');
      List<String> cells = cells(f);
      table.add(cells);
      csv.append(csvLine(cells));
    }
    List<List<String>> summary = summary(full);
    StringBuilder sum = new StringBuilder(String.join(",", SUMMARY)).append('\n');
    summary.forEach(s -> sum.append(csvLine(s)));
    Map<String, String> charts = RatioCharts.all(full);
    AtomicFiles.writeString(dir.resolve("results.jsonl"), jsonl.toString());
    AtomicFiles.writeString(dir.resolve("results.csv"), csv.toString());
    AtomicFiles.writeString(dir.resolve("summary.csv"), sum.toString());
    for (Map.Entry<String, String> c : charts.entrySet()) {
      AtomicFiles.writeString(dir.resolve(c.getKey()), c.getValue());
    }
    AtomicFiles.writeString(dir.resolve("report.html"), html(title, summary, charts, table));
    return summary;
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
    return c;
  }

  /** Mean and max ratios per problem, family, method and objective, in that order. */
  static List<List<String>> summary(List<Full> full) {
    Map<List<String>, List<Full>> groups = new TreeMap<>(Comparator.comparing((List<String> l) -> String.join(
        "\u0000", l)));
    for (Full f : full) {
      RatioRow r = f.row();
      groups.computeIfAbsent(List.of(r.parameters().getOrDefault("problem", ""), r.parameters().getOrDefault(
          "family", ""), r.method(), r.objective()), k -> new ArrayList<>()).add(f);
    }
    List<List<String>> out = new ArrayList<>();
    for (Map.Entry<List<String>, List<Full>> g : groups.entrySet()) {
      List<String> s = new ArrayList<>(g.getKey());
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
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String html(String title, List<List<String>> summary, Map<String, String> charts,
      List<List<String>> rows) {
    StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    h.append("<title>").append(escape(title)).append("</title><style>")
        .append("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:13px}")
        .append("td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}th{background:#eee}")
        .append("td:first-child{text-align:left}figure{display:inline-block;margin:1em}</style></head><body>\n");
    h.append("<h1>").append(escape(title)).append("</h1>\n");
    h.append("<p>Ratios are makespan over the instance's optimum (when an exact method or a meeting lower bound ")
        .append("proves it) and over the best lower bound any run proved; exact quotients shown with four ")
        .append("decimals. Every schedule was checked by the independent checker.</p>\n");
    h.append("<h2>Summary</h2>\n");
    table(h, SUMMARY, summary);
    h.append("<h2>Ratio against size</h2>\n");
    for (Map.Entry<String, String> c : charts.entrySet()) {
      h.append("<figure>").append(c.getValue()).append("<figcaption>").append(escape(c.getKey()))
          .append("</figcaption></figure>\n");
    }
    h.append("<h2>Runs</h2>\n");
    table(h, COLUMNS, rows);
    return h.append("</body></html>\n").toString();
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
