/**
 * The Choco back end: a {@link org.commsched.solver.model.TaskModel} translated into a Choco model
 * and solved.
 */
package org.commsched.solver.choco;
