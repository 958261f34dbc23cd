package org.commsched.heuristics.packet;

/**
 * The rule that picks each message's packet count in the even-size methods (the option {@code
 * counts} of {@code packet-fdf-even}, {@code packet-nrf} and {@code packet-tc2}; each method
 * accepts some of them): {@code best} the fastest of the candidate rules (ties: monotone, joint,
 * alone), {@code alone} each message's best count on its own (Lemma 12), {@code joint} the counts
 * of problem (5.1), {@code monotone} (5.1) with counts that do not grow with the distance, {@code
 * one} one packet per message (docs/models/packet.md).
 */
public enum CountRule {
  BEST,
  ALONE,
  JOINT,
  MONOTONE,
  ONE
}
