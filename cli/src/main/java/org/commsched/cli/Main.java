package org.commsched.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.Arrays;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.TerminalText;
import org.commsched.verify.sweep.SweepEngine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code commsched} command: solve, check, bounds, methods, generate.
 *
 * <p>Exit codes (FORMATS.md): 0 success; 1 invalid schedule (check); 2 bad input; 3 no schedule
 * found (solve); 70 internal error (a bug: reported in one line, never as a stack trace).
 */
@Command(
    name = "commsched",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Communication schedules in processor networks: exact, heuristic, checked.",
    subcommands = {
      SolveCommand.class,
      CheckCommand.class,
      BoundsCommand.class,
      MethodsCommand.class,
      GenerateCommand.class,
      CommandLine.HelpCommand.class,
      RatiosCommand.class,
      OracleCommand.class,
      DrawCommand.class,
      CrossCheckCommand.class,
      WorstCommand.class,
      ExportCommand.class,
      ImportCommand.class,
      ImportTopologyCommand.class
    })
public final class Main implements Runnable {
  /** Bad input. */
  public static final int BAD_INPUT = 2;

  /** A bug of ours. */
  public static final int INTERNAL = 70;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "missing command: use one of solve, check, bounds, methods, generate, ratios, oracle, draw, crosscheck, "
            + "worst (see commsched --help)");
  }

  /**
   * The commands that read instance files and answer SIGINT and SIGTERM in one line from their
   * start.
   */
  private static final java.util.Set<String> SIGNALLED =
      java.util.Set.of("solve", "check", "bounds", "draw", "ratios");

  public static void main(String[] args) {
    Deadline.countFromJvmStart(); // a process of its own: --time-limit counts from the JVM's start
    PrintWriter err = new PrintWriter(System.err, true);
    if (args.length > 0 && SIGNALLED.contains(args[0])) {
      Signals.install(
          err); // before picocli and the reading (seconds on a busy machine): a Ctrl-C then still
      // ends in one line
    }
    System.exit(run(args, new PrintWriter(System.out, true), err));
  }

  /** Runs the command line with the given streams and returns the exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, SweepEngine.IN_PROCESS);
  }

  /**
   * Runs the command line with the given streams, the tasks of {@code ratios}, {@code oracle} and
   * {@code crosscheck} on the given engine (the {@code commsched-spark} module passes Spark's), and
   * returns the exit code.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err, SweepEngine engine) {
    CommandLine cl = new CommandLine(new Main());
    ((RatiosCommand) cl.getSubcommands().get("ratios").getCommandSpec().userObject()).engine =
        engine;
    ((OracleCommand) cl.getSubcommands().get("oracle").getCommandSpec().userObject()).engine =
        engine;
    ((CrossCheckCommand) cl.getSubcommands().get("crosscheck").getCommandSpec().userObject())
            .engine =
        engine;
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.registerConverter(BigDecimal.class, v -> number(v, BigDecimal::new, "a decimal number"));
    cl.registerConverter(Long.class, v -> number(v, Long::valueOf, "a whole number"));
    cl.registerConverter(Long.TYPE, v -> number(v, Long::valueOf, "a whole number"));
    cl.registerConverter(Integer.class, v -> number(v, Integer::valueOf, "a whole number"));
    cl.registerConverter(Integer.TYPE, v -> number(v, Integer::valueOf, "a whole number"));
    for (CommandLine sub : cl.getSubcommands().values()) {
      sub.getCommandSpec()
          .versionProvider(new Version()); // `commsched solve --version` too, not an empty line
    }
    boolean json = Arrays.asList(args).contains("--json");
    java.util.Set<String> given = new java.util.HashSet<>(Arrays.asList(args));
    cl.setParameterExceptionHandler(
        (ex, a) -> {
          String msg =
              ex.getMessage() == null ? "bad arguments" : ex.getMessage().replace('\n', ' ').trim();
          return fail(
              json,
              given,
              out,
              err,
              "commsched: "
                  + readable(msg)
                  + didYouMean(ex)
                  + " (see: commsched "
                  + commandPath(ex.getCommandLine())
                  + "--help)",
              BAD_INPUT);
        });
    cl.setExecutionExceptionHandler(
        (ex, c, parsed) -> {
          if (ex instanceof BadInputException bad) {
            return fail(json, given, out, err, readable(bad.getMessage()), BAD_INPUT);
          }
          for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t
                instanceof
                OutOfMemoryError) { // on a worker thread, wrapped: the same answer as on the main
              // thread
              return fail(json, given, out, err, outOfMemory(args), BAD_INPUT);
            }
          }
          String where = ex.getStackTrace().length > 0 ? " at " + ex.getStackTrace()[0] : "";
          return fail(
              json,
              given,
              out,
              err,
              "commsched: internal error: "
                  + readable(String.valueOf(ex))
                  + where
                  + " (please report it with the input file)",
              INTERNAL);
        });
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      return fail(json, given, out, err, outOfMemory(args), BAD_INPUT);
    } catch (StackOverflowError e) {
      return fail(
          json,
          given,
          out,
          err,
          "commsched: the input is nested or chained too deeply to process (the call "
              + "stack overflowed); flatten it, or give the JVM a larger stack with JAVA_OPTS=-Xss64m",
          BAD_INPUT);
    }
  }

  /**
   * The nearest names to a mistyped command or option ({@code slove}, {@code --metod}): among the
   * names picocli suggests, those nearest by spelling (optimal string alignment distance: an edit
   * is an insertion, a deletion, a change or a swap of two neighbouring letters), at most three,
   * written as the line's fix; empty when picocli has none.
   */
  static String didYouMean(CommandLine.ParameterException ex) {
    if (!(ex instanceof CommandLine.UnmatchedArgumentException unmatched)
        || unmatched.getSuggestions().isEmpty()) {
      return "";
    }
    java.util.List<String> near = unmatched.getSuggestions();
    String typed = unmatched.getUnmatched().isEmpty() ? "" : unmatched.getUnmatched().get(0);
    int best = near.stream().mapToInt(n -> edits(typed, n)).min().orElseThrow();
    java.util.List<String> shown =
        near.stream().filter(n -> edits(typed, n) == best).limit(3).toList();
    return "; did you mean "
        + String.join(" or ", shown.stream().map(n -> "'" + n + "'").toList())
        + "?";
  }

  /**
   * The optimal string alignment distance between two words (Levenshtein with swaps of neighbouring
   * letters).
   */
  static int edits(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
          continue;
        }
        int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + change);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /**
   * The line for a run that ran out of memory despite the size estimate ({@link Footprint}): the
   * input that was too large (the first argument naming an existing file), the heap it had, and how
   * to raise it. Bad input, exit 2: the instance is too large for this heap, and no stack trace.
   */
  static String outOfMemory(String[] args) {
    String file = null;
    for (int i = 1; i < args.length && file == null; i++) {
      try {
        if (!args[i].startsWith("-")
            && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(args[i]))) {
          file = args[i];
        }
      } catch (RuntimeException e) {
        // not a path on this platform: not the file
      }
    }
    long heap = Footprint.available();
    return (file == null ? "commsched" : file)
        + ": the run needed more memory than the "
        + Footprint.size(heap)
        + " this Java heap holds (the instance or the method's working set is too large); "
        + Footprint.raise(2.0 * heap);
  }

  /**
   * The longest error line printed whole; longer ones keep their start and end (a bad value can be
   * megabytes).
   */
  static final int READABLE = 400;

  /** The message, cut in the middle when longer than {@link #READABLE} characters. */
  static String readable(String msg) {
    if (msg.length() <= READABLE) {
      return msg;
    }
    int tail = 80;
    String marker = " ... (" + msg.length() + " characters, cut) ... ";
    int head = READABLE - tail - marker.length();
    return msg.substring(0, head) + marker + msg.substring(msg.length() - tail);
  }

  /**
   * Reports an error: always one line on stderr, {@link TerminalText#escape escaped} (an id or
   * value quoted from a file cannot drive the terminal); with {@code --json} also one JSON object
   * on stdout, so a script reading stdout sees the failure: {@code error} (the line, not escaped:
   * JSON keeps the exact text), {@code exitCode}, {@code file} (when the line starts with a path
   * that exists or that the command line gave), {@code place} (the JSON pointer, line or row in
   * that file, or the option at fault) and {@code fix} (what to do); the last three are null when
   * the line names none. Returns the exit code.
   */
  private static int fail(
      boolean json,
      java.util.Set<String> args,
      PrintWriter out,
      PrintWriter err,
      String line,
      int code) {
    err.println(
        TerminalText.escape(
            line)); // quoted ids escaped for the terminal; the JSON keeps them exact
    err.flush();
    if (json) {
      ObjectNode n = Json.object();
      n.put("error", line);
      n.put("exitCode", code);
      String file = null;
      String place = null;
      int colon = line.indexOf(": ");
      String head = colon > 0 ? line.substring(0, colon) : "";
      boolean tool =
          head.equals("commsched")
              && !args.contains(head); // the tool's own prefix, not a file named so
      if (colon > 0
          && !tool
          && (args.contains(head) || java.nio.file.Files.exists(java.nio.file.Path.of(head)))) {
        file = head;
        String rest = line.substring(colon + 2);
        int end = rest.indexOf(": ");
        if (end > 0
            && (rest.startsWith("/") || rest.startsWith("line ") || rest.startsWith("row "))) {
          place = rest.substring(0, end);
        }
      } else {
        java.util.regex.Matcher option = OPTION.matcher(line);
        if (option.find()) {
          place = option.group(1);
        }
      }
      String fix = null;
      int semi = line.lastIndexOf("; ");
      if (semi > 0) {
        fix = line.substring(semi + 2);
      } else if (line.endsWith(")") && line.lastIndexOf(" (") > 0) {
        fix = line.substring(line.lastIndexOf(" (") + 2, line.length() - 1);
      }
      n.put("file", file);
      n.put("place", place);
      n.put("fix", fix);
      out.println(Json.print(n));
      out.flush();
    }
    return code;
  }

  /** The option an error line is about: the first {@code --name} or {@code '--name'} in it. */
  private static final java.util.regex.Pattern OPTION =
      java.util.regex.Pattern.compile("'?(--(?!help\\b)[a-z][a-z0-9-]*)");

  /** Parses an option value, or explains in one line what was expected. */
  private static <T> T number(
      String value, java.util.function.Function<String, T> parse, String what) {
    try {
      return parse.apply(value.trim());
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + readable(value) + "' is not " + what);
    }
  }

  private static String commandPath(CommandLine c) {
    StringBuilder sb = new StringBuilder();
    for (CommandLine x = c; x != null && x.getParent() != null; x = x.getParent()) {
      sb.insert(0, x.getCommandName() + " ");
    }
    return sb.toString();
  }

  /** Version from the jar manifest, or "dev". */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"commsched " + (v == null ? "dev" : v)};
    }
  }
}
