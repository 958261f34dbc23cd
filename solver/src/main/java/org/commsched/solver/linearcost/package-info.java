/**
 * The exact models of the linear-cost family (send, broadcast, gossip;
 * docs/models/linear-cost.md#exact-model): the packet-content task model for both back ends and the
 * step-indexed CP-SAT model where every packet takes one step.
 */
package org.commsched.solver.linearcost;
