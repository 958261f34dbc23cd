package org.commsched.core.check;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The model-conformance rules of the packet family (docs/models/packet.md#conformance-rules):
 * properties of the schedules the thesis's theorems are about, checked only when asked for and
 * reported apart from validity (a valid schedule may break every one of them).
 */
public enum Conformance {
  /** V7: every port forwards the transit packets in the order they arrived (ties free). */
  FCFS("V7", "fcfs"),
  /** V8: no hop could start earlier with the same order on every port. */
  GREEDY("V8", "greedy"),
  /**
   * V9: scatter, the root dispatches farthest destination first; gather, it receives nearest source
   * first (NRF).
   */
  FDF("V9", "fdf"),
  /** V10: no non-root node ever buffers more than the largest packet (fluid occupancy). */
  BUFFER("V10", "buffer"),
  /** V11: the packets of each message differ in size by at most one unit. */
  EVEN_SIZE("V11", "even-size");

  private final String label;
  private final String wireName;

  Conformance(String label, String wireName) {
    this.label = label;
    this.wireName = wireName;
  }

  /** The rule's label in docs/models/packet.md, e.g. {@code V7}. */
  public String label() {
    return label;
  }

  /** The name a user gives, e.g. {@code fcfs}. */
  public String wireName() {
    return wireName;
  }

  /**
   * The rules of a comma-separated list of names or labels ({@code fcfs,greedy}, {@code V7,V8}, or
   * {@code all}).
   *
   * @throws IllegalArgumentException naming the unknown rule and the known ones
   */
  public static Set<Conformance> parse(String list) {
    Set<Conformance> out = EnumSet.noneOf(Conformance.class);
    for (String raw : list.split(",")) {
      String s = raw.trim().toLowerCase(Locale.ROOT);
      if (s.isEmpty()) {
        continue;
      }
      if (s.equals("all")) {
        out.addAll(EnumSet.allOf(Conformance.class));
        continue;
      }
      Conformance found = null;
      for (Conformance c : values()) {
        if (c.wireName.equals(s) || c.label.toLowerCase(Locale.ROOT).equals(s)) {
          found = c;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException(
            "unknown conformance rule '"
                + raw.trim()
                + "': give a comma-separated "
                + "list of fcfs (V7), greedy (V8), fdf (V9), buffer (V10), even-size (V11), or all");
      }
      out.add(found);
    }
    return out;
  }
}
