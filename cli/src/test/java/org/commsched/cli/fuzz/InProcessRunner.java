package org.commsched.cli.fuzz;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.commsched.cli.Main;
import org.commsched.core.solve.Interrupt;

/**
 * Runs a fuzz case inside this JVM through {@code Main.run} (the CI mode of
 * docs/TESTS.md#file-fuzzing), on a thread of its own watched against a deadline (the case's limit
 * plus the margin) and a heap bound, so that a case that declares a huge structure cannot take the
 * test JVM down: past either, the run is asked to stop (the process-wide {@link Interrupt}, as
 * Ctrl-C would), interrupted, and as a last resort stopped ({@link Thread#stop()}, which Java 17
 * still honours); the outcome then says {@code stopped}. An oversized {@code generate} case is
 * interrupted at its limit as a user's Ctrl-C would ({@link FuzzCase#interruptAtLimit()}).
 *
 * <p>The heap bound is on the live heap above the level before the case: when the used heap passes
 * it, a full collection decides (garbage does not count). Not thread-safe: one case at a time per
 * JVM ({@link Interrupt} is process-wide).
 */
public final class InProcessRunner {
  private final double marginSeconds;
  private final long heapBoundBytes;
  private volatile boolean poisoned;

  /** A runner with the margin past each case's limit and the live-heap bound. */
  public InProcessRunner(double marginSeconds, long heapBoundBytes) {
    this.marginSeconds = marginSeconds;
    this.heapBoundBytes = heapBoundBytes;
  }

  /** True once a run could not be stopped at all: later runs would share the JVM with it. */
  public boolean poisoned() {
    return poisoned;
  }

  /** Runs {@code c} in {@code dir} (its files already written). */
  @SuppressWarnings({"deprecation", "removal"})
  public FuzzOracle.Outcome run(FuzzCase c, Path dir) throws InterruptedException {
    Interrupt.reset();
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    long before = mem.getHeapMemoryUsage().getUsed();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    AtomicReference<Integer> code = new AtomicReference<>();
    AtomicReference<String> crash = new AtomicReference<>();
    String[] args = c.resolve(dir).toArray(String[]::new);
    Thread t =
        new Thread(
            () -> {
              try {
                code.set(Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true)));
              } catch (ThreadDeath stop) {
                throw stop;
              } catch (Throwable e) { // whatever escapes Main.run is a crash of the command line
                crash.set(e + (e.getStackTrace().length > 0 ? " at " + e.getStackTrace()[0] : ""));
              }
            },
            "fuzz-case-" + c.seed());
    t.setDaemon(true);
    long start = System.nanoTime();
    long limitNanos = (long) (c.limitSeconds() * 1e9);
    long deadline = start + limitNanos + (long) (marginSeconds * 1e9);
    boolean interruptAtLimit = c.interruptAtLimit();
    boolean stopped = false;
    boolean overMemory = false;
    long peak = 0;
    t.start();
    while (t.isAlive()) {
      t.join(20);
      long now = System.nanoTime();
      long used = mem.getHeapMemoryUsage().getUsed() - before;
      if (used > heapBoundBytes && t.isAlive()) {
        System.gc(); // garbage does not count: only what is live after a full collection
        used = mem.getHeapMemoryUsage().getUsed() - before;
        if (used > heapBoundBytes) {
          overMemory = true;
        }
      }
      peak =
          Math.max(peak, Math.min(used, Math.max(0, mem.getHeapMemoryUsage().getUsed() - before)));
      if (interruptAtLimit && now - start >= limitNanos && !Interrupt.requested()) {
        Interrupt.request(); // the user's Ctrl-C at the limit
      }
      if (t.isAlive() && (overMemory || now - deadline >= 0)) {
        stopped = true;
        Interrupt.request();
        t.interrupt();
        t.join(2000);
        if (t.isAlive()) {
          t.stop();
          t.join(5000);
        }
        if (t.isAlive()) {
          poisoned = true;
        }
        break;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    Interrupt.reset();
    return new FuzzOracle.Outcome(
        stopped ? null : code.get(),
        out.toString(),
        err.toString(),
        seconds,
        peak / 1024,
        crash.get(),
        stopped,
        overMemory);
  }
}
