package io.dbbench.jdbc.console;

import io.dbbench.jdbc.BatchInsertException;
import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.GomessageInserter;
import io.dbbench.jdbc.GomessageRows;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.GomessageTables;
import io.dbbench.jdbc.JdbcTarget;
import io.dbbench.jdbc.RunMode;
import io.dbbench.jdbc.Shape;
import io.dbbench.jdbc.Strategy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one console test with the GOMESSAGE family's own code: {@link GomessageTables} claims,
 * drops and recreates the tables under the family's safety rules, {@link GomessageInserter}
 * inserts (the benchmark's measured operation, timed the same way: the insert alone), and
 * {@link GomessageTables.Verification#require} checks the row count and {@code SUM(DEVICEID)}.
 *
 * <p>What differs from the benchmark's {@code GomessageFixture}, and why: the tables are kept
 * after the test (so the page's row count and truncate act on what the test inserted), and with
 * {@code DBBENCH_CONSOLE_DROP=false} rows are appended and the verification checks the change
 * (hdbinsert's tests insert without dropping unless told to).
 *
 * <p>One test at a time: the caller ({@link ConsoleServer}) serialises tests.
 *
 * @param target the database the console works on
 * @param settings the GOMESSAGE settings (schema, table, safety switches) it uses
 */
record TestRunner(JdbcTarget target, GomessageSettings settings) {
  /** Workers {@code type} uses at {@code shape}: the family's rule (1 for {@code Seq}). */
  int workers(TestType type, Shape shape) {
    return type.mode() == RunMode.PAR ? settings.effectiveWorkers(shape) : 1;
  }

  /** Rows per round trip, as {@link TestResult#bulkSize()} defines it. */
  int bulkSize(TestType type, Shape shape) {
    Dialect d = target.dialect();
    return switch (type.strategy()) {
      case BULK -> settings.effectiveBulkSize(shape, d);
      case MANY -> Math.min(shape.batchSize(), d.maxBatchRows());
      case COPY, ARRAY_BIND, ARRAY_PROJECT -> shape.batchSize();
      case ARRAY_CHUNKS -> settings.arrayChunkRows(shape);
      case MULTI_VALUES -> Math.min(shape.batchSize(), Strategy.VALUES_ROWS);
      case ROW_BY_ROW -> 1;
    };
  }

  /**
   * Runs {@code type} at {@code shape}, reporting phases and rows to {@code progress}.
   *
   * @return the verification; {@link Outcome#verified()} is false (with the message) on a mismatch
   * @throws SQLException from the database (connect, DDL, verification query)
   * @throws BatchInsertException from the insert, naming the failing batch
   * @throws IllegalStateException when a table exists that the family's rules forbid dropping or
   *     appending to
   * @throws InterruptedException while settling ({@code DBBENCH_JDBC_WAIT_SECONDS})
   */
  Outcome run(TestType type, Shape shape, boolean dropBeforeRun, Progress progress)
      throws SQLException, BatchInsertException, InterruptedException {
    Dialect dialect = target.dialect();
    int workers = workers(type, shape);
    boolean separate = type.mode() == RunMode.PAR && settings.separateTables();
    GomessageTables tables = new GomessageTables(dialect, settings.schema(),
        GomessageTables.names(settings.table(), workers, separate), target.isEmbedded() || settings.allowDrop());
    List<Connection> connections = new ArrayList<>();
    try (Connection admin = target.connect()) {
      admin.setAutoCommit(true);
      progress.phase("preparing tables");
      tables.claim(admin);
      GomessageTables.Verification before;
      if (dropBeforeRun) {
        tables.recreate(admin, settings.failAtRow());
        before = new GomessageTables.Verification(0, 0);
      } else {
        for (String t : tables.tables()) {
          OwnedTable.createIfMissing(admin, dialect, settings.schema(), t);
        }
        before = tables.count(admin);
      }
      progress.phase("connecting workers");
      List<String> perWorker = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        connections.add(target.connect());
        perWorker.add(tables.tables().size() == 1 ? tables.tables().get(0) : tables.tables().get(w));
      }
      try (GomessageInserter inserter = new GomessageInserter(dialect, shape, type.strategy(), settings,
          settings.schema(), connections, perWorker)) {
        if (settings.waitSeconds() > 0) {
          progress.phase("settling " + settings.waitSeconds() + " s");
          Thread.sleep(settings.waitSeconds() * 1000L);
        }
        if (type.strategy() == Strategy.MANY) {
          progress.phase("building batches");
        }
        inserter.prepare();
        progress.inserting(inserter);
        long t0 = System.nanoTime();
        long rows;
        try {
          rows = inserter.insert();
        } finally {
          progress.inserted(System.nanoTime() - t0);
        }
        long nanos = System.nanoTime() - t0;
        progress.phase("verifying");
        GomessageTables.Verification after = tables.count(admin);
        GomessageTables.Verification added = new GomessageTables.Verification(after.rows() - before.rows(),
            after.deviceIdSum() - before.deviceIdSum());
        TestResult.Verification v = new TestResult.Verification(added.rows(), added.deviceIdSum(), shape.rows(),
            GomessageRows.expectedDeviceIdSum(shape.rows()));
        String mismatch = null;
        try {
          added.require(shape, target.redactedUrl() + " " + settings.schema() + "." + String.join(",", tables.tables())
              + (dropBeforeRun ? "" : " (rows added by this test)"));
        } catch (IllegalStateException e) {
          mismatch = e.getMessage();
        }
        return new Outcome(rows, nanos, v, mismatch);
      }
    } finally {
      for (Connection c : connections) {
        try {
          c.close();
        } catch (SQLException ignored) {
          // closing anyway; the test's answer is already decided
        }
      }
    }
  }

  /**
   * @param rows rows the inserter reported
   * @param insertNanos wall time of the insert
   * @param verification what the verification query found and expected
   * @param mismatch {@code null}, or the verification's message naming both numbers
   */
  record Outcome(long rows, long insertNanos, TestResult.Verification verification, String mismatch) {
    boolean verified() {
      return mismatch == null;
    }
  }

  /** What a running test is doing, read by {@code GET /api/progress} from another thread. */
  static final class Progress {
    private final String test;
    private final Shape shape;
    private final long startedNanos = System.nanoTime();
    private volatile String phase = "starting";
    private volatile GomessageInserter inserter;
    private volatile long insertStartNanos;
    private volatile long insertNanos = -1;

    Progress(String test, Shape shape) {
      this.test = test;
      this.shape = shape;
    }

    void phase(String p) {
      phase = p;
    }

    void inserting(GomessageInserter i) {
      insertStartNanos = System.nanoTime();
      inserter = i;
      phase = "inserting";
    }

    void inserted(long nanos) {
      insertNanos = nanos;
    }

    /** The running test's name ({@code BulkSeq}) or database operation ({@code dropTable}). */
    String test() {
      return test;
    }

    /** The shape, or {@code null} for a database operation. */
    Shape shape() {
      return shape;
    }

    String phase() {
      return phase;
    }

    /** Rows whose batch has committed so far. */
    long rowsSent() {
      GomessageInserter i = inserter;
      return i == null ? 0 : i.rowsCommitted();
    }

    /** Seconds since the request was accepted. */
    double elapsedSeconds() {
      return (System.nanoTime() - startedNanos) / 1e9;
    }

    /** Seconds of the insert so far (or in all, once it ended); 0 before it starts. */
    double insertSeconds() {
      long done = insertNanos;
      if (done >= 0) {
        return done / 1e9;
      }
      return inserter == null ? 0 : (System.nanoTime() - insertStartNanos) / 1e9;
    }
  }
}
