package io.dbbench.graph;

/**
 * A Cypher query (or its preparation) failed inside the graph database: a syntax error, a missing
 * table, a duplicate primary key, or a closed handle. Carries the database's own message and the
 * query text, because Kuzu reports failures through {@code QueryResult.isSuccess()} and
 * {@code getErrorMessage()} rather than by throwing, and an error without its query is hard to act
 * on.
 */
public final class GraphQueryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String query;
  private final String databaseMessage;

  /**
   * @param query the Cypher text that failed (may be {@code null} for handle-level failures)
   * @param databaseMessage the database's own error message
   */
  public GraphQueryException(String query, String databaseMessage) {
    super(databaseMessage + (query == null ? "" : " [query: " + query + "]"));
    this.query = query;
    this.databaseMessage = databaseMessage;
  }

  /** The Cypher text that failed, or {@code null} when the failure concerns a handle. */
  public String query() {
    return query;
  }

  /** The database's own error message, e.g. {@code "Binder exception: Table Nope does not exist."}. */
  public String databaseMessage() {
    return databaseMessage;
  }
}
