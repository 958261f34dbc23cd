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

/** Reads input files as UTF-8 text, turning every I/O failure into a one-line {@link InstanceFormatException}. */
final class Inputs {
  private Inputs() {
  }

  /**
   * The whole file as text.
   *
   * @param what what the file should be, for messages (e.g. "an instance file")
   * @throws InstanceFormatException if the file is missing, a directory, unreadable, not UTF-8, or empty
   */
  static String readText(Path file, String what) {
    return decode(readBytes(file, what), file.toString(), what);
  }

  /**
   * The whole file as bytes, not yet decoded.
   *
   * @throws InstanceFormatException if the file is missing, a directory or unreadable (the messages of
   *     {@link #readText})
   */
  static byte[] readBytes(Path file, String what) {
    String name = file.toString();
    if (Files.isDirectory(file)) {
      throw new InstanceFormatException(name, "", "is a directory, not " + what + "; give the path of a file");
    }
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new InstanceFormatException(name, "", "no such file; check the path", e);
    } catch (AccessDeniedException e) {
      throw new InstanceFormatException(name, "", "cannot read the file (permission denied); check its permissions",
          e);
    } catch (IOException e) {
      throw new InstanceFormatException(name, "", "cannot read the file (" + AtomicFiles.describe(e)
          + "); check the path", e);
    } catch (OutOfMemoryError e) {
      throw new InstanceFormatException(name, "", "the file is too large to read into memory; "
          + "split it or raise the Java heap (-Xmx)");
    }
  }

  /**
   * The bytes of a file as text: strict UTF-8, without a byte-order mark.
   *
   * @throws InstanceFormatException if the bytes are not UTF-8 or the text is blank
   */
  static String decode(byte[] bytes, String name, String what) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
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
   * True if the bytes are strict UTF-8 (what {@link #decode} accepts), checked in chunks so that no copy of a
   * large file is made.
   */
  static boolean isUtf8(byte[] bytes) {
    boolean ascii = true; // the usual file: ASCII is UTF-8, and a scan for a high bit costs no decoding
    for (int i = 0; i < bytes.length && ascii; i++) {
      ascii = bytes[i] >= 0;
    }
    if (ascii) {
      return true;
    }
    java.nio.charset.CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
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

  /** The file name without directories and without its last extension, e.g. {@code "buffers"} for a/buffers.csv. */
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
