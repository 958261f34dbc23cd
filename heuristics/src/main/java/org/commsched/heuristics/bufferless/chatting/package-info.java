/**
 * Bufferless chatting (messages between arbitrary pairs of nodes, each along its route): the
 * virtual-schedule pipelines of Bhatt, Bilardi, Pucci, Ranade, Rosenberg and Schwabe, "On
 * bufferless routing of variable length messages in leveled networks" (cuts, interval colouring,
 * the transforms from slots to departures; docs/models/bufferless-chatting.md), and the searches
 * beyond the paper ({@code priority-greedy}).
 */
package org.commsched.heuristics.bufferless.chatting;
