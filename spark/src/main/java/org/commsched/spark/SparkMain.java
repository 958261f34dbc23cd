package org.commsched.spark;

import java.io.PrintWriter;
import org.apache.spark.SparkConf;
import org.commsched.cli.Main;

/**
 * {@code commsched-spark ratios|oracle|crosscheck ...}: the sweep commands of {@code commsched},
 * same options, rows and files, with their tasks run on Spark ({@link SparkEngine}). Under {@code
 * spark-submit} the master and the rest of the configuration come from it; run with plain {@code
 * java} it embeds Spark in local mode.
 */
public final class SparkMain {
  /** The commands whose tasks run on Spark: the sweeps. */
  static final java.util.Set<String> COMMANDS = java.util.Set.of("ratios", "oracle", "crosscheck");

  private SparkMain() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    System.exit(run(args, out, err, new SparkConf()));
  }

  /** Runs the command line on Spark with the given configuration and returns the exit code. */
  static int run(String[] args, PrintWriter out, PrintWriter err, SparkConf conf) {
    if (args.length == 0 || !COMMANDS.contains(args[0])) {
      err.println(
          "commsched-spark: "
              + (args.length == 0 ? "no command" : "'" + args[0] + "' does not run on " + "Spark")
              + "; give ratios, oracle or crosscheck and its options (commsched ratios --help), "
              + "or run other commands with commsched");
      err.flush();
      return Main.BAD_INPUT;
    }
    try (SparkEngine engine = new SparkEngine(conf)) {
      return Main.run(args, out, err, engine);
    }
  }
}
