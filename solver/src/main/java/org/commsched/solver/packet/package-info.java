/**
 * The exact packetization model of the store-and-forward packet family (scatter and gather with
 * set-up time, docs/models/packet.md#exact-model), built as a task model for both back ends.
 */
package org.commsched.solver.packet;
