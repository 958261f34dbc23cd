/**
 * The independent schedule checker: the executable definition of each model.
 *
 * <p>{@link org.commsched.core.check.ScheduleChecker} recomputes every occupancy from the model's
 * definitions (sharing no code with any algorithm), reports every broken rule as a {@link
 * org.commsched.core.check.Violation} (its {@link org.commsched.core.check.Kind}, place, messages,
 * time and one sentence) and recomputes the makespan. The instance's family rules name its checker
 * ({@link org.commsched.core.check.FamilyChecker}); for each family one class is <em>the
 * definition</em>, written plainly to be read as the model, and where large schedules need it a
 * separate <em>fast path</em> reports exactly the same (violations, order, makespan, overflow) and
 * is used only above a size threshold:
 *
 * <table>
 *   <caption>Definitions and fast paths</caption>
 *   <tr><th>family (schedule)</th><th>definition</th><th>fast path</th></tr>
 *   <tr><td>{@code BUFFERLESS_CHATTING}, {@code BUFFERLESS_SCATTER_GATHER} (departures, plus the control flits of a
 *       protocol run)</td><td>{@code BufferlessChecker}, its sentences shared with the fast path in
 *       {@code BufferlessRules}; the protocol rules (V6 and the meaning of the control values), from the trace and
 *       the instance only: {@code Causality}, with the kinds and violation sentences it shares with the fast path in
 *       {@code CausalityRules}</td><td>{@code BufferlessFastPath} with
 *       {@code CausalityFastPath}, from {@code BufferlessFastPath.FROM} = 2^16 message hops plus control flits
 *       on (screens, radix sorts, parallel route reads; held to the definition by {@code
 *       BufferlessFastPathProperties})</td></tr>
 *   <tr><td>{@code BUFFERLESS_CHATTING} (slots of virtual chatting and DSA)</td><td>{@code VirtualChecker}</td>
 *       <td>none</td></tr>
 *   <tr><td>{@code PACKET} (transmissions: store-and-forward scatter/gather with packets and set-up
 *       time)</td><td>{@code PacketChecker} (V1-V6 and the route rules, one labelled block each), with
 *       {@code PortRules}</td><td>{@code PacketFastPath}, from {@code PacketFastPath.FROM} = 2^14 records on
 *       (counting sort by message, packed sort keys; held to the definition by {@code
 *       PacketFastPathProperties})</td></tr>
 *   <tr><td>{@code LINEAR_COST} (transmissions: send, broadcast and gossip)</td><td>{@code LinearCostChecker}
 *       (V1-V11 and the unit and packet-number rules, one labelled block each), with {@code PortRules}</td>
 *       <td>{@code LinearCostFastPath}, from {@code LinearCostFastPath.FROM} = 2^14 records on (primitive hashes,
 *       index arrays, runs of units in {@code UnitArrivals}; held to the definition by {@code
 *       LinearCostFastPathProperties})</td></tr>
 * </table>
 *
 * A definition and its fast path word every violation through one vocabulary, so that no sentence
 * is written twice: {@code BufferlessRules} and {@code CausalityRules} for the bufferless pair,
 * {@code StoreAndForwardRules} for the packet and linear-cost pairs, {@code PortRules} for the
 * store-and-forward port rules both read.
 *
 * <p>Models: bufferless, Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On bufferless routing
 * of variable length messages in leveled networks", and Bhatt, Pucci, Ranade, Rosenberg,
 * "Scattering and gathering messages in networks of processors"; packets, J.-P. Tsai, "On the
 * furthest-distance-first principle in scattering and gathering"; linear cost, Peters' thesis on
 * communication bounds under the linear cost model. {@code PortRules} holds the store-and-forward
 * arc, duplex and port rules the last two share. Shared by all: {@code Overlaps} (every pair of
 * overlapping intervals of a group, in a fixed order; its sorts are held to a merge sort by {@code
 * OverlapsProperties}), {@code Findings} (the list, capped at 10,000) and {@code Places} (how
 * places are named); the bufferless fast path alone uses {@code Screen} and {@code Routes}, the
 * linear-cost one {@code UnitArrivals}.
 *
 * <p>Conventions: bufferless times are steps from 0 (a flit crossing during step s holds {@code [s,
 * s+1)}); store-and-forward times are ticks of {@link
 * org.commsched.core.check.CheckReport#scale()}, the finer of the model's and the schedule's scale;
 * all intervals are half-open. {@code Violation.place} names an arc {@code "2->3"}, a node {@code
 * "node 4"} or a link {@code "link 2-3"}; {@code Violation.messages} lists every message involved
 * (both, for a conflict); {@code Violation.time} is the first step or tick where the rule breaks,
 * when there is one.
 *
 * <p>Violation codes (stable) and the rule each one implements. "Chat" is the model page
 * docs/models/bufferless-chatting.md, "SGB" docs/models/bufferless-scatter-gather.md, "PSG"
 * docs/models/packet.md, "LC" docs/models/linear-cost.md; a rule label after one (SGB V4) is that
 * page's label.
 *
 * <table>
 *   <caption>Violation codes</caption>
 *   <tr><th>code</th><th>rule</th></tr>
 *   <tr><td>{@code WRONG_SCHEDULE_KIND}</td><td>the schedule kind does not fit the model and problem: departures
 *       for bufferless chatting/scatter/gather, slots for chatting or dsa under all ports, transmissions for
 *       store-and-forward (DESIGN "Schedules"); nothing else is checked and the makespan is null</td></tr>
 *   <tr><td>{@code UNKNOWN_MESSAGE}</td><td>a departure, slot or transmission names a message the instance
 *       does not have</td></tr>
 *   <tr><td>{@code MISSING_DEPARTURE}</td><td>a non-null message has no departure
 *       (docs/models/bufferless-chatting.md#validity-rules (2.4): one departure per message; SGB V7
 *       completeness)</td></tr>
 *   <tr><td>{@code MISSING_SLOT}</td><td>a message has no slot (docs/models/bufferless-chatting.md#validity-rules: one
 *       σ per message)</td></tr>
 *   <tr><td>{@code NEGATIVE_TIME}</td><td>a departure, slot, control step or start is below 0 (DESIGN "Time";
 *       PSG V3; docs/models/linear-cost.md#validity-rules start &ge; 0)</td></tr>
 *   <tr><td>{@code NOT_AN_ARC}</td><td>a control flit or a transmission joins two nodes with no arc between
 *       them (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan transfers cross network edges; LC
 *       V1)</td></tr>
 *   <tr><td>{@code ARC_CONFLICT}</td><td>two flits, reservations or packets use one directed arc at once:
 *       docs/models/bufferless-chatting.md#validity-rules (2.1) per arc, all ports and single port alike (SGB
 *       V4&prime;, data and control); docs/models/bufferless-chatting.md#validity-rules (3.1) for slots; PSG V5
 *       (multiport) and LC V5</td></tr>
 *   <tr><td>{@code SEND_PORT}</td><td>a node sends on two different arcs at once: SGB V4 (single port, data and
 *       control); PSG V5 and the one-port send-and-receive rule</td></tr>
 *   <tr><td>{@code RECEIVE_PORT}</td><td>a node receives on two different arcs at once: SGB V5; PSG V6</td></tr>
 *   <tr><td>{@code LINK_CONFLICT}</td><td>half duplex: the two directions of one link are used at once (LC
 *       V6)</td></tr>
 *   <tr><td>{@code EXCHANGE_PORT}</td><td>one port, exchange rule: two overlapping transfers share a node but
 *       are not an exchange between the same two nodes (LC V7; with half duplex, V8)</td></tr>
 *   <tr><td>{@code CAUSALITY}</td><td>protocol runs only (schedules with control flits), SGB V6 transfer by
 *       transfer (a flit that arrived in row r may be answered in step r): a non-root node's message departs
 *       before its trigger from the next node of its route arrives (its order when the trace has tokens,
 *       certificates or orders, docs/models/bufferless-scatter-gather.md#protocol-rules; else its wake-up,
 *       docs/models/bufferless-scatter-gather.md#protocol-rules; with other kinds only, any control flit), or never
 *       gets one; a non-root node forwards a wake-up or token before it has one; a node sends its certificate before
 *       the parent's token, before every node it sent a token to has certified back, or before its last certificate
 *       arrived (docs/models/bufferless-scatter-gather.md#protocol-rules); a node orders before its own order (the
 *       root: before its last certificate, or while a node it sent a token to never certified), or before the ordered
 *       child's certificate reached it (docs/models/bufferless-scatter-gather.md#protocol-rules); a non-root node sends
 *       a control flit of another kind before any control flit has reached it</td></tr>
 *   <tr><td>{@code CONTROL_VALUE}</td><td>protocol runs only: a control flit's values contradict the trace
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules): a {@code wakeup} carries other than [] or [s], a
 *       {@code token} other than [], a {@code certificate} other than [c, n], an {@code order} other than [s]; a
 *       wake-up [s] received in row t, but the first flit of the node's message reaches the sender before row t + s; a
 *       certificate with c &lt; 1, or whose n is not the number of data flits crossing its arc; an order [s] u-&gt;v
 *       received in row t with s below v's certified c, or, when flits cross v-&gt;u (n of them), the first does not
 *       reach u in row t + s or the last not in row t + s + n - 1 (without an ARC_CONFLICT: not exactly the rows
 *       t + s .. t + s + n - 1)</td></tr>
 *   <tr><td>{@code BAD_SIZE}</td><td>a transmission carries fewer than 1 unit (PSG V1; LC V2)</td></tr>
 *   <tr><td>{@code SIZE_MISMATCH}</td><td>the records of one packet disagree on its size
 *       (docs/models/packet.md#packets-and-hops: packets are never split or merged en route; LC: one packet number
 *       without {@code first} is one run of units)</td></tr>
 *   <tr><td>{@code NULL_MESSAGE_SENT}</td><td>a packet of a length-0 message (PSG V2)</td></tr>
 *   <tr><td>{@code OFF_ROUTE}</td><td>a packet crosses an arc that is not on its message's route
 *       (docs/models/packet.md#validity-rules: hops follow the root path)</td></tr>
 *   <tr><td>{@code MISSING_HOP}</td><td>a packet never crosses one arc of its route
 *       (docs/models/packet.md#validity-rules)</td></tr>
 *   <tr><td>{@code DUPLICATE_HOP}</td><td>a packet crosses one arc of its route twice
 *       (docs/models/packet.md#validity-rules)</td></tr>
 *   <tr><td>{@code STORE_AND_FORWARD}</td><td>a packet starts a hop before it has fully crossed the previous
 *       one (PSG V4)</td></tr>
 *   <tr><td>{@code LENGTH_MISMATCH}</td><td>the packet sizes of a message do not add up to its length (PSG
 *       V2)</td></tr>
 *   <tr><td>{@code UNIT_RANGE}</td><td>a transmission carries units outside {@code 0..length-1} of its
 *       message (DESIGN "Schedules", {@code first})</td></tr>
 *   <tr><td>{@code SENDER_LACKS_UNIT}</td><td>a node sends a unit it neither originated nor received in a
 *       packet that ended by the start (LC V4)</td></tr>
 *   <tr><td>{@code INCOMPLETE}</td><td>at the end some node lacks units it needs: the target of a send, every
 *       node in a broadcast or gossip (LC V10)</td></tr>
 *   <tr><td>{@code MAKESPAN_MISMATCH}</td><td>{@code checkResult}: the claimed makespan differs from the
 *       recomputed one (docs/models/packet.md#validity-rules "a claimed makespan must equal C exactly"; LC
 *       V11)</td></tr>
 *   <tr><td>{@code BOUND_ABOVE_MAKESPAN}</td><td>{@code checkResult}: the claimed lower bound exceeds the
 *       makespan (a bound or schedule bug; LC V12 in reverse)</td></tr>
 *   <tr><td>{@code OPTIMAL_WITHOUT_PROOF}</td><td>{@code checkResult}: status OPTIMAL but the lower bound does not
 *       equal the makespan (FORMATS: OPTIMAL means proven)</td></tr>
 *   <tr><td>{@code STATUS_MISMATCH}</td><td>{@code checkResult}: UNKNOWN or INFEASIBLE with a schedule, or
 *       OPTIMAL or FEASIBLE without one (FORMATS "status")</td></tr>
 *   <tr><td>{@code TIME_OVERFLOW}</td><td>not a model rule: some time does not fit in 64-bit ticks; the makespan
 *       is null</td></tr>
 *   <tr><td>{@code TOO_MANY_VIOLATIONS}</td><td>not a model rule: the list stops after 10,000 violations and
 *       ends with this entry</td></tr>
 * </table>
 *
 * <p>Makespans: bufferless real, {@code max (t + l + d - 1)} over non-null messages, data flits
 * only (control flits after the last data flit do not count), 0 without data; virtual, {@code max
 * (slot + l)}; store-and-forward, the latest end of any transfer, 0 without transfers.
 *
 * <p>Conformance is not validity. For the packet family {@code ScheduleChecker.conform} also
 * checks, when asked, the model-conformance rules of docs/models/packet.md#conformance-rules
 * ({@code PacketConformance}): V7 {@code fcfs}, V8 {@code greedy}, V9 {@code fdf}, V10 {@code
 * buffer}, V11 {@code even-size} ({@link org.commsched.core.check.Conformance}). Each is reported
 * as met or not, with the number of places that break it and one witness; none of them is a {@link
 * org.commsched.core.check.Kind}.
 */
package org.commsched.core.check;
