package org.commsched.heuristics.bufferless.chatting;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;

/**
 * The non-null messages of a bufferless chatting instance as jobs over resources, with the busy
 * intervals of the jobs placed so far: the working memory of {@link PriorityGreedy}.
 *
 * <p>Model (docs/DESIGN.md): a job of length l with departure t occupies resource {@code res[k]}
 * during {@code [t + off[k], t + off[k] + l)}. Under all ports the resources are the route's arcs
 * with the hop index as offset; under single port they are the send port of route node k and the
 * receive port of route node k + 1, both at offset k (two flits on one arc in one step share the
 * tail's send port, so ports cover arcs). Routes are simple, so no job lists a resource twice. A
 * job ends at {@code t + transit} with {@code transit = l + d - 1}.
 *
 * <p>Per resource the placed intervals are kept sorted by start in parallel arrays (start, owner);
 * they never overlap, so their ends are sorted too. Look-ups are binary searches; insertion and
 * removal shift the arrays.
 *
 * @implNote Mutable, not thread-safe; one board per solve run.
 */
final class DepartureBoard {
  /** No departure: the job is not placed. */
  static final long NONE = Long.MIN_VALUE;

  /** Number of jobs. */
  final int m;

  /** Instance index of each job. */
  final int[] index;

  /** Length of each job. */
  final long[] len;

  /** Transit l + d - 1 of each job: it ends at t + transit. */
  final long[] transit;

  /** Resources of each job. */
  final int[][] res;

  /** Offsets of each job on its resources. */
  final long[][] off;

  /** Flits crossing each resource (the resource's congestion C(e) under all ports). */
  final long[] load;

  /** Jobs using each resource. */
  final int[][] users;

  /** Current departure of each job, or {@link #NONE}. */
  final long[] dep;

  private final long[][] starts;
  private final int[][] owners;
  private final int[] count;

  DepartureBoard(Instance instance) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    Network net = instance.network();
    boolean single =
        instance.model() instanceof CommModel.Bufferless
            && instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE;
    int jobs = 0;
    for (Message x : msgs) {
      if (x.length() > 0) {
        jobs++;
      }
    }
    m = jobs;
    index = new int[m];
    len = new long[m];
    transit = new long[m];
    res = new int[m][];
    off = new long[m][];
    int resources = single ? 2 * net.nodes() : net.arcs();
    load = new long[resources];
    int[] uses = new int[resources];
    for (int i = 0, j = 0; i < msgs.size(); i++) {
      long l = msgs.get(i).length();
      if (l == 0) {
        continue;
      }
      index[j] = i;
      len[j] = l;
      int[] p = atlas.nodes(i);
      int d = p.length - 1;
      transit[j] = l + d - 1;
      if (single) {
        res[j] = new int[2 * d];
        off[j] = new long[2 * d];
        for (int k = 0; k < d; k++) {
          res[j][2 * k] = p[k];
          res[j][2 * k + 1] = net.nodes() + p[k + 1];
          off[j][2 * k] = k;
          off[j][2 * k + 1] = k;
        }
      } else {
        res[j] = atlas.arcs(i).clone();
        off[j] = new long[d];
        for (int k = 0; k < d; k++) {
          off[j][k] = k;
        }
      }
      for (int r : res[j]) {
        load[r] += l;
        uses[r]++;
      }
      j++;
    }
    users = new int[resources][];
    for (int r = 0; r < resources; r++) {
      users[r] = new int[uses[r]];
    }
    int[] fill = new int[resources];
    for (int j = 0; j < m; j++) {
      for (int r : res[j]) {
        users[r][fill[r]++] = j;
      }
    }
    starts = new long[resources][];
    owners = new int[resources][];
    count = new int[resources];
    for (int r = 0; r < resources; r++) {
      starts[r] = new long[Math.max(1, uses[r])];
      owners[r] = new int[Math.max(1, uses[r])];
    }
    dep = new long[m];
    Arrays.fill(dep, NONE);
  }

  /** Removes every job. */
  void clear() {
    Arrays.fill(count, 0);
    Arrays.fill(dep, NONE);
  }

  /** Index of the last interval on {@code r} whose start is at most {@code x}, or -1. */
  private int floor(int r, long x) {
    long[] s = starts[r];
    int lo = 0;
    int hi = count[r] - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (s[mid] <= x) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return hi;
  }

  private long end(int r, int i) {
    return starts[r][i] + len[owners[r][i]];
  }

  /** The smallest {@code s >= from} with {@code [s, s + l)} free on resource r. */
  private long firstFit(int r, long from, long l) {
    int n = count[r];
    if (n == 0) {
      return from;
    }
    int i = floor(r, from);
    long s = from;
    if (i >= 0 && end(r, i) > s) {
      s = end(r, i);
    }
    int next = i + 1;
    while (next < n && starts[r][next] < s + l) {
      s = end(r, next);
      next++;
    }
    return s;
  }

  /** The largest {@code s <= upTo} with {@code [s, s + l)} free on resource r (may be negative). */
  private long lastFit(int r, long upTo, long l) {
    long s = upTo;
    int i = floor(r, s + l - 1); // last interval starting before s + l
    while (i >= 0 && end(r, i) > s) {
      s = starts[r][i] - l;
      i--;
    }
    return s;
  }

  /**
   * The smallest departure {@code t >= t0} at which job j meets no placed job (j itself must be
   * unplaced).
   */
  long earliest(int j, long t0) {
    int[] rs = res[j];
    long[] os = off[j];
    int c = rs.length;
    long t = t0;
    int fit = 0;
    int k = 0;
    while (fit < c) {
      long want = t + os[k];
      long got = firstFit(rs[k], want, len[j]);
      if (got == want) {
        fit++;
      } else {
        t = got - os[k];
        fit = 1;
      }
      k = k + 1 == c ? 0 : k + 1;
    }
    return t;
  }

  /**
   * The largest departure {@code t <= t1} at which job j meets no placed job (j unplaced); the
   * caller knows one free departure in {@code [0, t1]}, so the answer is at least that one.
   */
  long latest(int j, long t1) {
    int[] rs = res[j];
    long[] os = off[j];
    int c = rs.length;
    long t = t1;
    int fit = 0;
    int k = 0;
    while (fit < c) {
      long want = t + os[k];
      long got = lastFit(rs[k], want, len[j]);
      if (got == want) {
        fit++;
      } else {
        t = got - os[k];
        fit = 1;
      }
      k = k + 1 == c ? 0 : k + 1;
    }
    return t;
  }

  /** Places job j (unplaced) at departure t; the caller guarantees that t is free. */
  void place(int j, long t) {
    for (int k = 0; k < res[j].length; k++) {
      int r = res[j][k];
      long s = t + off[j][k];
      int at = floor(r, s) + 1;
      int n = count[r];
      System.arraycopy(starts[r], at, starts[r], at + 1, n - at);
      System.arraycopy(owners[r], at, owners[r], at + 1, n - at);
      starts[r][at] = s;
      owners[r][at] = j;
      count[r] = n + 1;
    }
    dep[j] = t;
  }

  /** Removes job j (placed). */
  void unplace(int j) {
    long t = dep[j];
    for (int k = 0; k < res[j].length; k++) {
      int r = res[j][k];
      int at = floor(r, t + off[j][k]);
      if (at < 0 || owners[r][at] != j) {
        throw new IllegalStateException(
            "job " + j + " is not on resource " + r + " at " + (t + off[j][k]));
      }
      int n = count[r];
      System.arraycopy(starts[r], at + 1, starts[r], at, n - at - 1);
      System.arraycopy(owners[r], at + 1, owners[r], at, n - at - 1);
      count[r] = n - 1;
    }
    dep[j] = NONE;
  }

  /**
   * Adds to {@code out} (from position {@code n}) every placed job other than j that would meet job
   * j at departure t, each once ({@code mark} is a scratch array of m flags, left cleared); returns
   * the new count.
   */
  int conflicts(int j, long t, int[] out, int n, boolean[] mark) {
    int start = n;
    for (int k = 0; k < res[j].length; k++) {
      int r = res[j][k];
      long s = t + off[j][k];
      long e = s + len[j];
      int i = floor(r, e - 1);
      while (i >= 0 && end(r, i) > s) {
        int o = owners[r][i];
        if (o != j && !mark[o]) {
          mark[o] = true;
          out[n++] = o;
        }
        i--;
      }
    }
    for (int q = start; q < n; q++) {
      mark[out[q]] = false;
    }
    return n;
  }

  /** The end of job j (placed). */
  long endOf(int j) {
    return dep[j] + transit[j];
  }

  /** The makespan of the placed jobs (0 if none). */
  long makespan() {
    long t = 0;
    for (int j = 0; j < m; j++) {
      if (dep[j] != NONE) {
        t = Math.max(t, dep[j] + transit[j]);
      }
    }
    return t;
  }

  /** Places every job at the given departures (the board must be empty). */
  void load(long[] departures) {
    for (int j = 0; j < m; j++) {
      place(j, departures[j]);
    }
  }
}
