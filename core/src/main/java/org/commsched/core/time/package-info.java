/**
 * Exact time: {@link org.commsched.core.time.TimeScale} turns the models' decimal times into 64-bit
 * ticks and back (no floating point), and {@link org.commsched.core.time.ResourceClock} keeps when
 * each resource is next free.
 */
package org.commsched.core.time;
