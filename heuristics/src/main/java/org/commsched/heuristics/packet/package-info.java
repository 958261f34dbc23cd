/**
 * The packet family's methods after J.-P. Tsai, "On the Furthest-Distance-First Principle in
 * Scattering and Gathering" (docs/models/packet.md#algorithms): furthest-distance-first and
 * nearest-received-first with even-size packetization, the special class's closed form,
 * Transmission Certification II, and the store-and-forward engine they run on.
 */
package org.commsched.heuristics.packet;
