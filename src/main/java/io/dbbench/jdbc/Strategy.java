package io.dbbench.jdbc;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How rows reach the GOMESSAGE table; the names are hdbinsert's ({@code bulk}, {@code many}) plus
 * PostgreSQL's {@code COPY} and the naive {@code rowByRow} baseline.
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
  ROW_BY_ROW("rowByRow");

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

  @Override
  public String toString() {
    return id;
  }
}
