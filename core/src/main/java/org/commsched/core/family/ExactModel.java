package org.commsched.core.family;

/**
 * The exact model that answers an instance, as its family's rules say ({@link
 * FamilyRules#exactModel}): a generic exact method ({@code cpsat}, {@code choco}, {@code
 * time-indexed}) holds one solver per model and hands each instance to the one its family names, so
 * a fifth family with a model of its own adds a constant here and a route in each generic method.
 *
 * @implNote Immutable.
 */
public enum ExactModel {
  /**
   * The real bufferless model (departures): chatting, scatter and gather, the generic method's own.
   */
  REAL("bufferless", "the exact real schedule"),
  /** The virtual model (slots), whose optimum is a dsa instance's buffer layout. */
  VIRTUAL("dsa", "the exact buffer layout"),
  /** The store-and-forward packetization model of scatter and gather. */
  PACKET("packets", "the exact packetization"),
  /** The linear-cost model of send, broadcast and gossip. */
  LINEAR_COST("linear cost", "the exact schedule");

  private final String label;
  private final String words;

  ExactModel(String label, String words) {
    this.label = label;
    this.words = words;
  }

  /** The instances it answers in a word or two, for a method's summary, e.g. "dsa". */
  public String label() {
    return label;
  }

  /** What it computes there, for a method's summary, e.g. "the exact buffer layout". */
  public String words() {
    return words;
  }
}
