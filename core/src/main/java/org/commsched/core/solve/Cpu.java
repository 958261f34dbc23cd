package org.commsched.core.solve;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time for the phases a solve reports (reading, bounds, method, check, writing): the calling
 * thread's, and the whole process's (the collector's and the compiler's threads included). Zero
 * where the JVM does not measure it.
 */
public final class Cpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private Cpu() {}

  /** The calling thread's CPU time in nanoseconds (user + system), 0 if not measured. */
  public static long thread() {
    try {
      return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    } catch (UnsupportedOperationException e) {
      return 0;
    }
  }

  /** The process's CPU time in nanoseconds, 0 if not measured. */
  public static long process() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return Math.max(0, os.getProcessCpuTime());
    }
    return 0;
  }
}
