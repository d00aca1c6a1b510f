package io.dbbench.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The GOMESSAGE tables one run owns (the configured table, plus {@code <table>_<n>} per worker
 * when tables are separate) and the only DDL dbbench runs: create, drop, and the verification
 * query.
 *
 * <p>Safety: dbbench only creates and drops these names. On any target but the embedded
 * PostgreSQL, an existing table is dropped only when dbbench created it (in this process, or in an
 * earlier run: it carries the comment {@link Dialect#OWNER_MARK}) or when
 * {@code DBBENCH_ALLOW_DROP=true}.
 */
public final class GomessageTables {
  private final Dialect dialect;
  private final String schema;
  private final List<String> tables;
  private final boolean mayDropAnything;
  private final Set<String> owned = new LinkedHashSet<>();

  /**
   * @param dialect the target's dialect
   * @param schema the schema
   * @param tables table names, the first one the configured name
   * @param mayDropAnything true on the embedded server or with {@code DBBENCH_ALLOW_DROP=true}
   */
  public GomessageTables(Dialect dialect, String schema, List<String> tables, boolean mayDropAnything) {
    this.dialect = dialect;
    this.schema = schema;
    this.tables = List.copyOf(tables);
    this.mayDropAnything = mayDropAnything;
    tables.forEach(t -> dialect.qualified(schema, t));
  }

  /** The table names of a run: {@code table}, or {@code table_0 .. table_<workers-1>} when separate. */
  public static List<String> names(String table, int workers, boolean separate) {
    if (!separate) {
      return List.of(table);
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < workers; i++) {
      out.add(table + "_" + i);
    }
    return out;
  }

  /** The table names, in worker order. */
  public List<String> tables() {
    return tables;
  }

  /** The schema. */
  public String schema() {
    return schema;
  }

  /**
   * Creates the schema when missing and checks that every table is either absent or may be
   * dropped; run once before the first insert, so a refusal comes before any DDL on tables.
   *
   * @throws IllegalStateException naming the table and {@code DBBENCH_ALLOW_DROP} when an existing
   *     table was not created by dbbench
   * @throws SQLException from the database
   */
  public void claim(Connection c) throws SQLException {
    if (!schemaExists(c)) {
      exec(c, dialect.createSchemaSql(schema));
    }
    for (String t : tables) {
      String remarks = remarksIfExists(c, t);
      if (remarks != null && !mayDropAnything && !Dialect.OWNER_MARK.equals(remarks.trim())) {
        throw new IllegalStateException("table " + schema + "." + t + " already exists and was not created by "
            + "dbbench; it would be dropped before every insert. Set DBBENCH_ALLOW_DROP=true to allow that, "
            + "or choose another name with DBBENCH_JDBC_SCHEMA / DBBENCH_JDBC_TABLE");
      }
      if (remarks != null) {
        owned.add(t);
      }
    }
  }

  /**
   * Drops (when present) and creates every table, empty, marked as dbbench's. Call {@link #claim}
   * first.
   *
   * @param failAtRow when not null, adds a CHECK constraint rejecting that DEVICEID (tests)
   * @throws IllegalStateException when a table exists that {@link #claim} did not accept
   * @throws SQLException from the database
   */
  public void recreate(Connection c, Long failAtRow) throws SQLException {
    for (String t : tables) {
      if (remarksIfExists(c, t) != null) {
        if (!owned.contains(t) && !mayDropAnything) {
          throw new IllegalStateException("table " + schema + "." + t + " appeared after dbbench claimed its names; "
              + "refusing to drop it (set DBBENCH_ALLOW_DROP=true to allow)");
        }
        exec(c, dialect.dropTableSql(schema, t));
      }
      exec(c, dialect.createTableSql(schema, t));
      owned.add(t);
      exec(c, dialect.commentSql(schema, t));
      if (failAtRow != null) {
        exec(c, dialect.failAtRowSql(schema, t, failAtRow));
      }
    }
    if (!c.getAutoCommit()) {
      c.commit();
    }
  }

  /** Drops every table this run created or claimed; leaves the schema. */
  public void dropOwned(Connection c) throws SQLException {
    for (String t : owned) {
      if (remarksIfExists(c, t) != null) {
        exec(c, dialect.dropTableSql(schema, t));
      }
    }
    owned.clear();
    if (!c.getAutoCommit()) {
      c.commit();
    }
  }

  /**
   * Counts the rows and sums DEVICEID over every table.
   *
   * @throws SQLException from the database
   */
  public Verification count(Connection c) throws SQLException {
    long rows = 0;
    long sum = 0;
    try (Statement s = c.createStatement()) {
      for (String t : tables) {
        try (ResultSet r = s.executeQuery(dialect.verifySql(schema, t))) {
          r.next();
          rows += r.getLong(1);
          java.math.BigDecimal b = r.getBigDecimal(2);
          sum += b == null ? 0 : b.longValueExact();
        }
      }
    }
    if (!c.getAutoCommit()) {
      c.commit();
    }
    return new Verification(rows, sum);
  }

  private boolean schemaExists(Connection c) throws SQLException {
    try (ResultSet r = c.getMetaData().getSchemas(null, schema)) {
      while (r.next()) {
        if (schema.equals(r.getString("TABLE_SCHEM"))) {
          return true;
        }
      }
    }
    return false;
  }

  /** The table's comment ("" when none), or {@code null} when the table does not exist. */
  private String remarksIfExists(Connection c, String table) throws SQLException {
    return remarks(c, schema, table);
  }

  /**
   * The comment of {@code schema.table} ("" when none), or {@code null} when the table does not
   * exist: how dbbench recognises the tables it created (the benchmark family and the console).
   *
   * @throws SQLException from the driver's metadata call
   */
  public static String remarks(Connection c, String schema, String table) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    try (ResultSet r = md.getTables(null, schema, table, null)) {
      while (r.next()) {
        if (table.equals(r.getString("TABLE_NAME")) && schema.equals(r.getString("TABLE_SCHEM"))) {
          String remarks = r.getString("REMARKS");
          return remarks == null ? "" : remarks;
        }
      }
    }
    return null;
  }

  private static void exec(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /**
   * What the verification query found.
   *
   * @param rows {@code COUNT(*)} over the run's tables
   * @param deviceIdSum {@code SUM(DEVICEID)} over the run's tables
   */
  public record Verification(long rows, long deviceIdSum) {
    /**
     * Checks this against a complete insert of {@code shape}.
     *
     * @throws IllegalStateException with both the expected and the found numbers on a mismatch
     */
    public void require(Shape shape, String where) {
      long expectedRows = shape.rows();
      long expectedSum = GomessageRows.expectedDeviceIdSum(expectedRows);
      if (rows != expectedRows || deviceIdSum != expectedSum) {
        throw new IllegalStateException("GOMESSAGE verification failed for shape " + shape + " in " + where
            + ": expected " + expectedRows + " rows and SUM(DEVICEID)=" + expectedSum + ", found " + rows
            + " rows and SUM(DEVICEID)=" + deviceIdSum + " (rows were lost or duplicated)");
      }
    }
  }
}
