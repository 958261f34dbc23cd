package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;

/**
 * Draws a gather trace on a path the way Figures 2-4 of Bhatt, Pucci, Ranade, Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors" do
 * (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan, #figures-1-to-4).
 *
 * <p>Mapping from our time convention to the paper's: a transfer during our step s puts its item at
 * the receiver in row s + 1, and the figures' rows are these rows (the root sends the first control
 * flit during step 0, so the figures start at row 1). Our makespan is the last arrival row, the
 * paper's T is one more.
 *
 * <p>A data flit {@code m_{i,k}} (flit k of the message of {@code P_i}) is drawn at every PE it
 * occupies: its origin in the row it is sent, every relay, and the root in its arrival row. A
 * control item is drawn only at its receiver, in its arrival row: {@code (s)} a wake-up or order,
 * {@code [*]} a token, {@code <c>} a certificate (c only). Two items in one cell are joined by a
 * space (the figures never have one).
 */
final class FigureTable {
  private FigureTable() {}

  /** The rows 1..last of the trace; column x is PE {@code P_x} = node {@code columns[x]}. */
  static List<List<String>> draw(Instance inst, Schedule.Departures schedule, int[] columns) {
    int[] pe = new int[inst.network().nodes()];
    for (int x = 0; x < columns.length; x++) {
      pe[columns[x]] = x;
    }
    TreeMap<Long, String[]> rows = new TreeMap<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      Long dep = schedule.departures().get(m.id());
      if (m.length() == 0 || dep == null) {
        continue;
      }
      int[] route = inst.atlas().nodes(i);
      for (int k = 1; k <= m.length(); k++) {
        for (int h = 0; h < route.length; h++) {
          put(rows, columns.length, dep + k - 1 + h, pe[route[h]], "m" + pe[m.from()] + "," + k);
        }
      }
    }
    for (Schedule.ControlTransfer c : schedule.control()) {
      String item;
      switch (c.kind()) {
        case TcRun.TOKEN:
          item = "[*]";
          break;
        case TcRun.CERTIFICATE:
          item = "<" + c.values().get(0) + ">";
          break;
        default:
          item = "(" + c.values().get(0) + ")";
          break;
      }
      put(rows, columns.length, c.step() + 1, pe[c.to()], item);
    }
    List<List<String>> out = new ArrayList<>();
    long last = rows.isEmpty() ? 0 : rows.lastKey();
    for (long r = 1; r <= last; r++) {
      String[] cells = rows.getOrDefault(r, new String[columns.length]);
      List<String> row = new ArrayList<>();
      for (String cell : cells) {
        row.add(cell == null ? "" : cell);
      }
      out.add(row);
    }
    return out;
  }

  private static void put(Map<Long, String[]> rows, int width, long row, int col, String item) {
    String[] cells = rows.computeIfAbsent(row, r -> new String[width]);
    cells[col] = cells[col] == null ? item : cells[col] + " " + item;
  }

  /**
   * Parses a figure of the paper written out as a table, one line per row: lines {@code | Step | P0
   * | ... |}, rows 1, 2, ... in order; returns the cells without the step column.
   */
  static List<List<String>> parse(String markdown) {
    List<List<String>> out = new ArrayList<>();
    long expectRow = 1;
    for (String line : markdown.split("\n")) {
      line = line.strip();
      if (!line.startsWith("|") || line.startsWith("| Step") || line.startsWith("|---")) {
        continue;
      }
      String[] parts = line.substring(1, line.length() - 1).split("\\|", -1);
      long row = Long.parseLong(parts[0].strip());
      if (row != expectRow) {
        throw new IllegalArgumentException(
            "figure rows must be 1, 2, ...; got " + row + " after " + (expectRow - 1));
      }
      expectRow++;
      List<String> cells = new ArrayList<>();
      for (int i = 1; i < parts.length; i++) {
        cells.add(parts[i].strip());
      }
      out.add(cells);
    }
    return out;
  }

  /** The table as lines {@code row: cell | cell | ...}, for readable failure diffs. */
  static List<String> lines(List<List<String>> table) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < table.size(); r++) {
      out.add((r + 1) + ": " + String.join(" | ", table.get(r)));
    }
    return out;
  }
}
