package org.commsched.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.commsched.core.solve.Interrupt;
import org.commsched.instances.io.AtomicFiles;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM, in two phases. Before any work worth keeping starts (reading the
 * files, building the network, choosing the method, checking, computing bounds, drawing) the first
 * signal ends the process at once with {@link #EXIT} and one line: a reader or constructor that is
 * building a huge structure polls nothing, so a flag alone would leave the signal unanswered for
 * minutes. Once such work runs ({@link #cooperative()}: called by {@code solve} just before the
 * method starts, by {@code ratios} from its start, by {@code generate} while it writes a file) the
 * first signal asks it to stop ({@link Interrupt}), so the command still writes the best schedule
 * found and prints the result, keeps the finished rows, or removes an unfinished file, then exits
 * with {@link #EXIT}; a second one ends the process at once with the same code. Without this the
 * JVM would exit in the middle of a native solver (CP-SAT aborted with {@code
 * std::bad_function_call}) and lose the work.
 *
 * @implNote The JVM's signal API ({@code sun.misc.Signal}, module jdk.unsupported) is the only way
 *     to keep running after SIGINT; where it is missing the default behaviour (exit) stays. The
 *     handler runs on a thread of its own, so it is answered whatever the main thread is doing.
 */
final class Signals {
  /** The shell's code for "ended by SIGINT". */
  static final int EXIT = 130;

  private Signals() {}

  private static final AtomicBoolean INSTALLED = new AtomicBoolean();

  /**
   * True once work runs that a signal should stop cooperatively (a search, a sweep, a file being
   * written).
   */
  private static final AtomicBoolean COOPERATIVE = new AtomicBoolean();

  /**
   * Installs the handlers for the rest of the process (once: a later call only sets the line it
   * says).
   */
  static void install(PrintWriter err) {
    install(
        err,
        "commsched: interrupted: stopping the search to write the best schedule found (again to quit at "
            + "once)");
  }

  /**
   * The line said at the first signal once work runs cooperatively (the last one a command gave).
   */
  private static final AtomicReference<String> LINE = new AtomicReference<>();

  /**
   * As {@link #install(PrintWriter)}, saying {@code line} on stderr at the first signal. The
   * handlers are installed once; a later call only replaces the line (so {@code main} can answer a
   * signal from the start and the command says what it keeps once it knows its files).
   */
  static void install(PrintWriter err, String line) {
    LINE.set(line);
    if (!INSTALLED.compareAndSet(false, true)) {
      return;
    }
    AtomicInteger count = new AtomicInteger();
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        Signal.handle(
            new Signal(name),
            s -> {
              int n = count.incrementAndGet();
              if (n > 1) {
                halt();
              }
              if (!COOPERATIVE.get()) {
                err.println(
                    "commsched: interrupted (SIG"
                        + s.getName()
                        + ") before any result; nothing written");
                err.flush();
                halt();
              }
              err.println(LINE.get());
              err.flush();
              Interrupt.request();
            });
      } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
        // this platform or JVM does not let us handle the signal: it keeps its default
      }
    }
  }

  /**
   * Ends the process at once with {@link #EXIT}, first removing every output file still being
   * written ({@link AtomicFiles#removeUnfinished}): a halt runs no shutdown hook, so their hooks
   * would not.
   */
  private static void halt() {
    try {
      AtomicFiles.removeUnfinished();
    } finally {
      Runtime.getRuntime().halt(EXIT);
    }
  }

  /**
   * Marks the start of work a signal should stop cooperatively: from now on the first signal asks
   * it to stop ({@link Interrupt}) and the command writes what it found or cleans up (before, the
   * first signal ends the process at once).
   */
  static void cooperative() {
    COOPERATIVE.set(true);
  }

  /**
   * Ends such work: from now on the first signal ends the process at once again (for {@code
   * generate} between two files, whose drawing and building poll nothing; the files written are
   * complete).
   */
  static void immediate() {
    COOPERATIVE.set(false);
  }
}
