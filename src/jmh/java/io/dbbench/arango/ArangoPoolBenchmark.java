package io.dbbench.arango;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.BenchmarkDefaults;
import io.dbbench.ServerWarmup;
import io.dbbench.arango.bulk.ArangoBulkFixture;
import io.dbbench.arango.pool.DnfCause;
import io.dbbench.arango.pool.PoolClient;
import io.dbbench.arango.pool.PoolDocuments;
import io.dbbench.arango.pool.PoolFixture;
import io.dbbench.arango.pool.PoolIds;
import io.dbbench.arango.pool.PoolSettings;
import io.dbbench.arango.pool.PoolShot;
import io.dbbench.arango.server.ArangoSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The ArangoDB client connection-pool study ("ArangoDB client side benchmarking": did arangojs
 * need extra pooling?), in JMH: one shot = {@code iterations} point queries
 * {@code FOR doc IN dbbench_tx FILTER doc.EndToEndId == @id RETURN doc} over {@code documents}
 * seeded payment documents, all issued at once and answered as the client allows (the study's
 * {@code Promise.all}), timed from the first request to the last answer. {@code connection} is the
 * client ({@link PoolClient.Connection}): the driver's asynchronous API with {@code maxConnections}
 * 3 (arangojs 8.3's default), 10, 32 or 100 over HTTP/1.1 or HTTP/2, or raw HTTP with no limit on
 * requests in flight (the study's "HTTP Default"). {@code index}: none (every query scans) or a
 * persistent index on {@code EndToEndId}. The query cache is off on the server and per query.
 *
 * <p><b>Did not finish.</b> A query that fails (503/21003 queue full, 412/21004, a timeout, a
 * refused connection, anything else) does not throw: the shot waits for every query, then counts
 * it. A shot with any failure is DNF; its counts per cause are the secondary metrics of
 * {@link Dnf} and each shot is written to {@code <dbbench.run.dir>/arango-pool-*.json}. JMH still
 * records the shot's time (a shot cannot be dropped from a JMH result without failing the whole
 * benchmark, which would lose the counts and, with {@code -foe}, stop the run), so that time is not
 * a result: the report's study table shows DNF for every row whose {@code dnf} metric is above 0.
 * A wrong answer (a hit not answered with exactly its document, a miss answered with any) is not
 * DNF: it fails the benchmark after the shot.
 *
 * <p>Outside the timing: the stand-in (shared by the family's trials in the main job, else a JVM per
 * trial) or {@code DBBENCH_ARANGO_ENDPOINTS}, the
 * collection loaded and the index made or dropped once per trial, the picks drawn once per trial
 * ({@link PoolIds}, seeded, share of misses {@link PoolSettings#MISS_SHARE}), the stand-in's peak
 * counters reset before each shot and read after it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime) // one shot = the study's whole batch of queries, as its timer did
@OutputTimeUnit(TimeUnit.MILLISECONDS) // the study's table is in ms
public class ArangoPoolBenchmark extends BenchmarkDefaults {
  /** Documents kept in smoke runs ({@code -Ddbbench.smoke=true}). */
  static final int SMOKE_DOCS = 2000;

  /** Queries per shot (the study's iterations). */
  @Param({"500", "1000", "5000", "10000"})
  public int iterations;

  /** The client and its pool (see {@link PoolClient.Connection}). */
  @Param({"driver_http1_3", "driver_http1_10", "driver_http1_32", "driver_http1_100", "driver_http2_3",
      "driver_http2_10", "driver_http2_32", "driver_http2_100", "raw_http"})
  public String connection;

  /** Documents in the collection; 200000 is the study's. */
  @Param({"200000"})
  public int documents;

  /** No index on {@code EndToEndId}, or a persistent one. */
  @Param({"none", "persistent"})
  public PoolFixture.IndexMode index;

  /**
   * Modelled server time per point query on the stand-in, ms (0 to 10000): a model, not ArangoDB
   * ({@link PoolSettings#standInWorkMillis}): each point query holds a stand-in worker that long
   * without CPU and is answered by a lookup, so queries in flight overlap as on the study's server.
   * 0 = what {@link PoolSettings#STANDIN_WORK_MS} says (default: no model). A parameter so that a
   * sweep's modelled rows are rows of their own; every row made with it is labelled a model.
   */
  @Param({"0"})
  public int modelledServerMs;

  private PoolFixture fixture;
  private PoolClient.Connection conn;
  private List<PoolIds.Pick> picks;
  private long deadlineMillis;
  private PoolShot shot;
  private int docs;
  private String benchmark;
  private long serverCpuBefore = -1;
  private final List<Map<String, Object>> shots = new ArrayList<>();

  /** Starts or reaches the target, loads the documents, opens the client and draws the picks. */
  @Setup(Level.Trial)
  public void open(BenchmarkParams params) throws Exception {
    benchmark = params.getBenchmark();
    conn = PoolClient.Connection.parse(connection);
    docs = documents;
    if (Boolean.getBoolean("dbbench.smoke") && docs > SMOKE_DOCS) {
      System.err.println("[dbbench] arango: smoke run, " + SMOKE_DOCS + " documents instead of documents=" + docs);
      docs = SMOKE_DOCS;
    }
    PoolSettings study = PoolSettings.fromEnvironment().withModelledServerMs(modelledServerMs);
    deadlineMillis = study.shotDeadlineMillis();
    picks = PoolIds.picks(PoolIds.SEED, iterations, docs, study.missShare());
    fixture = PoolFixture.open(ArangoSettings.fromEnvironment(), study, conn, docs, index);
    ServerWarmup.record(fixture.warmUp(picks, deadlineMillis, ArangoBulkFixture.warmupRule()));
  }

  /** Restarts the stand-in's peak counters and takes its CPU time before the shot. */
  @Setup(Level.Iteration)
  public void prepare() {
    fixture.prepare();
    shot = null;
    serverCpuBefore = fixture.serverCpuNanos();
  }

  /** One shot: every query at once, as the client allows; returns the shot for the tear-down to judge. */
  @Benchmark
  public PoolShot query(Dnf dnf, ServerWarmup w) throws InterruptedException {
    return shot = PoolShot.run(fixture.client(), picks, deadlineMillis);
  }

  /**
   * The shot's DNF accounting and the stand-in's figures, as JMH secondary metrics (aux counters,
   * one value per measured shot; JMH's summary line sums them, the report reads the values):
   * {@code dnf} 1 for a shot that did not finish, {@code answered} queries answered, and per cause
   * {@code queueFull}, {@code queueTimeViolated}, {@code timeout}, {@code refused},
   * {@code otherError}; on the stand-in {@code peakInFlight} and {@code peakConnections} (the
   * shot's own peaks: the stand-in restarts them before each shot, so the report takes each fork's
   * largest), {@code serverCpuUsPerQuery} (the stand-in's CPU time over the shot divided by its
   * queries, in µs: what bounds the fastest any pool can finish on this machine) and
   * {@code modelledQueryMs} (the stand-in's modelled server time per point query, 0 without the
   * model; {@link PoolSettings#STANDIN_WORK_MS}).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Dnf {
    /** 1 for a shot with at least one failed query. */
    public long dnf;
    /** Queries answered (and found right). */
    public long answered;
    /** 503 / 21003 "queue is full". */
    public long queueFull;
    /** 412 / 21004 "queue time violated". */
    public long queueTimeViolated;
    /** Queries without an answer by the deadline. */
    public long timeout;
    /** Queries whose connection was refused. */
    public long refused;
    /** Other failures. */
    public long otherError;
    /** Most requests the stand-in held at once during the shot (received, not yet answered). */
    public long peakInFlight;
    /** Most connections open at the stand-in at once during the shot. */
    public long peakConnections;
    /** The stand-in's CPU time over the shot per query, µs; 0 where this JVM cannot see the server's CPU. */
    public double serverCpuUsPerQuery;
    /** The stand-in's modelled server time per point query, ms; 0 without the model. */
    public long modelledQueryMs;

    /** Clears the counters (JMH does not). */
    @Setup(Level.Iteration)
    public void clear() {
      dnf = answered = queueFull = queueTimeViolated = timeout = refused = otherError = peakInFlight = peakConnections = 0;
      modelledQueryMs = 0;
      serverCpuUsPerQuery = 0;
    }

    /** Checks the answers (a wrong one fails the benchmark), then counts the shot. */
    @TearDown(Level.Iteration)
    public void count(ArangoPoolBenchmark b, IterationParams ip) {
      PoolShot s = b.shot;
      if (s == null) {
        return;
      }
      long serverCpuAfter = b.fixture.serverCpuNanos();
      s.checkAnswers();
      boolean measuring = ip.getType() == IterationType.MEASUREMENT;
      Map<String, Object> stats = b.fixture.standInStats();
      Map<String, Object> rec = new LinkedHashMap<>();
      rec.put("type", measuring ? "measurement" : "warmup");
      rec.putAll(s.describe());
      if (b.serverCpuBefore >= 0 && serverCpuAfter >= b.serverCpuBefore) {
        rec.put("server_cpu_ms", (serverCpuAfter - b.serverCpuBefore) / 1e6);
      }
      if (!stats.isEmpty()) {
        rec.put("standin", stats);
      }
      b.shots.add(rec);
      if (s.dnf()) {
        System.err.println("[dbbench] arango: DNF " + b.connection + " iterations=" + b.iterations + ": " + s.describe().get("failed"));
      }
      if (!measuring) {
        return;
      }
      dnf = s.dnf() ? 1 : 0;
      answered = s.answered();
      queueFull = s.failed(DnfCause.QUEUE_FULL);
      queueTimeViolated = s.failed(DnfCause.QUEUE_TIME_VIOLATED);
      timeout = s.failed(DnfCause.TIMEOUT);
      refused = s.failed(DnfCause.REFUSED);
      otherError = s.failed(DnfCause.OTHER);
      peakInFlight = ((Number) stats.getOrDefault("peakInFlight", 0)).longValue();
      peakConnections = ((Number) stats.getOrDefault("peakConnections", 0)).longValue();
      modelledQueryMs = ((Number) stats.getOrDefault("modelQueryMs", 0)).longValue();
      if (b.serverCpuBefore >= 0 && serverCpuAfter >= b.serverCpuBefore && b.iterations > 0) {
        serverCpuUsPerQuery = (serverCpuAfter - b.serverCpuBefore) / 1e3 / b.iterations;
      }
    }
  }

  /** Writes the trial's shots to the run directory, then closes the client and stops the stand-in. */
  @TearDown(Level.Trial)
  public void close() throws IOException {
    try {
      String dir = System.getProperty("dbbench.run.dir");
      if (dir != null && !dir.isBlank() && fixture != null) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", benchmark);
        m.put("params", Map.of("iterations", String.valueOf(iterations), "connection", connection,
            "documents", String.valueOf(documents), "index", index.name(), "modelledServerMs", String.valueOf(modelledServerMs)));
        m.put("backend", fixture.backend());
        m.put("connection", conn.describe());
        m.put("documents", PoolDocuments.describe(docs));
        m.put("shots", shots);
        Path f = Path.of(dir).resolve("arango-pool-" + connection + "-" + iterations + "-" + docs + "-" + index
            + (modelledServerMs > 0 ? "-model" + modelledServerMs + "ms" : "") + "-" + System.currentTimeMillis() + ".json");
        Files.createDirectories(f.getParent());
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(f.toFile(), m);
      }
    } finally {
      if (fixture != null) {
        fixture.close();
      }
    }
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p iterations=500 -p connection=raw_http -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(ArangoPoolBenchmark.class, args);
  }
}
