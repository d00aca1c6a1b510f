package io.dbbench.jdbc;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

/**
 * Performs one whole GOMESSAGE insert: {@code batchCount x batchSize} rows with one
 * {@link Strategy}, sequentially over one connection or spread round-robin over worker threads
 * with one dedicated connection each (batch {@code b} goes to worker {@code b % workers}).
 *
 * <p>Connections and threads are created by the caller before timing; {@link #insert} only sends
 * rows. {@code bulk}, {@code many} and {@code copy} run one transaction per batch (autocommit off,
 * commit after the batch); {@code rowByRow} runs with autocommit on, one transaction per row.
 *
 * <p>Timeouts ({@link JdbcTimeouts}): every batch statement carries the statement timeout; every
 * {@code executeBatch}, COPY and array insert runs under a watchdog that aborts its connection
 * when it outlives the statement timeout by {@value JdbcTimeouts#ABORT_GRACE_SECONDS} s (scheduling
 * and cancelling it costs a few microseconds per batch, inside the timing); {@code rowByRow}'s
 * one-row statements rely on the socket timeout alone (a statement timeout would arm a driver
 * timer per row, inside the timing). A timeout fails the insert
 * with a {@link BatchInsertException} naming the target, the batch and what timed out.
 *
 * <p>Not thread-safe: one insert at a time.
 */
public final class GomessageInserter implements AutoCloseable {
  /** Bytes buffered before a COPY chunk is handed to the driver. */
  static final int COPY_CHUNK = 1 << 16;
  private static final byte[] PGCOPY_HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,
      0, 0, 0, 0, 0, 0, 0, 0};

  /** Aborts the connection of an operation that outlives the statement timeout (one daemon thread). */
  private static final ScheduledExecutorService WATCHDOG = watchdog();

  private final Dialect dialect;
  private final Shape shape;
  private final Strategy strategy;
  private final GomessageSettings settings;
  private final String schema;
  private final List<Connection> connections;
  private final List<String> tables;
  private final ExecutorService pool;
  private GomessageRows.RowBatch[] prepared;
  /** Rows of the running insert whose batch has committed; one add per batch, read by progress displays. */
  private final AtomicLong rowsCommitted = new AtomicLong();
  /** Connections the watchdog aborted (their errors are timeouts). */
  private final Set<Connection> aborted = ConcurrentHashMap.newKeySet();

  /**
   * @param dialect the target's dialect
   * @param shape the shape
   * @param strategy the strategy; {@code copy} and {@code arrayBind} require PostgreSQL
   * @param settings knobs (seed, bulk size, COPY format; the target's timeouts)
   * @param schema schema of the tables
   * @param connections one per worker ({@code seq}: exactly one); autocommit is set here
   * @param tables the table each worker inserts into (same size as {@code connections})
   * @throws IllegalArgumentException when {@code copy} or {@code arrayBind} is asked of a non-PostgreSQL dialect, or
   *     the lists differ in size
   * @throws SQLException setting autocommit
   */
  public GomessageInserter(Dialect dialect, Shape shape, Strategy strategy, GomessageSettings settings, String schema,
      List<Connection> connections, List<String> tables) throws SQLException {
    strategy.requireSupportedBy(dialect);
    if (connections.isEmpty() || connections.size() != tables.size()) {
      throw new IllegalArgumentException("need one table per connection, got " + connections.size()
          + " connections and " + tables.size() + " tables");
    }
    this.dialect = dialect;
    this.shape = shape;
    this.strategy = strategy;
    this.settings = settings;
    this.schema = schema;
    this.connections = List.copyOf(connections);
    this.tables = List.copyOf(tables);
    for (Connection c : connections) {
      c.setAutoCommit(strategy == Strategy.ROW_BY_ROW);
    }
    if (connections.size() > 1) {
      AtomicInteger n = new AtomicInteger();
      ThreadPoolExecutor tpe = new ThreadPoolExecutor(connections.size(), connections.size(), 0, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "gomessage-worker-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
          });
      tpe.prestartAllCoreThreads(); // threads exist before timing starts
      pool = tpe;
    } else {
      pool = null;
    }
  }

  /**
   * Rows of the current (or last) {@link #insert} whose batch has committed so far, from 0 to
   * {@code shape.rows()} in steps of {@code batchSize}; safe to read from any thread while an insert
   * runs (the console's live progress). Costs one atomic add per committed batch.
   */
  public long rowsCommitted() {
    return rowsCommitted.get();
  }

  /** Workers (1 in {@code seq}). */
  public int workers() {
    return connections.size();
  }

  /**
   * Builds the {@code many} strategy's batches in memory (outside the timing, as hdbinsert does);
   * a no-op for the other strategies, which produce rows as they send them.
   */
  public void prepare() {
    if (strategy == Strategy.MANY) {
      prepared = new GomessageRows.RowBatch[shape.batchCount()];
      for (int b = 0; b < shape.batchCount(); b++) {
        prepared[b] = GomessageRows.build(settings.seed(), shape, b);
      }
    }
  }

  /**
   * Inserts every batch; the measured operation.
   *
   * @return rows inserted ({@code shape.rows()})
   * @throws BatchInsertException naming the first failing batch (its transaction rolled back)
   * @throws InterruptedException when interrupted while waiting for workers
   */
  public long insert() throws BatchInsertException, InterruptedException {
    if (strategy == Strategy.MANY && prepared == null) {
      throw new IllegalStateException("strategy many: call prepare() before insert()");
    }
    rowsCommitted.set(0);
    try {
      if (pool == null) {
        return runWorker(0);
      }
      List<Callable<Long>> tasks = new ArrayList<>();
      for (int w = 0; w < connections.size(); w++) {
        int worker = w;
        tasks.add(() -> runWorker(worker));
      }
      long rows = 0;
      BatchInsertException first = null;
      for (Future<Long> f : pool.invokeAll(tasks)) {
        try {
          rows += f.get();
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof BatchInsertException bie) {
            if (first == null || bie.batch() < first.batch()) {
              first = bie;
            }
          } else if (cause instanceof RuntimeException re) {
            throw re;
          } else {
            throw new IllegalStateException("GOMESSAGE worker failed: " + cause, cause);
          }
        }
      }
      if (first != null) {
        throw first;
      }
      return rows;
    } finally {
      prepared = null; // many: each run inserts batches built for it, never a previous run's
    }
  }

  private long runWorker(int worker) throws BatchInsertException {
    Connection c = connections.get(worker);
    String table = tables.get(worker);
    long rows = 0;
    int batch = -1;
    String sql = switch (strategy) {
      case ARRAY_BIND -> dialect.arrayInsertSql(schema, table);
      case ARRAY_PROJECT, ARRAY_CHUNKS -> dialect.arrayProjectSql(schema, table);
      default -> dialect.insertSql(schema, table);
    };
    // multiValues prepares its own statements per batch (their row counts depend on the batch size)
    boolean ownStatement = strategy == Strategy.COPY || strategy == Strategy.MULTI_VALUES;
    try (PreparedStatement ps = ownStatement ? null : c.prepareStatement(sql)) {
      if (ps != null && strategy != Strategy.ROW_BY_ROW) {
        // pgjdbc arms a timer per execution: per row that would be a cost rowByRow's baseline never paid
        ps.setQueryTimeout(settings.target().timeouts().statementSeconds());
      }
      CopyManager copy = strategy == Strategy.COPY ? c.unwrap(PGConnection.class).getCopyAPI() : null;
      for (batch = worker; batch < shape.batchCount(); batch += connections.size()) {
        try {
          switch (strategy) {
            case BULK -> bulk(ps, batch);
            case MANY -> many(ps, prepared[batch]);
            case COPY -> {
              int b = batch;
              guarded(c, () -> copy(copy, table, b));
            }
            case ROW_BY_ROW -> rowByRow(ps, batch);
            case ARRAY_BIND, ARRAY_PROJECT -> arrayBind(c, ps, batch);
            case ARRAY_CHUNKS -> arrayChunks(c, ps, batch);
            case MULTI_VALUES -> multiValues(c, table, batch);
          }
          if (!c.getAutoCommit()) {
            c.commit();
          }
        } catch (SQLException e) {
          String timeout = settings.target().timeouts().explain(e, aborted.contains(c));
          if (timeout == null) {
            rollbackQuietly(c, e); // a timed-out connection is in an unknown state: no second wait
          }
          throw failure(batch, worker, table, timeout, e);
        }
        rows += shape.batchSize();
        rowsCommitted.addAndGet(shape.batchSize());
      }
    } catch (SQLException e) {
      throw failure(Math.max(batch, worker), worker, table, settings.target().timeouts().explain(e, aborted.contains(c)), e);
    }
    return rows;
  }

  private static ScheduledExecutorService watchdog() {
    ScheduledThreadPoolExecutor w = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "gomessage-watchdog");
      t.setDaemon(true);
      return t;
    });
    w.setRemoveOnCancelPolicy(true); // a shot of 1000 batches leaves no 1000 cancelled alarms queued
    return w;
  }

  private BatchInsertException failure(int batch, int worker, String table, String timeout, SQLException e) {
    return new BatchInsertException(batch, shape, strategy, worker, schema + "." + table,
        settings.target().redactedUrl(), timeout, e);
  }

  /** A call to the driver that may block on the server. */
  @FunctionalInterface
  private interface DriverCall<T> {
    T call() throws SQLException;
  }

  /** Runs {@code call} under the watchdog: past the statement timeout (+ grace) {@code c} is aborted. */
  private <T> T guarded(Connection c, DriverCall<T> call) throws SQLException {
    ScheduledFuture<?> dog = WATCHDOG.schedule(() -> {
      aborted.add(c);
      try {
        c.abort(JdbcTimeouts.DIRECT);
      } catch (SQLException | RuntimeException ignored) {
        // the blocked call fails anyway once the socket is closed
      }
    }, settings.target().timeouts().abortAfterMillis(), TimeUnit.MILLISECONDS);
    try {
      return call.call();
    } finally {
      dog.cancel(false);
    }
  }

  private void bulk(PreparedStatement ps, int batch) throws SQLException {
    int flushEvery = settings.effectiveBulkSize(shape, dialect);
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    double[] row = new double[GomessageRows.DOUBLES];
    int pending = 0;
    while (rows.hasNext()) {
      bind(ps, rows.next(row), row, 0);
      ps.addBatch();
      if (++pending == flushEvery) {
        guarded(ps.getConnection(), ps::executeBatch);
        pending = 0;
      }
    }
    if (pending > 0) {
      guarded(ps.getConnection(), ps::executeBatch);
    }
  }

  private void many(PreparedStatement ps, GomessageRows.RowBatch b) throws SQLException {
    int max = dialect.maxBatchRows();
    int pending = 0;
    for (int i = 0; i < b.size(); i++) {
      bind(ps, b.ids()[i], b.values(), i * GomessageRows.DOUBLES);
      ps.addBatch();
      if (++pending == max) { // HANA: the protocol's per-message limit, what go-hdb does under the hood
        guarded(ps.getConnection(), ps::executeBatch);
        pending = 0;
      }
    }
    if (pending > 0) {
      guarded(ps.getConnection(), ps::executeBatch);
    }
  }

  private void rowByRow(PreparedStatement ps, int batch) throws SQLException {
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    double[] row = new double[GomessageRows.DOUBLES];
    while (rows.hasNext()) {
      bind(ps, rows.next(row), row, 0);
      ps.executeUpdate();
    }
  }

  /**
   * One statement per batch ({@code arrayBind}, {@code arrayProject}): the batch's rows produced into
   * column arrays (inside the timing, as bulk and copy produce theirs) and bound as PostgreSQL arrays
   * of primitives (pgjdbc encodes them in binary, without boxing).
   */
  private void arrayBind(Connection c, PreparedStatement ps, int batch) throws SQLException {
    int n = shape.batchSize();
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    bindArrays(c, ps, rows, n);
    int inserted = guarded(c, ps::executeUpdate);
    if (inserted != n) {
      throw new SQLException("array insert of batch " + batch + " stored " + inserted + " rows, expected " + n);
    }
  }

  /**
   * {@code arrayChunks}: the batch's rows in chunks of {@link GomessageSettings#arrayChunkRows} rows, each chunk's
   * arrays one entry of a JDBC batch, sent in one {@code executeBatch} (pipelined by pgjdbc).
   */
  private void arrayChunks(Connection c, PreparedStatement ps, int batch) throws SQLException {
    int n = shape.batchSize();
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    int chunk = settings.arrayChunkRows(shape);
    for (int done = 0; done < n; done += chunk) {
      bindArrays(c, ps, rows, Math.min(chunk, n - done));
      ps.addBatch();
    }
    long inserted = 0;
    for (int count : guarded(c, ps::executeBatch)) {
      inserted += count;
    }
    if (inserted != n) {
      throw new SQLException("chunked array insert of batch " + batch + " stored " + inserted + " rows, expected " + n);
    }
  }

  /** The next {@code n} rows of {@code rows} bound to {@code ps} as ten arrays, one per column. */
  private static void bindArrays(Connection c, PreparedStatement ps, GomessageRows.Cursor rows, int n)
      throws SQLException {
    int[] ids = new int[n];
    double[][] cols = new double[GomessageRows.DOUBLES][n];
    double[] row = new double[GomessageRows.DOUBLES];
    for (int i = 0; i < n; i++) {
      ids[i] = rows.next(row);
      for (int k = 0; k < GomessageRows.DOUBLES; k++) {
        cols[k][i] = row[k];
      }
    }
    PGConnection pg = c.unwrap(PGConnection.class); // its createArrayOf takes primitive arrays
    ps.setArray(1, pg.createArrayOf("int4", ids));
    for (int k = 0; k < GomessageRows.DOUBLES; k++) {
      ps.setArray(k + 2, pg.createArrayOf("float8", cols[k]));
    }
  }

  /**
   * {@code multiValues}: the batch as multi-row inserts of {@link Strategy#VALUES_ROWS} rows (one
   * statement reused, so pgjdbc prepares it on the server after {@code prepareThreshold} uses) and
   * one for the remainder.
   */
  private void multiValues(Connection c, String table, int batch) throws SQLException {
    int n = shape.batchSize();
    int full = n / Strategy.VALUES_ROWS;
    int rest = n % Strategy.VALUES_ROWS;
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    double[] row = new double[GomessageRows.DOUBLES];
    long inserted = 0;
    if (full > 0) {
      try (PreparedStatement ps = c.prepareStatement(dialect.multiValuesSql(schema, table, Strategy.VALUES_ROWS))) {
        ps.setQueryTimeout(settings.target().timeouts().statementSeconds());
        for (int s = 0; s < full; s++) {
          inserted += valuesOnce(c, ps, rows, row, Strategy.VALUES_ROWS);
        }
      }
    }
    if (rest > 0) {
      try (PreparedStatement ps = c.prepareStatement(dialect.multiValuesSql(schema, table, rest))) {
        ps.setQueryTimeout(settings.target().timeouts().statementSeconds());
        inserted += valuesOnce(c, ps, rows, row, rest);
      }
    }
    if (inserted != n) {
      throw new SQLException("multi-row insert of batch " + batch + " stored " + inserted + " rows, expected " + n);
    }
  }

  private int valuesOnce(Connection c, PreparedStatement ps, GomessageRows.Cursor rows, double[] row, int n)
      throws SQLException {
    int cols = Dialect.COLUMNS.size();
    for (int i = 0; i < n; i++) {
      int base = i * cols;
      ps.setInt(base + 1, rows.next(row));
      for (int k = 0; k < GomessageRows.DOUBLES; k++) {
        ps.setDouble(base + k + 2, row[k]);
      }
    }
    return guarded(c, ps::executeUpdate);
  }

  private static void bind(PreparedStatement ps, int id, double[] values, int offset) throws SQLException {
    ps.setInt(1, id);
    for (int i = 0; i < GomessageRows.DOUBLES; i++) {
      ps.setDouble(i + 2, values[offset + i]);
    }
  }

  private long copy(CopyManager copy, String table, int batch) throws SQLException {
    boolean binary = settings.copyFormat().equals("binary");
    GomessageRows.Cursor rows = GomessageRows.batch(settings.seed(), shape, batch);
    double[] row = new double[GomessageRows.DOUBLES];
    CopyIn in = copy.copyIn(dialect.copySql(schema, table, settings.copyFormat()));
    try {
      ByteBuffer buf = ByteBuffer.allocate(COPY_CHUNK);
      StringBuilder text = binary ? null : new StringBuilder(256);
      if (binary) {
        buf.put(PGCOPY_HEADER);
      }
      while (rows.hasNext()) {
        int id = rows.next(row);
        if (binary) {
          if (buf.remaining() < 2 + 8 + GomessageRows.DOUBLES * 12) {
            flush(in, buf);
          }
          buf.putShort((short) Dialect.COLUMNS.size()); // PGCOPY tuple: field count, then (length, value) pairs
          buf.putInt(4).putInt(id);
          for (double v : row) {
            buf.putInt(8).putDouble(v);
          }
        } else {
          text.setLength(0);
          text.append(id);
          for (double v : row) {
            text.append('\t').append(v);
          }
          text.append('\n');
          byte[] line = text.toString().getBytes(StandardCharsets.US_ASCII);
          if (buf.remaining() < line.length) {
            flush(in, buf);
          }
          buf.put(line);
        }
      }
      if (binary) {
        if (buf.remaining() < 2) {
          flush(in, buf);
        }
        buf.putShort((short) -1); // PGCOPY trailer
      }
      flush(in, buf);
      return in.endCopy();
    } catch (SQLException | RuntimeException e) {
      boolean timedOut = e instanceof SQLException se && settings.target().timeouts().explain(se, false) != null;
      if (in.isActive() && !timedOut) { // after a timeout the server would not answer the cancel either
        try {
          in.cancelCopy();
        } catch (SQLException cancel) {
          e.addSuppressed(cancel);
        }
      }
      throw e;
    }
  }

  private static void flush(CopyIn in, ByteBuffer buf) throws SQLException {
    if (buf.position() > 0) {
      in.writeToCopy(buf.array(), 0, buf.position());
      buf.clear();
    }
  }

  private static void rollbackQuietly(Connection c, SQLException cause) {
    try {
      if (!c.getAutoCommit()) {
        c.rollback();
      }
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  /** Stops the worker threads; the connections belong to the caller. */
  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
