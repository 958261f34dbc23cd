package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of the conformance rules asked for, one entry per rule in rule order.
 *
 * @param results one per rule asked for
 * @implNote Immutable.
 */
public record ConformanceReport(List<Result> results) {
  public ConformanceReport {
    results = List.copyOf(results);
  }

  /**
   * One rule's outcome.
   *
   * @param rule the rule
   * @param met true if the schedule meets it
   * @param failures how many places break it (packet pairs, hops, nodes or messages, by rule); 0 if
   *     met
   * @param witness one sentence on the first place that breaks it, or what it measured when met
   */
  public record Result(Conformance rule, boolean met, long failures, String witness) {}

  /** The rules met, by wire name, comma-separated; "none" if none. */
  public String metNames() {
    List<String> names = new ArrayList<>();
    for (Result r : results) {
      if (r.met()) {
        names.add(r.rule().wireName());
      }
    }
    return names.isEmpty() ? "none" : String.join(",", names);
  }

  /** True if every rule asked for is met. */
  public boolean allMet() {
    return results.stream().allMatch(Result::met);
  }
}
