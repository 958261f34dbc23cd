/**
 * {@code commsched crosscheck} (docs/TESTS.md#crosscheck): every applicable method against every
 * other on small seeded instances, and the shrinker that reduces a failing case.
 */
package org.commsched.verify.crosscheck;
