package org.commsched.heuristics.packet;

import java.util.ArrayList;
import java.util.List;

/** Every order of a few items, for exhaustive tests over dispatch and receive orders. */
final class Orders {
  private Orders() {}

  /** All permutations of {@code items} (n! lists; keep n small). */
  static <T> List<List<T>> permutations(List<T> items) {
    List<List<T>> out = new ArrayList<>();
    if (items.isEmpty()) {
      out.add(new ArrayList<>());
      return out;
    }
    for (int i = 0; i < items.size(); i++) {
      List<T> rest = new ArrayList<>(items);
      T first = rest.remove(i);
      for (List<T> p : permutations(rest)) {
        p.add(0, first);
        out.add(p);
      }
    }
    return out;
  }
}
