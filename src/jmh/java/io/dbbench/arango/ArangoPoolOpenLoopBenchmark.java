package io.dbbench.arango;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.ServerWarmup;
import io.dbbench.load.OpenLoopResultFile;
import io.dbbench.load.OpenLoopScheduler;
import java.io.IOException;
import org.HdrHistogram.Histogram;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Beyond the pooling study: the same clients and point query under a fixed request rate
 * ({@link OpenLoopScheduler}, shared with the payload family), each query's latency measured from
 * its <em>scheduled</em> start into an HdrHistogram, so the report shows where each pool size
 * saturates (the latency a closed loop such as the study's {@code Promise.all} hides). The
 * generator itself allows {@value #MAX_IN_FLIGHT} queries outstanding, far above every pool, so
 * the client's own pool is what queues.
 *
 * <p>One JMH thread dispatches; the primary score is the dispatch interval ({@code 1e6/rate}
 * us/op while the generator keeps up). Results: {@code <dbbench.run.dir>/openloop-query-na-<rate>-<ms>.json}
 * ({@link OpenLoopResultFile}, all measurement iterations) and the secondary metrics {@code ok},
 * {@code failed}, {@code late}, the DNF causes ({@code queueFull}, ...), and {@code p50_us},
 * {@code p99_us} (trial values, in the last measurement iteration only). A wrong answer fails the
 * benchmark. Outstanding queries are awaited 30 s after each iteration, then counted as failed.
 */
@Threads(1) // one dispatcher; concurrency comes from the queries in flight
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ArangoPoolOpenLoopBenchmark extends BenchmarkDefaults {
  /** Most queries the generator keeps outstanding (beyond that they start late). */
  static final int MAX_IN_FLIGHT = 16_384;
  /** A query that starts more than this after its scheduled start counts as late. */
  static final long LATE_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  /** Picks cycled through (a power of two). */
  static final int PICKS = 8192;

  /** The target, the client, the picks and the schedule; one per trial. */
  @State(Scope.Benchmark)
  public static class Load {
    /** Queries per second. */
    @Param({"500", "1000", "2000", "4000"})
    public int rate;

    /**
     * The client and its pool, values as {@code ArangoPoolBenchmark}'s {@code connection} (see
     * {@link PoolClient.Connection}); named apart so the family's quick settings narrow each sweep on its own.
     */
    @Param({"driver_http1_3", "driver_http1_10", "driver_http1_32", "driver_http1_100", "driver_http2_3", "raw_http"})
    public String pool;

    /** Documents in the collection; 200000 is the study's. */
    @Param({"200000"})
    public int documents;

    /** No index on {@code EndToEndId}, or a persistent one. */
    @Param({"none", "persistent"})
    public PoolFixture.IndexMode index;

    PoolFixture fixture;
    OpenLoopScheduler scheduler;
    List<PoolIds.Pick> picks;
    int next;
    boolean measuring;
    int measurementsLeft;
    OpenLoopScheduler.Snapshot atBegin;
    String benchmark;
    Map<String, String> params;
    final Map<DnfCause, AtomicLong> causes = new java.util.EnumMap<>(DnfCause.class);
    final AtomicLong wrong = new AtomicLong();
    final List<OpenLoopResultFile.Interval> intervals = new ArrayList<>();
    long iterationStartMillis;
    volatile String firstWrong;

    /** Starts the target, loads the documents, opens the client and the scheduler. */
    @Setup(Level.Trial)
    public void start(BenchmarkParams bp) throws IOException {
      benchmark = bp.getBenchmark();
      params = new LinkedHashMap<>();
      for (String k : bp.getParamsKeys()) {
        params.put(k, bp.getParam(k));
      }
      measurementsLeft = bp.getMeasurement().getCount();
      int docs = documents;
      if (Boolean.getBoolean("dbbench.smoke") && docs > ArangoPoolBenchmark.SMOKE_DOCS) {
        docs = ArangoPoolBenchmark.SMOKE_DOCS;
      }
      for (DnfCause c : DnfCause.values()) {
        causes.put(c, new AtomicLong());
      }
      picks = PoolIds.picks(PoolIds.SEED, PICKS, docs, PoolSettings.missShare());
      fixture = PoolFixture.open(ArangoSettings.fromEnvironment(), PoolSettings.standInArgs(),
          PoolClient.Connection.parse(pool), docs, index);
      // warm-up shots of the study's 500 queries, through the pool under test
      ServerWarmup.record(fixture.warmUp(picks.subList(0, Math.min(500, picks.size())), PoolSettings.shotDeadlineMillis(),
          ArangoBulkFixture.warmupRule()));
      scheduler = new OpenLoopScheduler(rate, MAX_IN_FLIGHT, LATE_THRESHOLD_NANOS, OpenLoopScheduler.SYSTEM_CLOCK);
    }

    /** Starts a fresh schedule; only measurement iterations are recorded. */
    @Setup(Level.Iteration)
    public void begin(IterationParams ip) {
      measuring = ip.getType() == IterationType.MEASUREMENT;
      atBegin = scheduler.snapshot();
      iterationStartMillis = System.currentTimeMillis();
      scheduler.start();
    }

    /** The iteration that just ended, for the {@code .hlog}: its latencies alone. */
    void addInterval(OpenLoopScheduler.Snapshot now) {
      Histogram h = now.latencyNanos().copy();
      h.subtract(atBegin.latencyNanos());
      intervals.add(new OpenLoopResultFile.Interval(iterationStartMillis, System.currentTimeMillis(), h));
    }

    /** True for a right answer; counts a wrong one (the tear-down fails the benchmark). */
    boolean judge(PoolIds.Pick p, List<PoolDoc> docs) {
      boolean right = p.hit() ? docs.size() == 1 && PoolDocuments.key(p.document()).equals(docs.get(0).key)
          && p.endToEndId().equals(docs.get(0).endToEndId) : docs.isEmpty();
      if (!right) {
        wrong.incrementAndGet();
        firstWrong = p.endToEndId() + " answered " + docs;
      }
      return right;
    }

    /** Writes the trial's latency file, then stops everything. */
    @TearDown(Level.Trial)
    public void stop() throws IOException {
      try {
        String dir = System.getProperty("dbbench.run.dir");
        if (dir != null && !dir.isBlank() && scheduler != null) {
          OpenLoopResultFile.write(Path.of(dir), benchmark, "query", params, fixture.backend(), rate, scheduler.snapshot(),
              intervals);
        }
      } finally {
        if (fixture != null) {
          fixture.close();
        }
      }
    }
  }

  /** Counts and the trial's percentiles as JMH secondary metrics (see the class comment). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Latency {
    /** Queries answered rightly in this iteration. */
    public long ok;
    /** Queries failed (any cause), or outstanding after the drain, in this iteration. */
    public long failed;
    /** Queries that started more than 1 ms after their scheduled start. */
    public long late;
    /** 503 / 21003 in this iteration. */
    public long queueFull;
    /** Timeouts in this iteration. */
    public long timeout;
    /** Refused connections in this iteration. */
    public long refused;
    /** Trial median latency in us (last measurement iteration only). */
    public double p50_us;
    /** Trial 99th percentile latency in us (last measurement iteration only). */
    public double p99_us;

    private long[] causesAtBegin = new long[DnfCause.values().length];

    /** Remembers the cause counts at the iteration's start. */
    @Setup(Level.Iteration)
    public void mark(Load load) {
      for (DnfCause c : DnfCause.values()) {
        causesAtBegin[c.ordinal()] = load.causes.get(c).get();
      }
    }

    /** Waits for the iteration's queries, fails on a wrong answer, publishes the counts. */
    @TearDown(Level.Iteration)
    public void collect(Load load) throws InterruptedException {
      load.scheduler.drain(TimeUnit.SECONDS.toNanos(30));
      if (load.wrong.get() > 0) {
        throw new IllegalStateException(load.wrong.get() + " wrong answers; e.g. " + load.firstWrong);
      }
      OpenLoopScheduler.Snapshot s = load.scheduler.snapshot();
      if (!load.measuring) {
        load.scheduler.reset();
        return;
      }
      load.addInterval(s);
      ok = s.ok() - load.atBegin.ok();
      failed = s.failed() - load.atBegin.failed();
      late = s.late() - load.atBegin.late();
      queueFull = load.causes.get(DnfCause.QUEUE_FULL).get() - causesAtBegin[DnfCause.QUEUE_FULL.ordinal()];
      timeout = load.causes.get(DnfCause.TIMEOUT).get() - causesAtBegin[DnfCause.TIMEOUT.ordinal()];
      refused = load.causes.get(DnfCause.REFUSED).get() - causesAtBegin[DnfCause.REFUSED.ordinal()];
      if (--load.measurementsLeft == 0) {
        p50_us = OpenLoopResultFile.us(s.latencyNanos(), 50);
        p99_us = OpenLoopResultFile.us(s.latencyNanos(), 99);
      }
    }
  }

  /** One query at its scheduled time; returns the scheduled start (ns). */
  @Benchmark
  public long query(Load l, Latency lat, ServerWarmup w) throws InterruptedException {
    PoolIds.Pick p = l.picks.get(l.next++ & (PICKS - 1));
    return l.scheduler.fire(() -> l.fixture.client().query(p.endToEndId()).handle((docs, err) -> {
      if (err != null) {
        Throwable root = err instanceof java.util.concurrent.CompletionException && err.getCause() != null ? err.getCause() : err;
        l.causes.get(DnfCause.of(root)).incrementAndGet();
        return false;
      }
      return l.judge(p, docs);
    }));
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p rate=1000 -p pool=raw_http -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(ArangoPoolOpenLoopBenchmark.class, args);
  }
}
