package org.commsched.instances.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes files so that a reader never sees a half-written one: the content goes to a temporary file in the
 * target's directory, is flushed to disk, and is then renamed over the target (atomically where the file
 * system allows it, else by a plain replace). If anything fails the temporary file is removed and the target is
 * left as it was.
 */
public final class AtomicFiles {
  private AtomicFiles() {
  }

  /**
   * Writes a UTF-8 text file atomically.
   *
   * @throws InstanceFormatException if the file cannot be written (the message names the file and the fix)
   */
  public static void writeString(Path target, String content) {
    writeBytes(target, content.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes bytes atomically; see {@link #writeString(Path, String)}. */
  static void writeBytes(Path target, byte[] content) {
    String file = target.toString();
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new InstanceFormatException(file, "", "cannot write: the directory " + dir
          + " does not exist; create it or choose another output path");
    }
    if (Files.isDirectory(abs)) {
      throw new InstanceFormatException(file, "", "cannot write: it is a directory; give a file name");
    }
    Path tmp = null;
    try {
      tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buf = ByteBuffer.wrap(content);
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } catch (AccessDeniedException e) {
      throw new InstanceFormatException(file, "", "cannot write: permission denied; choose a writable location", e);
    } catch (NoSuchFileException e) {
      throw new InstanceFormatException(file, "", "cannot write: " + e.getFile()
          + " does not exist; create the directory or choose another output path", e);
    } catch (IOException e) {
      throw new InstanceFormatException(file, "", "cannot write: " + describe(e)
          + "; check the path and the free space", e);
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

  static String describe(IOException e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : " " + m);
  }
}
