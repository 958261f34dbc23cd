package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects violations, up to {@link #LIMIT}; past it, the list ends with one {@code TOO_MANY_VIOLATIONS} entry
 * so that a wildly broken schedule of a million messages cannot exhaust memory.
 */
final class Findings {
  /** Most violations listed in one report. */
  static final int LIMIT = 10_000;

  private final List<Violation> list = new ArrayList<>();
  private long dropped;

  /** Records a violation; returns false if the list was already full (callers may then stop looking). */
  boolean add(Kind kind, List<String> messages, String place, Long time, String detail) {
    if (list.size() >= LIMIT) {
      dropped++;
      return false;
    }
    list.add(new Violation(kind, messages, place, time, detail));
    return true;
  }

  /** The violations found, with a closing {@code TOO_MANY_VIOLATIONS} entry if some were left out. */
  List<Violation> violations() {
    if (dropped == 0) {
      return List.copyOf(list);
    }
    List<Violation> out = new ArrayList<>(list);
    out.add(new Violation(Kind.TOO_MANY_VIOLATIONS, List.of(), "", null, "only the first " + LIMIT
        + " violations are listed; the check stopped looking after " + dropped + " more; fix these and check"
        + " again"));
    return out;
  }
}
