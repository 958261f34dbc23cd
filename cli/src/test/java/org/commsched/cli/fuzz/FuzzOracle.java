package org.commsched.cli.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The rules every fuzzed run must keep (docs/TESTS.md#file-fuzzing), whatever its input: the judge
 * of one {@link Outcome}. Each broken rule is a {@link Failure} whose {@code kind} names the
 * failure class.
 *
 * <ul>
 *   <li>{@code exit-N}: an exit code outside 0, 1, 2, 3, 130 (70 is a bug; 137 the kernel's or our
 *       kill);
 *   <li>{@code crash}: an error escaped {@code Main.run} (in-process: a {@link Throwable} out of
 *       it);
 *   <li>{@code past-limit}: the run went past its limit plus the margin (it was then stopped);
 *   <li>{@code memory}: peak RSS (subprocess) or live heap (in-process) above the bound;
 *   <li>{@code exception-text}: Java exception text in any output ({@code Exception}, {@code at
 *       org.}, {@code java.lang.}, {@code Cannot invoke}, a stack frame);
 *   <li>{@code not-one-line}: exit 2 without exactly one line on stderr;
 *   <li>{@code accepted-bad-input}: an input bad by construction (a DOCTYPE, an unknown node) not
 *       refused with 2;
 *   <li>{@code secret-leak}: the text of a file an external entity points at appears in an output;
 *   <li>{@code partial-output}: an {@code --out} file after a refusal, or one that does not parse
 *       (also after a stop); {@code missing-output} none after success; {@code leftover-file}: any
 *       other new file (a temporary; not judged after the harness killed the run, which cannot
 *       clean up);
 *   <li>{@code raw-control-chars}: C0/C1 controls (other than newline and tab) or bidi overrides in
 *       text meant for a terminal (stderr, and stdout unless {@code --json} or SVG).
 * </ul>
 */
public final class FuzzOracle {
  /** The exit codes of the contract (docs/FORMATS.md). */
  public static final Set<Integer> CODES = Set.of(0, 1, 2, 3, 130);

  private static final Pattern EXCEPTION =
      Pattern.compile(
          "Exception|\\bat org\\.|java\\.lang\\.|java\\.util\\.|jdk\\.internal|Cannot invoke|\\tat |\\$[A-Z][A-Za-z]*\\.");
  private static final Pattern CONTROL =
      Pattern.compile("[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F\\u202A-\\u202E\\u2066-\\u2069]");

  private FuzzOracle() {}

  /** One broken rule: its class and what was seen. */
  public record Failure(String kind, String detail) {}

  /**
   * What a run did.
   *
   * @param code the exit code, or null when there was none (stopped, or crashed in-process)
   * @param seconds wall time
   * @param peakKb peak RSS (subprocess) or peak live heap (in-process) in KiB; -1 when unknown
   * @param crash in-process: the error that escaped, else null
   * @param stopped true when the harness had to stop it (past the limit, or over the memory bound)
   * @param overMemory true when it was stopped for memory
   */
  public record Outcome(
      Integer code,
      String out,
      String err,
      double seconds,
      long peakKb,
      String crash,
      boolean stopped,
      boolean overMemory) {}

  /**
   * The failures of {@code o}, a run of {@code c} in {@code dir}, under the margin and the memory
   * bound.
   */
  public static List<Failure> judge(
      FuzzCase c, Outcome o, Path dir, double marginSeconds, long memoryBoundKb) {
    List<Failure> f = new ArrayList<>();
    String out = o.out();
    String err = o.err();
    if (o.crash() != null) {
      f.add(new Failure("crash", o.crash()));
    }
    if (o.overMemory() || o.peakKb() > memoryBoundKb) {
      f.add(
          new Failure(
              "memory",
              "peak "
                  + o.peakKb() / 1024
                  + " MiB over the bound of "
                  + memoryBoundKb / 1024
                  + " MiB"));
    } else if (o.stopped() || o.seconds() > c.limitSeconds() + marginSeconds) {
      f.add(
          new Failure(
              "past-limit",
              String.format(
                  "%.1f s, limit %d s + margin %.1f s",
                  o.seconds(), c.limitSeconds(), marginSeconds)));
    }
    Integer code = o.code();
    if (code != null && !CODES.contains(code)) {
      f.add(new Failure("exit-" + code, firstLine(err)));
    }
    java.util.regex.Matcher m = EXCEPTION.matcher(out + "\n" + err);
    if (!o.stopped()
        && m.find()) { // after the harness's own stop the text is the stop's, not the command's
      f.add(new Failure("exception-text", around(out + "\n" + err, m.start())));
    }
    List<String> errLines =
        err.lines().filter(l -> !l.isBlank() && !l.startsWith("commsched: building")).toList();
    if (code != null && code == 2 && errLines.size() != 1) {
      f.add(new Failure("not-one-line", errLines.size() + " lines on stderr: " + firstLine(err)));
    }
    if (c.mustRefuse() && code != null && code != 2 && code != 130 && !o.stopped()) {
      f.add(
          new Failure("accepted-bad-input", "exit " + code + " for an input bad by construction"));
    }
    boolean json = c.args().contains("--json") || c.args().contains("svg");
    String terminal = json ? err : out + err;
    java.util.regex.Matcher cc = CONTROL.matcher(terminal);
    if (cc.find()) {
      f.add(
          new Failure(
              "raw-control-chars",
              String.format(
                  "U+%04X in %s",
                  (int) terminal.charAt(cc.start()),
                  json || cc.start() >= out.length() ? "stderr" : "stdout")));
    }
    try {
      files(c, o, dir, f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return f;
  }

  private static void files(FuzzCase c, Outcome o, Path dir, List<Failure> f) throws IOException {
    Integer code = o.code();
    if (c.secret() != null) {
      String s = c.secret();
      boolean leak = o.out().contains(s) || o.err().contains(s);
      try (Stream<Path> all = Files.list(dir)) {
        for (Path p : all.toList()) {
          String n = p.getFileName().toString();
          if (!c.files().containsKey(n)
              && Files.isRegularFile(p)
              && Files.size(p) < 50_000_000
              && new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).contains(s)) {
            leak = true;
          }
        }
      }
      if (leak) {
        f.add(
            new Failure(
                "secret-leak", "the text of " + FuzzCases.SECRET_FILE + " appears in an output"));
      }
    }
    if (c.out() != null) {
      Path out = dir.resolve(c.out());
      boolean exists = Files.exists(out);
      if (exists && code != null && (code == 2 || code == 3)) {
        f.add(new Failure("partial-output", c.out() + " left after exit " + code));
      } else if (!exists
          && code != null
          && code == 0
          && c.args().get(0).matches("solve|generate|draw")) {
        f.add(new Failure("missing-output", "exit 0 without " + c.out()));
      } else if (exists) {
        String why = unparsable(out);
        if (why != null) {
          f.add(new Failure("partial-output", c.out() + " does not parse: " + why));
        }
      }
    }
    try (Stream<Path> all = Files.list(dir)) {
      for (Path p : all.toList()) {
        String n = p.getFileName().toString();
        // a run the harness had to kill cannot clean up; its failure is past-limit or memory
        if (!c.files().containsKey(n) && !n.equals(c.out()) && !o.stopped()) {
          f.add(new Failure("leftover-file", n + " left in the directory"));
        }
      }
    }
  }

  /** Why an output file does not parse as what its extension says, or null. */
  static String unparsable(Path p) {
    String n = p.getFileName().toString();
    try {
      if (n.endsWith(".json")) {
        FuzzCases.MAPPER.readTree(p.toFile());
      } else if (n.endsWith(".csv")) {
        List<String> lines = Files.readAllLines(p);
        if (lines.isEmpty()) {
          return "empty";
        }
        int cols = lines.get(0).split(",", -1).length;
        for (int i = 1; i < lines.size(); i++) {
          if (lines.get(i).split(",", -1).length != cols) {
            return "row " + i + " has not " + cols + " columns";
          }
        }
      } else if (n.endsWith(".svg")) {
        SAXParserFactory x = SAXParserFactory.newInstance();
        x.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        x.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (InputStream in = Files.newInputStream(p)) {
          x.newSAXParser().parse(in, new DefaultHandler());
        }
      }
      return null;
    } catch (Exception e) {
      return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    }
  }

  private static String firstLine(String s) {
    String l = s.strip().lines().findFirst().orElse("");
    return l.length() > 300 ? l.substring(0, 300) + "..." : l;
  }

  private static String around(String s, int at) {
    int from = Math.max(0, at - 80);
    int to = Math.min(s.length(), at + 120);
    return s.substring(from, to).replace('\n', ' ');
  }
}
