package org.commsched.core.bounds;

/** Small helpers for witness sentences. */
final class Witness {
  private Witness() {}

  /** "1 flit", "3 flits". */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
