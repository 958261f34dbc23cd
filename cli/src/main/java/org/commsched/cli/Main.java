package org.commsched.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code commsched} command: solve, check, bounds, methods, generate.
 *
 * <p>Exit codes (FORMATS.md): 0 success; 1 invalid schedule (check); 2 bad input; 3 no schedule found (solve);
 * 70 internal error (a bug: reported in one line, never as a stack trace).
 */
@Command(name = "commsched", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Communication schedules in processor networks: exact, heuristic, checked.",
    subcommands = {SolveCommand.class, CheckCommand.class, BoundsCommand.class, MethodsCommand.class,
        GenerateCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  /** Bad input. */
  public static final int BAD_INPUT = 2;
  /** A bug of ours. */
  public static final int INTERNAL = 70;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command: use one of solve, check, bounds, methods, generate (see commsched --help)");
  }

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams and returns the exit code (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setParameterExceptionHandler((ex, a) -> {
      String msg = ex.getMessage() == null ? "bad arguments" : ex.getMessage().replace('\n', ' ').trim();
      err.println("commsched: " + msg + " (see: commsched " + commandPath(ex.getCommandLine()) + "--help)");
      err.flush();
      return BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      if (ex instanceof BadInputException bad) {
        err.println(bad.getMessage());
        err.flush();
        return BAD_INPUT;
      }
      String where = ex.getStackTrace().length > 0 ? " at " + ex.getStackTrace()[0] : "";
      err.println("commsched: internal error: " + ex + where + " (please report it with the input file)");
      err.flush();
      return INTERNAL;
    });
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      err.println("commsched: out of memory; give the JVM more with JAVA_OPTS=-Xmx8g or use a smaller instance");
      err.flush();
      return INTERNAL;
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
