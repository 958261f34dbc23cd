package org.commsched.heuristics.bufferless.chatting;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;

/**
 * The diagonal scans of A4 (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne; paper §5.2,
 * Theorem 5.3) that give every unit-length message of an Eastward-Southward mesh a virtual slot, in
 * this project's 0-based slots.
 *
 * <p>A message from (i, k) to (h, j), i &le; h and k &le; j, follows the one-turn route: east along
 * row i from column k to column j, then south along column j from row i to row h; it turns at (i,
 * j) (docs/models/bufferless-chatting.md#forward-leveled-networks, #one-turn-route). Its row leg
 * uses the east arcs of row i over columns [k, j) and its column leg the south arcs of column j
 * over rows [i, h); only messages with the same source row share row arcs and only messages with
 * the same destination column share column arcs. Messages are taken in scan order of their turning
 * nodes, ties by instance index; each takes the smallest slot whose per-row and per-column
 * summaries allow it. Two turning nodes on one diagonal {@code i - j = const} differ in both row
 * and column, so the order within a diagonal does not matter.
 *
 * @implNote Stateless; the per-row and per-column arrays grow on demand. Time O(|M| log |M| + |M|
 *     S).
 */
final class EsmScan {
  private EsmScan() {}

  /** Which scan and which reading of the paper's availability test. */
  enum Variant {
    /**
     * A4-rigorous (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne [D]): diagonals from the
     * north-east corner, rows east to west, columns north to south; {@code rowMin} and {@code
     * colMax} summaries. S &le; 2C - 1, proven.
     */
    NE(false, true, true, false),
    /**
     * A4-paper with both fixes F1 ({@code col >= h}) and F2 (empty legs neither blocked nor
     * recorded).
     */
    PAPER(true, true, true, false),
    /**
     * A4-paper with F1 but not F2: the reading that oracle E
     * (docs/models/bufferless-chatting.md#examples) refutes. Tests only.
     */
    PAPER_WITHOUT_F2(true, true, false, false),
    /**
     * A4-paper with F2 but the paper's literal {@code col > h} (no F1), on the paper's 2C slots: a
     * message that turns into the last row finds no slot. Tests only.
     */
    PAPER_WITHOUT_F1(true, false, true, true);

    final boolean fromSouthWest;
    final boolean f1;
    final boolean f2;
    final boolean capAtTwoC;

    Variant(boolean fromSouthWest, boolean f1, boolean f2, boolean capAtTwoC) {
      this.fromSouthWest = fromSouthWest;
      this.f1 = f1;
      this.f2 = f2;
      this.capAtTwoC = capAtTwoC;
    }
  }

  /** Thrown by a test-only literal variant when the paper's 2C slots run out. */
  static final class NoSlot extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int message;

    NoSlot(int message, long cap) {
      super("message index " + message + " finds no slot among the paper's " + cap + " slots");
      this.message = message;
    }
  }

  /**
   * Null if every message of a chatting instance on an ESM follows its one-turn route, else why
   * not. Lengths are not looked at.
   */
  static String notOneTurn(Instance instance) {
    Topology t = instance.network().topology();
    if (!(t instanceof Topology.Esm)) {
      return "the network is a " + t.family() + ", not an esm";
    }
    int cols = ((Topology.Esm) t).cols();
    Atlas atlas = instance.atlas();
    for (int m = 0; m < atlas.size(); m++) {
      if (!instance.messages().get(m).hasRoute()) {
        continue; // the default ESM route is the one-turn route (Atlas)
      }
      if (!Arrays.equals(
          atlas.nodes(m),
          oneTurn(instance.messages().get(m).from(), instance.messages().get(m).to(), cols))) {
        return "message "
            + instance.messages().get(m).id()
            + " has an explicit route that is not the one-turn "
            + "route (east along the source row, then south)";
      }
    }
    return null;
  }

  /** The one-turn node list from {@code from} to {@code to} on an ESM with {@code cols} columns. */
  static int[] oneTurn(int from, int to, int cols) {
    int i = from / cols;
    int k = from % cols;
    int h = to / cols;
    int j = to % cols;
    if (h < i || j < k) {
      return new int[0];
    }
    int[] nodes = new int[(j - k) + (h - i) + 1];
    int p = 0;
    for (int c = k; c <= j; c++) {
      nodes[p++] = Network.gridNode(i, c, cols);
    }
    for (int r = i + 1; r <= h; r++) {
      nodes[p++] = Network.gridNode(r, j, cols);
    }
    return nodes;
  }

  /**
   * Slots (0-based, instance order) for the messages of an ESM instance, each taken as a one-flit
   * message on its one-turn route (lengths are ignored).
   *
   * @throws IllegalArgumentException if the network is not an ESM or a route is not one-turn
   * @throws NoSlot only for {@link Variant#PAPER_WITHOUT_F1}
   */
  static long[] slots(Instance instance, Variant variant) {
    String why = notOneTurn(instance);
    if (why != null) {
      throw new IllegalArgumentException("the ESM scan needs one-turn routes on an esm: " + why);
    }
    Topology.Esm esm = (Topology.Esm) instance.network().topology();
    List<org.commsched.core.model.Message> msgs = instance.messages();
    int n = msgs.size();
    int cols = esm.cols();
    int[] srcRow = new int[n];
    int[] srcCol = new int[n];
    int[] dstRow = new int[n];
    int[] dstCol = new int[n];
    for (int m = 0; m < n; m++) {
      srcRow[m] = msgs.get(m).from() / cols;
      srcCol[m] = msgs.get(m).from() % cols;
      dstRow[m] = msgs.get(m).to() / cols;
      dstCol[m] = msgs.get(m).to() % cols;
    }
    long cap = Long.MAX_VALUE;
    if (variant.capAtTwoC) {
      cap = 2 * unitCongestion(esm.rows(), cols, srcRow, srcCol, dstRow, dstCol);
    }
    return slots(esm.rows(), cols, srcRow, srcCol, dstRow, dstCol, variant, cap);
  }

  /** The largest number of messages on one arc (C of the unit-length copies). */
  static long unitCongestion(
      int rows, int cols, int[] srcRow, int[] srcCol, int[] dstRow, int[] dstCol) {
    // difference arrays along each row (east arcs) and each column (south arcs)
    long[] east = new long[rows * (cols + 1)];
    long[] south = new long[cols * (rows + 1)];
    for (int m = 0; m < srcRow.length; m++) {
      east[srcRow[m] * (cols + 1) + srcCol[m]]++;
      east[srcRow[m] * (cols + 1) + dstCol[m]]--;
      south[dstCol[m] * (rows + 1) + srcRow[m]]++;
      south[dstCol[m] * (rows + 1) + dstRow[m]]--;
    }
    long c = 0;
    for (int r = 0; r < rows; r++) {
      long run = 0;
      for (int x = 0; x < cols; x++) {
        run += east[r * (cols + 1) + x];
        c = Math.max(c, run);
      }
    }
    for (int col = 0; col < cols; col++) {
      long run = 0;
      for (int x = 0; x < rows; x++) {
        run += south[col * (rows + 1) + x];
        c = Math.max(c, run);
      }
    }
    return c;
  }

  static long[] slots(
      int rows,
      int cols,
      int[] srcRow,
      int[] srcCol,
      int[] dstRow,
      int[] dstCol,
      Variant v,
      long cap) {
    int n = srcRow.length;
    // scan order: diagonal d = i - j of the turning node (i, j) = (source row, destination column)
    long[] key = new long[n];
    for (int m = 0; m < n; m++) {
      int d = srcRow[m] - dstCol[m];
      long diag = v.fromSouthWest ? (long) (rows - 1) - d : (long) d + (cols - 1);
      key[m] = (diag << 32) | m;
    }
    Arrays.sort(key);
    // A4-paper: row[i][s] = easternmost turning column in row i in slot s (0 if none),
    //           col[j][s] = northernmost turning row in column j in slot s (rows - 1 if none).
    // A4-rigorous: rowMin[i][s] = westernmost source column in row i (+inf), colMax[j][s] =
    // southernmost
    //           destination row in column j (-inf).
    Track[] row = new Track[rows];
    Track[] col = new Track[cols];
    int rowDefault = v.fromSouthWest ? 0 : Integer.MAX_VALUE;
    int colDefault = v.fromSouthWest ? rows - 1 : Integer.MIN_VALUE;
    long[] sigma = new long[n];
    for (long kk : key) {
      int m = (int) (kk & 0xffffffffL);
      int i = srcRow[m];
      int k = srcCol[m];
      int h = dstRow[m];
      int j = dstCol[m];
      if (row[i] == null) {
        row[i] = new Track(rowDefault);
      }
      if (col[j] == null) {
        col[j] = new Track(colDefault);
      }
      Track r = row[i];
      Track c = col[j];
      boolean rowFree = v.f2 && k == j;
      boolean colFree = v.f2 && h == i;
      int s = 0;
      while (true) {
        if (s >= cap) {
          throw new NoSlot(m, cap);
        }
        boolean rowOk;
        boolean colOk;
        if (v.fromSouthWest) {
          rowOk = rowFree || r.get(s) <= k;
          colOk = colFree || (v.f1 ? c.get(s) >= h : c.get(s) > h);
        } else {
          rowOk = rowFree || r.get(s) >= j;
          colOk = colFree || c.get(s) <= i;
        }
        if (rowOk && colOk) {
          break;
        }
        s++;
      }
      sigma[m] = s;
      if (v.fromSouthWest) {
        if (!v.f2 || k < j) {
          r.set(s, j);
        }
        if (!v.f2 || h > i) {
          c.set(s, i);
        }
      } else {
        if (k < j) {
          r.set(s, Math.min(r.get(s), k));
        }
        if (h > i) {
          c.set(s, Math.max(c.get(s), h));
        }
      }
    }
    return sigma;
  }

  /** One int per slot, {@code def} beyond what was set. */
  private static final class Track {
    private final int def;
    private int[] v = new int[0];

    Track(int def) {
      this.def = def;
    }

    int get(int s) {
      return s < v.length ? v[s] : def;
    }

    void set(int s, int value) {
      if (s >= v.length) {
        int old = v.length;
        v = Arrays.copyOf(v, Math.max(s + 1, Math.max(4, 2 * old)));
        Arrays.fill(v, old, v.length, def);
      }
      v[s] = value;
    }
  }
}
