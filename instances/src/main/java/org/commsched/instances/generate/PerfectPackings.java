package org.commsched.instances.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/**
 * MiniMalloc-style dsa instances with a known optimum ({@code commsched generate --problem dsa --packing perfect}):
 * a capacity x time rectangle, the capacity a power of two, is cut by guillotine cuts into buffers, each cut either
 * halving a piece's capacity range (so every size is a power of two) or cutting its time range at a random point,
 * until there are as many pieces as asked (or no piece can be cut). Every time point is covered by pieces whose sizes
 * add up to the capacity, so the load equals the capacity, and the cut itself is a layout of that height: the
 * optimum height is the load.
 *
 * @implNote Stateless; deterministic for the seed.
 */
public final class PerfectPackings {
  private PerfectPackings() {
  }

  /**
   * A perfect packing.
   *
   * @param name instance name
   * @param buffers how many buffers (at most {@code horizon * capacity} can exist; fewer if the pieces run out)
   * @param log2Capacity the capacity is {@code 2^log2Capacity}, 0..40
   * @param horizon times are {@code 0..horizon} (the ula has {@code horizon + 1} nodes), at least 1
   * @param seed random seed
   * @throws IllegalArgumentException on a parameter out of range
   */
  public static Instance of(String name, int buffers, int log2Capacity, int horizon, long seed) {
    if (buffers < 1 || log2Capacity < 0 || log2Capacity > 40 || horizon < 1) {
      throw new IllegalArgumentException("a perfect packing needs at least 1 buffer, a capacity 2^0..2^40 and a "
          + "horizon of at least 1, got " + buffers + " buffers, 2^" + log2Capacity + ", horizon " + horizon);
    }
    SplittableRandom r = new SplittableRandom(seed);
    List<long[]> pieces = new ArrayList<>(); // {t0, t1, c0, c1}
    pieces.add(new long[] {0, horizon, 0, 1L << log2Capacity});
    int stuck = 0;
    while (pieces.size() < buffers && stuck < 100 * buffers) {
      int k = r.nextInt(pieces.size());
      long[] p = pieces.get(k);
      boolean cutTime = r.nextInt(3) > 0;
      if (cutTime && p[1] - p[0] >= 2) {
        long t = p[0] + 1 + r.nextLong(p[1] - p[0] - 1);
        pieces.set(k, new long[] {p[0], t, p[2], p[3]});
        pieces.add(new long[] {t, p[1], p[2], p[3]});
        stuck = 0;
      } else if (!cutTime && p[3] - p[2] >= 2) {
        long mid = p[2] + (p[3] - p[2]) / 2;
        pieces.set(k, new long[] {p[0], p[1], p[2], mid});
        pieces.add(new long[] {p[0], p[1], mid, p[3]});
        stuck = 0;
      } else {
        stuck++;
      }
    }
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < pieces.size(); i++) {
      long[] p = pieces.get(i);
      ms.add(new Message("b" + i, (int) p[0], (int) p[1], p[3] - p[2]));
    }
    return new Instance(name, new Problem.Dsa(ms), new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(horizon + 1)));
  }
}
