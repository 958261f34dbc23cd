package org.commsched.core.model;

/**
 * A message that originates at one node and whose units must reach one or more nodes; the
 * unit-level view of broadcast ({@code m0} from the source), gossip ({@code m<v>} from every node
 * v) and send ({@code m0}).
 *
 * @param message message id
 * @param node originating node
 * @param length number of units
 * @implNote Immutable.
 */
public record Origin(String message, int node, long length) {}
