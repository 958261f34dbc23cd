package org.commsched.heuristics.bufferless.dsa;

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
 * MiniMalloc-style dsa instances with a known optimum (test support): a capacity x time rectangle, capacity a power
 * of two, is cut by guillotine cuts into buffers, halving the capacity range (so sizes are powers of two) or cutting
 * the time range at a random point, until there are {@code count} pieces. Every time point is covered by pieces whose
 * sizes add up to the capacity, so the load equals the capacity, and the cut itself is a layout of that height: the
 * optimum is the load.
 */
final class PerfectPackings {
  private PerfectPackings() {
  }

  /** A perfect packing of {@code count} buffers, capacity {@code 2^log2Capacity}, times in [0, horizon). */
  static Instance of(long seed, int count, int log2Capacity, int horizon) {
    SplittableRandom r = new SplittableRandom(seed);
    List<long[]> pieces = new ArrayList<>(); // {t0, t1, c0, c1}
    pieces.add(new long[] {0, horizon, 0, 1L << log2Capacity});
    int guard = 0;
    while (pieces.size() < count && guard++ < 100 * count) {
      int k = r.nextInt(pieces.size());
      long[] p = pieces.get(k);
      boolean cutTime = r.nextInt(3) > 0;
      if (cutTime && p[1] - p[0] >= 2) {
        long t = p[0] + 1 + r.nextLong(p[1] - p[0] - 1);
        pieces.set(k, new long[] {p[0], t, p[2], p[3]});
        pieces.add(new long[] {t, p[1], p[2], p[3]});
      } else if (!cutTime && p[3] - p[2] >= 2) {
        long mid = p[2] + (p[3] - p[2]) / 2;
        pieces.set(k, new long[] {p[0], p[1], p[2], mid});
        pieces.add(new long[] {p[0], p[1], mid, p[3]});
      }
    }
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < pieces.size(); i++) {
      long[] p = pieces.get(i);
      ms.add(new Message("b" + i, (int) p[0], (int) p[1], p[3] - p[2]));
    }
    return new Instance("perfect-s" + seed, new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), Network.of(new Topology.Ula(horizon + 1)));
  }
}
