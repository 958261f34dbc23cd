package org.commsched.core.model;

import java.util.Locale;

/** The problem kinds, by the name used in files and on the command line. */
public enum ProblemKind {
  /** Any set of addressed messages (all-to-all personalized communication). */
  CHATTING,
  /** One root sends a distinct message to each other node. */
  SCATTER,
  /** Each node sends a distinct message to one root. */
  GATHER,
  /** One source sends the same message to every node. */
  BROADCAST,
  /** Every node sends its own message to every other node. */
  GOSSIP,
  /** One message from a source to a target, along a path. */
  SEND,
  /** Dynamic storage allocation: virtual chatting on a linear array (rectangle compaction). */
  DSA;

  /** The name as written in files, e.g. {@code "scatter"}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a file name of a kind; null if unknown. */
  public static ProblemKind fromWire(String s) {
    for (ProblemKind k : values()) {
      if (k.wireName().equals(s)) {
        return k;
      }
    }
    return null;
  }
}
