package io.dbbench.arango.server;

/** The target cannot be used; the message is one line naming the endpoint (never a password) and what to set. */
public final class ArangoUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** @param message one line: endpoint, what failed, what to set */
  public ArangoUnavailableException(String message) {
    super(message);
  }

  /** @param message one line: endpoint, what failed, what to set; @param cause the underlying failure */
  public ArangoUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
