package org.commsched.cli.draw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.check.Violation;
import org.commsched.core.model.TerminalText;

/**
 * A space-time diagram as hand-written SVG, like the figures of Bhatt, Bilardi, Pucci, Ranade,
 * Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in Leveled Networks"
 * (Figures 1 and 2) and of Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in
 * Networks of Processors" (Figures 1 to 4): lanes across, time down, one {@code <path>} per
 * message, transmission or control flit (docs/models/README.md#space-time-diagrams).
 *
 * <p>Geometry: lane x spans {@code [LEFT + x * LANE, LEFT + (x + 1) * LANE]} pixels; tick t is at
 * {@code TOP + t * pxPerTick} with {@link #pxPerTick}. A piece that holds lane x from tick s for D
 * ticks is, when slanted (bufferless flits), the parallelogram (x, s), (x + 1, s + 1), (x + 1, s +
 * 1 + D), (x, s + D) (mirrored when its route runs to lower lanes), otherwise the rectangle [x, x +
 * 1] x [s, s + D]; consecutive lanes of one piece that join up merge into one polygon. Pieces that
 * a violation involves get a red outline, and each violation with a lane and a time gets a red
 * circle there.
 */
public final class SvgDrawing {
  /** Left margin in pixels (time labels). */
  public static final int LEFT = 70;

  /** Top margin in pixels (lane names). */
  public static final int TOP = 50;

  /** Lane width in pixels. */
  public static final int LANE = 40;

  /** Pixels per model time unit when the schedule is short enough. */
  public static final int UNIT_PX = 16;

  /**
   * The drawing's time axis is at most this many pixels long; longer schedules get fewer pixels per
   * tick.
   */
  public static final int MAX_HEIGHT = 1600;

  /** Most pieces drawn; a larger schedule is refused (use the trace export). */
  public static final int MAX_PIECES = 5000;

  /** Most lanes drawn. */
  public static final int MAX_LANES = 300;

  /** Most violations listed under the drawing. */
  static final int MAX_NOTES = 20;

  private SvgDrawing() {}

  /** Pixels per tick: {@code min(UNIT_PX / ticksPerUnit, MAX_HEIGHT / horizon)}. */
  public static double pxPerTick(long ticksPerUnit, long horizon) {
    return Math.min((double) UNIT_PX / ticksPerUnit, (double) MAX_HEIGHT / Math.max(1, horizon));
  }

  /**
   * The horizon in ticks: the latest tick any piece reaches, slant included, and at least the
   * makespan.
   */
  static long horizon(Diagram d) {
    long[] h = {d.report().makespan() == null ? 1 : d.report().makespan()};
    d.forEach(p -> h[0] = Math.max(h[0], p.end() + (p.slanted() ? 1 : 0)));
    return Math.max(1, h[0]);
  }

  /**
   * Writes the drawing.
   *
   * @throws TooLargeException beyond {@link #MAX_PIECES} pieces or {@link #MAX_LANES} lanes
   */
  public static void write(Diagram d, String title, Writer out) {
    long[] count = {0};
    d.forEach(p -> count[0]++);
    int lanes = d.laneNames().size();
    if (count[0] > MAX_PIECES || lanes > MAX_LANES) {
      throw new TooLargeException(
          "too large to draw as SVG ("
              + count[0]
              + " shapes on "
              + lanes
              + " lanes; at most "
              + MAX_PIECES
              + " shapes and "
              + MAX_LANES
              + " lanes): use --format perfetto, which streams any size");
    }
    long horizon = horizon(d);
    long tpu = d.scale().ticksPerUnit();
    double px = pxPerTick(tpu, horizon);
    List<Violation> all = d.report().violations();
    int notes = Math.min(all.size(), MAX_NOTES) + (all.size() > MAX_NOTES ? 1 : 0);
    String caption = caption(d);
    int width =
        Math.max(
            Math.max(LEFT + lanes * LANE + 30, 7 * title.length() + 10), 5 * caption.length() + 10);
    if (notes > 0) {
      width = Math.max(width, NOTE_WIDTH);
    }
    List<String> noteLines = new ArrayList<>();
    for (int i = 0; i < notes; i++) {
      noteLines.addAll(
          wrap(
              i < MAX_NOTES
                  ? note(all.get(i), d)
                  : "... and " + (all.size() - MAX_NOTES) + " more violations",
              (width - 8) / NOTE_CHAR_PX));
    }
    long height = Math.round(TOP + horizon * px + 30 + noteLines.size() * 14);
    StringBuilder s = new StringBuilder(1024 + (int) count[0] * 200);
    s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" font-family=\"sans-serif\" font-size=\"10\">\n");
    s.append("<title>").append(esc(title)).append("</title>\n");
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s.append("<text x=\"4\" y=\"14\" font-size=\"12\">").append(esc(title)).append("</text>\n");
    if (!caption.isEmpty()) {
      s.append("<text class=\"caption\" x=\"4\" y=\"28\" font-size=\"9\" fill=\"#555\">")
          .append(esc(caption))
          .append("</text>\n");
    }
    s.append("<text x=\"4\" y=\"")
        .append(TOP - 6)
        .append("\">")
        .append(d.memory() ? "offset" : tpu == 1 ? "step" : "time")
        .append("</text>\n");
    List<String> names = d.laneNames();
    double bottom = TOP + horizon * px;
    for (int x = 0; x <= lanes; x++) {
      s.append("<line class=\"grid\" x1=\"")
          .append(LEFT + x * LANE)
          .append("\" y1=\"")
          .append(TOP)
          .append("\" x2=\"")
          .append(LEFT + x * LANE)
          .append("\" y2=\"")
          .append(num(bottom))
          .append("\" stroke=\"#ddd\"/>\n");
      if (x < lanes) {
        s.append("<text class=\"lane\" x=\"")
            .append(LEFT + x * LANE + LANE / 2)
            .append("\" y=\"")
            .append(TOP - 6)
            .append("\" text-anchor=\"middle\">")
            .append(esc(names.get(x)))
            .append("</text>\n");
      }
    }
    long every = labelEvery(tpu * px);
    for (long u = 0; u * tpu <= horizon; u += every) {
      double y = TOP + u * tpu * px;
      s.append("<line class=\"tick\" x1=\"")
          .append(LEFT - 4)
          .append("\" y1=\"")
          .append(num(y))
          .append("\" x2=\"")
          .append(LEFT + lanes * LANE)
          .append("\" y2=\"")
          .append(num(y))
          .append("\" stroke=\"#f0f0f0\"/>\n");
      s.append("<text class=\"time\" x=\"")
          .append(LEFT - 6)
          .append("\" y=\"")
          .append(num(y + 3))
          .append("\" text-anchor=\"end\">")
          .append(u)
          .append("</text>\n");
    }
    d.forEach(p -> piece(s, p, px));
    Long makespan = d.report().makespan();
    if (makespan != null) {
      double y = TOP + makespan * px;
      s.append("<line class=\"makespan\" x1=\"")
          .append(LEFT)
          .append("\" y1=\"")
          .append(num(y))
          .append("\" x2=\"")
          .append(LEFT + lanes * LANE)
          .append("\" y2=\"")
          .append(num(y))
          .append("\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n");
      s.append("<text class=\"makespan\" x=\"")
          .append(LEFT + lanes * LANE + 2)
          .append("\" y=\"")
          .append(num(y + 3))
          .append("\" font-size=\"8\">")
          .append(esc(d.scale().format(makespan)))
          .append("</text>\n");
    }
    for (Violation v : all) {
      int lane = d.laneOfPlace(v.place());
      if (lane >= 0 && v.time() != null) {
        s.append("<circle class=\"violation\" data-kind=\"")
            .append(v.kind().name())
            .append("\" cx=\"")
            .append(LEFT + lane * LANE + LANE / 2)
            .append("\" cy=\"")
            .append(num(TOP + (v.time() + 0.5) * px))
            .append("\" r=\"6\" fill=\"none\" stroke=\"red\" stroke-width=\"2\"/>\n");
      }
    }
    double y = bottom + 24;
    for (String line : noteLines) {
      boolean more = line.startsWith(" "); // a wrapped note's continuation: indented
      s.append("<text class=\"note\" x=\"")
          .append(more ? 16 : 4)
          .append("\" y=\"")
          .append(num(y))
          .append("\" fill=\"red\">")
          .append(esc(line.strip()))
          .append("</text>\n");
      y += 14;
    }
    s.append("</svg>\n");
    try {
      out.write(s.toString());
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The drawing is at least this wide when it lists violations, so that their lines wrap rather
   * than clip.
   */
  static final int NOTE_WIDTH = 640;

  /**
   * Pixels a character of a note line takes at most on average (10 px sans-serif), for wrapping.
   */
  static final int NOTE_CHAR_PX = 6;

  /**
   * The line under the title that says how to read the drawing where a newcomer misread it: a
   * memory layout has time across and the offset down; slanted shapes reach one step past the
   * makespan line, because each flit crosses its lane within one step and is drawn from the lane's
   * left edge to its right. Empty otherwise.
   */
  static String caption(Diagram d) {
    if (d.memory()) {
      return "buffers: the file's times across, the offset in memory down; the dashed line is the height";
    }
    if (d.slanted()) {
      return "each flit crosses a lane within one step, drawn slanting from the lane's left edge to its right: "
          + "shapes reach one step past the dashed makespan line";
    }
    return "";
  }

  /**
   * A note cut at spaces into lines of at most {@code chars} characters (a longer word gets a line
   * of its own).
   */
  static List<String> wrap(String text, int chars) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > chars) {
        lines.add(line.toString());
        line.setLength(0);
        line.append("    "); // continuation lines indented
      }
      if (line.length() > 0 && !line.toString().isBlank()) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
    return lines;
  }

  /** Time labels every 1, 2, 5, 10, 20, 50, ... units, at least 14 pixels apart. */
  static long labelEvery(double unitPx) {
    for (long base = 1; ; base *= 10) {
      for (long m : new long[] {1, 2, 5}) {
        if (m * base * unitPx >= 14 || base > Long.MAX_VALUE / 100) {
          return m * base;
        }
      }
    }
  }

  /**
   * One violation as a line: kind, place, time, detail (nodes named by the network's labels, if
   * any).
   */
  static String note(Violation v, Diagram d) {
    return d.instance()
        .network()
        .nameNodes(
            v.kind().name()
                + (v.place().isEmpty() ? "" : " " + v.place())
                + (v.time() == null ? "" : " at " + d.scale().format(v.time()))
                + ": "
                + v.detail());
  }

  private static void piece(StringBuilder s, Diagram.Piece p, double px) {
    List<double[]> polys = polygons(p);
    StringBuilder path = new StringBuilder();
    for (double[] q : polys) {
      for (int i = 0; i < q.length; i += 2) {
        path.append(i == 0 ? (path.length() == 0 ? "M " : " M ") : " L ")
            .append(num(LEFT + q[i] * LANE))
            .append(' ')
            .append(num(TOP + q[i + 1] * px));
      }
      path.append(" Z");
    }
    String fill = p.kind() == Diagram.Kind.CONTROL ? "#999" : colour(p.index());
    s.append("<path class=\"piece ")
        .append(p.kind().name().toLowerCase(java.util.Locale.ROOT))
        .append(p.red() ? " violation" : "")
        .append("\" data-id=\"")
        .append(esc(p.id()))
        .append('"');
    if (p.packet() >= 0) {
      s.append(" data-packet=\"").append(p.packet()).append('"');
    }
    s.append(" d=\"")
        .append(path)
        .append("\" fill=\"")
        .append(fill)
        .append("\" fill-opacity=\"0.8\" stroke=\"")
        .append(p.red() ? "red" : "#333")
        .append("\" stroke-width=\"")
        .append(p.red() ? "2.5" : "0.6")
        .append("\"><title>")
        .append(esc(p.label() + " " + p.place()))
        .append("</title></path>\n");
    double[] q = polys.get(0);
    double cx = (q[0] + q[2] + q[4] + q[6]) / 4;
    double cy = (q[1] + q[3] + q[5] + q[7]) / 4;
    s.append("<text class=\"label\" x=\"")
        .append(num(LEFT + cx * LANE))
        .append("\" y=\"")
        .append(num(TOP + cy * px + 3))
        .append("\" text-anchor=\"middle\" font-size=\"8\"")
        .append(p.red() ? " fill=\"red\"" : "")
        .append('>')
        .append(esc(p.label()))
        .append("</text>\n");
  }

  /**
   * The polygons of a piece in lane and tick units: four corners (x, t) each, clockwise from the
   * top left; one per run of consecutive lanes that join up (adjacent lanes, one tick later each
   * when slanted, the same tick otherwise).
   */
  public static List<double[]> polygons(Diagram.Piece p) {
    List<double[]> out = new ArrayList<>();
    int[] l = p.lanes();
    long[] st = p.starts();
    long dur = p.duration();
    long slant = p.slanted() ? 1 : 0;
    int i = 0;
    while (i < l.length) {
      int j = i;
      int dir = 0;
      while (j + 1 < l.length
          && Math.abs(l[j + 1] - l[j]) == 1
          && (dir == 0 || l[j + 1] - l[j] == dir)
          && st[j + 1] - st[j] == slant) {
        dir = l[j + 1] - l[j];
        j++;
      }
      int xa = l[i];
      int xb = l[j];
      if (p.slanted()) {
        if (dir >= 0) {
          out.add(
              new double[] {
                xa, st[i], xb + 1, st[j] + 1, xb + 1, st[j] + 1 + dur, xa, st[i] + dur
              });
        } else {
          out.add(
              new double[] {
                xa + 1, st[i], xb, st[j] + 1, xb, st[j] + 1 + dur, xa + 1, st[i] + dur
              });
        }
      } else {
        int lo = Math.min(xa, xb);
        int hi = Math.max(xa, xb);
        out.add(new double[] {lo, st[i], hi + 1, st[i], hi + 1, st[i] + dur, lo, st[i] + dur});
      }
      i = j + 1;
    }
    return out;
  }

  /**
   * A colour per message: hues from 40 to 320 (the reds mark violations alone), consecutive
   * messages 173 degrees apart, the golden section of that range, so that neighbours differ.
   */
  static String colour(int index) {
    if (index < 0) {
      return "#bbb";
    }
    return "hsl(" + (40 + Math.floorMod(index * 173, 280)) + ",65%,68%)";
  }

  /** A coordinate with at most two decimals, without trailing zeros. */
  public static String num(double v) {
    return BigDecimal.valueOf(v)
        .setScale(2, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  /**
   * Text and attribute values: {@link TerminalText#escape escaped} as in the text outputs (the
   * drawing shows the names the text grid shows, and XML 1.0 has no form at all for most C0
   * controls, a lone surrogate or U+FFFE), then XML escaped.
   */
  static String esc(String s) {
    String t = TerminalText.escape(s);
    StringBuilder b = new StringBuilder(t.length());
    for (char c : t.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
