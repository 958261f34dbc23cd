package org.commsched.heuristics.bufferless.chatting;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.MethodFacts;

/**
 * A4-rigorous of docs/models/bufferless-chatting.md#esm-paper-and-esm-ne (marked derived there, not
 * in the paper): unit-length chatting on an Eastward-Southward mesh by a diagonal scan from the
 * north-east corner with first-fit slots; the real schedule comes from VO.
 *
 * <p>Source: the procedure of Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless
 * Routing of Variable Length Messages in Leveled Networks", §5.2, Theorem 5.3, with the scan
 * reversed so that the theorem's proof idea holds
 * (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne, #theorem-53-proof). Model and routes as
 * in {@link EsmPaper}: rows x cols nodes, one-turn routes, level of (i, j) = i + j, a message from
 * (i, k) to (h, j) turns at (i, j).
 *
 * <p>Scan: the diagonals i - j = d from d = -(cols - 1) (the north-east corner) up to d = rows - 1;
 * in each row the turning nodes come east to west and in each column north to south; the messages
 * turning at one node by increasing instance index. Per row i and slot s, {@code rowMin_i[s]} is
 * the westernmost source column of the row legs recorded there, per column j {@code colMax_j[s]}
 * the southernmost destination row of the column legs. A message takes the least s with {@code
 * rowMin_i[s] >= j} (or an empty row leg) and {@code colMax_j[s] <= i} (or an empty column leg).
 *
 * <p>Guarantee, with proof: an earlier message that row-blocks M in slot s started west of M's
 * turning column and turned at or east of it, so it uses M's last row arc (i, j-1)-&gt;(i, j); one
 * that column-blocks M uses M's first column arc (i, j)-&gt;(i+1, j). So M's slot is at most
 * (C(last row arc) - 1) + (C(first column arc) - 1) and S &lt;= 2C - 1 (Theorem 5.3's 2C, met);
 * after VO, T &lt;= S + Q - 1 &lt;= 2C + Q - 2 (Theorem 3.2).
 *
 * <p>Cost: O(|M| log |M|) to sort by diagonal plus O(|M| S) probes.
 *
 * @implNote Stateless.
 */
public final class EsmNe extends EsmUnitMethod {
  /** The facts of {@code esm-ne}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "esm-ne",
          "unit-length chatting on an esm: diagonal scan from the north-east corner with first-fit slots, real "
              + "schedule through VO",
          "virtual S <= 2C - 1 (proven); real T <= 2C + Q - 2",
          "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
              + "in Leveled Networks\", Theorem 5.3 (scan reversed: "
              + "docs/models/bufferless-chatting.md#esm-paper-and-esm-ne), Theorem 3.2",
          SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /**
   * The unit-length procedure A4-rigorous: slots, 0-based with the smallest 0, in instance order,
   * for the one-flit copies of the instance's messages (message lengths are ignored, so this is the
   * schedule of the unit-length problem with the same endpoints, the procedure P of Theorem 5.2). S
   * &lt;= 2C - 1 where C counts messages per arc. Usable as a {@code Function<Instance, long[]>}.
   *
   * @throws IllegalArgumentException if the network is not an esm or a message is not on its
   *     one-turn route
   */
  public static long[] unitSlots(Instance instance) {
    return instance.messages().isEmpty()
        ? new long[0]
        : Transforms.normalise(EsmScan.slots(instance, EsmScan.Variant.NE));
  }

  @Override
  EsmScan.Variant variant() {
    return EsmScan.Variant.NE;
  }

  /** T &lt;= 2C + Q - 2 &lt;= 3 T_opt - 2. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return 3 * optimum - 2;
  }
}
