package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;

/**
 * One run of Transmission-Certification on a gather tree: every token, certificate and order with
 * its row and value, the departures, and the figures of the exact timing
 * (docs/models/bufferless-scatter-gather.md#transmission-certification, #tc-multiport). See {@link
 * TransmissionCertification} for the protocol and its sources.
 *
 * <p>Rows: a control or data flit crossing a link during step s is at the receiver in row s + 1
 * (the paper's figure rows). Our makespan is the last root arrival row; the paper's T is one more.
 *
 * <p>The run is computed node by node from the protocol's local rules: a bottom-up pass for subtree
 * sizes, stream lengths and certificates (each node sorts its child segments: O(d log d)), a
 * top-down pass for token rows, and a top-down pass for orders. O(n log n) time and O(n) space
 * overall.
 *
 * @implNote Immutable after construction.
 */
public final class TcRun {
  /** Control flit kinds and their values. */
  public static final String TOKEN = "token";

  /** A certificate carries (c, n). */
  public static final String CERTIFICATE = "certificate";

  /** An order carries s. */
  public static final String ORDER = "order";

  private final GatherTree tree;
  private final TcOptions options;
  private final long[] lag; // c_v
  private final long[] stream; // n_v
  private final long[] tokenRow; // row at which v holds its token
  private final long[] certRow; // row at which v's certificate is at its parent
  private final long[] orderRow; // t_v
  private final long[] orderValue; // s_v
  private final long t0;
  private final long rootLag; // C_0 (single port); -1 under multiport
  private final long makespan;

  TcRun(GatherTree tree, TcOptions options) {
    this.tree = tree;
    this.options = options;
    int n = tree.net.nodes();
    int[] order = tree.order;
    boolean mp = options.multiport();
    lag = new long[n];
    stream = new long[n];
    tokenRow = new long[n];
    certRow = new long[n];
    orderRow = new long[n];
    orderValue = new long[n];
    long[] offset = new long[n]; // tentative offset of v's stream in its parent's concatenation
    boolean[] segment = new boolean[n]; // v's stream is a segment of its parent's concatenation
    long[] size = new long[n]; // nodes in the subtree
    long[] compute = new long[n]; // computation steps in the subtree
    int maxDegree = 0;
    for (int v : order) {
      maxDegree = Math.max(maxDegree, tree.degree(v));
    }
    long[] keys = new long[maxDegree];
    long[] lbs = new long[maxDegree];
    long[] lens = new long[maxDegree];
    long[] offs = new long[maxDegree];

    // Phase 2 values, bottom-up: n_v, c_v and the tentative offsets of the child segments
    // (docs/models/bufferless-scatter-gather.md#transmission-certification, #tc-multiport)
    for (int x = order.length - 1; x >= 0; x--) {
      int v = order[x];
      int d = tree.degree(v);
      boolean isRoot = v == tree.root;
      size[v] = 1;
      compute[v] = d > 0 ? options.computeSteps(d) : 0;
      long nv = isRoot ? 0 : tree.length[v];
      for (int j = 0; j < d; j++) {
        int k = tree.kid(v, j);
        size[v] += size[k];
        compute[v] += compute[k];
        nv = Math.addExact(nv, stream[k]);
      }
      stream[v] = nv;
      if (d == 0) {
        lag[v] = 1;
        continue;
      }
      if (isRoot && mp) {
        continue; // the multiport root does not concatenate: each child has its own link
      }
      int count = 0;
      for (int j = 0; j < d; j++) {
        int k = tree.kid(v, j);
        if (stream[k] > 0 || options.empty() == TcOptions.EmptySegments.INCLUDE) {
          long lb = childBound(d, j + 1, lag[k], isRoot);
          keys[count++] = (lb << 32) | j; // by bound, ties in the fixed child order
        }
      }
      Arrays.sort(keys, 0, count);
      for (int i = 0; i < count; i++) {
        int k = tree.kid(v, (int) keys[i]);
        lbs[i] = keys[i] >>> 32;
        lens[i] = stream[k];
        segment[k] = true;
      }
      long own = mp ? 1 : d + 1; // the own message's bound (none at the root)
      long c = combine(!isRoot, own, tree.length[v], lbs, lens, count, offs);
      for (int i = 0; i < count; i++) {
        offset[tree.kid(v, (int) keys[i])] = offs[i];
      }
      lag[v] = c;
    }
    rootLag = mp ? -1 : lag[tree.root];

    // Phases 1-2 rows, top-down: tokens and certificates
    long rootStart = 0;
    if (mp) {
      // parallel broadcast and convergecast: the token is at depth k in row k; a leaf answers at
      // once, an inner
      // node one step after its last child's certificate (plus its computation)
      long[] lastChild = new long[n];
      for (int x = order.length - 1; x >= 0; x--) {
        int v = order[x];
        tokenRow[v] = tree.depth[v];
        long ready =
            tree.degree(v) == 0 ? tokenRow[v] : lastChild[v] + options.computeSteps(tree.degree(v));
        if (v != tree.root) {
          certRow[v] = ready + 1;
          lastChild[tree.parent[v]] = Math.max(lastChild[tree.parent[v]], certRow[v]);
        } else {
          rootStart = ready;
        }
      }
    } else {
      // serial depth-first: the token goes to child j + 1 only after child j's certificate is back;
      // a subtree of
      // m nodes answers 2m - 1 steps (plus its computation) after its token
      for (int v : order) {
        long send = v == tree.root ? 0 : tokenRow[v]; // the step in which the first token goes down
        for (int j = 0; j < tree.degree(v); j++) {
          int k = tree.kid(v, j);
          tokenRow[k] = send + 1;
          certRow[k] = tokenRow[k] + 2 * size[k] - 1 + compute[k];
          send = certRow[k];
        }
        if (v == tree.root) {
          rootStart = send + (tree.degree(v) > 0 ? options.computeSteps(tree.degree(v)) : 0);
        }
      }
    }
    t0 = rootStart;

    // Phase 3, top-down: orders
    // (docs/models/bufferless-scatter-gather.md#transmission-certification; multiport
    // docs/models/bufferless-scatter-gather.md#tc-multiport)
    long last = 0;
    for (int v : order) {
      int d = tree.degree(v);
      boolean isRoot = v == tree.root;
      long tv = isRoot ? t0 : orderRow[v];
      long delay = isRoot ? 0 : orderValue[v] - lag[v]; // Delta_v = s_v - c_v
      for (int j = 0; j < d; j++) {
        int k = tree.kid(v, j);
        long arrive =
            mp ? tv + 1 : tv + j + 1; // single port: one order per step, in the fixed child order
        orderRow[k] = arrive;
        long s;
        if (mp && isRoot) {
          s = lag[k];
        } else if (!segment[k]) {
          s = lag[k];
        } else if (isRoot) {
          s = offset[k] - (j + 1);
        } else if (mp) {
          s = offset[k] + delay - 2;
        } else {
          s = offset[k] + delay - (j + 1) - 1;
        }
        orderValue[k] = s;
        if (stream[k] > 0 && isRoot) {
          // the child's stream reaches the root in rows arrive + s .. arrive + s + n - 1
          last = Math.max(last, arrive + s + stream[k] - 1);
        }
      }
    }
    makespan = tree.total == 0 ? 0 : last;
  }

  /**
   * The earliest arrival at the parent of child j's stream (1-based j), relative to the node's
   * order row.
   */
  private long childBound(int degree, int j, long childLag, boolean isRoot) {
    if (options.multiport()) {
      return 2 + childLag;
    }
    long index = options.childBound() == TcOptions.ChildBound.CONSERVATIVE ? degree : j;
    return index + (isRoot ? 0 : 1) + childLag; // the root receives without a relay hop
  }

  /**
   * The start of the concatenation: own segment first (if any) with bound {@code own}, then the
   * child segments in the given (increasing bound) order. Writes each child segment's offset into
   * {@code offs}.
   */
  private long combine(
      boolean hasOwn, long own, long ownLength, long[] lbs, long[] lens, int count, long[] offs) {
    if (!hasOwn && count == 0) {
      return 0; // a root without segments: no data
    }
    long c;
    if (options.lag() == TcOptions.Lag.GEOMETRIC) {
      // leftmost feasible start: max over segments of (bound - flits before it)
      long prefix = hasOwn ? ownLength : 0;
      c = hasOwn ? own : Long.MIN_VALUE;
      for (int i = 0; i < count; i++) {
        c = Math.max(c, lbs[i] - prefix);
        prefix += lens[i];
      }
    } else {
      // the paper's sum of positive gaps, each bound compared with the previous segment's bound and
      // length
      long prevLb = hasOwn ? own : lbs[0];
      long prevLen = hasOwn ? ownLength : lens[0];
      c = prevLb;
      for (int i = hasOwn ? 0 : 1; i < count; i++) {
        c += Math.max(0, lbs[i] - prevLb - prevLen);
        prevLb = lbs[i];
        prevLen = lens[i];
      }
    }
    long at = c + (hasOwn ? ownLength : 0);
    for (int i = 0; i < count; i++) {
      offs[i] = at;
      at += lens[i];
    }
    return c;
  }

  /** The options of this run. */
  public TcOptions options() {
    return options;
  }

  /** Certified lag {@code c_v} of a non-root node (1 for a leaf). */
  public long lag(int v) {
    return lag[v];
  }

  /** Certified stream length {@code n_v}: the flits of v's subtree (for the root, M). */
  public long stream(int v) {
    return stream[v];
  }

  /** Row at which node v holds its token (0 for the root). */
  public long tokenRow(int v) {
    return tokenRow[v];
  }

  /** Row at which node v's certificate is at its parent. */
  public long certificateRow(int v) {
    return certRow[v];
  }

  /** Row {@code t_v} at which node v holds its order. */
  public long orderRow(int v) {
    return orderRow[v];
  }

  /**
   * The value {@code s_v} of node v's order: its stream reaches the parent from row {@code t_v +
   * s_v}.
   */
  public long orderValue(int v) {
    return orderValue[v];
  }

  /**
   * {@code t_0}: the step in which the root sends its first order (the row of the last certificate,
   * plus its computation).
   */
  public long t0() {
    return t0;
  }

  /**
   * {@code C_0}, the root's lag (single port): data reaches the root in rows {@code t_0 + C_0 ..
   * t_0 + C_0 + M - 1}. -1 under multiport.
   */
  public long rootLag() {
    return rootLag;
  }

  /** M, the total number of flits. */
  public long total() {
    return tree.total;
  }

  /** The makespan in our steps: the last root arrival row (0 without data). */
  public long makespan() {
    return makespan;
  }

  /** The departure of node v's own message: {@code t_v + s_v - 1}. */
  public long departure(int v) {
    return orderRow[v] + orderValue[v] - 1;
  }

  /**
   * The trace: departures of the nonnull messages, then every token, certificate and order as a
   * control flit.
   */
  public Schedule.Departures schedule(Instance instance) {
    int[] order = tree.order;
    List<Schedule.ControlTransfer> control = new ArrayList<>(3 * (order.length - 1));
    List<Long> none = List.of();
    for (int x = 1; x < order.length; x++) {
      int v = order[x];
      control.add(new Schedule.ControlTransfer(tree.parent[v], v, tokenRow[v] - 1, TOKEN, none));
    }
    for (int x = 1; x < order.length; x++) {
      int v = order[x];
      control.add(
          new Schedule.ControlTransfer(
              v, tree.parent[v], certRow[v] - 1, CERTIFICATE, List.of(lag[v], stream[v])));
    }
    for (int x = 1; x < order.length; x++) {
      int v = order[x];
      control.add(
          new Schedule.ControlTransfer(
              tree.parent[v], v, orderRow[v] - 1, ORDER, List.of(orderValue[v])));
    }
    Map<String, Long> dep = new LinkedHashMap<>();
    for (Message m : instance.messages()) {
      if (m.length() > 0) {
        dep.put(m.id(), departure(m.from()));
      }
    }
    return new Schedule.Departures(dep, control);
  }

  /**
   * {@code D*}: the largest, over root-to-leaf paths, of the children counts of the path's non-leaf
   * nodes plus its edges (docs/models/bufferless-scatter-gather.md#transmission-certification). The
   * corrected Theorem 3 reads {@code T <= t_0 + D* + M} (paper units).
   */
  public long dStar() {
    long[] w = new long[tree.net.nodes()];
    for (int x = tree.order.length - 1; x >= 0; x--) {
      int v = tree.order[x];
      int d = tree.degree(v);
      long best = 0;
      for (int j = 0; j < d; j++) {
        best = Math.max(best, 1 + w[tree.kid(v, j)]);
      }
      w[v] = d == 0 ? 0 : d + best;
    }
    return w[tree.root];
  }

  /** The number of non-root PEs (the paper's n). */
  public int size() {
    return tree.size();
  }

  /** Height of the tree (edges on the longest root-to-leaf path). */
  public int height() {
    int h = 0;
    for (int v : tree.order) {
      h = Math.max(h, tree.depth[v]);
    }
    return h;
  }
}
