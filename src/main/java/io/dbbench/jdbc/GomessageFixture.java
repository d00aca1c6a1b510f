package io.dbbench.jdbc;

import io.dbbench.core.Redaction;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything one GOMESSAGE benchmark trial needs, in the order JMH uses it:
 * {@link #open} (trial setup: start or reach the database, claim the tables, open every
 * connection and worker thread), {@link #prepare} (before each shot: drop and recreate the
 * tables, settle, build {@code many}'s batches), {@link #insert} (the measured operation),
 * {@link #verify} (after each shot: row count and {@code SUM(DEVICEID)}), {@link #close}.
 */
public final class GomessageFixture implements AutoCloseable {
  private final GomessageSettings settings;
  private final Shape shape;
  private final Strategy strategy;
  private final int workers; // worker connections: the settings' effective workers in par, 1 in seq
  private final JdbcTarget target;
  private final boolean ownsTarget;
  private final GomessageTables tables;
  private final List<Connection> connections = new ArrayList<>();
  private Connection admin;
  private GomessageInserter inserter;
  private BackendCpu backendCpu; // the worker backends' CPU time, embedded PostgreSQL only
  private long shotStartCpu = -1;
  private long lastShotCpu = -1;

  private GomessageFixture(GomessageSettings settings, Shape shape, Strategy strategy, RunMode mode, JdbcTarget target,
      boolean ownsTarget) {
    this.settings = settings;
    this.shape = shape;
    this.strategy = strategy;
    this.workers = mode == RunMode.PAR ? settings.effectiveWorkers(shape) : 1;
    this.target = target;
    this.ownsTarget = ownsTarget;
    this.tables = new GomessageTables(target.dialect(), settings.schema(),
        GomessageTables.names(settings.table(), workers, mode == RunMode.PAR && settings.separateTables()),
        target.isEmbedded() || settings.allowDrop());
  }

  /**
   * Opens a fixture on the target {@code settings} name, starting the embedded PostgreSQL when
   * nothing is configured; {@link #close()} stops it.
   *
   * @throws IllegalArgumentException for {@code copy} or {@code arrayBind} on a non-PostgreSQL target, before connecting
   * @throws IllegalStateException when a table exists that dbbench may not drop
   * @throws SQLException when the database cannot be reached (URL redacted)
   */
  public static GomessageFixture open(GomessageSettings settings, Shape shape, Strategy strategy, RunMode mode)
      throws SQLException {
    strategy.requireSupportedBy(settings.target().dialect());
    JdbcTarget target = JdbcTarget.open(settings.target());
    try {
      return new GomessageFixture(settings, shape, strategy, mode, target, true).connect();
    } catch (SQLException | RuntimeException e) {
      target.close();
      throw e;
    }
  }

  /**
   * Opens a fixture on a target the caller owns and keeps open (tests share one server).
   *
   * @throws IllegalArgumentException for {@code copy} or {@code arrayBind} on a non-PostgreSQL target
   * @throws IllegalStateException when a table exists that dbbench may not drop
   * @throws SQLException from the database
   */
  public static GomessageFixture open(JdbcTarget target, GomessageSettings settings, Shape shape, Strategy strategy,
      RunMode mode) throws SQLException {
    strategy.requireSupportedBy(target.dialect());
    return new GomessageFixture(settings, shape, strategy, mode, target, false).connect();
  }

  private GomessageFixture connect() throws SQLException {
    try {
      admin = target.connect();
      admin.setAutoCommit(true);
      tables.claim(admin);
      List<String> perWorker = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        connections.add(target.connect());
        perWorker.add(tables.tables().size() == 1 ? tables.tables().get(0) : tables.tables().get(w));
      }
      inserter = new GomessageInserter(target.dialect(), shape, strategy, settings, settings.schema(), connections, perWorker);
      if (target.isEmbedded() && target.dialect() == Dialect.POSTGRESQL) {
        backendCpu = BackendCpu.of(connections).orElse(null);
      }
      return this;
    } catch (SQLException e) {
      closeQuietly();
      throw named("claiming tables and opening connections", e);
    } catch (RuntimeException e) {
      closeQuietly();
      throw e;
    }
  }

  /**
   * Before each shot, outside the timing: drops and recreates the tables (empty), waits
   * {@code DBBENCH_JDBC_WAIT_SECONDS}, builds {@code many}'s batches in memory, and (embedded
   * PostgreSQL) reads the worker backends' CPU time, which {@link #verify()} reads again.
   *
   * @throws SQLException from the DDL, naming the operation, the target (redacted) and the timeout that fired, if one did
   * @throws InterruptedException while waiting
   */
  public void prepare() throws SQLException, InterruptedException {
    try {
      tables.recreate(admin, settings.failAtRow());
    } catch (SQLException e) {
      throw named("recreating " + settings.schema() + "." + String.join(",", tables.tables()), e);
    }
    if (settings.waitSeconds() > 0) {
      Thread.sleep(settings.waitSeconds() * 1000L);
    }
    inserter.prepare();
    shotStartCpu = backendCpu == null ? -1 : backendCpu.nanos();
    lastShotCpu = -1;
  }

  /**
   * The measured operation: one whole insert of {@code shape.rows()} rows.
   *
   * @return rows inserted
   * @throws BatchInsertException naming the failing batch
   * @throws InterruptedException when interrupted
   */
  public long insert() throws BatchInsertException, InterruptedException {
    return inserter.insert();
  }

  /**
   * After each shot, outside the timing: the tables hold exactly {@code shape.rows()} rows and
   * {@code SUM(DEVICEID)} is {@code rows*(rows-1)/2}. First, on the embedded PostgreSQL, the shot's
   * backend CPU time is taken ({@link #lastShotServerCpuNanos()}) and published to
   * {@link ServerCpuProfiler}.
   *
   * @return what was counted
   * @throws IllegalStateException with both numbers on a mismatch
   * @throws SQLException from the query, naming the operation, the target (redacted) and the timeout that fired, if one did
   */
  public GomessageTables.Verification verify() throws SQLException {
    long end = backendCpu == null || shotStartCpu < 0 ? -1 : backendCpu.nanos();
    lastShotCpu = end < 0 ? -1 : end - shotStartCpu;
    shotStartCpu = -1;
    ServerCpuProfiler.publish(lastShotCpu);
    GomessageTables.Verification v;
    try {
      v = tables.count(admin);
    } catch (SQLException e) {
      throw named("counting the rows of " + settings.schema() + "." + String.join(",", tables.tables()), e);
    }
    v.require(shape, target.redactedUrl() + " " + settings.schema() + "." + String.join(",", tables.tables()));
    return v;
  }

  /**
   * {@code e} with a message naming the operation, the target (redacted) and, when it timed out,
   * which timeout and its knob.
   */
  private SQLException named(String operation, SQLException e) {
    String timeout = settings.target().timeouts().explain(e, false);
    return new SQLException(operation + " on " + target.redactedUrl() + " failed: "
        + (timeout == null ? "" : timeout + "; ") + Redaction.redact(String.valueOf(e.getMessage())), e.getSQLState(), e);
  }

  /**
   * CPU nanoseconds the worker connections' backends spent between the end of the last
   * {@link #prepare()} and the start of the last {@link #verify()}: the server's share of the shot.
   * -1 when not measured (a server on another host, not PostgreSQL, no {@code /proc}, a backend
   * gone, or no shot verified since the last prepare).
   */
  public long lastShotServerCpuNanos() {
    return lastShotCpu;
  }

  /** Counts without checking (tests use it after a deliberate failure). */
  public GomessageTables.Verification count() throws SQLException {
    return tables.count(admin);
  }

  /** Worker connections (1 in {@code seq}). */
  public int workers() {
    return connections.size();
  }

  /** The tables this fixture inserts into. */
  public List<String> tables() {
    return tables.tables();
  }

  /** Drops this fixture's tables, closes connections and threads, and stops an owned embedded server. */
  @Override
  public void close() {
    closeQuietly();
  }

  private void closeQuietly() {
    if (inserter != null) {
      inserter.close();
    }
    for (Connection c : connections) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // closing anyway
      }
    }
    connections.clear();
    if (admin != null) {
      try {
        tables.dropOwned(admin);
      } catch (SQLException e) {
        System.err.println("[dbbench] jdbc: could not drop " + tables.tables() + ": " + Redaction.redact(e.getMessage()));
      }
      try {
        admin.close();
      } catch (SQLException ignored) {
        // closing anyway
      }
      admin = null;
    }
    if (ownsTarget) {
      target.close();
    }
  }
}
