package org.commsched.cli.draw;

/** A schedule too large for a picture format; the message says what to use instead. */
public final class TooLargeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TooLargeException(String message) {
    super(message);
  }
}
