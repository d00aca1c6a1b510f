package io.dbbench.jdbc.console;

import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.GomessageTables;
import io.dbbench.jdbc.JdbcTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The page's database operations (hdbinsert's "database operations" section: create table, delete
 * rows, drop table, count rows), on the one table the console owns: the configured
 * {@code DBBENCH_JDBC_SCHEMA.DBBENCH_JDBC_TABLE}. No request can name another table. The SQL is
 * the family's ({@link Dialect}); the safety rules are the family's ({@link GomessageTables#claim}:
 * a table dbbench did not create is touched only on the embedded server or with
 * {@code DBBENCH_ALLOW_DROP=true}), and dropping always needs {@code DBBENCH_ALLOW_DROP=true} and a
 * confirmation naming the table.
 *
 * @param target the database the console works on
 * @param settings the GOMESSAGE settings (schema, table, safety switches) it uses
 */
record OwnedTable(JdbcTarget target, GomessageSettings settings) {
  /** {@code SCHEMA.TABLE}, the confirmation {@code dropTable} expects. */
  String qualifiedName() {
    return settings.schema() + "." + settings.table();
  }

  /**
   * Creates the table (and its schema) when missing, marked as dbbench's.
   *
   * @return {@code {"operation","table","created"}}: created false when it already existed
   * @throws SQLException from the database
   */
  Map<String, Object> create() throws SQLException {
    try (Connection c = target.connect()) {
      c.setAutoCommit(true);
      GomessageTables t = tables();
      boolean existed = remarks(c, settings.schema(), settings.table()) != null;
      if (!existed) {
        try {
          t.claim(c); // creates the schema when missing
        } catch (IllegalStateException raced) {
          throw new ConsoleException(403, "table", raced.getMessage());
        }
        createIfMissing(c, target.dialect(), settings.schema(), settings.table());
      }
      Map<String, Object> m = answer("createTable");
      m.put("created", !existed);
      if (existed) {
        m.put("message", "table " + qualifiedName() + " already exists; nothing done");
      }
      return m;
    }
  }

  /**
   * Deletes every row ({@code TRUNCATE TABLE}) when the family's rules allow touching the table.
   *
   * @throws ConsoleException 404 when the table does not exist, 403 when it is not dbbench's and
   *     {@code DBBENCH_ALLOW_DROP} is not set
   * @throws SQLException from the database
   */
  Map<String, Object> truncate() throws SQLException {
    try (Connection c = target.connect()) {
      c.setAutoCommit(true);
      requireOwned(c);
      long rows = count(c)[0];
      exec(c, "TRUNCATE TABLE " + target.dialect().qualified(settings.schema(), settings.table()));
      Map<String, Object> m = answer("truncateTable");
      m.put("deletedRows", rows);
      return m;
    }
  }

  /**
   * Drops the table.
   *
   * @param confirm must equal {@link #qualifiedName()}
   * @throws ConsoleException 403 without {@code DBBENCH_ALLOW_DROP=true}, 400 when {@code confirm}
   *     does not name the table, 404 when the table does not exist
   * @throws SQLException from the database
   */
  Map<String, Object> drop(String confirm) throws SQLException {
    if (!settings.allowDrop()) {
      throw new ConsoleException(403, "DBBENCH_ALLOW_DROP", "dropping " + qualifiedName() + " is refused: it needs "
          + "DBBENCH_ALLOW_DROP=true (or -Ddbbench.allow.drop=true) when the console starts, as the benchmark "
          + "family requires before dropping a table it did not create");
    }
    if (!qualifiedName().equals(confirm)) {
      throw new ConsoleException(400, "confirm", "confirm='" + (confirm == null ? "" : ConsoleServer.truncate(confirm))
          + "' does not name the table; expected confirm=" + qualifiedName());
    }
    try (Connection c = target.connect()) {
      c.setAutoCommit(true);
      requireOwned(c);
      exec(c, target.dialect().dropTableSql(settings.schema(), settings.table()));
      Map<String, Object> m = answer("dropTable");
      m.put("dropped", true);
      return m;
    }
  }

  /**
   * Counts the rows and sums DEVICEID (the family's verification query).
   *
   * @throws ConsoleException 404 when the table does not exist
   * @throws SQLException from the database
   */
  Map<String, Object> countRows() throws SQLException {
    try (Connection c = target.connect()) {
      c.setAutoCommit(true);
      if (remarks(c, settings.schema(), settings.table()) == null) {
        throw notFound();
      }
      long[] n = count(c);
      Map<String, Object> m = answer("countRows");
      m.put("rows", n[0]);
      m.put("deviceIdSum", n[1]);
      return m;
    }
  }

  private void requireOwned(Connection c) throws SQLException {
    if (remarks(c, settings.schema(), settings.table()) == null) {
      throw notFound();
    }
    try {
      tables().claim(c);
    } catch (IllegalStateException e) {
      throw new ConsoleException(403, "table", e.getMessage());
    }
  }

  private ConsoleException notFound() {
    return new ConsoleException(404, "table", "table " + qualifiedName() + " does not exist; create it first "
        + "(POST /db/createTable) or run a test");
  }

  private GomessageTables tables() {
    return new GomessageTables(target.dialect(), settings.schema(), List.of(settings.table()),
        target.isEmbedded() || settings.allowDrop());
  }

  private long[] count(Connection c) throws SQLException {
    GomessageTables.Verification v = tables().count(c);
    return new long[] {v.rows(), v.deviceIdSum()};
  }

  private Map<String, Object> answer(String operation) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("operation", operation);
    m.put("table", qualifiedName());
    return m;
  }

  /**
   * Creates {@code schema.table} (the family's DDL and owner mark) when it does not exist yet.
   *
   * @throws SQLException from the database
   */
  static void createIfMissing(Connection c, Dialect dialect, String schema, String table) throws SQLException {
    if (remarks(c, schema, table) == null) {
      exec(c, dialect.createTableSql(schema, table));
      exec(c, dialect.commentSql(schema, table));
      if (!c.getAutoCommit()) {
        c.commit();
      }
    }
  }

  /** {@link GomessageTables#remarks}: the family's own check of a table dbbench created. */
  static String remarks(Connection c, String schema, String table) throws SQLException {
    return GomessageTables.remarks(c, schema, table);
  }

  private static void exec(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
