package io.dbbench.graph;

import java.util.List;
import java.util.Map;

/**
 * One connection to a {@link GraphDatabase}: prepares and runs Cypher. Not thread-safe.
 *
 * <p>Parameter values ({@code $name} bindings) may be {@code null}, {@link String}, {@link Long},
 * {@link Integer}, {@link Double}, {@link Float} or {@link Boolean}; anything else is rejected
 * with an {@link IllegalArgumentException} naming the parameter and its type.
 *
 * <p>Result values are converted to Java: {@code STRING} to {@link String}, {@code INT64} to
 * {@link Long}, {@code FLOAT} to {@link Float}, {@code DOUBLE} to {@link Double}, {@code BOOL} to
 * {@link Boolean}, SQL NULL to {@code null}, and a node or relationship to a
 * {@code Map<String, Object>} of its properties (insertion order as the table declares them).
 */
public interface GraphSession extends AutoCloseable {

  /**
   * Prepares {@code cypher} once for repeated execution.
   *
   * @throws GraphQueryException with the database's message and the query when preparation fails
   */
  GraphStatement prepare(String cypher);

  /**
   * Executes a prepared statement and consumes every row of its result, converting every value to
   * Java as a client would, then releases the result.
   *
   * @return the number of rows consumed
   * @throws GraphQueryException when execution fails (e.g. duplicate primary key)
   */
  long execute(GraphStatement statement, Map<String, ?> params);

  /**
   * Compiles and executes a literal (unprepared) query, consuming every row.
   *
   * @return the number of rows consumed
   * @throws GraphQueryException when it fails
   */
  long execute(String cypher);

  /**
   * Executes {@code cypher} with {@code params} (prepared on the fly when params is non-empty) and
   * returns every row as a list of converted column values. For set-up and verification, not for
   * measured code.
   *
   * @throws GraphQueryException when it fails
   */
  List<List<Object>> fetch(String cypher, Map<String, ?> params);

  /** Closes the session's statements and the connection; idempotent. */
  @Override
  void close();
}
