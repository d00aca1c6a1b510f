package io.dbbench.jdbc;

import io.dbbench.core.Redaction;
import java.sql.SQLException;

/**
 * One batch of a GOMESSAGE insert failed; the message names the batch, its DEVICEID range, the
 * strategy and worker, and the database's own error (and, for JDBC batches, the driver's
 * {@code getNextException()}, where PostgreSQL puts the real cause). The batch's transaction was
 * rolled back; the benchmark fails with it and reports no time.
 */
public final class BatchInsertException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int batch;

  /**
   * @param batch the failing batch's 0-based index
   * @param shape the insert's shape
   * @param strategy the strategy
   * @param worker the worker (0 in {@code seq})
   * @param table the table inserted into
   * @param cause the database error
   */
  public BatchInsertException(int batch, Shape shape, Strategy strategy, int worker, String table, SQLException cause) {
    this(batch, shape, strategy, worker, table, null, null, cause);
  }

  /**
   * @param batch the failing batch's 0-based index
   * @param shape the insert's shape
   * @param strategy the strategy
   * @param worker the worker (0 in {@code seq})
   * @param table the table inserted into
   * @param target the database, credentials redacted; {@code null} to leave it out
   * @param timeout what timed out ({@link JdbcTimeouts#explain}); {@code null} when nothing did
   * @param cause the database error
   */
  public BatchInsertException(int batch, Shape shape, Strategy strategy, int worker, String table, String target,
      String timeout, SQLException cause) {
    super("GOMESSAGE insert" + (target == null ? "" : " into " + Redaction.redact(target)) + " failed in batch "
        + batch + " of " + shape.batchCount() + " (DEVICEID " + shape.firstRow(batch) + ".."
        + (shape.firstRow(batch) + shape.batchSize() - 1) + ", shape " + shape + ", strategy " + strategy
        + ", worker " + worker + ", table " + table + "): " + (timeout == null ? "" : timeout + "; ")
        + describe(cause), cause);
    this.batch = batch;
  }

  /** The failing batch's 0-based index. */
  public int batch() {
    return batch;
  }

  /** Longest part of a driver message kept (pgjdbc's batch errors repeat the whole rewritten INSERT). */
  static final int MAX_PART = 400;

  private static String describe(SQLException e) {
    StringBuilder sb = new StringBuilder(shorten(e.getMessage()));
    SQLException next = e.getNextException();
    for (int i = 0; next != null && i < 3; i++, next = next.getNextException()) {
      String m = shorten(next.getMessage());
      if (!sb.toString().contains(m)) {
        sb.append("; caused by: ").append(m);
      }
    }
    if (e.getCause() != null && e.getNextException() == null) {
      String m = shorten(e.getCause().getMessage());
      if (!sb.toString().contains(m)) {
        sb.append("; caused by: ").append(m);
      }
    }
    return Redaction.redact(sb.toString());
  }

  private static String shorten(String m) {
    String s = String.valueOf(m).replace('\n', ' ');
    return s.length() <= MAX_PART ? s : s.substring(0, MAX_PART / 2) + " [...] " + s.substring(s.length() - MAX_PART / 2);
  }
}
