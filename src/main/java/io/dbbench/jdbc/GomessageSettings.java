package io.dbbench.jdbc;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.SettingsReader;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The GOMESSAGE family's knobs, built by {@link #parse} from a settings lookup (environment-variable
 * names to values); {@link #fromEnvironment()} passes the environment (then {@code -Ddbbench.jdbc.*}
 * system properties, see {@link BenchConfig}). JMH forks inherit the environment, so a variable set
 * before {@code ./mvnw verify -Pbench} reaches every fork.
 *
 * @param target where to insert and how to connect: URL, credentials, driver knobs and timeouts
 *     ({@link JdbcSettings#parse})
 * @param schema schema, {@code DBBENCH_JDBC_SCHEMA} (default {@code TG20POC}, hdbinsert's)
 * @param table table, {@code DBBENCH_JDBC_TABLE} (default {@code GOMESSAGE}); per-worker
 *     siblings are {@code <table>_<n>}
 * @param seed row generator seed, {@code DBBENCH_JDBC_SEED} (default 20200601)
 * @param bulkSize rows per {@code executeBatch} for {@code bulk}, {@code DBBENCH_JDBC_BULK_SIZE};
 *     0 (default) means the shape's batch size; capped at the dialect's per-message limit; for
 *     {@code arrayChunks} the rows per chunk (0: {@link Strategy#ARRAY_CHUNK_ROWS})
 * @param workers threads and connections in {@code par} mode, {@code DBBENCH_JDBC_WORKERS};
 *     0 (default) means {@code min(batchCount, 2 x cores)}
 * @param separateTables {@code DBBENCH_JDBC_SEPARATE_TABLES}: in {@code par} mode each worker
 *     inserts into its own {@code <table>_<n>} (hdbinsert's {@code -separate})
 * @param waitSeconds {@code DBBENCH_JDBC_WAIT_SECONDS}: seconds to let the database settle before
 *     each insert, outside the timing (hdbinsert's {@code -wait}); default 0
 * @param copyFormat {@code binary} (default) or {@code text}, {@code DBBENCH_JDBC_COPY_FORMAT}
 * @param allowDrop {@code DBBENCH_ALLOW_DROP}: on a non-embedded target, whether an existing
 *     table dbbench did not create may be dropped
 * @param failAtRow fault injection for tests, {@code DBBENCH_JDBC_FAIL_AT_ROW}: a CHECK
 *     constraint rejects the row with this DEVICEID; {@code null} (default) for none
 */
public record GomessageSettings(
    JdbcSettings target,
    String schema,
    String table,
    long seed,
    int bulkSize,
    int workers,
    boolean separateTables,
    int waitSeconds,
    String copyFormat,
    boolean allowDrop,
    Long failAtRow) {

  /** Default schema (hdbinsert's). */
  public static final String DEFAULT_SCHEMA = "TG20POC";
  /** Default table (hdbinsert's). */
  public static final String DEFAULT_TABLE = "GOMESSAGE";
  /** Default generator seed. */
  public static final long DEFAULT_SEED = 20200601L;

  /**
   * @throws IllegalArgumentException naming the knob and its value when one is out of range
   */
  public GomessageSettings {
    Dialect.quote(schema);
    Dialect.quote(table + "_0");
    if (bulkSize < 0) {
      throw new IllegalArgumentException("DBBENCH_JDBC_BULK_SIZE=" + bulkSize + " is negative; expected 0 (= batch size) or more");
    }
    if (workers < 0) {
      throw new IllegalArgumentException("DBBENCH_JDBC_WORKERS=" + workers + " is negative; expected 0 (= min(batchCount, 2 x cores)) or more");
    }
    if (waitSeconds < 0) {
      throw new IllegalArgumentException("DBBENCH_JDBC_WAIT_SECONDS=" + waitSeconds + " is negative; expected 0 or more");
    }
    if (!copyFormat.equals("binary") && !copyFormat.equals("text")) {
      throw new IllegalArgumentException("DBBENCH_JDBC_COPY_FORMAT='" + copyFormat + "' is unknown; expected binary or text");
    }
    if (failAtRow != null && failAtRow < 0) {
      throw new IllegalArgumentException("DBBENCH_JDBC_FAIL_AT_ROW=" + failAtRow + " is negative; expected a DEVICEID (0-based row index)");
    }
    Objects.requireNonNull(target, "target");
  }

  /**
   * The knobs set in the environment (environment variables, then {@code -Ddbbench.jdbc.*}
   * system properties; defaults otherwise).
   *
   * @throws IllegalArgumentException naming the variable when a value is malformed
   */
  public static GomessageSettings fromEnvironment() {
    return parse(BenchConfig::get);
  }

  /**
   * The knobs {@code settings} holds (defaults otherwise), target included ({@link JdbcSettings#parse}).
   * Reads nothing but {@code settings}, so tests pass exactly the target they need.
   *
   * @param settings a setting's value by its environment-variable name; empty (or blank) when unset
   * @throws IllegalArgumentException naming the variable when a value is malformed
   */
  public static GomessageSettings parse(Function<String, Optional<String>> settings) {
    SettingsReader s = new SettingsReader(settings);
    long seed = s.getLong("DBBENCH_JDBC_SEED", DEFAULT_SEED, Long.toString(DEFAULT_SEED));
    Long failAt = s.getLong("DBBENCH_JDBC_FAIL_AT_ROW", null, "577");
    return new GomessageSettings(
        JdbcSettings.parse(settings),
        s.get("DBBENCH_JDBC_SCHEMA", DEFAULT_SCHEMA),
        s.get("DBBENCH_JDBC_TABLE", DEFAULT_TABLE),
        seed,
        s.getInt("DBBENCH_JDBC_BULK_SIZE", 0),
        s.getInt("DBBENCH_JDBC_WORKERS", 0),
        s.getBoolean("DBBENCH_JDBC_SEPARATE_TABLES", false),
        s.getInt("DBBENCH_JDBC_WAIT_SECONDS", 0),
        s.get("DBBENCH_JDBC_COPY_FORMAT", "binary").toLowerCase(Locale.ROOT),
        s.getBoolean("DBBENCH_ALLOW_DROP", false),
        failAt);
  }

  /**
   * {@link #parse(Function)} over a map of settings (environment-variable names to values).
   *
   * @throws IllegalArgumentException naming the variable when a value is malformed
   */
  public static GomessageSettings parse(Map<String, String> settings) {
    return parse(SettingsReader.of(settings));
  }

  /** Defaults for {@code target}: hdbinsert's schema and table, default seed, no fault injection. */
  public static GomessageSettings defaults(JdbcSettings target) {
    return new GomessageSettings(target, DEFAULT_SCHEMA, DEFAULT_TABLE, DEFAULT_SEED, 0, 0, false, 0, "binary", false, null);
  }

  /** A copy with another table name. */
  public GomessageSettings withTable(String newTable) {
    return new GomessageSettings(target, schema, newTable, seed, bulkSize, workers, separateTables, waitSeconds,
        copyFormat, allowDrop, failAtRow);
  }

  /** A copy with other {@code par} settings. */
  public GomessageSettings withWorkers(int newWorkers, boolean newSeparateTables) {
    return new GomessageSettings(target, schema, table, seed, bulkSize, newWorkers, newSeparateTables, waitSeconds,
        copyFormat, allowDrop, failAtRow);
  }

  /** A copy with another {@code bulk} flush size. */
  public GomessageSettings withBulkSize(int newBulkSize) {
    return new GomessageSettings(target, schema, table, seed, newBulkSize, workers, separateTables, waitSeconds,
        copyFormat, allowDrop, failAtRow);
  }

  /** A copy with another COPY format ({@code binary} or {@code text}). */
  public GomessageSettings withCopyFormat(String newFormat) {
    return new GomessageSettings(target, schema, table, seed, bulkSize, workers, separateTables, waitSeconds,
        newFormat, allowDrop, failAtRow);
  }

  /** A copy with another {@code DBBENCH_ALLOW_DROP}. */
  public GomessageSettings withAllowDrop(boolean newAllowDrop) {
    return new GomessageSettings(target, schema, table, seed, bulkSize, workers, separateTables, waitSeconds,
        copyFormat, newAllowDrop, failAtRow);
  }

  /** A copy that injects a constraint violation at DEVICEID {@code row} ({@code null}: none). */
  public GomessageSettings withFailAtRow(Long row) {
    return new GomessageSettings(target, schema, table, seed, bulkSize, workers, separateTables, waitSeconds,
        copyFormat, allowDrop, row);
  }

  /** A copy with other socket and statement timeouts ({@link JdbcSettings#withTimeouts}). */
  public GomessageSettings withTimeouts(JdbcTimeouts newTimeouts) {
    return new GomessageSettings(target.withTimeouts(newTimeouts), schema, table, seed, bulkSize, workers, separateTables,
        waitSeconds, copyFormat, allowDrop, failAtRow);
  }

  /** Workers for {@code shape} in {@code par} mode: the knob, else {@code min(batchCount, 2 x cores)}. */
  public int effectiveWorkers(Shape shape) {
    int w = workers > 0 ? workers : 2 * Runtime.getRuntime().availableProcessors();
    return Math.max(1, Math.min(w, shape.batchCount()));
  }

  /** Rows per {@code executeBatch} for {@code bulk}: the knob or the batch size, capped by the dialect. */
  public int effectiveBulkSize(Shape shape, Dialect dialect) {
    int b = bulkSize > 0 ? bulkSize : shape.batchSize();
    return Math.min(b, dialect.maxBatchRows());
  }

  /** Rows per chunk of {@code arrayChunks} at {@code shape}: the bulk size, else {@link Strategy#ARRAY_CHUNK_ROWS}, at most the batch. */
  public int arrayChunkRows(Shape shape) {
    return Math.min(bulkSize > 0 ? bulkSize : Strategy.ARRAY_CHUNK_ROWS, shape.batchSize());
  }

  /** The knobs as env.json facts (no credentials). */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("schema", schema);
    m.put("table", table);
    m.put("seed", seed);
    m.put("bulk_size", bulkSize == 0 ? "batch size" : Integer.toString(bulkSize));
    m.put("workers", workers == 0 ? "min(batchCount, 2 x cores)" : Integer.toString(workers));
    m.put("separate_tables", separateTables);
    m.put("wait_seconds", waitSeconds);
    m.put("rewrite_batched_inserts", target.reWriteBatchedInserts());
    m.put("packet_size", target.packetSize() == null ? "driver default" : target.packetSize().toString());
    m.put("copy_format", copyFormat);
    m.put("allow_drop", allowDrop);
    m.put("socket_timeout_s", target.timeouts().socketSeconds());
    m.put("statement_timeout_s", target.timeouts().statementSeconds());
    if (failAtRow != null) {
      m.put("fail_at_row", failAtRow);
    }
    return m;
  }
}
