/**
 * Lower bounds on the makespan, each with a concrete witness, for every problem kind and model: the
 * entry point is {@link org.commsched.core.bounds.LowerBounds}; {@link
 * org.commsched.core.bounds.PathSending} holds Peters' exact pipeline formulas. All values are in
 * our time convention (docs/DESIGN.md).
 */
package org.commsched.core.bounds;
