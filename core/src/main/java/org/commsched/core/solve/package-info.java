/**
 * The contract of a solve method: {@link org.commsched.core.solve.Method} (its scope, options and
 * facts), the limits and options of a run, {@link org.commsched.core.solve.SolveRun} (bounds,
 * incumbent, progress and stop token of one run), {@link org.commsched.core.solve.SolveResult} and
 * its status, and the process-wide stop request ({@link org.commsched.core.solve.Interrupt}).
 */
package org.commsched.core.solve;
