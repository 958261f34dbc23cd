package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXNotRecognizedException;
import org.xml.sax.SAXNotSupportedException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The one way the project parses XML (GraphML today; NCCL topology and MSCCL XML files are XML
 * too). Topology files are downloaded and shared, so a file must not be able to make the reader
 * open another file, a device or a URL, or expand itself into gigabytes. The rules, all enforced by
 * the parser configured here:
 *
 * <ul>
 *   <li>No document type declaration at all ({@code <!DOCTYPE ...>}): without one a file can
 *       declare no entity, no parameter entity and no external DTD, which closes external-entity
 *       disclosure (XXE: {@code file:///etc/passwd}, {@code /dev/zero}), second-DTD loading and
 *       entity expansion ("billion laughs") at once. No format we read needs a DTD.
 *   <li>Secure processing, external entities and external DTD loading off, no XInclude, and empty
 *       {@code accessExternalDTD} / {@code accessExternalSchema}: a second line of defence should
 *       the first rule ever be relaxed.
 *   <li>Elements nested at most {@link #MAX_DEPTH} deep (the JDK's own limit is off by default).
 * </ul>
 *
 * <p>Every failure is an {@link InstanceFormatException} naming the file, the line and column, and
 * the fix; the parser's own message is kept only where it describes the file (a well-formedness
 * error), never a Java exception's text. A reader that hands the text to a library parser of its
 * own (JGraphT's GraphML importer creates its own SAX parser) first passes it through {@link
 * #check}, so that the library only ever sees a file without a DOCTYPE.
 *
 * <p>{@code SafeXmlTest} holds every reader to these rules; {@code XmlParsersArchitectureTest}
 * checks that no other main class creates an XML parser factory.
 */
public final class SafeXml {
  /** The deepest element nesting accepted; GraphML needs 4 (graphml, graph, node, data). */
  public static final int MAX_DEPTH = 256;

  private static final String DISALLOW_DOCTYPE =
      "http://apache.org/xml/features/disallow-doctype-decl";

  private SafeXml() {}

  /**
   * A new SAX parser with the rules above (namespace aware, not validating).
   *
   * @throws IllegalStateException if the platform's parser does not support refusing DOCTYPE
   *     declarations (then no XML is read at all rather than read unsafely)
   */
  public static SAXParser parser() {
    SAXParserFactory f = SAXParserFactory.newInstance();
    f.setNamespaceAware(true);
    f.setValidating(false);
    f.setXIncludeAware(false);
    try {
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature(DISALLOW_DOCTYPE, true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      SAXParser p = f.newSAXParser();
      p.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      p.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      return p;
    } catch (ParserConfigurationException
        | SAXNotRecognizedException
        | SAXNotSupportedException e) {
      throw new IllegalStateException(
          "this Java runtime's XML parser cannot be made safe (" + e.getMessage() + ")", e);
    } catch (SAXException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Parses {@code text} with a safe parser, passing the events to {@code handler}.
   *
   * @param name the file as the user named it, for messages
   * @param what what the file should be, e.g. "a GraphML graph"
   * @throws InstanceFormatException if the text is not well-formed XML, declares a DOCTYPE, nests
   *     too deeply, or the handler rejects it (a handler reports a problem of the file by throwing
   *     {@link SAXParseException} with its locator; the message is then shown as it is, so it must
   *     read as a sentence about the file and its fix)
   */
  public static void parse(String text, DefaultHandler handler, String name, String what) {
    DepthLimit limited = new DepthLimit(handler);
    try {
      parser().parse(new InputSource(new StringReader(text)), limited);
    } catch (SAXParseException e) {
      throw refusal(e, name, what);
    } catch (SAXException e) {
      throw new InstanceFormatException(
          name,
          "",
          "cannot read "
              + what
              + ": "
              + InstanceFormatException.singleLine(String.valueOf(e.getMessage()))
              + "; fix the file",
          e);
    } catch (IOException e) {
      throw new InstanceFormatException(
          name,
          "",
          "cannot read " + what + " (" + AtomicFiles.describe(e) + "); check the file",
          e);
    }
  }

  /**
   * Parses {@code text} only to check it against the rules above (well-formed, no DOCTYPE,
   * nesting).
   */
  public static void check(String text, String name, String what) {
    parse(text, new DefaultHandler(), name, what);
  }

  /** The one-line refusal for a parse error at a place in the file. */
  static InstanceFormatException refusal(SAXParseException e, String name, String what) {
    String place =
        e.getLineNumber() > 0
            ? "line "
                + e.getLineNumber()
                + (e.getColumnNumber() > 0 ? ", column " + e.getColumnNumber() : "")
            : "";
    String msg = String.valueOf(e.getMessage()).replaceAll("\\.\\s*$", "");
    String problem;
    if (e instanceof OwnProblem) {
      problem = msg;
    } else if (msg.contains("DOCTYPE")) {
      problem =
          "the file declares a document type (<!DOCTYPE ...>); commsched reads no DTDs and no entities, so that "
              + "a shared file cannot make it read other files; remove the <!DOCTYPE ...> declaration and write the "
              + "values out in full";
    } else {
      problem =
          "cannot read " + what + ": " + InstanceFormatException.singleLine(msg) + "; fix the file";
    }
    return new InstanceFormatException(name, place, problem, e);
  }

  /**
   * A problem of the file found by a handler (not by the parser), at the parser's current place;
   * its message is shown as it is.
   */
  public static final class OwnProblem extends SAXParseException {
    private static final long serialVersionUID = 1L;

    /**
     * @param problem what is wrong and the fix, e.g. {@code "a <node> without an id; give every
     *     node an id"}
     * @param locator the handler's locator (from {@link DefaultHandler#setDocumentLocator}), may be
     *     null
     */
    public OwnProblem(String problem, org.xml.sax.Locator locator) {
      super(problem, locator);
    }
  }

  /** Passes every event on, refusing elements nested deeper than {@link #MAX_DEPTH}. */
  private static final class DepthLimit extends DefaultHandler {
    private final DefaultHandler inner;
    private org.xml.sax.Locator locator;
    private int depth;

    DepthLimit(DefaultHandler inner) {
      this.inner = inner;
    }

    @Override
    public void setDocumentLocator(org.xml.sax.Locator l) {
      locator = l;
      inner.setDocumentLocator(l);
    }

    @Override
    public void startDocument() throws SAXException {
      inner.startDocument();
    }

    @Override
    public void endDocument() throws SAXException {
      inner.endDocument();
    }

    @Override
    public void startPrefixMapping(String prefix, String uri) throws SAXException {
      inner.startPrefixMapping(prefix, uri);
    }

    @Override
    public void endPrefixMapping(String prefix) throws SAXException {
      inner.endPrefixMapping(prefix);
    }

    @Override
    public void startElement(
        String uri, String localName, String qName, org.xml.sax.Attributes atts)
        throws SAXException {
      if (++depth > MAX_DEPTH) {
        throw new OwnProblem(
            "elements are nested more than "
                + MAX_DEPTH
                + " deep; no format commsched reads "
                + "needs that, fix the file",
            locator);
      }
      inner.startElement(uri, localName, qName, atts);
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
      depth--;
      inner.endElement(uri, localName, qName);
    }

    @Override
    public void characters(char[] ch, int start, int length) throws SAXException {
      inner.characters(ch, start, length);
    }

    @Override
    public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
      inner.ignorableWhitespace(ch, start, length);
    }

    @Override
    public void processingInstruction(String target, String data) throws SAXException {
      inner.processingInstruction(target, data);
    }
  }
}
