package org.commsched.solver.cpsat;

import com.google.ortools.Loader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The one place that loads OR-Tools' native library: every user of CP-SAT (the back end {@link
 * CpSatTaskModel}, the repair model of {@code lns}) calls {@link #load()} before it builds a model.
 *
 * <p><b>Unpacked once per version.</b> OR-Tools' own {@link Loader#loadNativeLibraries()} copies
 * the native jar's libraries (about 70 MB on linux-x86-64) into a new temporary directory on every
 * run of a JVM. Here they are unpacked once per OR-Tools version and platform into a cache
 * directory, {@code <cache>/ortools-<version>/ortools-<platform>/}, and later JVMs load them from
 * there. The cache is the system property {@code commsched.natives}, else {@code
 * $XDG_CACHE_HOME/commsched}, else {@code ~/.cache/commsched}. A version directory is written
 * beside its final place and renamed into it with a completion marker inside, so a directory that
 * exists is complete, and two JVMs unpacking at once both end up loading one complete copy. Where
 * that fails (no writable cache, a platform whose loader needs more than the one library, Windows)
 * OR-Tools' own loader runs, as before.
 *
 * @implNote The library is loaded once per JVM, when the holder class is initialised (the JVM
 *     serialises that, so concurrent first calls are safe); later calls do nothing.
 */
public final class OrTools {
  /** The system property naming the cache directory of unpacked native libraries. */
  public static final String CACHE_PROPERTY = "commsched.natives";

  /** The file whose presence marks a complete unpacked directory. */
  static final String COMPLETE = ".complete";

  private OrTools() {}

  /** Loads the native library unless it is loaded already. */
  public static void load() {
    Holder.touch();
  }

  /**
   * Where the native libraries were loaded from: the cache directory, or null when OR-Tools' loader
   * ran.
   */
  static Path loadedFrom() {
    return Holder.FROM;
  }

  private static final class Holder {
    static final Path FROM = loadCached();

    static void touch() {
      // class initialisation did the work
    }
  }

  /**
   * Loads from the cache (unpacking into it first if needed) and returns the directory, or falls
   * back (null).
   */
  private static Path loadCached() {
    Path dir = null;
    try {
      dir = unpacked(cacheRoot());
    } catch (IOException | UncheckedIOException | SecurityException | URISyntaxException e) {
      dir = null; // no cache: OR-Tools' own loader below
    }
    if (dir != null) {
      try {
        System.load(dir.resolve(System.mapLibraryName("jniortools")).toAbsolutePath().toString());
        return dir;
      } catch (UnsatisfiedLinkError e) {
        // a damaged cache: OR-Tools' own loader below
      }
    }
    Loader.loadNativeLibraries();
    return null;
  }

  /**
   * The directory under {@code root} holding this version's libraries, unpacked now if absent; null
   * where the cache does not apply (Windows, where the loader also loads dependencies one by one;
   * no native jar on the class path).
   */
  static Path unpacked(Path root) throws IOException, URISyntaxException {
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
      return null;
    }
    String platform = "ortools-" + com.sun.jna.Platform.RESOURCE_PREFIX;
    ClassLoader cl = Loader.class.getClassLoader();
    URL resource = cl.getResource(platform + "/");
    String version = version(cl, platform);
    if (resource == null || version == null) {
      return null;
    }
    Path target = root.resolve("ortools-" + version).resolve(platform);
    if (Files.isRegularFile(target.resolve(COMPLETE))) {
      return target;
    }
    Files.createDirectories(target.getParent());
    Path temp = Files.createTempDirectory(target.getParent(), "." + platform + "-");
    try {
      copyTree(resource.toURI(), temp);
      Files.createFile(temp.resolve(COMPLETE));
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
        // another JVM finished first: its copy is complete, ours goes
      } catch (AtomicMoveNotSupportedException e) {
        return null;
      }
    } finally {
      deleteTree(temp);
    }
    return Files.isRegularFile(target.resolve(COMPLETE)) ? target : null;
  }

  /** The version of the native jar (its Maven properties), or null. */
  private static String version(ClassLoader cl, String platform) throws IOException {
    try (InputStream in =
        cl.getResourceAsStream(
            "META-INF/maven/com.google.ortools/" + platform + "/pom.properties")) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("version");
      return v == null || !v.matches("[0-9A-Za-z._-]+") ? null : v;
    }
  }

  /**
   * The cache directory: {@link #CACHE_PROPERTY}, {@code $XDG_CACHE_HOME/commsched} or {@code
   * ~/.cache/commsched}.
   */
  static Path cacheRoot() {
    String set = System.getProperty(CACHE_PROPERTY);
    if (set != null && !set.isBlank()) {
      return Path.of(set);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "commsched");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "commsched");
  }

  /** Copies the resource directory (in a jar or on disk) into {@code to}. */
  private static void copyTree(URI from, Path to) throws IOException {
    if ("jar".equals(from.getScheme())) {
      FileSystem fs;
      boolean opened = false;
      try {
        fs = FileSystems.newFileSystem(from, Map.of());
        opened = true;
      } catch (FileSystemAlreadyExistsException e) {
        fs = FileSystems.getFileSystem(from);
      }
      try {
        copyDir(fs.provider().getPath(from), to);
      } finally {
        if (opened) {
          fs.close();
        }
      }
    } else {
      copyDir(Path.of(from), to);
    }
  }

  private static void copyDir(Path source, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(source)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path rel = source.relativize(p);
        Path dest = to.resolve(rel.toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
