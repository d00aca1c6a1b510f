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
 * {@code Map<String, Object>} of its properties (insertion order as the table declares them), unless
 * a {@link RowConversion} says otherwise.
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
   * Compiles and executes a literal (unprepared) query and does with its rows what
   * {@code conversion} says: closes the result unread ({@link RowConversion#UNREAD}, returning 0),
   * or consumes every row converting every value ({@link RowConversion#PROPERTIES}, as
   * {@link #execute(String)}; {@link RowConversion#ID_LABEL_PROPERTIES}, graphd's).
   *
   * <p>This default serves a session that converts only to properties (a test's stand-in); an
   * engine's session overrides it.
   *
   * @return the number of rows consumed (0 when unread)
   * @throws GraphQueryException when it fails
   * @throws UnsupportedOperationException naming the conversion when this session lacks it
   */
  default long execute(String cypher, RowConversion conversion) {
    if (conversion == RowConversion.PROPERTIES) {
      return execute(cypher);
    }
    throw new UnsupportedOperationException(getClass().getName() + " converts rows only as " + RowConversion.PROPERTIES
        + "; asked for " + conversion);
  }

  /**
   * Executes {@code cypher} with {@code params} (prepared on the fly when params is non-empty) and
   * returns every row as a list of converted column values. For set-up and verification, not for
   * measured code.
   *
   * @throws GraphQueryException when it fails
   */
  List<List<Object>> fetch(String cypher, Map<String, ?> params);

  /**
   * As {@link #fetch(String, Map)}, with nodes and relationships converted as {@code conversion}
   * says ({@link RowConversion#ID_LABEL_PROPERTIES}: {@link RowConversion.Node} and
   * {@link RowConversion.Rel} values). The default serves {@link RowConversion#PROPERTIES} only.
   *
   * @throws GraphQueryException when it fails
   * @throws IllegalArgumentException for {@link RowConversion#UNREAD}: a fetch reads its rows
   * @throws UnsupportedOperationException naming the conversion when this session lacks it
   */
  default List<List<Object>> fetch(String cypher, Map<String, ?> params, RowConversion conversion) {
    if (conversion == RowConversion.UNREAD) {
      throw new IllegalArgumentException("fetch reads every row; conversion " + conversion + " reads none");
    }
    if (conversion == RowConversion.PROPERTIES) {
      return fetch(cypher, params);
    }
    throw new UnsupportedOperationException(getClass().getName() + " converts rows only as " + RowConversion.PROPERTIES
        + "; asked for " + conversion);
  }

  /** Closes the session's statements and the connection; idempotent. */
  @Override
  void close();
}
