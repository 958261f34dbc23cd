package org.commsched.core.model;

/**
 * An instance, schedule or model value that breaks a rule of the model. It names the place (a JSON
 * pointer into the instance or schedule file, such as {@code /messages/3/route}) and says how to
 * fix it, so a reader can turn it into one line "file, place, fix" for the user.
 *
 * @implNote Immutable.
 */
public final class ModelException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String pointer;

  /**
   * @param pointer JSON pointer of the offending value ({@code ""} for the whole document)
   * @param message what is wrong and how to fix it, in one sentence
   */
  public ModelException(String pointer, String message) {
    super(message);
    this.pointer = pointer == null ? "" : pointer;
  }

  /** JSON pointer of the offending value, {@code ""} for the whole document. */
  public String pointer() {
    return pointer;
  }
}
