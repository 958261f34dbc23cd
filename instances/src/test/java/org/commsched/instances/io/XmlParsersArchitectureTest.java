package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No reader can forget the XML rules of {@link SafeXml} (issue 28 item 1): across the main sources
 * of every module, only {@code SafeXml} creates an XML parser factory, and a class that hands XML
 * to a library importer of its own (JGraphT's GraphML importers make their own parser) passes the
 * text through {@code SafeXml} first.
 */
class XmlParsersArchitectureTest {
  private static final Pattern FACTORY =
      Pattern.compile(
          "\\b(SAXParserFactory|DocumentBuilderFactory|XMLInputFactory"
              + "|XMLReaderFactory|TransformerFactory|SchemaFactory|SAXTransformerFactory)\\s*\\.\\s*new(Instance|"
              + "DefaultInstance|Factory|DefaultFactory)\\b|\\bXMLReaderFactory\\s*\\.\\s*createXMLReader\\b");
  private static final Pattern LIBRARY_XML =
      Pattern.compile(
          "\\b(GraphMLImporter|SimpleGraphMLImporter|"
              + "SimpleGraphMLEdgeListImporter|GEXFImporter)\\b");

  static List<Path> mainSources() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // surefire runs in the module's folder
    List<Path> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path m : modules.filter(p -> Files.isDirectory(p.resolve("src/main/java"))).toList()) {
        try (Stream<Path> files = Files.walk(m.resolve("src/main/java"))) {
          files.filter(f -> f.toString().endsWith(".java")).forEach(out::add);
        }
      }
    }
    return out;
  }

  @Test
  void onlySafeXml_createsAnXmlParser() throws IOException {
    List<Path> sources = mainSources();
    assertThat(sources)
        .as("the scan finds the project's sources")
        .hasSizeGreaterThan(100)
        .anyMatch(p -> p.endsWith("SafeXml.java"));
    List<String> offenders = new ArrayList<>();
    for (Path f : sources) {
      if (f.endsWith("SafeXml.java")) {
        continue;
      }
      String text = Files.readString(f);
      if (FACTORY.matcher(text).find()) {
        offenders.add(f + ": creates an XML parser; use SafeXml.parser() or SafeXml.parse");
      }
      if (LIBRARY_XML.matcher(text).find() && !text.contains("SafeXml.check(")) {
        offenders.add(f + ": gives XML to a library importer without SafeXml.check first");
      }
    }
    assertThat(offenders).isEmpty();
  }

  @Test
  void theScan_recognisesAFactoryAndAnUncheckedImporter() {
    assertThat(FACTORY.matcher("var f = javax.xml.parsers.SAXParserFactory.newInstance();").find())
        .isTrue();
    assertThat(FACTORY.matcher("DocumentBuilderFactory.newDefaultInstance()").find()).isTrue();
    assertThat(FACTORY.matcher("XMLInputFactory.newFactory()").find()).isTrue();
    assertThat(FACTORY.matcher("SafeXml.parser()").find()).isFalse();
    assertThat(LIBRARY_XML.matcher("new GraphMLImporter<>()").find()).isTrue();
  }
}
