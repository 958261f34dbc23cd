package org.commsched.instances.io;

/**
 * Bad input: a file that cannot be read, is not valid JSON or CSV, breaks the schema, or describes
 * something the model forbids. It names the file, the place in it (a JSON pointer such as {@code
 * /messages/3/route}, a line and column for syntax errors, a CSV line) and says what is wrong and
 * how to fix it, in one line that a command-line tool prints as it is.
 *
 * <p>Example: {@code ula.json: /messages/3/route/2: the route of message m3 steps from 4 to 6,
 * which are not joined by an arc: use adjacent nodes}.
 *
 * @implNote Immutable.
 */
public final class InstanceFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final String place;
  private final String problem;

  /**
   * @param file the file as the user named it
   * @param place JSON pointer, "line L, column C", "line L", or "" for the whole file
   * @param problem what is wrong and the fix, e.g. {@code "expected an integer, found a string;
   *     write 3, not \"3\""}
   */
  public InstanceFormatException(String file, String place, String problem) {
    this(file, place, problem, null);
  }

  /** The same, keeping the low-level cause for debugging (never shown to users). */
  public InstanceFormatException(String file, String place, String problem, Throwable cause) {
    super(compose(file, place, problem), cause, false, cause != null);
    this.file = file == null ? "" : file;
    this.place = place == null ? "" : place;
    this.problem = singleLine(problem);
  }

  private static String compose(String file, String place, String problem) {
    StringBuilder sb = new StringBuilder();
    if (file != null && !file.isEmpty()) {
      sb.append(file).append(": ");
    }
    if (place != null && !place.isEmpty()) {
      sb.append(place).append(": ");
    }
    sb.append(problem == null ? "invalid input" : problem);
    return singleLine(sb.toString());
  }

  /** Collapses line breaks and tabs so the text is one line. */
  static String singleLine(String s) {
    if (s == null) {
      return "";
    }
    return s.replaceAll("[\\r\\n\\t]+", " ").replaceAll(" {2,}", " ").trim();
  }

  /** The file, as the user named it. */
  public String file() {
    return file;
  }

  /** The place in the file: a JSON pointer, a line and column, or "" for the whole file. */
  public String place() {
    return place;
  }

  /** What is wrong and the fix, without file and place. */
  public String problem() {
    return problem;
  }

  /** The one line a command-line tool prints: {@code "file: place: what; fix"}. */
  public String oneLine() {
    return getMessage();
  }
}
