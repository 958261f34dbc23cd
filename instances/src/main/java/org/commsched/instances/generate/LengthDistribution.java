package org.commsched.instances.generate;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How message lengths are drawn. All sampling is integer-only, so a seed gives the same lengths on
 * every platform.
 *
 * <p>Short forms ({@link #parse(String)} and {@link #format()} are inverse): {@code constant:3} (or
 * just {@code 3}), {@code uniform:1..5}, {@code geometric:4} (mean 4), {@code
 * zeros:30:uniform:1..5} (30% null messages, else the inner distribution; only scatter and gather
 * accept null messages).
 *
 * @implNote Immutable.
 */
public sealed interface LengthDistribution {

  /** Draws one length. */
  long sample(SplittableRandom rnd);

  /** True if a draw may be 0. */
  boolean canBeZero();

  /**
   * The largest length a draw can give (for bounds computed before drawing, e.g. a file's size).
   */
  long max();

  /** The short form, e.g. {@code uniform:1..5}. */
  String format();

  /**
   * Uniform on {@code [min, max]}.
   *
   * @param min smallest length, at least 0
   * @param max largest length, at least min
   */
  record Uniform(long min, long max) implements LengthDistribution {
    public Uniform {
      if (min < 0 || max < min) {
        throw new IllegalArgumentException(
            "uniform lengths need 0 <= min <= max, got "
                + min
                + ".."
                + max
                + " (e.g. uniform:1..5)");
      }
    }

    @Override
    public long sample(SplittableRandom rnd) {
      return min == max ? min : rnd.nextLong(min, max + 1);
    }

    @Override
    public long max() {
      return max;
    }

    @Override
    public boolean canBeZero() {
      return min == 0;
    }

    @Override
    public String format() {
      return "uniform:" + min + ".." + max;
    }
  }

  /**
   * Geometric on {1, 2, ...} with the given mean: each further unit is added with probability
   * {@code 1 - 1/mean}; draws are capped at {@code 64 * mean}.
   *
   * @param mean mean length, at least 1
   */
  record Geometric(long mean) implements LengthDistribution {
    public Geometric {
      if (mean < 1 || mean > 1_000_000_000L) {
        throw new IllegalArgumentException(
            "a geometric length needs a mean of 1..1e9, got " + mean + " (e.g. geometric:4)");
      }
    }

    @Override
    public long sample(SplittableRandom rnd) {
      long k = 1;
      long cap = 64 * mean;
      while (k < cap && mean > 1 && rnd.nextLong(mean) != 0) {
        k++;
      }
      return k;
    }

    @Override
    public long max() {
      return mean > 1 ? 64 * mean : 1;
    }

    @Override
    public boolean canBeZero() {
      return false;
    }

    @Override
    public String format() {
      return "geometric:" + mean;
    }
  }

  /**
   * Every length equal.
   *
   * @param value the length, at least 0
   */
  record Constant(long value) implements LengthDistribution {
    public Constant {
      if (value < 0) {
        throw new IllegalArgumentException("a constant length must be at least 0, got " + value);
      }
    }

    @Override
    public long sample(SplittableRandom rnd) {
      return value;
    }

    @Override
    public long max() {
      return value;
    }

    @Override
    public boolean canBeZero() {
      return value == 0;
    }

    @Override
    public String format() {
      return "constant:" + value;
    }
  }

  /**
   * A share of null (length 0) messages, the rest from another distribution. Only scatter and
   * gather accept it.
   *
   * @param percent chance of a null message, 0..100
   * @param base distribution of the other lengths
   */
  record WithZeros(int percent, LengthDistribution base) implements LengthDistribution {
    public WithZeros {
      if (percent < 0 || percent > 100) {
        throw new IllegalArgumentException(
            "the share of null messages is a percentage 0..100, got " + percent);
      }
      if (base == null) {
        throw new IllegalArgumentException(
            "zeros:P: needs an inner distribution, e.g. zeros:30:uniform:1..5");
      }
    }

    @Override
    public long sample(SplittableRandom rnd) {
      return rnd.nextInt(100) < percent ? 0 : base.sample(rnd);
    }

    @Override
    public long max() {
      return percent == 100 ? 0 : base.max();
    }

    @Override
    public boolean canBeZero() {
      return percent > 0 || base.canBeZero();
    }

    @Override
    public String format() {
      return "zeros:" + percent + ":" + base.format();
    }
  }

  /**
   * Parses a short form.
   *
   * @throws IllegalArgumentException naming the text and the accepted forms
   */
  static LengthDistribution parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "empty length distribution: use constant:3, uniform:1..5, geometric:4 or "
              + "zeros:30:uniform:1..5");
    }
    String s = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (s.chars().allMatch(Character::isDigit)) {
        return new Constant(Long.parseLong(s));
      }
      int colon = s.indexOf(':');
      String kind = colon < 0 ? s : s.substring(0, colon);
      String arg = colon < 0 ? "" : s.substring(colon + 1);
      switch (kind) {
        case "constant":
          return new Constant(Long.parseLong(arg));
        case "geometric":
          return new Geometric(Long.parseLong(arg));
        case "uniform":
          {
            String[] ab = arg.contains("..") ? arg.split("\\.\\.", -1) : arg.split("-", -1);
            if (ab.length != 2) {
              throw new IllegalArgumentException(
                  "uniform needs min..max, got \"" + text + "\" (e.g. uniform:1..5)");
            }
            return new Uniform(Long.parseLong(ab[0].trim()), Long.parseLong(ab[1].trim()));
          }
        case "zeros":
          {
            int c2 = arg.indexOf(':');
            if (c2 < 0) {
              throw new IllegalArgumentException(
                  "zeros needs a percentage and an inner distribution, got \""
                      + text
                      + "\" (e.g. zeros:30:uniform:1..5)");
            }
            return new WithZeros(
                Integer.parseInt(arg.substring(0, c2).trim()), parse(arg.substring(c2 + 1)));
          }
        default:
          throw new IllegalArgumentException(
              "unknown length distribution \""
                  + text
                  + "\": use constant:3, "
                  + "uniform:1..5, geometric:4 or zeros:30:uniform:1..5");
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bad number in length distribution \""
              + text
              + "\": use whole numbers, "
              + "e.g. uniform:1..5",
          e);
    }
  }
}
