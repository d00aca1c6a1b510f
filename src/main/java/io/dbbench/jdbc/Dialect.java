package io.dbbench.jdbc;

import io.dbbench.core.Redaction;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Everything that differs between the databases the GOMESSAGE family can target, kept in one
 * place: DDL, identifier quoting, how many rows one {@code executeBatch} may carry, whether COPY
 * exists, and which driver properties carry the knobs that matter.
 *
 * <p>Identifiers are always double-quoted (all three databases accept SQL-standard quoting), so
 * {@code TG20POC.GOMESSAGE} keeps its exact, upper-case spelling on PostgreSQL too.
 */
public enum Dialect {
  /**
   * SAP HANA through ngdbc: a column table ({@code CREATE COLUMN TABLE}, as hdbinsert creates it);
   * at most 32767 rows per message (the hdb protocol limit go-hdb's README names).
   */
  HANA("SAP HANA", "jdbc:sap:", "DOUBLE", true, 32_767),
  /** PostgreSQL through pgjdbc: {@code DOUBLE PRECISION}, COPY available. */
  POSTGRESQL("PostgreSQL", "jdbc:postgresql:", "DOUBLE PRECISION", false, Integer.MAX_VALUE),
  /** H2: {@code DOUBLE PRECISION}. */
  H2("H2", "jdbc:h2:", "DOUBLE PRECISION", false, Integer.MAX_VALUE);

  /** The GOMESSAGE columns in table order; the first is the INTEGER running index. */
  public static final List<String> COLUMNS = List.of("DEVICEID", "TEMPERATUR", "HUMIDITY", "CO2",
      "CO", "LPG", "SMOKE", "PRESENCE", "LIGHT", "SOUND");

  /** What dbbench writes as the table comment, marking a table as its own. */
  public static final String OWNER_MARK = "dbbench GOMESSAGE";

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,126}");

  private final String product;
  private final String urlPrefix;
  private final String doubleType;
  private final boolean columnTable;
  private final int maxBatchRows;

  Dialect(String product, String urlPrefix, String doubleType, boolean columnTable, int maxBatchRows) {
    this.product = product;
    this.urlPrefix = urlPrefix;
    this.doubleType = doubleType;
    this.columnTable = columnTable;
    this.maxBatchRows = maxBatchRows;
  }

  /**
   * The dialect of a JDBC URL: {@code jdbc:sap:}, {@code jdbc:postgresql:} or {@code jdbc:h2:}.
   *
   * @throws IllegalArgumentException naming the (redacted) URL and the accepted prefixes
   */
  public static Dialect fromUrl(String url) {
    String u = url == null ? "" : url.trim();
    for (Dialect d : values()) {
      if (u.regionMatches(true, 0, d.urlPrefix, 0, d.urlPrefix.length())) {
        return d;
      }
    }
    throw new IllegalArgumentException("JDBC URL '" + Redaction.redact(url) + "' is not supported; expected one "
        + "starting with jdbc:sap: (SAP HANA, ngdbc), jdbc:postgresql: or jdbc:h2:");
  }

  /** Human product name, e.g. "SAP HANA". */
  public String product() {
    return product;
  }

  /** The most rows one {@code executeBatch} may carry (HANA: 32767 per message; others unbounded). */
  public int maxBatchRows() {
    return maxBatchRows;
  }

  /** Whether the {@code copy} strategy exists here (PostgreSQL only). */
  public boolean supportsCopy() {
    return this == POSTGRESQL;
  }

  /**
   * {@code name} double-quoted.
   *
   * @throws IllegalArgumentException when {@code name} is not a plain identifier
   *     ({@code [A-Za-z_][A-Za-z0-9_]*}, at most 127 characters)
   */
  public static String quote(String name) {
    if (name == null || !IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException("identifier '" + name + "' is not allowed; expected letters, digits "
          + "and underscores, starting with a letter or underscore, e.g. GOMESSAGE");
    }
    return '"' + name + '"';
  }

  /** {@code "schema"."table"}. */
  public String qualified(String schema, String table) {
    return quote(schema) + "." + quote(table);
  }

  /** Creates the schema; callers check that it is missing first (HANA has no IF NOT EXISTS). */
  public String createSchemaSql(String schema) {
    return "CREATE SCHEMA " + quote(schema);
  }

  /** The GOMESSAGE DDL: a column table on HANA, a heap table elsewhere. */
  public String createTableSql(String schema, String table) {
    String cols = COLUMNS.stream()
        .map(c -> quote(c) + (c.equals("DEVICEID") ? " INTEGER" : " " + doubleType))
        .collect(Collectors.joining(", "));
    return (columnTable ? "CREATE COLUMN TABLE " : "CREATE TABLE ") + qualified(schema, table) + " (" + cols + ")";
  }

  /** Marks a table as created by dbbench (read back as {@code REMARKS} in the JDBC metadata). */
  public String commentSql(String schema, String table) {
    return "COMMENT ON TABLE " + qualified(schema, table) + " IS '" + OWNER_MARK + "'";
  }

  /** Drops a table; callers check that it exists and is owned first. */
  public String dropTableSql(String schema, String table) {
    return "DROP TABLE " + qualified(schema, table);
  }

  /**
   * PostgreSQL's array-bound insert: ten arrays, one per column in {@link #COLUMNS} order, unnested
   * into rows by one {@code INSERT ... SELECT}.
   */
  public String arrayInsertSql(String schema, String table) {
    return "INSERT INTO " + qualified(schema, table) + " (" + columnList() + ") SELECT * FROM unnest("
        + COLUMNS.stream().map(c -> c.equals("DEVICEID") ? "?::int4[]" : "?::float8[]").collect(Collectors.joining(", "))
        + ")";
  }

  /**
   * PostgreSQL's array-bound insert with the arrays unnested in the select list (a streaming
   * ProjectSet; equal-length arrays yield their elements in lockstep): ten arrays in
   * {@link #COLUMNS} order.
   */
  public String arrayProjectSql(String schema, String table) {
    return "INSERT INTO " + qualified(schema, table) + " (" + columnList() + ") SELECT "
        + COLUMNS.stream().map(c -> c.equals("DEVICEID") ? "unnest(?::int4[])" : "unnest(?::float8[])")
            .collect(Collectors.joining(", "));
  }

  /**
   * A multi-row insert of {@code rows} rows of ten {@code ?} each.
   *
   * @throws IllegalArgumentException when {@code rows} is below 1 or the statement would carry more
   *     than 65,535 parameters (the PostgreSQL protocol's limit)
   */
  public String multiValuesSql(String schema, String table, int rows) {
    if (rows < 1 || (long) rows * COLUMNS.size() > 65_535) {
      throw new IllegalArgumentException("multi-row insert of " + rows + " rows: expected 1.." + 65_535 / COLUMNS.size()
          + " rows (at most 65,535 bind parameters per statement)");
    }
    String one = "(" + COLUMNS.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
    StringBuilder sb = new StringBuilder(64 + rows * (one.length() + 1));
    sb.append("INSERT INTO ").append(qualified(schema, table)).append(" (").append(columnList()).append(") VALUES ");
    for (int i = 0; i < rows; i++) {
      sb.append(i == 0 ? "" : ",").append(one);
    }
    return sb.toString();
  }

  /** The parameterised row insert, ten {@code ?} in {@link #COLUMNS} order. */
  public String insertSql(String schema, String table) {
    return "INSERT INTO " + qualified(schema, table) + " (" + columnList() + ") VALUES ("
        + COLUMNS.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
  }

  /**
   * The verification query: one row with the row count and {@code SUM(DEVICEID)} as BIGINT, so
   * 100 million running indexes cannot overflow.
   */
  public String verifySql(String schema, String table) {
    return "SELECT COUNT(*), SUM(CAST(" + quote("DEVICEID") + " AS BIGINT)) FROM " + qualified(schema, table);
  }

  /**
   * A CHECK constraint that rejects the row whose DEVICEID is {@code deviceId}: fault injection for
   * tests ({@code DBBENCH_JDBC_FAIL_AT_ROW}), so a failing batch is a real constraint violation.
   */
  public String failAtRowSql(String schema, String table, long deviceId) {
    return "ALTER TABLE " + qualified(schema, table) + " ADD CONSTRAINT " + quote("DBBENCH_FAIL_AT_ROW")
        + " CHECK (" + quote("DEVICEID") + " <> " + deviceId + ")";
  }

  /**
   * The COPY statement for {@code format} {@code binary} or {@code text} (PostgreSQL only).
   *
   * @throws UnsupportedOperationException on other dialects
   */
  public String copySql(String schema, String table, String format) {
    if (!supportsCopy()) {
      throw new UnsupportedOperationException("COPY is PostgreSQL-only; " + product + " has no COPY");
    }
    return "COPY " + qualified(schema, table) + " (" + columnList() + ") FROM STDIN (FORMAT "
        + format.toLowerCase(Locale.ROOT) + ")";
  }

  /** The quoted column list. */
  public static String columnList() {
    return COLUMNS.stream().map(Dialect::quote).collect(Collectors.joining(", "));
  }

  /**
   * Puts this dialect's knobs into driver {@code props}: PostgreSQL {@code reWriteBatchedInserts},
   * HANA {@code packetSize} (bytes; unset keeps the driver default). Values already in
   * {@code props} (from the URL's own settings via {@code DBBENCH_JDBC_PROPERTIES}) win.
   */
  public void applyKnobs(Properties props, boolean reWriteBatchedInserts, Integer packetSize) {
    switch (this) {
      case POSTGRESQL -> props.putIfAbsent("reWriteBatchedInserts", Boolean.toString(reWriteBatchedInserts));
      case HANA -> {
        if (packetSize != null) {
          props.putIfAbsent("packetSize", Integer.toString(packetSize));
        }
      }
      case H2 -> { }
    }
  }
}
