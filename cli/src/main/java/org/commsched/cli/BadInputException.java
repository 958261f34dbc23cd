package org.commsched.cli;

/** Bad input: the message is the one line printed to stderr before exiting with code 2. */
final class BadInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BadInputException(String oneLine) {
    super(oneLine);
  }
}
