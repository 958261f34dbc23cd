package org.commsched.cli.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fuzzed run of the command line (docs/TESTS.md#file-fuzzing): the files to put in a fresh
 * directory, the arguments (a word starting with {@code @} names a file of that directory), and
 * what the oracle needs to know beyond the universal rules.
 *
 * @param seed the case's seed: {@link FuzzCases#draw(long)} of it gives this case again
 * @param mutation the mutation class, {@code format/operator} (e.g. {@code graphml/xxe-file}): the
 *     failures table groups by it
 * @param files file name to content, written before the run (the first one is the fuzzed input)
 * @param args the command line, {@code @name} for a file of the case directory
 * @param limitSeconds the time the run may take before the margin: its {@code --time-limit}, else
 *     {@link #NO_LIMIT_SECONDS}
 * @param out the {@code --out} file's name, or null
 * @param mustRefuse true when the input is bad by construction (a DOCTYPE, an unknown node, a
 *     truncated document): anything but exit 2 is a failure
 * @param secret a marker written to a file outside the input that the input points at (external
 *     entities): it must appear in no output, or null
 * @implNote Immutable.
 */
public record FuzzCase(
    long seed,
    String mutation,
    Map<String, byte[]> files,
    List<String> args,
    int limitSeconds,
    String out,
    boolean mustRefuse,
    String secret) {
  /**
   * The bound for a command without {@code --time-limit}: a refusal must come within it (issue 28).
   */
  public static final int NO_LIMIT_SECONDS = 5;

  public FuzzCase {
    files = new LinkedHashMap<>(files);
    args = List.copyOf(args);
  }

  /** The fuzzed input's file name (the first file). */
  public String input() {
    return files.keySet().iterator().next();
  }

  /** This case with another content for its input (the shrinker's variants). */
  public FuzzCase withInput(byte[] content) {
    Map<String, byte[]> f = new LinkedHashMap<>(files);
    f.put(input(), content);
    return new FuzzCase(seed, mutation, f, args, limitSeconds, out, mustRefuse, secret);
  }

  /**
   * Writes the files into {@code dir}, with {@link FuzzCases#DIR_TOKEN} replaced by its absolute
   * path.
   */
  public void writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, byte[]> e : files.entrySet()) {
      byte[] b = e.getValue();
      String token = FuzzCases.DIR_TOKEN;
      String text = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
      if (text.contains(token)) { // an entity's path: the directory is known only now
        b =
            text.replace(token, dir.toAbsolutePath().toString())
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      }
      Files.write(dir.resolve(e.getKey()), b);
    }
  }

  /** The arguments with every {@code @name} resolved against {@code dir}. */
  public List<String> resolve(Path dir) {
    List<String> a = new ArrayList<>(args.size());
    for (String s : args) {
      a.add(s.startsWith("@") ? dir.resolve(s.substring(1)).toString() : s);
    }
    return a;
  }

  /** The command line as a user would type it in the case directory. */
  public String commandLine() {
    StringBuilder sb = new StringBuilder("commsched");
    for (String s : args) {
      String w = s.startsWith("@") ? s.substring(1) : s;
      sb.append(' ')
          .append(w.matches("[A-Za-z0-9_./:=,+-]+") ? w : "'" + w.replace("'", "'\\''") + "'");
    }
    return sb.toString();
  }

  /**
   * True for {@code generate} asked for an oversized instance ({@code size/generate-...}): the
   * runners send it the user's Ctrl-C at the limit (it must then end with 130, 0 or 2 within the
   * margin, and leave no partial file).
   */
  public boolean interruptAtLimit() {
    return mutation.startsWith("size/generate");
  }

  /** The command's name (solve, check, ...) and method when it names one, for the summary. */
  public String command() {
    int m = args.indexOf("--method");
    return args.get(0) + (m >= 0 ? " " + args.get(m + 1) : "");
  }
}
