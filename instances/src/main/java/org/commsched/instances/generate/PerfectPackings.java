package org.commsched.instances.generate;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.function.IntFunction;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Interrupt;

/**
 * MiniMalloc-style dsa instances with a known optimum ({@code commsched generate --problem dsa
 * --packing perfect}): a capacity x time rectangle, the capacity a power of two, is cut by
 * guillotine cuts into buffers, each cut either halving a piece's capacity range (so every size is
 * a power of two) or cutting its time range at a random point, until there are as many pieces as
 * asked (or no piece can be cut). Every time point is covered by pieces whose sizes add up to the
 * capacity, so the load equals the capacity, and the cut itself is a layout of that height: the
 * optimum height is the load.
 *
 * @implNote Stateless; deterministic for the seed.
 */
public final class PerfectPackings {
  private PerfectPackings() {}

  /**
   * A perfect packing.
   *
   * @param name instance name
   * @param buffers how many buffers (at most {@code horizon * capacity} can exist; fewer if the
   *     pieces run out)
   * @param log2Capacity the capacity is {@code 2^log2Capacity}, 0..40
   * @param horizon times are {@code 0..horizon} (the ula has {@code horizon + 1} nodes), at least 1
   * @param seed random seed
   * @throws IllegalArgumentException on a parameter out of range
   */
  public static Instance of(String name, int buffers, int log2Capacity, int horizon, long seed) {
    return draft(name, buffers, log2Capacity, horizon, seed).toInstance();
  }

  /**
   * Bytes of memory a packing keeps per buffer while it is cut and written (four primitive
   * columns).
   */
  public static final int BYTES_PER_BUFFER = 24;

  /**
   * The packing of {@link #of} as a draft, written buffer by buffer. The cutting needs every piece
   * at hand (each cut picks a random piece among all of them), so it runs when the writer asks for
   * the first buffer, and keeps the pieces in four primitive columns, {@link #BYTES_PER_BUFFER}
   * bytes a buffer (about half its line in the file), instead of a list of messages: memory grows
   * with the buffers, but the size estimate and the limits come first. A stop request ({@link
   * Interrupt}) during the cutting ends it with a {@link CancellationException}.
   *
   * @throws IllegalArgumentException as {@link #of}
   */
  public static InstanceDraft draft(
      String name, int buffers, int log2Capacity, int horizon, long seed) {
    if (buffers < 1 || log2Capacity < 0 || log2Capacity > 40 || horizon < 1) {
      throw new IllegalArgumentException(
          "a perfect packing needs at least 1 buffer, a capacity 2^0..2^40 and a "
              + "horizon of at least 1, got "
              + buffers
              + " buffers, 2^"
              + log2Capacity
              + ", horizon "
              + horizon);
    }
    Topology ula = new Topology.Ula(horizon + 1);
    // the file's size from the counts: times uniform over the horizon; sizes 2^(K - c), where c,
    // the capacity
    // halvings of a piece, is about a third of the cuts that made it (log2 of the buffers)
    double halvings = Math.min(log2Capacity, Math.log(buffers) / Math.log(2) / 3);
    int sizeDigits = InstanceDraft.digits(1L << Math.max(0, Math.round(log2Capacity - halvings)));
    long bytes =
        Math.round(
                buffers
                        * (InstanceDraft.LINE
                            + 1
                            + 2 * InstanceDraft.meanDigits(horizon + 1L)
                            + sizeDigits)
                    + InstanceDraft.digitsBelow(buffers))
            - 1;
    Pieces[] cut = {null};
    java.util.function.IntSupplier count =
        () -> {
          if (cut[0] == null) {
            cut[0] = cut(buffers, log2Capacity, horizon, seed);
          }
          return cut[0].size;
        };
    IntFunction<Message> source =
        i -> {
          Pieces p = cut[0];
          return new Message("b" + i, p.t0[i], p.t1[i], p.c1[i] - p.c0[i]);
        };
    return new InstanceDraft(
        name,
        new Problem.Dsa(List.of()),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        ula,
        buffers,
        count,
        source,
        () -> Network.of(ula),
        bytes,
        horizon + 1,
        1L << log2Capacity);
  }

  /** The pieces as columns: time range [t0, t1), capacity range [c0, c1). */
  private static final class Pieces {
    int[] t0;
    int[] t1;
    long[] c0;
    long[] c1;
    int size;

    Pieces(int capacity) {
      t0 = new int[capacity];
      t1 = new int[capacity];
      c0 = new long[capacity];
      c1 = new long[capacity];
    }

    void set(int k, long a, long b, long c, long d) {
      t0[k] = (int) a;
      t1[k] = (int) b;
      c0[k] = c;
      c1[k] = d;
    }

    void add(long a, long b, long c, long d) {
      set(size++, a, b, c, d);
    }
  }

  /**
   * The guillotine cutting: the same draws, in the same order, as ever (the seed's packing is a
   * contract).
   */
  private static Pieces cut(int buffers, int log2Capacity, int horizon, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Pieces ps = new Pieces(buffers);
    ps.add(0, horizon, 0, 1L << log2Capacity);
    int stuck = 0;
    for (long step = 1; ps.size < buffers && stuck < 100 * buffers; step++) {
      if ((step & 0xFFFF) == 0 && Interrupt.requested()) { // a Ctrl-C during a long cutting
        throw new CancellationException("the cutting was interrupted");
      }
      int k = r.nextInt(ps.size);
      long p0 = ps.t0[k];
      long p1 = ps.t1[k];
      long p2 = ps.c0[k];
      long p3 = ps.c1[k];
      boolean cutTime = r.nextInt(3) > 0;
      if (cutTime && p1 - p0 >= 2) {
        long t = p0 + 1 + r.nextLong(p1 - p0 - 1);
        ps.set(k, p0, t, p2, p3);
        ps.add(t, p1, p2, p3);
        stuck = 0;
      } else if (!cutTime && p3 - p2 >= 2) {
        long mid = p2 + (p3 - p2) / 2;
        ps.set(k, p0, p1, p2, mid);
        ps.add(p0, p1, mid, p3);
        stuck = 0;
      } else {
        stuck++;
      }
    }
    return ps;
  }
}
