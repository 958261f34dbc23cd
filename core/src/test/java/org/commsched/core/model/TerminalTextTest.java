package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link TerminalText#escape}, the one escape of the text outputs (issue 28,
 * docs/FORMATS.md#text-outputs): printable text unchanged, every control, bidi and invisible class
 * escaped in the documented form, and no two strings that print the same (a decoder written here
 * from the documented scheme inverts it).
 */
class TerminalTextTest {
  /** Compiled once: the every-code-point test decodes about a million escapes. */
  private static final Pattern HEX = Pattern.compile("[0-9A-F]+");

  @Test
  void printableText_ordinaryLettersIncluded_isUnchanged() {
    for (String s :
        new String[] {
          "",
          "m0",
          "paris (#0)",
          "a b,c\"d'e/f:g{h}<i>%s",
          "é",
          "Ωmega",
          "東京",
          "日本語",
          "ｍ",
          "🚀",
          "👩\u200D💻",
          "می\u200Cخواهم",
          "non\u00A0breaking",
          "~!@#$^&*()_+-=[]|;?."
        }) {
      assertThat(TerminalText.escape(s)).as(s).isEqualTo(s);
    }
    assertThat(TerminalText.escape(null)).isNull();
  }

  @Test
  void terminalSequences_becomeVisibleEscapes() {
    assertThat(TerminalText.escape("\u001b[31mred\u001b[0m")).isEqualTo("\\e[31mred\\e[0m");
    assertThat(TerminalText.escape("\u001b]0;title\u0007")).isEqualTo("\\e]0;title\\a");
    assertThat(TerminalText.escape("a\rb\nc\td\be\u000Bf\fg"))
        .isEqualTo("a\\rb\\nc\\td\\be\\vf\\fg");
    assertThat(TerminalText.escape("back\\slash")).isEqualTo("back\\\\slash");
  }

  @Test
  void otherControls_nul_del_andC1_becomeUnicodeEscapes() {
    assertThat(TerminalText.escape("\u0000")).isEqualTo("\\u0000");
    assertThat(TerminalText.escape("\u001f")).isEqualTo("\\u001F");
    assertThat(TerminalText.escape("\u007f")).isEqualTo("\\u007F");
    assertThat(TerminalText.escape("\u0080")).isEqualTo("\\u0080");
    assertThat(TerminalText.escape("\u0085")).isEqualTo("\\u0085");
    assertThat(TerminalText.escape("\u009b2J")).as("C1 CSI").isEqualTo("\\u009B2J");
    assertThat(TerminalText.escape("\u009f")).isEqualTo("\\u009F");
  }

  @Test
  void bidiControls_andInvisibleCharacters_becomeUnicodeEscapes() {
    int[] bidi = {
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C
    };
    String[] shown = {
      "\\u202A", "\\u202B", "\\u202C", "\\u202D", "\\u202E", "\\u2066", "\\u2067", "\\u2068",
      "\\u2069", "\\u200E", "\\u200F", "\\u061C"
    };
    for (int i = 0; i < bidi.length; i++) {
      assertThat(TerminalText.escape("x" + (char) bidi[i] + "y")).isEqualTo("x" + shown[i] + "y");
    }
    assertThat(TerminalText.escape("a\u200Bb")).as("zero-width space").isEqualTo("a\\u200Bb");
    assertThat(TerminalText.escape("\uFEFFid")).as("byte order mark").isEqualTo("\\uFEFFid");
    assertThat(TerminalText.escape("a\u2028b\u2029c"))
        .as("line and paragraph separators")
        .isEqualTo("a\\u2028b\\u2029c");
    assertThat(TerminalText.escape("\uD800x")).as("a lone surrogate").isEqualTo("\\uD800x");
    assertThat(TerminalText.escape("x\uDFFF")).as("a lone low surrogate").isEqualTo("x\\uDFFF");
    assertThat(TerminalText.escape("\uFFFE\uFFFF")).as("noncharacters").isEqualTo("\\uFFFE\\uFFFF");
    assertThat(TerminalText.escape(new String(Character.toChars(0xE0041))))
        .as("a tag character, beyond the BMP")
        .isEqualTo("\\U000E0041");
  }

  @Test
  void everyCodePoint_escapesToPrintableText_withoutControlOrBidiCharacters() {
    for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
      String e = TerminalText.escape(new String(Character.toChars(c)));
      int bad = e.codePoints().filter(TerminalTextTest::hostile).findFirst().orElse(-1);
      if (bad >= 0) {
        fail("U+%04X escapes to %s, which holds U+%04X", c, e, bad);
      }
      String decoded = decode(e);
      if (decoded.codePointCount(0, decoded.length()) != 1 || decoded.codePointAt(0) != c) {
        fail("U+%04X escapes to %s, which decodes to %s", c, e, decoded);
      }
    }
  }

  @Test
  void stringsThatLookLikeEscapes_printDifferentlyFromWhatTheyLookLike() {
    assertThat(TerminalText.escape("\\e"))
        .isNotEqualTo(TerminalText.escape("\u001b"))
        .isEqualTo("\\\\e");
    assertThat(TerminalText.escape("\\u202E"))
        .isNotEqualTo(TerminalText.escape("\u202E"))
        .isEqualTo("\\\\u202E");
    assertThat(TerminalText.escape("\\\u001b")).isEqualTo("\\\\\\e");
    assertThat(TerminalText.escape("\\U000E0041")).isEqualTo("\\\\U000E0041");
  }

  /**
   * Random strings over the characters that matter (escapes' look-alikes among them) come back
   * through the decoder.
   */
  @TestFactory
  Stream<DynamicTest> escapedStrings_decodeBackToTheOriginal() {
    String[] pieces = {
      "\\",
      "e",
      "u",
      "U",
      "a",
      "n",
      "0",
      "F",
      "202E",
      "\u001b",
      "\u0007",
      "\r",
      "\n",
      "\t",
      "\u0000",
      "\u007f",
      "\u0085",
      "\u009b",
      "\u202e",
      "\u2066",
      "\u200f",
      "\u061c",
      "\ud800",
      "\udc00",
      "\uFFFE",
      "é",
      "東",
      "🚀",
      "\u200D",
      "\uDB40\uDC41",
      "[31m",
      "]0;",
      " ",
      ","
    };
    return Seeds.seeds(Seeds.cases(2, 50))
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(seed);
                      for (int k = 0; k < 50; k++) {
                        StringBuilder s = new StringBuilder();
                        int n = rnd.nextInt(12);
                        for (int i = 0; i < n; i++) {
                          s.append(pieces[rnd.nextInt(pieces.length)]);
                        }
                        String e = TerminalText.escape(s.toString());
                        assertThat(e.codePoints().noneMatch(TerminalTextTest::hostile))
                            .as("seed %d: %s", seed, e)
                            .isTrue();
                        assertThat(decode(e)).as("seed %d: %s", seed, e).isEqualTo(s.toString());
                      }
                    }));
  }

  /**
   * What must never reach a terminal raw: C0, DEL, C1, the bidi controls, the separators, a
   * surrogate on its own (a code point of a string's {@code codePoints()} is a surrogate only when
   * it has no pair).
   */
  private static boolean hostile(int x) {
    return Character.isISOControl(x)
        || (x >= 0x202A && x <= 0x202E)
        || (x >= 0x2066 && x <= 0x2069)
        || x == 0x200E
        || x == 0x200F
        || x == 0x061C
        || x == 0x2028
        || x == 0x2029
        || (x >= Character.MIN_SURROGATE && x <= Character.MAX_SURROGATE);
  }

  /**
   * The inverse of the documented scheme: {@code \\ \a \b \t \n \v \f \r \e}, backslash-u and four
   * hex digits, backslash-U and eight. A backslash that starts nothing else fails the test: every
   * backslash must be an escape.
   */
  private static String decode(String e) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < e.length(); i++) {
      char c = e.charAt(i);
      if (Character.isSurrogate(c)) {
        if (i + 1 >= e.length() || !Character.isSurrogatePair(c, e.charAt(i + 1))) {
          fail("a lone surrogate left raw in %s", e);
        }
        b.append(c).append(e.charAt(++i));
        continue;
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (i + 1 >= e.length()) {
        fail("a backslash at the end of %s", e);
      }
      char k = e.charAt(++i);
      switch (k) {
        case '\\' -> b.append('\\');
        case 'a' -> b.append('\u0007');
        case 'b' -> b.append('\b');
        case 't' -> b.append('\t');
        case 'n' -> b.append('\n');
        case 'v' -> b.append('\u000B');
        case 'f' -> b.append('\f');
        case 'r' -> b.append('\r');
        case 'e' -> b.append('\u001b');
        case 'u' -> {
          b.append((char) Integer.parseInt(hex(e, i + 1, 4), 16));
          i += 4;
        }
        case 'U' -> {
          b.appendCodePoint(Integer.parseInt(hex(e, i + 1, 8), 16));
          i += 8;
        }
        default -> fail("a backslash before '%s' in %s starts no escape", k, e);
      }
    }
    return b.toString();
  }

  private static String hex(String e, int from, int digits) {
    if (from + digits > e.length()) {
      fail("a short escape in %s", e);
    }
    String h = e.substring(from, from + digits);
    if (!HEX.matcher(h).matches()) {
      fail("not %d upper-case hex digits: %s in %s", digits, h, e);
    }
    return h;
  }
}
