package org.commsched.core.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.solve.SolveRun;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: a solve run is an object ({@link SolveRun}), so {@code core.solve} and {@code
 * core.bounds} hold no process-wide mutable state. Every class of the two packages (nested ones
 * included) is read by reflection: a static field must be final, and a static final field must not
 * hold a mutable value (an array, a collection or map that can be changed, an atomic, a reference,
 * a future, a thread-local, a string builder). Unmodifiable collections ({@code List.of}, {@code
 * Collections.unmodifiable*}) pass. The one allowed exception is {@link
 * org.commsched.core.solve.Interrupt}: a signal is process-wide and its handler knows no run, so
 * the request and the registry of live runs it stops are process-wide (docs/DESIGN.md, "One solve
 * run").
 */
class NoProcessWideStateTest {
  /**
   * Fields allowed to be process-wide, as "Class.field", each justified in the class comment above.
   */
  private static final Set<String> ALLOWED = Set.of("Interrupt.requested", "Interrupt.LIVE");

  @Test
  void solveAndBoundsHoldNoStaticMutableState() throws Exception {
    List<String> found = new ArrayList<>();
    int classes = 0;
    for (Class<?> c : classesOf(SolveRun.class, LowerBounds.class)) {
      classes++;
      for (Field f : c.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())
            || f.isSynthetic()
            || c.isEnum() && f.isEnumConstant()) {
          continue;
        }
        String name = c.getSimpleName() + "." + f.getName();
        if (ALLOWED.contains(name)) {
          continue;
        }
        if (!Modifier.isFinal(f.getModifiers())) {
          found.add(name + " is static and not final");
          continue;
        }
        String why = mutable(f);
        if (why != null) {
          found.add(name + " " + why);
        }
      }
    }
    assertThat(classes).as("classes read").isGreaterThan(20);
    assertThat(found).as("process-wide mutable state in core.solve or core.bounds").isEmpty();
  }

  @Test
  void theCheckFindsAStaticMutableField() throws Exception {
    // the rule itself: each kind of field it must reject, and the ones it must let pass
    assertThat(mutable(Samples.class.getDeclaredField("ARRAY"))).isNotNull();
    assertThat(mutable(Samples.class.getDeclaredField("MAP"))).isNotNull();
    assertThat(mutable(Samples.class.getDeclaredField("COUNTER"))).isNotNull();
    assertThat(mutable(Samples.class.getDeclaredField("FIXED"))).isNull();
    assertThat(mutable(Samples.class.getDeclaredField("NAME"))).isNull();
    assertThat(Modifier.isFinal(Samples.class.getDeclaredField("counter").getModifiers()))
        .isFalse();
  }

  /** Fields of every kind, for the rule's own test. */
  @SuppressWarnings("unused")
  private static final class Samples {
    static final int[] ARRAY = new int[1];
    static final Map<String, String> MAP = new java.util.HashMap<>();
    static final java.util.concurrent.atomic.AtomicLong COUNTER =
        new java.util.concurrent.atomic.AtomicLong();
    static final List<String> FIXED = List.of("a");
    static final String NAME = "a";
    static long counter;
  }

  /** Null if the static final field's value cannot change, else why it can. */
  private static String mutable(Field f) throws IllegalAccessException {
    Class<?> t = f.getType();
    if (t.isArray()) {
      return "is an array";
    }
    if (t.isPrimitive()
        || t == String.class
        || t.isEnum()
        || t.isRecord() && t.getPackageName().startsWith("org")) {
      return null;
    }
    f.setAccessible(true);
    Object v = f.get(null);
    if (v == null) {
      return null;
    }
    String cls = v.getClass().getName();
    if (v instanceof Collection<?> || v instanceof Map<?, ?>) {
      boolean fixed =
          cls.startsWith("java.util.ImmutableCollections")
              || cls.startsWith("java.util.Collections$Unmodifiable")
              || cls.startsWith("java.util.Collections$Empty")
              || cls.startsWith("java.util.Collections$Singleton");
      return fixed ? null : "holds a modifiable " + cls;
    }
    if (cls.startsWith("java.util.concurrent.atomic.")
        || v instanceof java.lang.ref.Reference<?>
        || v instanceof java.util.concurrent.Future<?>
        || v instanceof ThreadLocal<?>
        || v instanceof StringBuilder) {
      return "holds a mutable " + cls;
    }
    return null;
  }

  /**
   * Every class (nested ones too) of the packages of the given classes, loaded without initialising
   * them.
   */
  private static List<Class<?>> classesOf(Class<?>... anchors)
      throws IOException, URISyntaxException, ClassNotFoundException {
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> a : anchors) {
      Path root = Path.of(a.getProtectionDomain().getCodeSource().getLocation().toURI());
      String pkg = a.getPackageName();
      Path dir = root.resolve(pkg.replace('.', '/'));
      List<Path> files;
      try (Stream<Path> s = Files.list(dir)) {
        files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
      }
      for (Path p : files) {
        String simple = p.getFileName().toString().replace(".class", "");
        if (simple.equals("package-info")) {
          continue;
        }
        out.add(Class.forName(pkg + "." + simple, false, a.getClassLoader()));
      }
    }
    return out;
  }
}
