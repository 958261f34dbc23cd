package org.commsched.core.check;

/**
 * The violation codes the checker reports, {@link Violation#kind()}; reports and the JSON output of
 * {@code commsched check} name them by {@link #name()}. The package javadoc lists the rule behind
 * each one.
 */
public enum Kind {
  WRONG_SCHEDULE_KIND,
  TIME_OVERFLOW,
  TOO_MANY_VIOLATIONS,
  UNKNOWN_MESSAGE,
  MISSING_DEPARTURE,
  MISSING_SLOT,
  NEGATIVE_TIME,
  NOT_AN_ARC,
  ARC_CONFLICT,
  SEND_PORT,
  RECEIVE_PORT,
  LINK_CONFLICT,
  EXCHANGE_PORT,
  CAUSALITY,
  CONTROL_VALUE,
  BAD_SIZE,
  SIZE_MISMATCH,
  NULL_MESSAGE_SENT,
  OFF_ROUTE,
  MISSING_HOP,
  DUPLICATE_HOP,
  STORE_AND_FORWARD,
  LENGTH_MISMATCH,
  UNIT_RANGE,
  SENDER_LACKS_UNIT,
  INCOMPLETE,
  MAKESPAN_MISMATCH,
  BOUND_ABOVE_MAKESPAN,
  OPTIMAL_WITHOUT_PROOF,
  STATUS_MISMATCH
}
