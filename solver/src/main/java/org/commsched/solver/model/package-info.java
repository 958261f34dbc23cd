/**
 * The back-end-neutral scheduling model ({@link org.commsched.solver.model.TaskModel}) that the
 * exact builders fill and both back ends (CP-SAT, Choco) solve, the hinted solve flow the
 * store-and-forward builders share, and the mapping of solver statuses to ours.
 */
package org.commsched.solver.model;
