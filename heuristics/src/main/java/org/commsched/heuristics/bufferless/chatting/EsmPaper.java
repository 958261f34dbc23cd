package org.commsched.heuristics.bufferless.chatting;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;

/**
 * A4-paper of docs/models/bufferless-chatting.md#esm-paper-and-esm-ne: unit-length chatting on an
 * Eastward-Southward mesh (ESM) by the paper's diagonal scan from the south-west corner, with
 * first-fit slots; the real schedule comes from VO.
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §5.2, Theorem 5.3 (virtual duration at most 2C in time
 * O(|M| C)) and, through Theorem 3.2, real duration at most S + Q - 1; Corollary 5.1 wraps the
 * procedure in the length classes of Theorem 5.2 for longer messages, which this method does not do
 * (it refuses them; see {@link #unitSlots}).
 *
 * <p>Model: an ESM of rows x cols nodes (the paper's N x N, generalised), node (row i, column j),
 * arcs east and south, every message on its one-turn route (east along the source row, then south;
 * docs/models/bufferless-chatting.md#one-turn-route fixes the paper's garbled route description).
 * The level of node (i, j) is i + j. A message from (i, k) to (h, j) turns at (i, j).
 *
 * <p>Scan: the diagonals i - j = d from d = rows - 1 (the south-west corner) down to d = -(cols -
 * 1), along a diagonal by increasing column, the messages turning at one node by increasing
 * instance index. Per row i and slot s, {@code row_i[s]} is the easternmost turning column recorded
 * there (initially 0); per column j and slot s, {@code col_j[s]} the northernmost turning row
 * (initially rows - 1). A message takes the least s with {@code row_i[s] <= k} and {@code col_j[s]
 * >= h}, then sets {@code row_i[s] = j} and {@code col_j[s] = i}. In a row the turning nodes come
 * west to east and in a column south to north, so the two tests are exact.
 *
 * <p>Corrections to the paper (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne,
 * #esm-scan-fixes), both implemented here:
 *
 * <ul>
 *   <li>F1: the paper writes {@code col_j[s] > h}; with the initial value N - 1 a message whose
 *       destination is in the last row would never fit, and a message turning at row h does not use
 *       the new message's last column arc, so the test is {@code col_j[s] >= h}.
 *   <li>F2: the paper assumes every message turns ("perforce, h &gt; i and k &lt; j"). A message
 *       with an empty row leg (k = j) is not blocked by, and does not update, {@code row_i}; one
 *       with an empty column leg (h = i) likewise for {@code col_j}. Without F2 oracle E of
 *       docs/models/bufferless-chatting.md#examples (C = 1) gets S = 3 &gt; 2C.
 * </ul>
 *
 * <p>Guarantee and its status (docs/models/bufferless-chatting.md#theorem-53-proof): the paper
 * claims S &lt;= 2C. Its proof says that in every blocked slot some message uses the arc leaving
 * the source or the arc entering the destination of the new message; under this scan order that
 * step does not hold (a row-blocker may start east of the new message's first row arc, and a
 * column-blocker may end north of its last column arc). With F1 and F2 the bound held on every test
 * this project ran, and oracle H reaches S = 2C, but it is a claim, not a proven invariant; {@link
 * EsmNe} is the variant with a proof (S &lt;= 2C - 1).
 *
 * <p>Cost: O(|M| log |M|) to sort by diagonal plus O(|M| S) probes, S &lt;= 2C.
 *
 * @implNote Stateless.
 */
public final class EsmPaper extends EsmUnitMethod {
  /** The facts of {@code esm-paper}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "esm-paper",
          "unit-length chatting on an esm: the paper's south-west diagonal scan with first-fit slots (fixes F1, "
              + "F2), real schedule through VO",
          "virtual S <= 2C (paper's claim; its proof has a gap, held on all tests); real T <= S + Q - 1",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", Theorem 5.3, Theorem 3.2; fixes F1, F2 of "
              + "docs/models/bufferless-chatting.md#esm-paper-and-esm-ne",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * The unit-length procedure of Theorem 5.3 (A4-paper with F1 and F2): slots, 0-based with the
   * smallest 0, in instance order, for the one-flit copies of the instance's messages (message
   * lengths are ignored, so this is the schedule of the unit-length problem with the same endpoints
   * that Theorem 5.2 feeds its procedure P). Usable as a {@code Function<Instance, long[]>}.
   *
   * @throws IllegalArgumentException if the network is not an esm or a message is not on its
   *     one-turn route
   */
  public static long[] unitSlots(Instance instance) {
    return instance.messages().isEmpty()
        ? new long[0]
        : Transforms.normalise(EsmScan.slots(instance, EsmScan.Variant.PAPER));
  }

  @Override
  EsmScan.Variant variant() {
    return EsmScan.Variant.PAPER;
  }
}
