/**
 * The OR-Tools CP-SAT back end: a {@link org.commsched.solver.model.TaskModel} translated into a
 * CP-SAT model and solved, and {@link org.commsched.solver.cpsat.OrTools}, the one place that loads
 * OR-Tools' native library.
 */
package org.commsched.solver.cpsat;
