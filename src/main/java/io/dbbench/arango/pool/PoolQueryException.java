package io.dbbench.arango.pool;

/** An error answer to a point query: HTTP status, ArangoDB errorNum and message. */
public final class PoolQueryException extends RuntimeException {
  /** The HTTP status. */
  public final int status;
  /** The body's errorNum, 0 when the body had none. */
  public final int errorNum;

  /** An error answer. */
  public PoolQueryException(int status, int errorNum, String message) {
    super("HTTP " + status + ", error " + errorNum + ": " + message);
    this.status = status;
    this.errorNum = errorNum;
  }
}
