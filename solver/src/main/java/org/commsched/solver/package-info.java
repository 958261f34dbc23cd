/**
 * The methods registry and the exact methods: {@link org.commsched.solver.MethodRegistry} names
 * every method of the build (heuristics, baselines, exact models), {@link
 * org.commsched.solver.MethodChoice} turns a name or none into the method to run, {@link
 * org.commsched.solver.Portfolio} is the default of {@code commsched solve}, and {@link
 * org.commsched.solver.SolveRunner} runs a method the way every entry point should (routes, bounds,
 * the independent check). The exact methods here ({@code cpsat}, {@code choco} and their per-model
 * parts) dispatch to the model builders of the subpackages.
 */
package org.commsched.solver;
