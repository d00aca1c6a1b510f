package io.dbbench.jdbc.console;

/**
 * A request the console refuses, answered as {@code {"error": message, "field": field}} with
 * {@code status} (400 bad input, 403 refused by a safety rule, 404 nothing there, 409 busy).
 */
final class ConsoleException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String field;

  /**
   * @param status the HTTP status
   * @param field the query field, path part or setting the refusal is about
   * @param message what was wrong and what was expected
   */
  ConsoleException(int status, String field, String message) {
    super(message);
    this.status = status;
    this.field = field;
  }

  int status() {
    return status;
  }

  String field() {
    return field;
  }
}
