package io.dbbench.arango.bulk;


/**
 * A bulk operation that did not do all its work: a per-document error (its ArangoDB
 * {@code errorNum} and {@code errorMessage}), an error answer, or a wrong count found by the
 * verification after a shot.
 */
public final class BulkOperationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int errorNum;

  /**
   * @param message what failed, with the operation, counts, errorNum and errorMessage
   * @param errorNum ArangoDB's errorNum, or 0 when there is none (a verification mismatch)
   */
  public BulkOperationException(String message, int errorNum) {
    super(message);
    this.errorNum = errorNum;
  }

  /** ArangoDB's errorNum of the (first) failure, 0 when the failure is not an ArangoDB error. */
  public int errorNum() {
    return errorNum;
  }

  /** The exception for {@code failed} per-document errors of {@code op}, naming the first. */
  static BulkOperationException perDocument(BulkOperation op, int failed, int total, int errorNum, String errorMessage) {
    return new BulkOperationException(op.method() + ": " + failed + " of " + total
        + " documents failed; first error " + errorNum + ": " + errorMessage, errorNum);
  }
}
