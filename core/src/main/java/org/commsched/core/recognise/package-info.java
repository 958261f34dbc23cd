/**
 * Family recognition ({@link org.commsched.core.recognise.Recognition}): an explicit network that
 * is a path, ring, star, complete graph, hypercube, folded hypercube, mesh or torus under some node
 * numbering is found to be one, with the node map, so an instance on it can be solved and bounded
 * as the family instance and its schedule mapped back (docs/DESIGN.md#family-recognition).
 */
package org.commsched.core.recognise;
