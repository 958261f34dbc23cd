package org.commsched.instances.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads input files as UTF-8 text, turning every I/O failure into a one-line {@link
 * InstanceFormatException}.
 */
final class Inputs {
  private Inputs() {}

  /**
   * The whole file as text.
   *
   * @param what what the file should be, for messages (e.g. "an instance file")
   * @throws InstanceFormatException if the file is missing, a directory, unreadable, not UTF-8, or
   *     empty
   */
  static String readText(Path file, String what) {
    return decode(readBytes(file, what), file.toString(), what);
  }

  /**
   * The whole file as bytes, not yet decoded.
   *
   * <p>At most {@link #maxBytes()} are read: a regular file is measured first, anything else (a
   * device such as {@code /dev/zero}, a pipe, a process substitution) is read in chunks and refused
   * as soon as it passes the limit or shows a NUL byte, which no text format we read contains. So
   * no file, however named, makes a run read without end or fill the heap before it is refused.
   *
   * @throws InstanceFormatException if the file is missing, a directory, unreadable, larger than
   *     the limit, or holds a NUL byte (the messages of {@link #readText})
   */
  static byte[] readBytes(Path file, String what) {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new InstanceFormatException(
          name, "", "is a directory, not " + what + "; give the path of a file");
    }
    long max = maxBytes();
    try {
      if (Files.isRegularFile(file)) {
        long size = Files.size(file);
        if (size > max) {
          throw tooLarge(name, size, max, "");
        }
        return Files.readAllBytes(file);
      }
      try (java.io.InputStream in = Files.newInputStream(file)) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 16];
        long total = 0;
        for (int k; (k = in.read(chunk)) >= 0; ) {
          for (int i = 0; i < k; i++) {
            if (chunk[i] == 0) {
              throw new InstanceFormatException(
                  name,
                  "",
                  "holds a NUL byte at byte "
                      + (total + i)
                      + ", so it is not "
                      + what
                      + " (not a text file); give the path of a text file");
            }
          }
          total += k;
          if (total > max) {
            throw tooLarge(name, total, max, " or more");
          }
          out.write(chunk, 0, k);
        }
        return out.toByteArray();
      }
    } catch (NoSuchFileException e) {
      throw new InstanceFormatException(name, "", "no such file; check the path", e);
    } catch (AccessDeniedException e) {
      throw new InstanceFormatException(
          name, "", "cannot read the file (permission denied); check its permissions", e);
    } catch (IOException e) {
      throw new InstanceFormatException(
          name, "", "cannot read the file (" + AtomicFiles.describe(e) + "); check the path", e);
    } catch (OutOfMemoryError e) {
      throw new InstanceFormatException(
          name,
          "",
          "the file is too large to read into memory; "
              + "split it or raise the Java heap (JAVA_OPTS=-Xmx...)");
    }
  }

  /**
   * The largest input file read: a quarter of the Java heap, since the parsed instance and the
   * method's work need the rest (a million-message file of 40 MB peaks at about 0.6 GB).
   */
  static long maxBytes() {
    return Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 4);
  }

  private static InstanceFormatException tooLarge(String name, long size, long max, String more) {
    return new InstanceFormatException(
        name,
        "",
        "the file is too large for this run: "
            + megabytes(size)
            + more
            + ", at most "
            + megabytes(max)
            + " with this Java heap (a quarter of it); "
            + "raise the heap with JAVA_OPTS=-Xmx... (e.g. -Xmx"
            + Math.max(2, (4 * size >> 30) + 2)
            + "g) or split the "
            + "file");
  }

  private static String megabytes(long bytes) {
    return String.format(java.util.Locale.ROOT, "%,d MB", (bytes + (1 << 20) - 1) >> 20);
  }

  /**
   * The bytes of a file as text: strict UTF-8, without a byte-order mark.
   *
   * @throws InstanceFormatException if the bytes are not UTF-8 or the text is blank
   */
  static String decode(byte[] bytes, String name, String what) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw new InstanceFormatException(name, "", "is not UTF-8 text; save it as UTF-8", e);
    }
    if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
      text = text.substring(1); // byte-order mark
    }
    if (text.isBlank()) {
      throw new InstanceFormatException(name, "", "the file is empty; it should hold " + what);
    }
    return text;
  }

  /**
   * True if the bytes are strict UTF-8 (what {@link #decode} accepts), checked in chunks so that no
   * copy of a large file is made.
   */
  static boolean isUtf8(byte[] bytes) {
    boolean ascii =
        true; // the usual file: ASCII is UTF-8, and a scan for a high bit costs no decoding
    for (int i = 0; i < bytes.length && ascii; i++) {
      ascii = bytes[i] >= 0;
    }
    if (ascii) {
      return true;
    }
    java.nio.charset.CharsetDecoder dec =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate(1 << 16);
    while (true) {
      java.nio.charset.CoderResult r = dec.decode(in, out, true);
      if (r.isError()) {
        return false;
      }
      if (r.isUnderflow()) {
        break;
      }
      out.clear();
    }
    out.clear();
    return !dec.flush(out).isError();
  }

  /**
   * The file name without directories and without its last extension, e.g. {@code "buffers"} for
   * a/buffers.csv.
   */
  static String baseName(Path file) {
    Path f = file.getFileName();
    String s = f == null ? file.toString() : f.toString();
    int dot = s.lastIndexOf('.');
    return dot > 0 ? s.substring(0, dot) : s;
  }

  /** The lower-case extension without the dot, or "". */
  static String extension(Path file) {
    Path f = file.getFileName();
    String s = f == null ? "" : f.toString();
    int dot = s.lastIndexOf('.');
    return dot >= 0 ? s.substring(dot + 1).toLowerCase(java.util.Locale.ROOT) : "";
  }
}
