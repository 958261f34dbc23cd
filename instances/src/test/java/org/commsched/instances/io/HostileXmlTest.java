package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile XML files (issue 28 item 1), against every XML reader: today the GraphML import ({@link
 * TopologyImport}) and the shared parser itself ({@link SafeXml}); the NCCL topology and MSCCL
 * readers join the {@link #readers()} list when they land. Each file is refused with one line
 * naming the file and the line, and nothing from outside the file (the contents of a local "secret"
 * file, of a second DTD) ever reaches the message.
 *
 * <p>The preemptive timeout only stops a reader that hangs (a {@code /dev/zero} entity read
 * forever); it is not a speed claim.
 */
class HostileXmlTest {
  private static final String SECRET = "s3cret-commsched-xxe-marker";
  private static final String NS = "xmlns=\"http://graphml.graphdrawing.org/xmlns\"";

  @TempDir static Path dir;

  /** A reader under test: it reads the file or throws {@link InstanceFormatException}. */
  record Reader(String name, Function<Path, Object> read) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Reader> readers() {
    return Stream.of(
        new Reader("graphml import", TopologyImport::readWithIds),
        new Reader(
            "safe parser",
            f -> {
              SafeXml.check(Inputs.readText(f, "an XML file"), f.toString(), "an XML file");
              return f;
            }));
  }

  /**
   * Hostile files: name, text (with {@code SECRET_FILE} and {@code DTD_FILE} standing for paths in
   * the temp dir).
   */
  static Stream<String[]> hostile() {
    String graph =
        "<graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/>"
            + "<edge source=\"a\" target=\"b\"/></graph>";
    return Stream.of(
        new String[] {
          "xxe-in-data",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [ <!ENTITY x SYSTEM "
              + "\"file://SECRET_FILE\"> ]>\n<graphml "
              + NS
              + "><key id=\"d\" for=\"node\" attr.name=\"n\" "
              + "attr.type=\"string\"/><graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"d\">&x;</data>"
              + "</node><node id=\"b\"/><edge source=\"a\" target=\"b\"/></graph></graphml>"
        },
        new String[] {
          "xxe-in-id",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [ <!ENTITY x SYSTEM "
              + "\"file://SECRET_FILE\"> ]>\n<graphml "
              + NS
              + "><graph edgedefault=\"undirected\"><node id=\"&x;\"/>"
              + "<node id=\"b\"/><edge source=\"&x;\" target=\"b\"/></graph></graphml>"
        },
        new String[] {
          "parameter-entity",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [ <!ENTITY % p SYSTEM "
              + "\"file://DTD_FILE\"> %p; ]>\n<graphml "
              + NS
              + ">"
              + graph
              + "</graphml>"
        },
        new String[] {
          "external-dtd",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml SYSTEM \"file://DTD_FILE\">\n"
              + "<graphml "
              + NS
              + ">"
              + graph
              + "</graphml>"
        },
        new String[] {
          "dev-zero",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [ <!ENTITY z SYSTEM "
              + "\"file:///dev/zero\"> ]>\n<graphml "
              + NS
              + "><key id=\"d\" for=\"node\" attr.name=\"n\" "
              + "attr.type=\"string\"/><graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"d\">&z;</data>"
              + "</node><node id=\"b\"/><edge source=\"a\" target=\"b\"/></graph></graphml>"
        },
        new String[] {
          "billion-laughs",
          "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY a \"lol\">"
              + "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">"
              + "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">"
              + "<!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">]>\n"
              + "<graphml "
              + NS
              + "><graph edgedefault=\"undirected\"><node id=\"&g;\"/><node id=\"b\"/>"
              + "<edge source=\"a\" target=\"b\"/></graph></graphml>"
        },
        new String[] {
          "deep-nesting",
          "<graphml "
              + NS
              + ">\n"
              + "<x>".repeat(100_000)
              + "</x>".repeat(100_000)
              + graph
              + "</graphml>"
        },
        new String[] {
          "unclosed", "<graphml " + NS + ">\n<graph edgedefault=\"undirected\"><node id=\"a\"/>"
        });
  }

  static Stream<Arguments> cases() {
    return readers().flatMap(r -> hostile().map(h -> Arguments.of(r, h[0], h[1])));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void hostileFile_isRefusedInOneLine_andNothingFromOutsideTheFileAppears(
      Reader reader, String kind, String text) throws IOException {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, SECRET + "\n");
    Path dtd = dir.resolve("evil.dtd");
    Files.writeString(dtd, "<!ENTITY leak \"" + SECRET + "\">\n");
    Path file = dir.resolve(kind + ".graphml");
    Files.writeString(
        file, text.replace("SECRET_FILE", secret.toString()).replace("DTD_FILE", dtd.toString()));

    InstanceFormatException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () ->
                catchThrowableOfType(
                    InstanceFormatException.class, () -> reader.read().apply(file)));

    assertThat(e).as("%s must refuse %s", reader, kind).isNotNull();
    String line = e.oneLine();
    assertThat(line)
        .startsWith(file.toString() + ": line ")
        .doesNotContain("\n")
        .doesNotContain(SECRET)
        .doesNotContain("Exception")
        .doesNotContain("java.")
        .doesNotContain("Cannot invoke");
    if (text.contains("<!DOCTYPE")) {
      assertThat(e.problem()).contains("<!DOCTYPE").endsWith("write the values out in full");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readers")
  void plainGraphml_isStillRead(Reader reader) throws IOException {
    Path file = dir.resolve("plain.graphml");
    Files.writeString(
        file,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a comment -->\n<graphml "
            + NS
            + "><graph edgedefault=\"undirected\"><node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\"/>"
            + "</graph></graphml>");
    assertThatCode(() -> reader.read().apply(file)).doesNotThrowAnyException();
  }

  @org.junit.jupiter.api.Test
  void importersOwnFailure_isReportedAboutTheFile_notWithItsJavaText() throws IOException {
    // a <data> inside a <data>: JGraphT's GraphML importer fails with a NullPointerException of its
    // own
    Path file = dir.resolve("data-in-data.graphml");
    Files.writeString(
        file,
        "<graphml "
            + NS
            + "><key id=\"d0\" for=\"node\" attr.name=\"n\" attr.type=\"string\"/>"
            + "<graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"d0\"><data key=\"d0\">x</data></data></node>"
            + "<node id=\"b\"/><edge source=\"a\" target=\"b\"/></graph></graphml>");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> TopologyImport.readWithIds(file));
    assertThat(e).isNotNull();
    assertThat(e.oneLine())
        .startsWith(
            file
                + ": cannot read the GraphML graph: its structure is not one the importer "
                + "understands")
        .doesNotContain("Cannot invoke")
        .doesNotContain("org.jgrapht")
        .contains("; nest <key>");
  }

  @org.junit.jupiter.api.Test
  void deeplyNestedDot_isRefusedBeforeTheParserRecurses_butBracesInStringsAndCommentsDoNotCount()
      throws IOException {
    Path deep = dir.resolve("deep.dot");
    Files.writeString(deep, "graph G {\n" + "{".repeat(5000) + "a -- b" + "}".repeat(5000) + "}\n");
    InstanceFormatException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () ->
                catchThrowableOfType(
                    InstanceFormatException.class, () -> TopologyImport.readWithIds(deep)));
    assertThat(e).isNotNull();
    assertThat(e.oneLine())
        .isEqualTo(
            deep
                + ": line 2: braces are nested more than 64 deep; a network needs no deep "
                + "subgraphs, flatten them");

    Path shallow = dir.resolve("shallow.dot");
    String braces = "{".repeat(200);
    Files.writeString(
        shallow,
        "graph G {\n  /* "
            + braces
            + " */\n  // "
            + braces
            + "\n# "
            + braces
            + "\n"
            + "  a [label=\""
            + braces
            + "\\\""
            + braces
            + "\"]; b [label=<"
            + braces
            + "<b>x</b>>];\n"
            + "  subgraph s { { a -- b } }\n}\n");
    assertThat(TopologyImport.readWithIds(shallow).ids()).containsExactly("a", "b");

    Path limit = dir.resolve("limit.dot");
    Files.writeString(limit, "graph G " + "{".repeat(64) + "a -- b" + "}".repeat(64) + "\n");
    assertThat(TopologyImport.readWithIds(limit).ids()).containsExactly("a", "b");
  }
}
