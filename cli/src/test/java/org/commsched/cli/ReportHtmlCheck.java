package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * A small validator for the ratio report, against the basics of the HTML spec that a browser
 * forgives but a validator does not: exactly one {@code <!DOCTYPE html>}, at the very start; every
 * element closed and properly nested (the report is parsed as XML, which also rejects unknown named
 * entities and stray {@code <} or {@code &}); the {@code html} root with {@code lang}, one {@code
 * head} with a {@code charset} and a non-empty {@code title}, one {@code body}; ids unique over the
 * page (the inline SVGs included); no scripts and no network references; every local link naming a
 * file that exists beside the report.
 */
final class ReportHtmlCheck {
  private ReportHtmlCheck() {}

  static Document check(Path report) throws Exception {
    String html = Files.readString(report);
    assertThat(html).startsWith("<!DOCTYPE html>\n");
    assertThat(html.split("(?i)<!DOCTYPE", -1)).as("one doctype").hasSize(2);
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
    Element root = doc.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("html");
    assertThat(root.getAttribute("lang")).isNotEmpty();
    assertThat(root.getElementsByTagName("head").getLength()).isEqualTo(1);
    assertThat(root.getElementsByTagName("body").getLength()).isEqualTo(1);
    NodeList titles =
        ((Element) root.getElementsByTagName("head").item(0)).getElementsByTagName("title");
    assertThat(titles.getLength()).isEqualTo(1);
    assertThat(titles.item(0).getTextContent()).isNotBlank();
    boolean charset = false;
    NodeList metas = root.getElementsByTagName("meta");
    for (int i = 0; i < metas.getLength(); i++) {
      charset |= ((Element) metas.item(i)).getAttribute("charset").equalsIgnoreCase("utf-8");
    }
    assertThat(charset).as("meta charset utf-8").isTrue();
    assertThat(root.getElementsByTagName("script").getLength()).isZero();
    Set<String> ids = new HashSet<>();
    NodeList all = root.getElementsByTagName("*");
    for (int i = 0; i < all.getLength(); i++) {
      Element e = (Element) all.item(i);
      if (e.hasAttribute("id")) {
        assertThat(ids.add(e.getAttribute("id")))
            .as("id " + e.getAttribute("id") + " once")
            .isTrue();
      }
      for (String a : new String[] {"href", "src"}) {
        String v = e.getAttribute(a);
        if (!v.isEmpty()) {
          assertThat(v).as(a).doesNotContain("://").doesNotStartWith("//");
          if (!v.startsWith("#")) {
            assertThat(report.resolveSibling(v)).as("the file a link names").isRegularFile();
          }
        }
      }
    }
    return doc;
  }
}
