/**
 * {@code lns}: large-neighbourhood search for bufferless chatting that improves the best heuristic
 * schedule with CP-SAT repairs of chosen neighbourhoods.
 */
package org.commsched.solver.lns;
