package org.commsched.core.check;

import java.util.List;
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
    Integer[] byFrom = new Integer[m];
    Integer[] byTo = new Integer[m];
    int n = 0;
    for (int i = 0; i < m; i++) {
      if (placed[i]) {
        byFrom[n] = i;
        byTo[n] = i;
        n++;
      }
    }
    java.util.Arrays.sort(byFrom, 0, n, (a, b) -> Integer.compare(msgs.get(a).from(), msgs.get(b).from()));
    java.util.Arrays.sort(byTo, 0, n, (a, b) -> Integer.compare(msgs.get(a).to(), msgs.get(b).to()));
    // held messages by (slot, index)
    TreeMap<long[], Integer> held = new TreeMap<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : Long.compare(a[1], b[1]));
    int out = 0;
    for (int k = 0; k < n; k++) {
      int i = byFrom[k];
      int at = msgs.get(i).from();
      while (out < n && msgs.get(byTo[out]).to() <= at) { // released before arc `at`
        int j = byTo[out++];
        held.remove(new long[] {slot[j], j});
      }
      long s = slot[i];
      long e = s + msgs.get(i).length();
      var below = held.floorEntry(new long[] {s, i});
      if (below != null && slot[below.getValue()] + msgs.get(below.getValue()).length() > s) {
        return false;
      }
      var above = held.higherEntry(new long[] {s, i});
      if (above != null && slot[above.getValue()] < e) {
        return false;
      }
      held.put(new long[] {s, i}, i);
    }
    return true;
  }
}
