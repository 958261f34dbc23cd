package org.commsched.solver;

/** The citation and scope texts the exact chatting methods share ({@link CpSatChatting}, {@link ChocoChatting}). */
final class ExactCitations {
  private ExactCitations() {
  }

  static final String PAPER = "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable "
      + "Length Messages in Leveled Networks\"";
  /** Real schedules: the admissibility constraints of §2.3. */
  static final String REAL = PAPER + ", §2.3; CP model: this project";
  /** Virtual schedules: §3.1-3.2; on a ula rectangle compaction = DSA (§4.2, NP-hard by Theorem 4.5(a)). */
  static final String VIRTUAL = PAPER + ", §3.1-3.2 (virtual schedules), §4.2 (rectangle compaction = DSA, "
      + "Theorem 4.5(a)); CP model: this project";
  static final String REAL_SCOPE = "bufferless, all ports; any network and routes; dsa gets the virtual model";
  static final String VIRTUAL_SCOPE = "bufferless, all ports; any network and routes; virtual schedules (slots)";
}
