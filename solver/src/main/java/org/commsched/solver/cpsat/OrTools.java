package org.commsched.solver.cpsat;

import com.google.ortools.Loader;

/**
 * The one place that loads OR-Tools' native library: every user of CP-SAT (the back end {@link CpSatTaskModel}, the
 * repair model of {@code lns}) calls {@link #load()} before it builds a model.
 *
 * @implNote The library is loaded once per JVM, when the holder class is initialised (the JVM serialises that, so
 *     concurrent first calls are safe); later calls do nothing.
 */
public final class OrTools {
  private OrTools() {
  }

  /** Loads the native library unless it is loaded already. */
  public static void load() {
    Holder.touch();
  }

  private static final class Holder {
    static {
      Loader.loadNativeLibraries();
    }

    static void touch() {
      // class initialisation did the work
    }
  }
}
