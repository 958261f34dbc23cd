package org.commsched.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.commsched.core.model.ProblemKind;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.verify.sweep.SweepTask;

/**
 * The generated sweep of {@code commsched ratios --generate "..."}: space-separated {@code
 * key=value} pairs ({@code problem}, {@code family}, {@code sizes}, {@code messages}, {@code
 * lengths}, {@code model}, {@code seeds}) that expand into one {@link GeneratorSpec} per size and
 * seed, in that order.
 *
 * <p>{@code sizes} is a list {@code 8,16,32} or a range {@code 4..8}; {@code seeds} likewise;
 * {@code messages} a whole number or a multiple of the size ({@code n}, {@code 2n}); 0 or absent is
 * the generator's default.
 *
 * @param problem the problem kind
 * @param family the network family
 * @param sizes the sizes, in order
 * @param messages the messages per instance as written ({@code 2n}, {@code 10}, {@code 0})
 * @param lengths the length distribution as written
 * @param model the model as written, or null for the problem's usual model
 * @param seeds the seeds, in order
 */
record SweepSpec(
    ProblemKind problem,
    String family,
    List<Integer> sizes,
    String messages,
    String lengths,
    String model,
    List<Long> seeds) {
  private static final List<String> KEYS =
      List.of("problem", "family", "sizes", "messages", "lengths", "model", "seeds");

  /**
   * One instance of the sweep with the parameters that made it; {@code source} says the same for a
   * sweep task.
   */
  record Point(GeneratorSpec spec, Map<String, String> parameters, SweepTask.Generated source) {}

  /**
   * Parses the sweep text.
   *
   * @throws IllegalArgumentException with one sentence naming the bad pair and the fix
   */
  static SweepSpec parse(String text) {
    Map<String, String> kv = new LinkedHashMap<>();
    for (String pair : text.trim().split("\\s+")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "'"
                + pair
                + "' is not key=value; write e.g. \"problem=chatting "
                + "family=ula sizes=8,16 messages=2n lengths=uniform:1..8 seeds=1..20\"");
      }
      String key = pair.substring(0, eq).toLowerCase(Locale.ROOT);
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "unknown key '" + key + "'; use " + String.join(", ", KEYS));
      }
      if (kv.put(key, pair.substring(eq + 1)) != null) {
        throw new IllegalArgumentException("key '" + key + "' given twice");
      }
    }
    ProblemKind kind = ProblemKind.fromWire(kv.getOrDefault("problem", ""));
    if (kind == null) {
      throw new IllegalArgumentException(
          "problem="
              + kv.getOrDefault("problem", "")
              + ": give problem=chatting, scatter, gather, broadcast, gossip, send or dsa");
    }
    String family = kv.get("family");
    if (family == null || !Generators.FAMILIES.contains(family)) {
      throw new IllegalArgumentException(
          "family=" + family + ": give one of " + String.join(", ", Generators.FAMILIES));
    }
    if (!kv.containsKey("sizes")) {
      throw new IllegalArgumentException("give sizes=8,16,32 (or a range 4..8)");
    }
    List<Integer> sizes = new ArrayList<>();
    for (long s : numbers("sizes", kv.get("sizes"))) {
      if (s < 1 || s > 100_000) {
        throw new IllegalArgumentException(
            "sizes: " + s + " is out of range; give sizes from 1 to 100000");
      }
      sizes.add((int) s);
    }
    String messages = kv.getOrDefault("messages", "0");
    messagesFor(messages, 1);
    String lengths = kv.getOrDefault("lengths", "uniform:1..4");
    LengthDistribution.parse(lengths);
    String model = kv.get("model");
    if (model != null) {
      Models.parse(model, kind);
    }
    List<Long> seeds = numbers("seeds", kv.getOrDefault("seeds", "0"));
    return new SweepSpec(
        kind, family, List.copyOf(sizes), messages, lengths, model, List.copyOf(seeds));
  }

  /** Every instance of the sweep: sizes outer, seeds inner. */
  List<Point> points() {
    List<Point> out = new ArrayList<>();
    for (int size : sizes) {
      int k = messagesFor(messages, size);
      for (long seed : seeds) {
        String name = problem.wireName() + "-" + family + "-n" + size + "-m" + k + "-s" + seed;
        Map<String, String> p = new LinkedHashMap<>();
        p.put("problem", problem.wireName());
        p.put("family", family);
        p.put("size", Integer.toString(size));
        p.put("messages", Integer.toString(k));
        p.put("lengths", lengths);
        p.put("model", model == null ? "" : model);
        p.put("seed", Long.toString(seed));
        SweepTask.Generated source =
            new SweepTask.Generated(
                name,
                problem.wireName(),
                family,
                size,
                k,
                lengths,
                model == null ? "" : model,
                seed);
        out.add(new Point(source.spec(), p, source));
      }
    }
    return out;
  }

  /** {@code 2n} at size n, or a whole number. */
  static int messagesFor(String text, int size) {
    String t = text.trim();
    try {
      if (t.endsWith("n")) {
        String f = t.substring(0, t.length() - 1);
        long k = f.isEmpty() ? 1 : Long.parseLong(f);
        if (k < 0 || k * size > 10_000_000) {
          throw new NumberFormatException();
        }
        return (int) (k * size);
      }
      int k = Integer.parseInt(t);
      if (k < 0) {
        throw new NumberFormatException();
      }
      return k;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "messages=" + text + ": give a whole number or a multiple of the size " + "(n, 2n)");
    }
  }

  /** A list {@code 1,2,5} or a range {@code 1..20} (or lists of both). */
  static List<Long> numbers(String key, String text) {
    List<Long> out = new ArrayList<>();
    for (String part : text.split(",")) {
      try {
        int dots = part.indexOf("..");
        if (dots >= 0) {
          long a = Long.parseLong(part.substring(0, dots).trim());
          long b = Long.parseLong(part.substring(dots + 2).trim());
          if (b < a || b - a > 1_000_000) {
            throw new NumberFormatException();
          }
          for (long x = a; x <= b; x++) {
            out.add(x);
          }
        } else {
          out.add(Long.parseLong(part.trim()));
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            key + "=" + text + ": give whole numbers as a list 1,2,5 or a range " + "1..20");
      }
    }
    return out;
  }
}
