package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Network;

/** How violations name places, plus the arc lookup every family needs. */
final class Places {
  private Places() {}

  /** The arc u->v, or -1 if either end is out of range or the nodes are not joined. */
  static int arcOf(Network net, int u, int v) {
    if (u < 0 || v < 0 || u >= net.nodes() || v >= net.nodes()) {
      return -1;
    }
    return net.arc(u, v);
  }

  /** {@code "2->3"}. */
  static String arc(int u, int v) {
    return u + "->" + v;
  }

  /** {@code "node 4"}. */
  static String node(int v) {
    return "node " + v;
  }

  /** {@code "link 2-3"}, smaller end first. */
  static String link(Network net, int arc) {
    int u = net.tail(arc);
    int v = net.head(arc);
    return "link " + Math.min(u, v) + "-" + Math.max(u, v);
  }

  /** The union of two id lists, in order, without repeats. */
  static List<String> union(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    for (String s : b) {
      if (!out.contains(s)) {
        out.add(s);
      }
    }
    return out;
  }

  /** "step 5" or "steps 5..7" for the half-open step range [from, to). */
  static String steps(long from, long to) {
    return to - from <= 1 ? "step " + from : "steps " + from + ".." + (to - 1);
  }
}
