package io.dbbench.graph;

import java.util.Map;

/**
 * What a {@link GraphSession} does with a result's rows: whether it reads them, and what a node or
 * relationship becomes in Java. Every other value becomes the same Java type in each conversion
 * that reads rows ({@code STRING} {@link String}, {@code INT64} {@link Long}, {@code FLOAT}
 * {@link Float}, {@code DOUBLE} {@link Double}, {@code BOOL} {@link Boolean}, SQL NULL
 * {@code null}).
 */
public enum RowConversion {
  /**
   * The result is closed unread; the session returns 0 rows. What graphd's throughput_bench does
   * with a write's result: {@code conn.query(...).unwrap();} drops lbug's {@code QueryResult}
   * without iterating it ({@code benches/throughput_bench.rs} at 7628b1d).
   */
  UNREAD,
  /**
   * dbbench's: a node or relationship becomes a {@code Map<String, Object>} of its properties, in
   * the order its table declares them (per property its name, its value, a null check and the
   * value's conversion).
   */
  PROPERTIES,
  /**
   * graphd's: what the {@code lbug} Rust crate does with each row graphd's
   * {@code consume_result} iterates ({@code while result.next().is_some()}): its
   * {@code impl Iterator for QueryResult} converts every value of the row through
   * {@code TryFrom<&ffi::Value> for Value}, a node into its internal id, its label and each
   * property's name and value ({@link Node}), a relationship into its source and destination ids,
   * its label and its properties ({@link Rel}) ({@code tools/rust_api/src/query_result.rs} and
   * {@code value.rs} in LadybugDB's repository, read at 268707fc6).
   */
  ID_LABEL_PROPERTIES;

  /**
   * A node as {@link #ID_LABEL_PROPERTIES} converts it.
   *
   * @param tableId its internal id's table
   * @param offset its internal id's offset in the table
   * @param label its table's name, e.g. {@code Entity}
   * @param properties its properties in table order
   */
  public record Node(long tableId, long offset, String label, Map<String, Object> properties) {}

  /**
   * A relationship as {@link #ID_LABEL_PROPERTIES} converts it.
   *
   * @param srcTableId the source node's internal id: table
   * @param srcOffset the source node's internal id: offset
   * @param dstTableId the destination node's internal id: table
   * @param dstOffset the destination node's internal id: offset
   * @param label its table's name, e.g. {@code CONNECTED_TO}
   * @param properties its properties in table order
   */
  public record Rel(long srcTableId, long srcOffset, long dstTableId, long dstOffset, String label,
      Map<String, Object> properties) {}
}
