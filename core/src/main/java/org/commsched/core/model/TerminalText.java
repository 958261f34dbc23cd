package org.commsched.core.model;

import java.util.HexFormat;
import java.util.Locale;

/**
 * Text for people, made safe to print on a terminal: the one place where strings that come from
 * input files (message ids, node labels, instance and method names, CSV ids, drawing ids) are
 * escaped before a human-readable output shows them. An id may hold any string (docs/FORMATS.md),
 * and a raw ESC sequence, BEL, CR or bidi override in it could recolour the terminal, set its
 * title, overwrite or reorder a line (issue 28). The JSON outputs keep the exact strings (the JSON
 * writer escapes them its own way); the text outputs pass each line through {@link #escape}.
 *
 * <p>The scheme (docs/FORMATS.md, Text outputs): printable characters, ordinary non-ASCII letters
 * included, are kept; a backslash becomes {@code \\}; BEL, BS, TAB, LF, VT, FF, CR and ESC become
 * {@code \a \b \t \n \v \f \r \e}; every other character that is not shown as itself becomes a
 * backslash, {@code u} and four upper-case hex digits (its UTF-16 code, e.g. {@code u202E} after
 * the backslash) or, beyond the BMP, a backslash, {@code U} and eight (its code point). Not shown
 * as itself: the Unicode categories Cc (C0 and C1 controls, DEL), Cf (format characters: bidi
 * embeddings, overrides, isolates and marks, zero-width space, byte order mark, tags) except the
 * zero-width joiner and non-joiner (U+200D, U+200C: they shape Persian, Indic and emoji text and
 * move nothing), Zl and Zp (line and paragraph separators), Cs (a surrogate without its pair) and
 * Cn (unassigned code points in the JDK's Unicode version, the noncharacters U+FFFE and U+FFFF
 * among them). Every backslash in the result starts an escape whose length its second character
 * fixes, so two different strings never print the same.
 */
public final class TerminalText {
  /**
   * Upper-case hex digits: {@code toHexDigits} of a short gives the four of backslash-u, of an int
   * the eight of U.
   */
  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  private TerminalText() {}

  /**
   * The string with each character not shown as itself escaped (the class comment's scheme); null
   * stays null.
   */
  public static String escape(String s) {
    if (s == null) {
      return null;
    }
    int i = 0;
    while (i < s.length() && shownAsItself(s.codePointAt(i))) {
      i += Character.charCount(s.codePointAt(i));
    }
    if (i == s.length()) {
      return s; // the usual case: nothing to escape
    }
    StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
    while (i < s.length()) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      if (shownAsItself(c)) {
        b.appendCodePoint(c);
        continue;
      }
      switch (c) {
        case '\\' -> b.append("\\\\");
        case 0x07 -> b.append("\\a");
        case '\b' -> b.append("\\b");
        case '\t' -> b.append("\\t");
        case '\n' -> b.append("\\n");
        case 0x0B -> b.append("\\v");
        case '\f' -> b.append("\\f");
        case '\r' -> b.append("\\r");
        case 0x1B -> b.append("\\e");
        default ->
            b.append(c < 0x10000 ? "\\u" + HEX.toHexDigits((short) c) : "\\U" + HEX.toHexDigits(c));
      }
    }
    return b.toString();
  }

  /**
   * {@link String#format} in {@link Locale#ROOT}, then {@link #escape}d: a line of a text output,
   * without its end.
   */
  public static String format(String template, Object... args) {
    return escape(String.format(Locale.ROOT, template, args));
  }

  /**
   * True when the code point is printed as itself (not a backslash, not in the classes the class
   * comment lists).
   */
  static boolean shownAsItself(int c) {
    if (c == '\\') {
      return false;
    }
    if (c >= 0x20 && c < 0x7F) {
      return true; // printable ASCII
    }
    return switch (Character.getType(c)) {
      case Character.CONTROL,
          Character.SURROGATE,
          Character.UNASSIGNED,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR ->
          false;
      case Character.FORMAT -> c == 0x200C || c == 0x200D;
      default -> true;
    };
  }
}
