package org.commsched.api;

/**
 * A lower bound on the makespan of every schedule of an instance (or, for dsa, on the height of
 * every layout).
 *
 * @param value the bound
 * @param kind the bound's name, as {@code commsched bounds} prints it (e.g. {@code LB-CONGESTION})
 * @param witness what attains it (an arc, a node, a message), naming the instance's own node ids
 * @implNote Immutable.
 */
public record Bound(Time value, String kind, String witness) {}
