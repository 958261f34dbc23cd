package org.commsched.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How large a file {@code commsched generate} is about to write, said before the first byte, and
 * the two limits it is held to (docs/FORMATS.md#generate): the free space of the target's
 * directory, and a cap, {@link #DEFAULT_CAP} unless {@code --max-size} raises it. A few bytes of
 * options (10^9 messages) must not fill a disk or run for minutes by accident: such a run is
 * refused at once, in one line that says how large and what to change.
 *
 * @implNote Sizes are in decimal units (kB = 1000 bytes), as file managers and {@code df -H} show
 *     them.
 */
final class OutputSize {
  /**
   * The default cap, 1 GB: about 2 x 10^7 messages, more than any method here solves in a run, and
   * several seconds of writing; a larger file is almost always a slip of the keyboard, and a
   * deliberate one costs one option.
   */
  static final long DEFAULT_CAP = 1_000_000_000L;

  private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([kmgt]?)b?");

  private OutputSize() {}

  /**
   * A size as given to {@code --max-size}: bytes, or a number with k, m, g or t (10^3 .. 10^12
   * bytes; an optional b, any case), e.g. {@code 500m}, {@code 20g}, {@code 1.5GB}.
   *
   * @throws IllegalArgumentException naming the value and the form it should take
   */
  static long parse(String text) {
    Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "--max-size "
              + text
              + " is not a size; give bytes or a number with k, m, "
              + "g or t, e.g. --max-size 20g");
    }
    double unit =
        switch (m.group(2)) {
          case "k" -> 1e3;
          case "m" -> 1e6;
          case "g" -> 1e9;
          case "t" -> 1e12;
          default -> 1;
        };
    double bytes = Double.parseDouble(m.group(1)) * unit;
    return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
  }

  /** A size for people: {@code 734 bytes}, {@code 12.3 kB}, {@code 53.2 GB}. */
  static String human(long bytes) {
    if (bytes < 1000) {
      return bytes + " bytes";
    }
    String[] units = {"kB", "MB", "GB", "TB", "PB", "EB"};
    double v = bytes;
    int u = -1;
    while (v >= 1000 && u + 1 < units.length) {
      v /= 1000;
      u++;
    }
    return String.format(
        Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  }

  /**
   * The usable space of a directory in bytes (what a write can fill), or Long.MAX_VALUE if it
   * cannot be told.
   */
  static long usableSpace(Path dir) {
    try {
      return Files.getFileStore(dir).getUsableSpace();
    } catch (IOException | SecurityException e) {
      return Long.MAX_VALUE; // the write itself will say what is wrong with the place
    }
  }

  /**
   * Why a file of about {@code estimate} bytes may not be written, or null if it may: above the
   * cap, or above the free space of the target's directory (not checked for standard output, {@code
   * target} null).
   *
   * @param what the content, e.g. "1000000000 messages", for the message
   * @param freeSpace the usable bytes of a directory (injectable for tests)
   */
  static String refusal(
      long estimate, String what, long cap, Path target, ToLongFunction<Path> freeSpace) {
    if (estimate > cap) {
      return "the instance would be about "
          + human(estimate)
          + " ("
          + what
          + "), above the limit of "
          + human(cap)
          + " for one file; use fewer --messages or a smaller --size, or raise the limit with --max-size "
          + suggest(estimate);
    }
    if (target != null) {
      Path dir = target.toAbsolutePath().getParent();
      long free = dir == null ? Long.MAX_VALUE : freeSpace.applyAsLong(dir);
      if (estimate > free) {
        return target
            + ": the instance would be about "
            + human(estimate)
            + " ("
            + what
            + "), but "
            + dir
            + " has "
            + human(free)
            + " free; free some space or write it elsewhere with --out";
      }
    }
    return null;
  }

  /** A --max-size value just above the estimate, in whole units: 53.2 GB gives {@code 54g}. */
  static String suggest(long bytes) {
    String[] suffix = {"k", "m", "g", "t"};
    long unit = 1000;
    int u = 0;
    while (u + 1 < suffix.length && bytes >= unit * 1000) {
      unit *= 1000;
      u++;
    }
    return (bytes / unit + 1) + suffix[u];
  }
}
