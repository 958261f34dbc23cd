/**
 * The schemes of the linear-cost family after D. B. Peters' thesis (send, broadcast and gossip on
 * paths, rings, grids, hypercubes, complete graphs and trees; docs/models/linear-cost.md), the
 * generic pipelined and rarest-first methods, and {@link
 * org.commsched.heuristics.linearcost.LinearCostMethods}, which lists them best first.
 */
package org.commsched.heuristics.linearcost;
