package org.commsched.solver.lns;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.solver.bufferless.ArcLevels;

/**
 * The messages {@code lns} schedules (the non-null ones), their arcs and hop indices per arc, and
 * the first-arc levels of a forward leveling of their routes if there is one ({@link ArcLevels});
 * with the conversions between departures by message id and by index.
 *
 * @implNote Immutable after construction.
 */
final class LnsData {
  final Instance instance;
  final int m;
  final int[] index;
  final long[] len;
  final long[] transit;
  final int[][] arcs;

  /** Per arc: the messages crossing it and their hop index there. */
  final int[][] users;

  final int[][] hops;

  /** Level of each message's first arc on forward-leveled routes, else null. */
  final long[] level;

  /** The longest message. */
  final long maxLen;

  LnsData(Instance instance, boolean leveled) {
    this.instance = instance;
    List<Message> ms = instance.messages();
    Atlas atlas = instance.atlas();
    int count = 0;
    for (Message x : ms) {
      if (x.length() > 0) {
        count++;
      }
    }
    m = count;
    index = new int[m];
    len = new long[m];
    transit = new long[m];
    arcs = new int[m][];
    int na = instance.network().arcs();
    int[] uses = new int[na];
    for (int i = 0, j = 0; i < ms.size(); i++) {
      if (ms.get(i).length() == 0) {
        continue;
      }
      index[j] = i;
      len[j] = ms.get(i).length();
      arcs[j] = atlas.arcs(i);
      transit[j] = len[j] + arcs[j].length - 1;
      for (int a : arcs[j]) {
        uses[a]++;
      }
      j++;
    }
    users = new int[na][];
    hops = new int[na][];
    for (int a = 0; a < na; a++) {
      users[a] = new int[uses[a]];
      hops[a] = new int[uses[a]];
    }
    int[] fill = new int[na];
    for (int j = 0; j < m; j++) {
      for (int k = 0; k < arcs[j].length; k++) {
        int a = arcs[j][k];
        users[a][fill[a]] = j;
        hops[a][fill[a]++] = k;
      }
    }
    maxLen = Arrays.stream(len).max().orElse(1);
    ArcLevels lev = m == 0 || !leveled ? null : ArcLevels.of(arcs, na);
    if (lev != null) {
      level = new long[m];
      for (int j = 0; j < m; j++) {
        level[j] = lev.firstLevel(j);
      }
    } else {
      level = null;
    }
  }

  long[] departures(Map<String, Long> byId) {
    long[] d = new long[m];
    for (int j = 0; j < m; j++) {
      d[j] = byId.get(instance.messages().get(index[j]).id());
    }
    return d;
  }

  Map<String, Long> byId(long[] d) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (int j = 0; j < m; j++) {
      out.put(instance.messages().get(index[j]).id(), d[j]);
    }
    return out;
  }

  long makespan(long[] d) {
    long t = 0;
    for (int j = 0; j < m; j++) {
      t = Math.max(t, d[j] + transit[j]);
    }
    return t;
  }
}
