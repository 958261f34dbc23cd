package org.commsched.core.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * How large an instance may be for exact 64-bit arithmetic, decided once when the instance is
 * built: every time this tool computes (a departure, a packet's end, a makespan, a bound, a sum of
 * them) stays below {@link #MAX_TICKS} = 2^62 ticks if the instance's <i>serial work</i> does, so
 * sums of two such times never leave a long. An instance beyond it is refused with a {@link
 * ModelException} naming the value that is too large and the largest value that works, instead of
 * overflowing somewhere inside a method.
 *
 * <p>Serial work: for a bufferless model, the sum over messages of {@code length + nodes - 1} (each
 * message alone, one after the other, over a route of at most {@code nodes - 1} hops: every
 * schedule this tool produces ends earlier); for a store-and-forward model, in ticks, the sum over
 * messages or origins of {@code length * (beta + tau) * (nodes - 1)} (every unit its own packet,
 * over every link of a spanning tree or a simple route, one after the other), and beta and tau each
 * at most {@link #MAX_TICKS} ticks.
 *
 * @implNote Stateless; linear in the messages.
 */
public final class Magnitudes {
  /** The largest time, in ticks, this tool computes with: 2^62. */
  public static final long MAX_TICKS = 1L << 62;

  private static final BigInteger MAX = BigInteger.valueOf(MAX_TICKS);

  private Magnitudes() {}

  /** Throws a {@link ModelException} if the instance's serial work exceeds {@link #MAX_TICKS}. */
  static void check(Instance inst) {
    long hops = Math.max(1, inst.network().nodes() - 1L);
    if (inst.model() instanceof CommModel.StoreAndForward saf) {
      BigInteger scale = BigInteger.TEN.pow(saf.timeScale().decimals());
      BigInteger beta = ticks(saf.beta(), saf.timeScale().decimals());
      BigInteger tau = ticks(saf.tau(), saf.timeScale().decimals());
      requireAtMost(beta, "/model/beta", "beta", scale);
      requireAtMost(tau, "/model/tau", "tau", scale);
      BigInteger perUnit = beta.add(tau).multiply(BigInteger.valueOf(hops));
      List<Origin> origins = inst.origins();
      if (!origins.isEmpty()) {
        String ptr =
            inst.kind() == ProblemKind.SEND
                    || inst.kind() == ProblemKind.BROADCAST
                    || inst.kind() == ProblemKind.GOSSIP
                ? "/length"
                : "/messages";
        boolean shared = origins.size() > 1 && ptr.equals("/length");
        if (shared) { // a gossip: every origin has the one length, so its work is a product (no
          // pass over them)
          long length = origins.get(0).length();
          requireWork(origins.size(), i -> length, perUnit, BigInteger.ZERO, ptr, "units", true);
        } else {
          requireWork(
              origins.size(),
              i -> origins.get(i).length(),
              perUnit,
              BigInteger.ZERO,
              ptr,
              "units",
              false);
        }
        return;
      }
      List<Message> ms = inst.messages();
      requireWork(
          ms.size(),
          i -> ms.get(i).length(),
          perUnit,
          BigInteger.ZERO,
          "/messages",
          "units",
          false);
      return;
    }
    List<Message> ms = inst.messages();
    requireWork(
        ms.size(),
        i -> ms.get(i).length(),
        BigInteger.ONE,
        BigInteger.valueOf(hops),
        "/messages",
        "flits",
        false);
  }

  private static BigInteger ticks(BigDecimal value, int decimals) {
    return value.movePointRight(decimals).toBigInteger();
  }

  private static void requireAtMost(BigInteger ticks, String ptr, String name, BigInteger scale) {
    if (ticks.compareTo(MAX) > 0) {
      String value = ticks.divide(scale).toString();
      throw new ModelException(
          ptr,
          name
              + " is "
              + (value.length() > 24
                  ? value.substring(0, 20) + "... (" + value.length() + " digits)"
                  : value)
              + ", beyond the "
              + MAX_TICKS
              + " ticks this tool computes with exactly; "
              + name
              + " may be at most "
              + MAX.divide(scale));
    }
  }

  /**
   * Whether the serial work of {@code count} messages of lengths {@code length} is at most the
   * limit, added in longs; false also when a long would overflow. With {@code shared} every length
   * is {@code length(0)}: the sum is a product.
   */
  private static boolean withinInLongs(
      int count, IntToLongFunction length, BigInteger perUnit, BigInteger extra, boolean shared) {
    if (perUnit.bitLength() > 62
        || extra.bitLength() > 62
        || perUnit.signum() < 0
        || extra.signum() < 0) {
      return false;
    }
    long p = perUnit.longValue();
    long x = extra.longValue();
    long limit = MAX.longValueExact();
    long total = 0;
    try {
      if (shared) {
        return count == 0
            || Math.multiplyExact(
                    Math.addExact(Math.multiplyExact(length.applyAsLong(0), p), x), (long) count)
                <= limit;
      }
      for (int i = 0; i < count; i++) {
        total =
            Math.addExact(total, Math.addExact(Math.multiplyExact(length.applyAsLong(i), p), x));
        if (total > limit) {
          return false;
        }
      }
    } catch (ArithmeticException overflow) {
      return false;
    }
    return true;
  }

  /**
   * Serial work {@code sum of (length * perUnit + extra)} over {@code count} messages; beyond the
   * limit names the longest message (or, for {@code shared}, the one length all origins share) and
   * the largest length that would fit. Reads the lengths through {@code length}, keeping no array
   * of them (a gossip of 5 x 10^7 nodes has as many origins).
   */
  private static void requireWork(
      int count,
      IntToLongFunction length,
      BigInteger perUnit,
      BigInteger extra,
      String ptr,
      String unit,
      boolean shared) {
    if (withinInLongs(count, length, perUnit, extra, shared)) {
      return;
    }
    BigInteger total;
    int longest = -1;
    long longestLength = 0;
    if (shared) {
      longest = count > 0 ? 0 : -1;
      longestLength = count > 0 ? length.applyAsLong(0) : 0;
      total =
          BigInteger.valueOf(longestLength)
              .multiply(perUnit)
              .add(extra)
              .multiply(BigInteger.valueOf(count));
    } else {
      total = BigInteger.ZERO;
      for (int i = 0; i < count; i++) {
        long l = length.applyAsLong(i);
        total = total.add(BigInteger.valueOf(l).multiply(perUnit)).add(extra);
        if (longest < 0 || l > longestLength) {
          longest = i;
          longestLength = l;
        }
      }
    }
    if (total.compareTo(MAX) <= 0 || longest < 0) {
      return;
    }
    BigInteger others = total.subtract(BigInteger.valueOf(longestLength).multiply(perUnit));
    String place = shared || ptr.equals("/length") ? ptr : ptr + "/" + longest + "/length";
    BigInteger fits =
        shared
            ? MAX.divide(perUnit.multiply(BigInteger.valueOf(count)))
            : MAX.subtract(others).max(BigInteger.ZERO).divide(perUnit.max(BigInteger.ONE));
    throw new ModelException(
        place,
        "the messages' serial work (each alone, one after the other) is "
            + total
            + " ticks, beyond the "
            + MAX_TICKS
            + " ticks this tool computes with exactly; "
            + (fits.signum() > 0
                ? "a length of at most " + fits + " " + unit + " here works"
                : "shorten the messages"));
  }
}
