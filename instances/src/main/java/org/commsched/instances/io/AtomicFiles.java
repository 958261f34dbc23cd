package org.commsched.instances.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader never sees a half-written one: the content goes to a temporary file
 * in the target's directory, is flushed to disk, and is then renamed over the target (atomically
 * where the file system allows it, else by a plain replace). If anything fails the temporary file
 * is removed and the target is left as it was. The temporary file ({@code .NAME.PID.N.tmp}) is
 * created as any new file, so the result has the mode the umask gives. While it is written a
 * shutdown hook stands by to remove it, so a run ended by SIGTERM or Ctrl-C leaves nothing; one
 * that a killed run ({@code kill -9}) left behind (its pid no longer running) is removed by the
 * next write of the same target. A process that ends through {@link Runtime#halt} (which runs no
 * hook) calls {@link #removeUnfinished()} first.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Writes a UTF-8 text file atomically.
   *
   * @throws InstanceFormatException if the file cannot be written (the message names the file and
   *     the fix)
   */
  public static void writeString(Path target, String content) {
    writeBytes(target, content.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes bytes atomically; see {@link #writeString(Path, String)}. */
  static void writeBytes(Path target, byte[] content) {
    write(
        target,
        ch -> {
          ByteBuffer buf = ByteBuffer.wrap(content);
          while (buf.hasRemaining()) {
            ch.write(buf);
          }
        });
  }

  /** Text produced piece by piece into a writer (which the caller does not close). */
  @FunctionalInterface
  public interface Text {
    void writeTo(Writer out) throws IOException;
  }

  /**
   * Writes a UTF-8 text file atomically as it is produced, without holding the whole text in
   * memory; see {@link #writeString(Path, String)}.
   */
  public static void writeText(Path target, Text text) {
    write(
        target,
        ch -> {
          Writer w =
              new BufferedWriter(
                  new OutputStreamWriter(Channels.newOutputStream(ch), StandardCharsets.UTF_8),
                  1 << 16);
          text.writeTo(w);
          w.flush(); // not closed: closing would close the channel before it is forced to disk
        });
  }

  /** The content of a file, written into an open channel. */
  @FunctionalInterface
  private interface Content {
    void writeTo(FileChannel ch) throws IOException;
  }

  private static void write(Path target, Content content) {
    String file = target.toString();
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new InstanceFormatException(
          file,
          "",
          "cannot write: the directory "
              + dir
              + " does not exist; create it or choose another output path");
    }
    if (Files.isDirectory(abs)) {
      throw new InstanceFormatException(
          file, "", "cannot write: it is a directory; give a file name");
    }
    Path tmp = null;
    try {
      removeStale(dir, abs.getFileName().toString());
      // created like any new file, so its mode follows the umask (a temp file's would be 0600)
      tmp =
          dir.resolve(
              prefix(abs.getFileName().toString())
                  + ProcessHandle.current().pid()
                  + "."
                  + Long.toUnsignedString(System.nanoTime(), 36)
                  + ".tmp");
      Cleanup cleanup = new Cleanup(tmp);
      try {
        FileChannel opened;
        synchronized (cleanup.lock) { // not after removeUnfinished: the file would outlive the halt
          if (cleanup.deleted) {
            throw new IOException("the process is ending: " + file + " was not written");
          }
          opened = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
        }
        try (FileChannel ch = opened) {
          content.writeTo(ch);
          ch.force(true);
        }
        synchronized (
            cleanup
                .lock) { // not while the hook deletes: the target is then either whole or untouched
          if (cleanup.deleted) {
            throw new IOException("the process is ending: " + file + " was not written");
          }
          try {
            Files.move(
                tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
          } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
          }
          tmp = null;
        }
      } finally {
        if (tmp != null) {
          cleanup.deleteNow(); // delete while still listed: a halt (second Ctrl-C) between the two
          // steps still finds it
        }
        cleanup.remove();
      }
    } catch (AccessDeniedException e) {
      throw new InstanceFormatException(
          file, "", "cannot write: permission denied; choose a writable location", e);
    } catch (NoSuchFileException e) {
      throw new InstanceFormatException(
          file,
          "",
          "cannot write: "
              + e.getFile()
              + " does not exist; create the directory or choose another output path",
          e);
    } catch (IOException e) {
      throw new InstanceFormatException(
          file, "", "cannot write: " + describe(e) + "; check the path and the free space", e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // best effort: the target is untouched either way
        }
      }
    }
  }

  /** The temporary files being written now, each with its cleanup. */
  private static final java.util.Set<Cleanup> LIVE =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Removes every temporary file being written and keeps its writer from renaming or creating it:
   * for a process about to end through {@link Runtime#halt}, which runs no shutdown hook (a second
   * Ctrl-C, or the first one before any work worth keeping). Each file is then gone or already
   * renamed whole over its target, and a writer that has not created its file yet never will.
   */
  public static void removeUnfinished() {
    for (Cleanup c : LIVE) {
      c.deleteNow();
    }
  }

  /**
   * Removes the temporary file if the JVM ends while it is being written (SIGTERM, Ctrl-C without a
   * handler, {@code System.exit} from another thread), so that no {@code .NAME.PID.N.tmp} is left
   * beside the target. A {@code kill -9} runs no hook: {@link #removeStale} clears that file at the
   * next write of the same target.
   */
  private static final class Cleanup extends Thread {
    private final Path tmp;
    private boolean registered;

    /** Held by the hook while it deletes and by the writer while it renames. */
    final Object lock = new Object();

    /** Set by the hook (under the lock): the file is gone, the writer must not rename. */
    boolean deleted;

    Cleanup(Path tmp) {
      super("remove " + tmp.getFileName());
      this.tmp = tmp;
      LIVE.add(this);
      try {
        Runtime.getRuntime().addShutdownHook(this);
        registered = true;
      } catch (IllegalStateException e) {
        // already shutting down: the write fails by itself and its finally removes the file
      }
    }

    /**
     * What the hook does at exit, also called directly by the writer and by {@link
     * #removeUnfinished}.
     */
    @Override
    public void run() {
      deleteNow();
    }

    /** Deletes the temporary file and marks it deleted, so that its writer will not rename it. */
    void deleteNow() {
      synchronized (lock) {
        deleted = true;
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException | RuntimeException ignored) {
          // best effort at exit
        }
      }
    }

    void remove() {
      LIVE.remove(this);
      if (registered) {
        try {
          Runtime.getRuntime().removeShutdownHook(this);
        } catch (IllegalStateException e) {
          // shutting down: the hook runs (or ran) and deletes only a file that is still temporary
        }
      }
    }
  }

  /**
   * The start of the name of every temporary file for a target of this name: {@code .NAME.}, then
   * the pid.
   */
  private static String prefix(String name) {
    return "." + name + ".";
  }

  /**
   * Removes the temporary files a killed run left for this target: those whose writer (the pid in
   * the name) is no longer running. Files of a live writer, and names that do not parse, are left
   * alone.
   */
  private static void removeStale(Path dir, String name) {
    String prefix = prefix(name);
    DirectoryStream.Filter<Path> ours =
        p -> {
          String n = p.getFileName().toString();
          return n.startsWith(prefix) && n.endsWith(".tmp");
        };
    try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, ours)) {
      for (Path p : found) {
        String rest = p.getFileName().toString().substring(prefix.length());
        int dot = rest.indexOf('.');
        if (dot <= 0) {
          continue;
        }
        try {
          long pid = Long.parseLong(rest.substring(0, dot));
          if (ProcessHandle.of(pid).isEmpty()) {
            Files.deleteIfExists(p);
          }
        } catch (NumberFormatException | IOException e) {
          // not ours, or gone already: leave it
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort: a stale file is clutter, not an error
    }
  }

  static String describe(IOException e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : " " + m);
  }
}
