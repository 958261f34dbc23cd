package org.commsched.cli.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reduces a failing fuzz case's input file, the idea of the cross-check's {@code Shrinker}
 * (docs/TESTS.md#shrinking) applied to bytes: greedily take the first smaller variant on which the
 * same failure class remains, until no variant keeps it or the budget of runs is spent. Variants,
 * in this order: for a JSON document that parses, the document less one field or one array element;
 * for any file, the file less a block of lines (halves, then quarters, down to single lines), then
 * less its second half.
 */
public final class FileShrinker {
  private FileShrinker() {}

  /**
   * The smallest input found on which {@code stillFails} holds, starting from {@code c}'s, with at
   * most {@code budget} calls.
   */
  public static FuzzCase shrink(FuzzCase c, Predicate<FuzzCase> stillFails, int budget) {
    FuzzCase cur = c;
    boolean progress = true;
    while (progress && budget > 0) {
      progress = false;
      for (byte[] v : variants(cur.files().get(cur.input()))) {
        if (budget-- <= 0) {
          break;
        }
        FuzzCase cand = cur.withInput(v);
        if (stillFails.test(cand)) {
          cur = cand;
          progress = true;
          break;
        }
      }
    }
    return cur;
  }

  static List<byte[]> variants(byte[] input) {
    List<byte[]> out = new ArrayList<>();
    String text = new String(input, StandardCharsets.UTF_8);
    if (input.length < 200_000) {
      for (String s : FuzzCases.smallerJson(text)) {
        out.add(s.getBytes(StandardCharsets.UTF_8));
      }
    }
    List<String> lines = text.lines().toList();
    for (int block = Math.max(1, lines.size() / 2); block >= 1 && out.size() < 400; block /= 2) {
      for (int from = 0; from + block <= lines.size() && lines.size() > 1; from += block) {
        List<String> keep = new ArrayList<>(lines.subList(0, from));
        keep.addAll(lines.subList(from + block, lines.size()));
        out.add((String.join("\n", keep) + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    if (input.length > 1) {
      out.add(Arrays.copyOf(input, input.length / 2));
    }
    return out;
  }
}
