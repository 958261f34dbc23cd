/**
 * The {@code time-indexed} methods: 0-1 models over steps or slots, solved by CP-SAT and written
 * from the model definitions independently of the interval models of {@code cpsat} and {@code
 * choco}, so that agreement between the two is a cross-check.
 */
package org.commsched.solver.timeindexed;
