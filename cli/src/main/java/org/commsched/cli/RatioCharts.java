package org.commsched.cli;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Hand-written SVG line charts of a ratio sweep: per problem, family and model, the geometric mean
 * ratio of each method against the instance size, one chart for the ratio to the best lower bound
 * and one for the ratio to the proven optimum (when any optimum is proven). Each point of a size
 * averages the same instances for every method: those of that size on which every method of the
 * chart has the ratio (its common set), whose count is shown under the size. Self-contained SVG
 * 1.1, no scripts or fonts to fetch. The pixel positions are the only floating point; the plotted
 * values are the exact means rounded to four decimals.
 */
final class RatioCharts {
  private static final String[] COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf"
  };

  /**
   * Line styles, one per method in turn (with the colours, no two of the first ten methods look
   * alike).
   */
  private static final String[] DASHES = {"", "6 3", "2 2", "8 3 2 3", "4 4"};

  private static final int W = 640;
  private static final int H = 360;
  private static final int LEFT = 60;
  private static final int RIGHT = 190;
  private static final int TOP = 30;
  private static final int BOTTOM = 50;

  private RatioCharts() {}

  /** File name to SVG text, in a fixed order. */
  static Map<String, String> all(List<RatioReport.Full> full) {
    Map<String, java.util.Set<String>> models = new TreeMap<>();
    for (RatioReport.Full f : full) {
      Map<String, String> p = f.row().parameters();
      models
          .computeIfAbsent(
              slug(p.getOrDefault("problem", "")) + "-" + slug(p.getOrDefault("family", "")),
              k -> new java.util.TreeSet<>())
          .add(p.getOrDefault("model", ""));
    }
    Map<String, List<RatioReport.Full>> groups = new TreeMap<>();
    for (RatioReport.Full f : full) {
      Map<String, String> p = f.row().parameters();
      String pf = slug(p.getOrDefault("problem", "")) + "-" + slug(p.getOrDefault("family", ""));
      // one chart per model: the model's slug is added to the name when the problem and family have
      // several
      String name = models.get(pf).size() > 1 ? pf + "-" + slug(p.getOrDefault("model", "")) : pf;
      if (sizeOf(f) != null) {
        groups.computeIfAbsent(name, k -> new ArrayList<>()).add(f);
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<RatioReport.Full>> g : groups.entrySet()) {
      String lb =
          chart(
              "ratio to the best lower bound, " + g.getKey(),
              g.getValue(),
              RatioReport.Full::toLowerBound);
      if (lb != null) {
        out.put("ratio-lb-" + g.getKey() + ".svg", lb);
      }
      String opt =
          chart(
              "ratio to the proven optimum, " + g.getKey(),
              g.getValue(),
              RatioReport.Full::toOptimum);
      if (opt != null) {
        out.put("ratio-opt-" + g.getKey() + ".svg", opt);
      }
      String box =
          boxes(
              "distribution of the ratio to the best known schedule, " + g.getKey(),
              g.getValue(),
              RatioReport.Full::toBestKnown);
      if (box != null) {
        out.put("box-best-" + g.getKey() + ".svg", box);
      }
    }
    return out;
  }

  private static Integer sizeOf(RatioReport.Full f) {
    try {
      return Integer.valueOf(f.row().parameters().getOrDefault("size", ""));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static String slug(String s) {
    String t = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    return t.isEmpty() ? "any" : t;
  }

  /**
   * Per method and size, the ratios of the instances of that size on which every method of the
   * chart (of the row's objective) has the ratio: the common set of each size, so that no point or
   * box averages a different set than its neighbours; and per size the instances counted.
   */
  record Series(
      Map<String, Map<Integer, List<RatioReport.Ratio>>> ratios,
      Map<Integer, java.util.Set<String>> instances) {}

  static Series commonSeries(
      List<RatioReport.Full> rows, Function<RatioReport.Full, RatioReport.Ratio> f) {
    Map<String, java.util.Set<String>> methodsOf = new TreeMap<>();
    Map<String, java.util.Set<String>> haveIt = new TreeMap<>();
    for (RatioReport.Full r : rows) {
      if (f.apply(r) != null) {
        methodsOf
            .computeIfAbsent(r.row().objective(), k -> new java.util.TreeSet<>())
            .add(r.row().method());
        haveIt
            .computeIfAbsent(
                r.row().instance() + "\u0000" + r.row().objective(), k -> new java.util.TreeSet<>())
            .add(r.row().method());
      }
    }
    Map<String, Map<Integer, List<RatioReport.Ratio>>> series = new TreeMap<>();
    Map<Integer, java.util.Set<String>> counted = new TreeMap<>();
    for (RatioReport.Full r : rows) {
      RatioReport.Ratio q = f.apply(r);
      if (q != null
          && haveIt
              .get(r.row().instance() + "\u0000" + r.row().objective())
              .containsAll(methodsOf.get(r.row().objective()))) {
        series
            .computeIfAbsent(r.row().method(), k -> new TreeMap<>())
            .computeIfAbsent(sizeOf(r), k -> new ArrayList<>())
            .add(q);
        counted.computeIfAbsent(sizeOf(r), k -> new java.util.TreeSet<>()).add(r.row().instance());
      }
    }
    return new Series(series, counted);
  }

  /** One chart, or null when no row has the ratio. */
  static String chart(
      String title, List<RatioReport.Full> rows, Function<RatioReport.Full, RatioReport.Ratio> f) {
    Series common = commonSeries(rows, f);
    Map<String, Map<Integer, List<RatioReport.Ratio>>> series = common.ratios();
    Map<Integer, java.util.Set<String>> counted = common.instances();
    if (series.isEmpty()) {
      return null;
    }
    int xmin = Integer.MAX_VALUE;
    int xmax = Integer.MIN_VALUE;
    double ymax = 1;
    Map<String, Map<Integer, Double>> points = new LinkedHashMap<>();
    for (Map.Entry<String, Map<Integer, List<RatioReport.Ratio>>> s : series.entrySet()) {
      Map<Integer, Double> pts = new TreeMap<>();
      for (Map.Entry<Integer, List<RatioReport.Ratio>> e : s.getValue().entrySet()) {
        double y = RatioStudy.geometricMean(e.getValue());
        pts.put(e.getKey(), y);
        xmin = Math.min(xmin, e.getKey());
        xmax = Math.max(xmax, e.getKey());
        ymax = Math.max(ymax, y);
      }
      points.put(s.getKey(), pts);
    }
    double ytop = Math.ceil(ymax * 4) / 4 + (ymax == Math.ceil(ymax * 4) / 4 ? 0.25 : 0);
    double ybot = 1;
    int pw = W - LEFT - RIGHT;
    int ph = H - TOP - BOTTOM;
    final int x0 = xmin;
    final int x1 = xmax == xmin ? xmin + 1 : xmax;
    // a log size axis when the sizes span more than 10x (sizes 6 and 8 would crowd a linear one)
    boolean log = x0 > 0 && x1 > 10L * x0;
    Function<Integer, Double> px =
        log
            ? x -> LEFT + pw * (Math.log(x) - Math.log(x0)) / (Math.log(x1) - Math.log(x0))
            : x -> LEFT + pw * (x - x0) / (double) (x1 - x0);
    Function<Double, Double> py = y -> TOP + ph * (ytop - y) / (ytop - ybot);
    StringBuilder s = head(title);
    // axes and grid
    int steps = 5;
    for (int i = 0; i <= steps; i++) {
      double y = ybot + (ytop - ybot) * i / steps;
      double yy = py.apply(y);
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              yy,
              LEFT + pw,
              yy,
              LEFT - 6,
              yy + 4,
              BigDecimal.valueOf(y).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
    }
    java.util.TreeSet<Integer> xs = new java.util.TreeSet<>();
    points.values().forEach(m -> xs.addAll(m.keySet()));
    for (int x : xs) {
      double xx = px.apply(x);
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">n=%d</text>%n",
              xx,
              TOP + ph,
              xx,
              TOP + ph + 4,
              xx,
              TOP + ph + 16,
              x,
              xx,
              TOP + ph + 28,
              counted.get(x).size()));
    }
    frame(
        s,
        pw,
        ph,
        "size (n: instances in the common set)" + (log ? ", log scale" : ""),
        H - 4,
        "geometric mean, common set");
    int i = 0;
    for (Map.Entry<String, Map<Integer, Double>> e : points.entrySet()) {
      String colour = COLOURS[i % COLOURS.length];
      String dash =
          DASHES[i % DASHES.length].isEmpty()
              ? ""
              : " stroke-dasharray=\"" + DASHES[i % DASHES.length] + "\"";
      // methods at the same value (six at 1.00) stay apart: each is shifted a little sideways and
      // has its own marker
      double shift = (i - (points.size() - 1) / 2.0) * 2.5;
      StringBuilder poly = new StringBuilder();
      for (Map.Entry<Integer, Double> p : e.getValue().entrySet()) {
        double xx = px.apply(p.getKey()) + shift;
        double yy = py.apply(p.getValue());
        poly.append(String.format(Locale.ROOT, "%.1f,%.1f ", xx, yy));
        s.append(
            marker(
                i,
                xx,
                yy,
                colour,
                RatioReport.escape(e.getKey())
                    + " size "
                    + p.getKey()
                    + ": "
                    + RatioStudy.decimal(p.getValue())
                    + " (n="
                    + counted.get(p.getKey()).size()
                    + ")"));
      }
      s.append(
          String.format(
              Locale.ROOT,
              "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" " + "stroke-width=\"2\"%s/>%n",
              poly.toString().trim(),
              colour,
              dash));
      legendEntry(s, i, e.getKey(), colour, dash);
      i++;
    }
    return s.append("</svg>\n").toString();
  }

  /**
   * Box plots of the ratio per size: for each size (evenly spaced, in order) one box per method
   * over the common set of that size ({@link #commonSeries}): the box spans the first to the third
   * quartile, the thick line is the median, the whiskers reach the minimum and the maximum (type 7
   * quartiles, as in comparison.csv); n is shown under the size. Null when no row has the ratio.
   */
  static String boxes(
      String title, List<RatioReport.Full> rows, Function<RatioReport.Full, RatioReport.Ratio> f) {
    Series common = commonSeries(rows, f);
    if (common.ratios().isEmpty()) {
      return null;
    }
    List<Integer> sizes = new ArrayList<>(common.instances().keySet());
    List<String> methods = new ArrayList<>(common.ratios().keySet());
    double ymax = 1;
    for (Map<Integer, List<RatioReport.Ratio>> m : common.ratios().values()) {
      for (List<RatioReport.Ratio> l : m.values()) {
        ymax = Math.max(ymax, l.stream().mapToDouble(RatioCharts::value).max().orElse(1));
      }
    }
    double ytop = Math.ceil(ymax * 4) / 4 + (ymax == Math.ceil(ymax * 4) / 4 ? 0.25 : 0);
    int pw = W - LEFT - RIGHT;
    int ph = H - TOP - BOTTOM;
    double slot = pw / (double) sizes.size();
    double bw = Math.min(18, slot * 0.8 / methods.size());
    Function<Double, Double> py = y -> TOP + ph * (ytop - y) / (ytop - 1);
    StringBuilder s = head(title);
    for (int i = 0; i <= 5; i++) {
      double y = 1 + (ytop - 1) * i / 5;
      double yy = py.apply(y);
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              yy,
              LEFT + pw,
              yy,
              LEFT - 6,
              yy + 4,
              BigDecimal.valueOf(y).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
    }
    for (int k = 0; k < sizes.size(); k++) {
      double xx = LEFT + slot * (k + 0.5);
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>"
                  + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">n=%d</text>%n",
              xx,
              TOP + ph + 16,
              sizes.get(k),
              xx,
              TOP + ph + 28,
              common.instances().get(sizes.get(k)).size()));
    }
    frame(
        s,
        pw,
        ph,
        "size (n: instances in the common set); box: quartiles, line: median, whiskers: min and max",
        H - 4,
        "ratio, common set");
    for (int i = 0; i < methods.size(); i++) {
      String colour = COLOURS[i % COLOURS.length];
      String name = RatioReport.escape(methods.get(i));
      for (int k = 0; k < sizes.size(); k++) {
        List<RatioReport.Ratio> l = common.ratios().get(methods.get(i)).get(sizes.get(k));
        if (l == null || l.isEmpty()) {
          continue;
        }
        List<RatioReport.Ratio> sorted = new ArrayList<>(l);
        sorted.sort(java.util.Comparator.naturalOrder());
        double lo = value(sorted.get(0));
        double hi = value(sorted.get(sorted.size() - 1));
        double q1 = value(RatioStudy.quantile(sorted, 1));
        double md = value(RatioStudy.quantile(sorted, 2));
        double q3 = value(RatioStudy.quantile(sorted, 3));
        double cx = LEFT + slot * (k + 0.5) + (i - (methods.size() - 1) / 2.0) * bw * 1.15;
        String tip =
            name
                + " size "
                + sizes.get(k)
                + ": min "
                + RatioStudy.decimal(lo)
                + ", quartiles "
                + RatioStudy.decimal(q1)
                + ", "
                + RatioStudy.decimal(md)
                + ", "
                + RatioStudy.decimal(q3)
                + ", max "
                + RatioStudy.decimal(hi)
                + " (n="
                + sorted.size()
                + ")";
        s.append(
            String.format(
                Locale.ROOT,
                "<g><title>%s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    + "y2=\"%.1f\" stroke=\"%s\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                    + "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                    + "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.25\" "
                    + "stroke=\"%s\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    + "stroke-width=\"3\"/></g>%n",
                tip,
                cx,
                py.apply(hi),
                cx,
                py.apply(lo),
                colour,
                cx - bw / 4,
                py.apply(hi),
                cx + bw / 4,
                py.apply(hi),
                colour,
                cx - bw / 4,
                py.apply(lo),
                cx + bw / 4,
                py.apply(lo),
                colour,
                cx - bw / 2,
                py.apply(q3),
                bw,
                Math.max(1, py.apply(q1) - py.apply(q3)),
                colour,
                colour,
                cx - bw / 2,
                py.apply(md),
                cx + bw / 2,
                py.apply(md),
                colour));
      }
      int ly = TOP + 10 + 18 * i;
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"10\" fill=\"%s\" "
                  + "fill-opacity=\"0.25\" stroke=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
              W - RIGHT + 12,
              ly - 5,
              colour,
              colour,
              W - RIGHT + 38,
              ly + 4,
              name));
    }
    return s.append("</svg>\n").toString();
  }

  private static double value(RatioReport.Ratio r) {
    return new BigDecimal(r.num())
        .divide(new BigDecimal(r.den()), java.math.MathContext.DECIMAL64)
        .doubleValue();
  }

  /**
   * The opening of a chart: the svg element, its title (for screen readers and tooltips) and the
   * visible title.
   */
  private static StringBuilder head(String title) {
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n",
            W,
            H,
            W,
            H));
    s.append(
        String.format(
            Locale.ROOT,
            "<title>%s</title>%n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
            RatioReport.escape(title),
            W,
            H));
    // a long title (a model's parameters in it) starts at the left edge in a smaller size, so that
    // it is not cut
    boolean longTitle = title.length() > 70;
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"18\" font-size=\"%d\">%s</text>%n",
            longTitle ? 8 : LEFT,
            longTitle ? 11 : 14,
            RatioReport.escape(title)));
    return s;
  }

  /**
   * A performance profile (Dolan and More, "Benchmarking optimization software with performance
   * profiles", Math. Programming 91, 2002): per method, the share of the common set's instances on
   * which its ratio to the best known schedule is at most tau, a step function of tau from 1 to the
   * largest ratio. Null when no method has a ratio.
   */
  static String profile(String title, Map<String, List<RatioReport.Ratio>> byMethod) {
    if (byMethod.isEmpty() || byMethod.values().iterator().next().isEmpty()) {
      return null;
    }
    double tmax = 1.05;
    Map<String, double[]> sorted = new TreeMap<>();
    for (Map.Entry<String, List<RatioReport.Ratio>> e : byMethod.entrySet()) {
      double[] v =
          e.getValue().stream()
              .mapToDouble(
                  r ->
                      new BigDecimal(r.num())
                          .divide(new BigDecimal(r.den()), java.math.MathContext.DECIMAL64)
                          .doubleValue())
              .sorted()
              .toArray();
      sorted.put(e.getKey(), v);
      tmax = Math.max(tmax, v[v.length - 1] * 1.05);
    }
    // the tau axis ends at a multiple of 0.25, so that its five steps are round figures (1.25, 1.5,
    // ...)
    final double top = 1 + Math.ceil((tmax - 1) * 4 - 1e-9) / 4;
    int pw = W - LEFT - RIGHT;
    int ph = H - TOP - BOTTOM;
    Function<Double, Double> px = t -> LEFT + pw * (t - 1) / (top - 1);
    Function<Double, Double> py = y -> TOP + ph * (1 - y);
    StringBuilder s = head(title);
    for (int k = 0; k <= 5; k++) {
      double y = k / 5.0;
      double t = 1 + (top - 1) * k / 5;
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              py.apply(y),
              LEFT + pw,
              py.apply(y),
              LEFT - 6,
              py.apply(y) + 4,
              RatioStudy.decimal(y)));
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              px.apply(t),
              TOP + ph + 16,
              BigDecimal.valueOf(t).setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
    }
    frame(
        s,
        pw,
        ph,
        "tau: ratio to the best known schedule",
        H - 14,
        "share of the common set with ratio at most tau");
    int i = 0;
    for (Map.Entry<String, double[]> e : sorted.entrySet()) {
      String colour = COLOURS[i % COLOURS.length];
      String dash =
          DASHES[i % DASHES.length].isEmpty()
              ? ""
              : " stroke-dasharray=\"" + DASHES[i % DASHES.length] + "\"";
      double[] v = e.getValue();
      int n = v.length;
      StringBuilder poly = new StringBuilder();
      double y = 0;
      int j = 0;
      while (j < n && v[j] <= 1) {
        j++;
      }
      y = j / (double) n;
      poly.append(String.format(Locale.ROOT, "%.1f,%.1f ", px.apply(1.0), py.apply(y)));
      s.append(
          marker(
              i,
              px.apply(1.0),
              py.apply(y),
              colour,
              RatioReport.escape(e.getKey())
                  + ": "
                  + RatioStudy.decimal(y)
                  + " at tau 1 (n="
                  + n
                  + ")"));
      while (j < n) {
        double t = v[j];
        while (j < n && v[j] == t) {
          j++;
        }
        poly.append(String.format(Locale.ROOT, "%.1f,%.1f ", px.apply(t), py.apply(y)));
        y = j / (double) n;
        poly.append(String.format(Locale.ROOT, "%.1f,%.1f ", px.apply(t), py.apply(y)));
        s.append(
            marker(
                i,
                px.apply(t),
                py.apply(y),
                colour,
                RatioReport.escape(e.getKey())
                    + ": "
                    + RatioStudy.decimal(y)
                    + " at tau "
                    + RatioStudy.decimal(t)));
      }
      poly.append(String.format(Locale.ROOT, "%.1f,%.1f", px.apply(top), py.apply(y)));
      s.append(
          String.format(
              Locale.ROOT,
              "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" " + "stroke-width=\"2\"%s/>%n",
              poly,
              colour,
              dash));
      legendEntry(s, i, e.getKey(), colour, dash);
      i++;
    }
    return s.append("</svg>\n").toString();
  }

  /**
   * The plot's frame ({@code pw} x {@code ph} pixels from the top left margin), the title of its
   * horizontal axis centred at height {@code xTitleY} and the title of its vertical axis turned
   * along the left edge (fixed texts).
   */
  private static void frame(
      StringBuilder s, int pw, int ph, String xTitle, int xTitleY, String yTitle) {
    s.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#333\"/>%n",
            LEFT,
            TOP,
            pw,
            ph));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
            LEFT + pw / 2,
            xTitleY,
            xTitle));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"14\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 14 "
                + "%d)\">%s</text>%n",
            TOP + ph / 2,
            TOP + ph / 2,
            yTitle));
  }

  /**
   * The legend line of the i-th method at the right of a chart: its line style, its marker and its
   * name.
   */
  private static void legendEntry(
      StringBuilder s, int i, String method, String colour, String dash) {
    int ly = TOP + 10 + 18 * i;
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                + "stroke-width=\"2\"%s/><text x=\"%d\" y=\"%d\">%s</text>%n",
            W - RIGHT + 12,
            ly,
            W - RIGHT + 32,
            ly,
            colour,
            dash,
            W - RIGHT + 38,
            ly + 4,
            RatioReport.escape(method)));
    s.append(marker(i, W - RIGHT + 22, ly, colour, RatioReport.escape(method)));
  }

  /**
   * The marker of the i-th method at (x, y): circle, square, triangle, diamond, cross in turn;
   * title escaped.
   */
  private static String marker(int i, double x, double y, String colour, String title) {
    String t = "<title>" + title + "</title>";
    switch (i % 5) {
      case 0:
        return String.format(
            Locale.ROOT,
            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\">%s</circle>%n",
            x,
            y,
            colour,
            t);
      case 1:
        return String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\">%s" + "</rect>%n",
            x - 3.5,
            y - 3.5,
            colour,
            t);
      case 2:
        return String.format(
            Locale.ROOT,
            "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\">%s" + "</polygon>%n",
            x,
            y - 4.5,
            x - 4,
            y + 3,
            x + 4,
            y + 3,
            colour,
            t);
      case 3:
        return String.format(
            Locale.ROOT,
            "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"white\" "
                + "stroke=\"%s\" stroke-width=\"1.5\">%s</polygon>%n",
            x,
            y - 4.5,
            x + 4.5,
            y,
            x,
            y + 4.5,
            x - 4.5,
            y,
            colour,
            t);
      default:
        return String.format(
            Locale.ROOT,
            "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" "
                + "stroke-width=\"2\">%s</path>%n",
            x - 4,
            y - 4,
            x + 4,
            y + 4,
            x - 4,
            y + 4,
            x + 4,
            y - 4,
            colour,
            t);
    }
  }
}
