package io.dbbench.jdbc;

import io.dbbench.core.Spelling;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How rows reach the GOMESSAGE table; the names are hdbinsert's ({@code bulk}, {@code many}) plus
 * PostgreSQL's {@code COPY}, the naive {@code rowByRow} baseline, and PostgreSQL's array binding
 * ({@code arrayBind}) and the faster non-COPY paths measured beside it ({@code arrayProject},
 * {@code arrayChunks}, {@code multiValues}).
 */
public enum Strategy implements Spelling.LowerCamel {
  /**
   * Rows produced one at a time and passed straight to {@code addBatch}; {@code executeBatch}
   * every {@code bulkSize} rows and at the end of each batch (go-hdb's "bulk"). Low memory.
   */
  BULK,
  /**
   * Each batch built in memory first (outside the timed section, as hdbinsert's "many" did),
   * then bound and sent in one {@code executeBatch}.
   */
  MANY,
  /** PostgreSQL only: the same rows streamed through {@code CopyManager} (binary or text COPY). */
  COPY,
  /** One {@code executeUpdate} per row with autocommit: the baseline to warn about. */
  ROW_BY_ROW,
  /**
   * PostgreSQL only, beyond hdbinsert: each batch bound as ten arrays (one per column) and sent as
   * one {@code INSERT ... SELECT * FROM unnest(?::int4[], ?::float8[], ...)}: one statement and one
   * executor pass per batch instead of one per row, the closest plain SQL gets to COPY.
   */
  ARRAY_BIND,
  /**
   * PostgreSQL only, beyond hdbinsert: {@code arrayBind}'s ten binary arrays, unnested in the select
   * list ({@code INSERT ... SELECT unnest(?::int4[]), unnest(?::float8[]), ...}) instead of the FROM
   * clause: PostgreSQL evaluates set-returning functions in a select list in lockstep through a
   * streaming ProjectSet node, where {@code unnest(a, b, ...)} in FROM first copies every array's
   * elements into its own tuplestore. One statement per batch. On SAP HANA the same load is
   * {@code bulk}/{@code many}: ngdbc's {@code executeBatch} already sends a batch as columnar
   * parameter arrays (up to 32767 rows per message), and HANA's SQL has no unnest of a bound array.
   */
  ARRAY_PROJECT,
  /**
   * PostgreSQL only: {@code arrayProject}'s statement once per chunk of {@value #ARRAY_CHUNK_ROWS}
   * rows ({@code DBBENCH_JDBC_BULK_SIZE} to change it), the chunks sent as one JDBC batch, which pgjdbc pipelines (every chunk's Bind/Execute
   * written before the first result is read), so the server inserts chunk k while chunk k+1 is
   * still arriving. On SAP HANA: {@code many} with {@code DBBENCH_JDBC_PACKET_SIZE} large enough
   * for 32767-row messages is the same pipelining.
   */
  ARRAY_CHUNKS,
  /**
   * PostgreSQL and H2: one multi-row {@code INSERT ... VALUES (?, ...), (?, ...), ...} of
   * {@value #VALUES_ROWS} rows (65,530 bind parameters, under the protocol's 65,535 per statement)
   * per execution, and one for the remainder. pgjdbc 42.7.14's {@code reWriteBatchedInserts} already
   * rewrites {@code bulk}/{@code many} batches into multi-row statements of up to 4096 rows (65,535 / 10
   * rounded down to a power of two; {@code reWriteBatchedInsertsSize}), so this path measures what
   * 6553 instead of 4096 rows per statement buys (nothing, measured). Not on SAP HANA, whose {@code INSERT} takes one row of values (there
   * {@code many} is the multi-row path).
   */
  MULTI_VALUES;

  /** Rows per statement of {@code arrayChunks}. */
  public static final int ARRAY_CHUNK_ROWS = 10_000;
  /** Rows per statement of {@code multiValues}: 6553 rows x 10 columns = 65,530 bind parameters (limit 65,535). */
  public static final int VALUES_ROWS = 65_535 / 10;

  /**
   * The strategy spelled {@code text} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Strategy parse(String text) {
    return Spelling.parse(Strategy.class, Strategy::id, "strategy", text);
  }

  /** Whether only PostgreSQL can run this strategy ({@code copy} and the array strategies). */
  public boolean postgresqlOnly() {
    return this == COPY || this == ARRAY_BIND || this == ARRAY_PROJECT || this == ARRAY_CHUNKS;
  }

  /**
   * Whether {@code dialect} can run this strategy ({@code copy} and the array strategies: PostgreSQL
   * only; {@code multiValues}: not SAP HANA).
   */
  public boolean supportedBy(Dialect dialect) {
    if (this == MULTI_VALUES) {
      return dialect != Dialect.HANA;
    }
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
      String needs = this == MULTI_VALUES ? "multi-row VALUES (PostgreSQL or H2)" : "PostgreSQL (COPY, unnest of arrays)";
      throw new IllegalArgumentException("strategy " + id() + " needs " + needs + ", but the"
          + " target is " + dialect.product() + "; run strategies " + there + " there (-p strategy=" + there + ")");
    }
  }

  @Override
  public String toString() {
    return id();
  }
}
