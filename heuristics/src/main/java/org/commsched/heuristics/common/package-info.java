/**
 * What the list-scheduling heuristics share: the busy time of resources ({@link
 * org.commsched.heuristics.common.Calendar}, {@link org.commsched.heuristics.common.IntervalSet},
 * the linear array's {@link org.commsched.heuristics.common.LineCalendar}) and the resources a
 * store-and-forward transfer holds.
 */
package org.commsched.heuristics.common;
