/**
 * The cross-check of {@code commsched crosscheck} (docs/TESTS.md#crosscheck): every applicable
 * method against every other on small seeded instances, the shrinker that reduces a failing case,
 * and the case as a sweep task ({@link org.commsched.verify.crosscheck.CaseTask}). Here rather than
 * in the command line (which keeps the command: options, printing) so that any engine's executors
 * run a case without the cli.
 */
package org.commsched.verify.crosscheck;
