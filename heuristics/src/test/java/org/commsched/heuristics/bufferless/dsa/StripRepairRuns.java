package org.commsched.heuristics.bufferless.dsa;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.StopToken;
import org.commsched.core.testing.Seeds;

/**
 * What the suites of {@link StripRepair} and {@link IteratedStripRepair} share: their seeds, the
 * ML-like traces, a start with every buffer stacked on the ones before it, and a run of either
 * repair on a fresh packer with the load as its floor and a stop token nobody asks.
 */
final class StripRepairRuns {
  private StripRepairRuns() {}

  /** A deadline ten minutes away: the runs end by their budget or their patience, not the clock. */
  static final long FAR_NANOS = 600_000_000_000L;

  static LongStream seeds() {
    return Seeds.seeds();
  }

  /**
   * A quarter of the case count (50 at the deep count) for the properties whose every case runs a
   * repair to its patience: about a second of CPU each.
   */
  static LongStream repairSeeds() {
    return Seeds.seeds(Seeds.cases(4, 20));
  }

  /**
   * A small trace with the shapes of an ML training step on {@code points} time points: a few
   * weights alive throughout, activations made in the forward half and freed at the mirror time in
   * the backward half, and short temporaries; sizes log-uniform over 1 to 2^12.
   */
  static Instance mlLike(SplittableRandom r, int points, int buffers) {
    List<Message> ms = new ArrayList<>();
    int last = points - 1;
    for (int i = 0; i < buffers; i++) {
      long size = (1L << r.nextInt(13)) + r.nextInt(1 << 4);
      int kind = r.nextInt(10);
      int a;
      int z;
      if (kind == 0) {
        a = 0;
        z = last;
      } else if (kind < 4) {
        a = r.nextInt(Math.max(1, last / 2));
        z = Math.max(a + 1, last - a - r.nextInt(3));
      } else {
        a = r.nextInt(last);
        z = Math.min(last, a + 1 + r.nextInt(3));
      }
      ms.add(new Message("b" + i, a, z, size));
    }
    return new Instance(
        "ml-like",
        new Problem.Dsa(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(points)));
  }

  /**
   * A poor start: every buffer stacked on the ones before it (its height: the sum of the sizes).
   */
  static long[] stacked(Buffers b) {
    long[] start = new long[b.n];
    long top = 0;
    for (int i = 0; i < b.n; i++) {
      start[i] = top;
      top += b.size[i];
    }
    return start;
  }

  /** {@link StripRepair} from {@code start} within {@code budget} moves ({@code moves}: null). */
  static long[] strip(
      Buffers b, long[] start, long seed, long deadline, long budget, long[] moves) {
    return StripRepair.improve(
        b, packer(b), start, b.load(), seed, deadline, new StopToken(), budget, moves);
  }

  /** {@link IteratedStripRepair} from {@code start} within {@code budget} moves. */
  static long[] iterated(
      Buffers b, long[] start, long seed, long deadline, long budget, long[] stats) {
    return IteratedStripRepair.improve(
        b, packer(b), start, b.load(), seed, deadline, new StopToken(), budget, stats);
  }

  /** A fresh packer of {@code b}'s buffers. */
  static Packer packer(Buffers b) {
    return new Packer(b.lo, b.hi, b.size, b.points);
  }
}
