package io.dbbench.report.data;

/** A report input that cannot be used (missing file, not JMH JSON, ...); the message is one line for the user. */
public class ReportException extends Exception {
  private static final long serialVersionUID = 1L;

  /** @param message one line naming the input and what is wrong with it */
  public ReportException(String message) {
    super(message);
  }

  /** @param message one line naming the input and what is wrong with it */
  public ReportException(String message, Throwable cause) {
    super(message, cause);
  }
}
