/**
 * Buffer layouts (dynamic storage allocation, memory planning): {@code best-fit} and the exact
 * search {@code dsa-search}, for dsa instances and chatting on a ula as virtual schedules
 * (docs/models/bufferless-chatting.md#virtual-schedules-and-dsa).
 */
package org.commsched.heuristics.bufferless.dsa;
