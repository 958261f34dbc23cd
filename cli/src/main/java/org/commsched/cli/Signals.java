package org.commsched.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicInteger;
import org.commsched.core.solve.Interrupt;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM during a solve: the first asks the running method to stop ({@link Interrupt}), so the
 * command still writes the best schedule found and prints the result, then exits with {@link #EXIT}; a second one
 * ends the process at once with the same code. {@code generate} and {@code ratios} use the same request to stop
 * writing (a generated file's temporary file is removed) or to keep the finished rows. Without this the JVM would exit in the middle of a native solver
 * (CP-SAT aborted with {@code std::bad_function_call}) and lose the work.
 *
 * @implNote The JVM's signal API ({@code sun.misc.Signal}, module jdk.unsupported) is the only way to keep running
 *     after SIGINT; where it is missing the default behaviour (exit) stays.
 */
final class Signals {
  /** The shell's code for "ended by SIGINT". */
  static final int EXIT = 130;

  private Signals() {
  }

  private static final java.util.concurrent.atomic.AtomicBoolean INSTALLED =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** Installs the handlers for the rest of the process (once: a later call does nothing). */
  static void install(PrintWriter err) {
    install(err, "commsched: interrupted: stopping the search to write the best schedule found (again to quit at "
        + "once)");
  }

  /** As {@link #install(PrintWriter)}, saying {@code line} on stderr at the first signal. */
  static void install(PrintWriter err, String line) {
    if (!INSTALLED.compareAndSet(false, true)) {
      return;
    }
    AtomicInteger count = new AtomicInteger();
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        Signal.handle(new Signal(name), s -> {
          if (count.incrementAndGet() > 1) {
            Runtime.getRuntime().halt(EXIT);
          }
          err.println(line);
          err.flush();
          Interrupt.request();
        });
      } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
        // this platform or JVM does not let us handle the signal: it keeps its default
      }
    }
  }
}
