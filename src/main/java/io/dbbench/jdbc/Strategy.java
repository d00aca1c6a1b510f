package io.dbbench.jdbc;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How rows reach the GOMESSAGE table; the names are hdbinsert's ({@code bulk}, {@code many}) plus
 * PostgreSQL's {@code COPY}, the naive {@code rowByRow} baseline, and PostgreSQL's array binding
 * ({@code arrayBind}).
 */
public enum Strategy {
  /**
   * Rows produced one at a time and passed straight to {@code addBatch}; {@code executeBatch}
   * every {@code bulkSize} rows and at the end of each batch (go-hdb's "bulk"). Low memory.
   */
  BULK("bulk"),
  /**
   * Each batch built in memory first (outside the timed section, as hdbinsert's "many" did),
   * then bound and sent in one {@code executeBatch}.
   */
  MANY("many"),
  /** PostgreSQL only: the same rows streamed through {@code CopyManager} (binary or text COPY). */
  COPY("copy"),
  /** One {@code executeUpdate} per row with autocommit: the baseline to warn about. */
  ROW_BY_ROW("rowByRow"),
  /**
   * PostgreSQL only, beyond hdbinsert: each batch bound as ten arrays (one per column) and sent as
   * one {@code INSERT ... SELECT * FROM unnest(?::int4[], ?::float8[], ...)}: one statement and one
   * executor pass per batch instead of one per row, the closest plain SQL gets to COPY.
   */
  ARRAY_BIND("arrayBind");

  private final String id;

  Strategy(String id) {
    this.id = id;
  }

  /** The {@code @Param strategy} spelling, e.g. {@code rowByRow}. */
  public String id() {
    return id;
  }

  /**
   * The strategy spelled {@code text} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Strategy parse(String text) {
    for (Strategy s : values()) {
      if (s.id.equalsIgnoreCase(text == null ? "" : text.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException("strategy '" + text + "' is unknown; expected one of "
        + Arrays.stream(values()).map(Strategy::id).collect(Collectors.joining(", ")));
  }

  /** Whether only PostgreSQL can run this strategy. */
  public boolean postgresqlOnly() {
    return this == COPY || this == ARRAY_BIND;
  }

  /** Whether {@code dialect} can run this strategy ({@code copy} and {@code arrayBind}: PostgreSQL only). */
  public boolean supportedBy(Dialect dialect) {
    return !postgresqlOnly() || dialect == Dialect.POSTGRESQL;
  }

  /**
   * The one availability check of the PostgreSQL-only strategies, run before connecting (fixture)
   * and again by the inserter.
   *
   * @throws IllegalArgumentException naming this strategy, the target's product and the strategies
   *     that do run there, when {@code dialect} cannot run this strategy
   */
  public void requireSupportedBy(Dialect dialect) {
    if (!supportedBy(dialect)) {
      String there = Arrays.stream(values()).filter(s -> s.supportedBy(dialect)).map(Strategy::id)
          .collect(Collectors.joining(","));
      throw new IllegalArgumentException("strategy " + id + " needs PostgreSQL (COPY, unnest of arrays), but the"
          + " target is " + dialect.product() + "; run strategies " + there + " there (-p strategy=" + there + ")");
    }
  }

  @Override
  public String toString() {
    return id;
  }
}
