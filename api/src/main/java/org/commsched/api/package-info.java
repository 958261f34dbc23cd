/**
 * Using commsched as a library: {@link org.commsched.api.Commsched} reads instances, solves them (a
 * named method or the command line's default portfolio), checks schedules, bounds the optimum and
 * writes schedule files, with results in the instance's own units as well as ticks ({@link
 * org.commsched.api.Time}) and {@link java.util.Optional} where a value may be absent.
 * docs/EMBEDDING.md is the tour.
 */
package org.commsched.api;
