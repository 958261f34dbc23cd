package org.commsched.core.check;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.Message;

/**
 * Whether the reservations of a virtual schedule on a ula are pairwise disjoint, without listing them per arc: a
 * message from {@code f} to {@code t} holds arcs {@code f .. t - 1} during {@code [slot, slot + length)}, so two
 * messages meet iff their arc ranges and their slot ranges both intersect. Sweep the arcs in order, keeping the
 * messages that hold the current arc by slot; a message entering meets some held message iff it meets the one just
 * below or just above it by slot (the held ones are disjoint, or the sweep has already stopped).
 *
 * @implNote O(m log m) time, O(m) memory; stateless.
 */
final class UlaSweep {
  private UlaSweep() {
  }

  /** True iff no two placed messages share an arc and a slot. */
  static boolean disjoint(List<Message> msgs, long[] slot, boolean[] placed) {
    int m = msgs.size();
    int[] from = new int[m];
    int[] to = new int[m];
    int n = 0;
    for (int i = 0; i < m; i++) {
      if (placed[i]) {
        from[n] = msgs.get(i).from();
        to[n] = msgs.get(i).to();
        n++;
      }
    }
    int[] index = new int[n]; // placed message number k is message index[k]
    for (int i = 0, k = 0; i < m; i++) {
      if (placed[i]) {
        index[k++] = i;
      }
    }
    long[] byFrom = new long[n]; // (node << 32) | k, sorted: entries in order of node
    long[] byTo = new long[n];
    for (int k = 0; k < n; k++) {
      byFrom[k] = (long) from[k] << 32 | k;
      byTo[k] = (long) to[k] << 32 | k;
    }
    Arrays.sort(byFrom);
    Arrays.sort(byTo);
    // held messages by slot: their blocks are disjoint (else the sweep has stopped), so slots are distinct keys
    TreeMap<Long, Integer> held = new TreeMap<>();
    int out = 0;
    for (long e : byFrom) {
      int k = (int) e;
      int at = (int) (e >>> 32);
      while (out < n && (int) (byTo[out] >>> 32) <= at) { // released before arc `at`
        int j = index[(int) byTo[out++]];
        held.remove(slot[j]);
      }
      int i = index[k];
      long s = slot[i];
      long end = s + msgs.get(i).length();
      Map.Entry<Long, Integer> below = held.floorEntry(s);
      if (below != null && below.getKey() + msgs.get(below.getValue()).length() > s) {
        return false;
      }
      Map.Entry<Long, Integer> above = held.higherEntry(s);
      if (above != null && above.getKey() < end) {
        return false;
      }
      held.put(s, i);
    }
    return true;
  }
}
