package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects violations, up to {@link #LIMIT}; past it, the list ends with one {@code
 * TOO_MANY_VIOLATIONS} entry so that a wildly broken schedule of a million messages cannot exhaust
 * memory.
 */
final class Findings {
  /** Most violations listed in one report. */
  static final int LIMIT = 10_000;

  private final List<Violation> list = new ArrayList<>();
  private long dropped;

  /**
   * Records a violation; returns false if the list was already full (callers may then stop
   * looking).
   */
  boolean add(Kind kind, List<String> messages, String place, Long time, String detail) {
    if (list.size() >= LIMIT) {
      dropped++;
      return false;
    }
    list.add(new Violation(kind, messages, place, time, detail));
    return true;
  }

  /** True once {@link #LIMIT} violations are listed: any further one is only counted. */
  boolean full() {
    return list.size() >= LIMIT;
  }

  /**
   * Counts {@code more} violations past a full list without building them: a rule that would report
   * billions of findings (a gossip schedule missing nearly all of its p (p - 1) deliveries) stops
   * enumerating once the list is full and adds the rest as a number, so the report stays bounded
   * and its count stays exact.
   *
   * @throws IllegalStateException if the list is not full (the findings would be lost)
   */
  void countMore(long more) {
    if (!full()) {
      throw new IllegalStateException("countMore before the list is full");
    }
    dropped = Math.addExact(dropped, more);
  }

  /**
   * The violations found, with a closing {@code TOO_MANY_VIOLATIONS} entry if some were left out.
   */
  List<Violation> violations() {
    if (dropped == 0) {
      return List.copyOf(list);
    }
    List<Violation> out = new ArrayList<>(list);
    out.add(
        new Violation(
            Kind.TOO_MANY_VIOLATIONS,
            List.of(),
            "",
            null,
            "only the first "
                + LIMIT
                + " violations are listed; at least "
                + dropped
                + " more were left out; fix these and check"
                + " again"));
    return out;
  }
}
