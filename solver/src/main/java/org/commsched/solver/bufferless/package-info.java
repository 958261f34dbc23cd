/**
 * The exact bufferless models (real departures and virtual slots,
 * docs/models/bufferless-chatting.md#exact-models) built as back-end-neutral task models, the arc
 * levelings and cliques their reductions use, and the starting schedules of the chatting searches.
 */
package org.commsched.solver.bufferless;
