package io.dbbench.arango;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.OpenLoopCounters;
import io.dbbench.ServerWarmup;
import io.dbbench.arango.bulk.ArangoBulkFixture;
import io.dbbench.arango.pool.DnfCause;
import io.dbbench.arango.pool.PoolClient;
import io.dbbench.arango.pool.PoolDoc;
import io.dbbench.arango.pool.PoolDocuments;
import io.dbbench.arango.pool.PoolFixture;
import io.dbbench.arango.pool.PoolIds;
import io.dbbench.arango.pool.PoolSettings;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.load.OpenLoopScheduler;
import io.dbbench.load.OpenLoopTrial;
import java.io.IOException;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Beyond the pooling study: the same clients and point query under a fixed request rate
 * ({@link OpenLoopScheduler}, shared with the payload family), each query's latency measured from
 * its <em>scheduled</em> start into an HdrHistogram, so the report shows where each pool size
 * saturates (the latency a closed loop such as the study's {@code Promise.all} hides).
 *
 * <p>{@value #THREADS} JMH threads share one schedule, far more than any pool has connections, so
 * the client's own pool is what queues: before each invocation, outside the timing (a
 * {@code Level.Invocation} set-up; a query takes milliseconds, so the set-up's own cost does not
 * matter), a thread claims the next slot and waits until its scheduled start; the invocation sends
 * that one query through the client under test and waits for its answer (at most
 * {@value #QUERY_TIMEOUT_SECONDS} s). So JMH's primary score (average time, µs/op) is the mean
 * latency of a query from its start, which is its scheduled start unless all threads were busy
 * past it; such a query counts as {@code late}, and its latency from the scheduled start (the
 * queueing included) is in the histogram but not in the primary score.
 *
 * <p>Results: {@code <dbbench.run.dir>/openloop-query-na-<rate>-<ms>.json} and its {@code .hlog}
 * ({@link OpenLoopTrial}, measurement iterations only), and the secondary metrics {@code ok},
 * {@code failed}, {@code late}, {@code unsent}, the DNF causes ({@code queueFull}, {@code timeout},
 * {@code refused}) per iteration, and {@code p50_us}, {@code p99_us}, {@code max_us} and
 * {@code server_cpu_us} (the stand-in's CPU per measured query), trial values in the last
 * measurement iteration only ({@link OpenLoopCounters}). A
 * wrong answer fails the benchmark.
 */
@Threads(ArangoPoolOpenLoopBenchmark.THREADS)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ArangoPoolOpenLoopBenchmark extends BenchmarkDefaults {
  /** Dispatching threads, i.e. the most queries in flight; beyond that queries start late. */
  static final int THREADS = 128;
  /** A query that starts more than this after its scheduled start counts as late. */
  static final long LATE_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  /** Picks cycled through (a power of two). */
  static final int PICKS = 8192;
  /** A query without an answer after this long counts as failed ({@code timeout}). */
  static final int QUERY_TIMEOUT_SECONDS = 30;

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
    OpenLoopTrial run;
    List<PoolIds.Pick> picks;
    final AtomicInteger next = new AtomicInteger();
    String benchmark;
    Map<String, String> params;
    CyclicBarrier iterationEnd;
    final Map<DnfCause, AtomicLong> causes = new EnumMap<>(DnfCause.class);
    final Map<DnfCause, Long> causesAtBegin = new EnumMap<>(DnfCause.class);
    final Map<DnfCause, Long> iterationCauses = new EnumMap<>(DnfCause.class);
    final AtomicLong wrong = new AtomicLong();
    volatile String firstWrong;

    /** Starts the target, loads the documents, opens the client, warms the server, makes the schedule. */
    @Setup(Level.Trial)
    public void open(BenchmarkParams bp) throws IOException {
      benchmark = bp.getBenchmark();
      params = new LinkedHashMap<>();
      for (String k : bp.getParamsKeys()) {
        params.put(k, bp.getParam(k));
      }
      int docs = documents;
      if (Boolean.getBoolean("dbbench.smoke") && docs > ArangoPoolBenchmark.SMOKE_DOCS) {
        docs = ArangoPoolBenchmark.SMOKE_DOCS;
      }
      for (DnfCause c : DnfCause.values()) {
        causes.put(c, new AtomicLong());
      }
      iterationEnd = new CyclicBarrier(bp.getThreads(), this::collect);
      PoolSettings study = PoolSettings.fromEnvironment();
      picks = PoolIds.picks(PoolIds.SEED, PICKS, docs, study.missShare());
      fixture = PoolFixture.open(ArangoSettings.fromEnvironment(), study,
          PoolClient.Connection.parse(pool), docs, index);
      // warm-up shots of the study's 500 queries, through the pool under test
      ServerWarmup.record(fixture.warmUp(picks.subList(0, Math.min(500, picks.size())), study.shotDeadlineMillis(),
          ArangoBulkFixture.warmupRule()));
      run = new OpenLoopTrial(new OpenLoopScheduler(rate, bp.getThreads(), LATE_THRESHOLD_NANOS,
          OpenLoopScheduler.SYSTEM_CLOCK), bp.getMeasurement().getCount(), fixture::serverCpuNanos);
    }

    /** Starts a fresh schedule; only measurement iterations are recorded. */
    @Setup(Level.Iteration)
    public void prepare(IterationParams ip) {
      causes.forEach((c, n) -> causesAtBegin.put(c, n.get()));
      run.beginIteration(ip.getType() == IterationType.MEASUREMENT, ip.getTime().convertTo(TimeUnit.NANOSECONDS));
    }

    /** Runs once per iteration in the last thread to finish it: ends the iteration, fails on a wrong answer. */
    void collect() {
      run.endIteration();
      causes.forEach((c, n) -> iterationCauses.put(c, n.get() - causesAtBegin.get(c)));
      if (wrong.get() > 0) {
        throw new IllegalStateException(wrong.get() + " wrong answers; e.g. " + firstWrong);
      }
    }

    /** True for a right answer; counts a wrong one (the iteration's end fails the benchmark). */
    boolean judge(PoolIds.Pick p, List<PoolDoc> docs) {
      boolean right = p.hit() ? docs.size() == 1 && PoolDocuments.key(p.document()).equals(docs.get(0).key)
          && p.endToEndId().equals(docs.get(0).endToEndId) : docs.isEmpty();
      if (!right) {
        wrong.incrementAndGet();
        firstWrong = p.endToEndId() + " answered " + docs;
      }
      return right;
    }

    /** Writes the trial's latency files, then closes the client (and the stand-in, unless shared). */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      try {
        if (fixture != null && run != null) {
          run.writeFiles(benchmark, "query", params, fixture.backend(), rate);
        }
      } finally {
        if (fixture != null) {
          fixture.close();
        }
      }
    }
  }

  /** One dispatching thread's slot: claimed and waited for before each invocation, outside the timing. */
  @State(Scope.Thread)
  public static class Slot {
    long scheduled;

    /** Claims the next slot of the schedule and waits until its scheduled start. */
    @Setup(Level.Invocation)
    public void claim(Load l) throws InterruptedException {
      scheduled = l.run.scheduler().awaitSlot();
    }
  }

  /**
   * The DNF causes of the iteration's failed queries as JMH secondary metrics, beside the
   * {@link OpenLoopCounters}; published by thread 0 with them, in measurement iterations.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Causes {
    /** 503 / 21003 in this iteration. */
    public long queueFull;
    /** Timeouts in this iteration. */
    public long timeout;
    /** Refused connections in this iteration. */
    public long refused;

    /**
     * Waits for every thread to finish the iteration (the last one collects it, {@link
     * Load#collect}), then publishes the counts ({@link OpenLoopCounters#publish}) and, in thread 0
     * of a measurement iteration, the causes.
     */
    @TearDown(Level.Iteration)
    public void publish(Load load, OpenLoopCounters counters, IterationParams ip, ThreadParams t)
        throws InterruptedException, BrokenBarrierException {
      counters.publish(load.iterationEnd, load.run);
      boolean reported = t.getThreadIndex() == 0 && ip.getType() == IterationType.MEASUREMENT;
      queueFull = reported ? load.iterationCauses.get(DnfCause.QUEUE_FULL) : 0;
      timeout = reported ? load.iterationCauses.get(DnfCause.TIMEOUT) : 0;
      refused = reported ? load.iterationCauses.get(DnfCause.REFUSED) : 0;
    }
  }

  /** One query in the claimed slot, waited for; returns the slot's scheduled start (ns). */
  @Benchmark
  public long query(Load l, Slot s, Causes causes, ServerWarmup w) throws InterruptedException {
    PoolIds.Pick p = l.picks.get(l.next.getAndIncrement() & (PICKS - 1));
    long begin = System.nanoTime();
    boolean right;
    try {
      right = l.judge(p, l.fixture.client().query(p.endToEndId()).get(QUERY_TIMEOUT_SECONDS, TimeUnit.SECONDS));
    } catch (ExecutionException | TimeoutException e) {
      l.causes.get(DnfCause.of(e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e))
          .incrementAndGet();
      right = false;
    }
    l.run.scheduler().record(s.scheduled, begin, right);
    return s.scheduled;
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p rate=1000 -p pool=raw_http -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(ArangoPoolOpenLoopBenchmark.class, args);
  }
}
