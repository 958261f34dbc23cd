package org.commsched.cli.draw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.commsched.core.check.Violation;
import org.commsched.core.model.TerminalText;

/**
 * The space-time diagram as a plain-text grid for terminals, in the layout of the tables of Bhatt,
 * Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of Processors" (Figures
 * 1 to 4): one column per lane, one row per step, and in each cell the flit there, {@code M5,1} for
 * flit 1 of message M5 (the paper's m_{5,1}), or a control flit in the paper's notation ({@code
 * (s)}, {@code [*]}, {@code <c>}). Store-and-forward schedules get one row per time at which some
 * transfer starts or ends, and a cell names the packet ({@code M1.0}) holding the lane from that
 * row's time to the next row's. Cells a violation involves end in {@code !}; the violations follow
 * the grid (docs/models/README.md#space-time-diagrams). Names, ids and the title are {@link
 * TerminalText#escape escaped} before the columns are measured, so a control character in an id can
 * neither drive the terminal nor skew the grid.
 */
public final class TextGrid {
  /** Most rows printed; a longer schedule is refused. */
  public static final int MAX_ROWS = 500;

  /** Most lanes printed. */
  public static final int MAX_LANES = 40;

  private TextGrid() {}

  /**
   * Writes the grid.
   *
   * @throws TooLargeException beyond {@link #MAX_ROWS} rows or {@link #MAX_LANES} lanes
   */
  public static void write(Diagram d, String title, Writer out) {
    int lanes = d.laneNames().size();
    boolean steps = d.instance().family().bufferless();
    long[] horizon = {d.report().makespan() == null ? 0 : d.report().makespan()};
    TreeSet<Long> events = new TreeSet<>();
    d.forEach(
        p -> {
          horizon[0] = Math.max(horizon[0], p.end());
          if (!steps) {
            for (long s : p.starts()) {
              events.add(s);
              events.add(s + p.duration());
            }
          }
        });
    long[] rows;
    if (steps) {
      if (horizon[0] > MAX_ROWS || lanes > MAX_LANES) {
        throw tooLarge(horizon[0], lanes);
      }
      rows = new long[(int) horizon[0]];
      for (int r = 0; r < rows.length; r++) {
        rows[r] = r;
      }
    } else {
      if (events.size() > MAX_ROWS || lanes > MAX_LANES) {
        throw tooLarge(events.size(), lanes);
      }
      rows = events.stream().mapToLong(Long::longValue).toArray();
    }
    List<List<List<String>>> cells = new ArrayList<>();
    for (int r = 0; r < rows.length; r++) {
      List<List<String>> row = new ArrayList<>();
      for (int x = 0; x < lanes; x++) {
        row.add(new ArrayList<>());
      }
      cells.add(row);
    }
    d.forEach(
        p -> {
          for (int k = 0; k < p.lanes().length; k++) {
            long s = p.starts()[k];
            for (int r = 0; r < rows.length; r++) {
              long t = rows[r];
              if (t < s || t >= s + p.duration()) {
                continue;
              }
              String label =
                  switch (p.kind()) {
                    case FLITS, SLOT -> p.id() + "," + (t - s + 1);
                    case PACKET, CONTROL -> p.label();
                  };
              cells.get(r).get(p.lanes()[k]).add(label + (p.red() ? "!" : ""));
            }
          }
        });
    String[][] text = new String[rows.length + 1][lanes + 1];
    text[0][0] = d.memory() ? "Offset" : steps ? "Step" : "Time";
    for (int x = 0; x < lanes; x++) {
      text[0][x + 1] = TerminalText.escape(d.laneNames().get(x));
    }
    for (int r = 0; r < rows.length; r++) {
      text[r + 1][0] = steps ? String.valueOf(rows[r]) : d.scale().format(rows[r]);
      for (int x = 0; x < lanes; x++) {
        text[r + 1][x + 1] = TerminalText.escape(String.join("+", cells.get(r).get(x)));
      }
    }
    int[] width = new int[lanes + 1];
    for (String[] row : text) {
      for (int c = 0; c <= lanes; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(TerminalText.escape(title)).append('\n');
    for (String[] row : text) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c <= lanes; c++) {
        line.append(row[c]).append(" ".repeat(width[c] - row[c].length() + 2));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    List<Violation> vs = d.report().violations();
    if (!vs.isEmpty()) {
      sb.append(vs.size()).append(" violation(s), cells marked !:\n");
      for (Violation v : vs) {
        sb.append("  ").append(TerminalText.escape(SvgDrawing.note(v, d))).append('\n');
      }
    }
    try {
      out.write(sb.toString());
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static TooLargeException tooLarge(long rows, int lanes) {
    return new TooLargeException(
        "too large for a text grid ("
            + rows
            + " rows, "
            + lanes
            + " lanes; at most "
            + MAX_ROWS
            + " rows and "
            + MAX_LANES
            + " lanes): use --format svg (up to "
            + SvgDrawing.MAX_PIECES
            + " shapes) or --format perfetto (any size)");
  }
}
