/**
 * The baseline methods: a valid schedule for every problem kind and model (greedy list scheduling,
 * first-fit slots), to compare the papers' algorithms and the exact solvers against, with the cheap
 * bounds they attach.
 */
package org.commsched.heuristics.baseline;
