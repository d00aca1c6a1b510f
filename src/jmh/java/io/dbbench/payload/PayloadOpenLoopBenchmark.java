package io.dbbench.payload;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.OpenLoopCounters;
import io.dbbench.ServerWarmup;
import io.dbbench.load.OpenLoopResultFile;
import io.dbbench.load.OpenLoopScheduler;
import io.dbbench.load.OpenLoopTrial;
import io.dbbench.mongo.Arrangement;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
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
 * Open-loop load on the payload service: requests start at a fixed {@code rate} (requests/s)
 * whether or not earlier ones have answered, and each one's latency is measured from its
 * <em>scheduled</em> start into an HdrHistogram ({@link OpenLoopScheduler}). JMH's own modes are
 * closed loops, which slow down with the server and so hide queueing delay (coordinated omission);
 * this benchmark shows latency under a given load.
 *
 * <p>{@value #THREADS} JMH threads share one schedule: before each invocation, outside the timing
 * ({@code Level.Invocation} set-up; a request takes milliseconds, so the set-up's own cost does
 * not matter), a thread claims the next slot and waits until its scheduled start; the invocation
 * sends that one request on a shared keep-alive {@link HttpClient} and waits for the answer. So
 * JMH's primary score (average time, µs/op) is the mean latency of a request from its start, which
 * is its scheduled start unless every thread was busy past it; such a request counts as
 * {@code late}, and its latency from the scheduled start (the queueing included) is in the
 * histogram but not in the primary score. JMH averages its threads' own means with equal weight,
 * so with {@code late} at 0 the primary score lies near the histogram's per-request mean, closer
 * the more requests each thread serves.
 *
 * <p>Results beside the primary score:
 *
 * <ul>
 *   <li>{@code <dbbench.run.dir>/openloop-<operation>-<doc>-<rate>-<epochMillis>.json}
 *       ({@link OpenLoopResultFile}, written after the trial when {@code dbbench.run.dir} is set):
 *       p50/p90/p99/p99.9/max (each only when the requests support it) and the percentile curve
 *       over all measurement iterations, and beside it the {@code .hlog} with one interval
 *       histogram per measurement iteration;
 *   <li>secondary metrics {@code ok}, {@code failed}, {@code late} (per-iteration counts that JMH
 *       sums over the trial), {@code server_cpu_us} (CPU time of the service and stand-in
 *       processes per measured request) and {@code p50_us}, {@code p99_us}, {@code max_us}: the
 *       trial's percentiles, reported in the last measurement iteration only (0 in the others) so
 *       that JMH's sum over iterations equals the trial value; and the warm-up's
 *       {@code warmup_*} ({@link ServerWarmup}).
 * </ul>
 *
 * <p>Before any iteration the servers are driven closed-loop with the same operation until their
 * CPU per request is flat ({@link PayloadFixture#warmUp}). JMH's warm-up iterations then run the
 * open-loop schedule but are not recorded. Searches hit seeded ids in a collection of
 * {@code collectionSize} documents, without or with the index on {@code id} ({@link SearchTarget}:
 * the index is created after the seed, so both variants search the same documents). Inserts run
 * against an empty collection with the index. Service and stand-in run in JVMs of their own unless
 * {@code arrangement=inProcess}.
 */
@Threads(PayloadOpenLoopBenchmark.THREADS) // the most requests in flight; concurrency comes from the schedule
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PayloadOpenLoopBenchmark extends BenchmarkDefaults {
  /** Dispatching threads, i.e. the most requests in flight; beyond that requests start late. */
  static final int THREADS = 32;
  /** A request that starts more than this after its scheduled start counts as late. */
  static final long LATE_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  /** Seeded searches cycled through (a power of two). */
  static final int SEARCHES = 4096;

  /** The service, the client and the schedule; one per trial. */
  @State(Scope.Benchmark)
  public static class Load {
    /** Requests per second. */
    @Param({"100", "300", "600", "1000"})
    public int rate;

    /** Template document: {@code flat} (~1 KB) or {@code reqmgr2} (~12 KB). */
    @Param({"flat", "reqmgr2"})
    public PayloadDocument doc;

    /** Where service and stand-in run: {@code outOfProcess} (the study's arrangement) or {@code inProcess}. */
    @Param({"outOfProcess"})
    public Arrangement arrangement;

    PayloadFixture fixture;
    OpenLoopTrial run;
    HttpClient http;
    HttpRequest insert;
    HttpRequest[] searches;
    boolean searching;
    String benchmark;
    String operation;
    Map<String, String> params;
    CyclicBarrier iterationEnd;

    /** Starts the client and the scheduler, and for {@code insert} the service (index on {@code id}) warmed up. */
    @Setup(Level.Trial)
    public void open(BenchmarkParams bp) {
      benchmark = bp.getBenchmark();
      operation = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      searching = switch (operation) {
        case "search" -> true;
        case "insert" -> false;
        default -> throw new IllegalStateException("PayloadOpenLoopBenchmark." + operation
            + " has no verification; add it to Load's iteration tear-down");
      };
      params = new LinkedHashMap<>();
      for (String k : bp.getParamsKeys()) {
        params.put(k, bp.getParam(k));
      }
      iterationEnd = new CyclicBarrier(bp.getThreads(), this::collect);
      if (!searching) {
        fixture = PayloadFixture.open(PayloadSettings.fromEnvironment(), arrangement, doc, PayloadFixture.Index.id, 0);
        ServerWarmup.record(fixture.warmUp(PayloadFixture.Mix.insert, PayloadFixture.warmupRule()));
        insert = HttpRequest.newBuilder(fixture.baseUri().resolve("/insert")).timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(fixture.template())).build();
      }
      run = new OpenLoopTrial(new OpenLoopScheduler(rate, bp.getThreads(), LATE_THRESHOLD_NANOS,
          OpenLoopScheduler.SYSTEM_CLOCK), bp.getMeasurement().getCount(), () -> fixture.serverCpuNanos());
      http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** Starts a fresh schedule with empty counts; only measurement iterations are recorded. */
    @Setup(Level.Iteration)
    public void prepare(IterationParams ip) {
      run.beginIteration(ip.getType() == IterationType.MEASUREMENT, ip.getTime().convertTo(TimeUnit.NANOSECONDS));
    }

    /**
     * Runs once per iteration, in the last thread to finish it (every request has answered by
     * then: each thread waits for its own): ends the iteration ({@link OpenLoopTrial#endIteration},
     * the servers' CPU read before verification adds its own work), then verifies the collection
     * (inserts: exactly the documents answered 2xx, then emptied again; searches: the seed untouched).
     */
    void collect() {
      OpenLoopScheduler.Snapshot s = run.endIteration();
      if (s.ok() == 0 && s.requests() > 0) {
        throw new IllegalStateException("no open-loop request succeeded in this iteration (" + s.failed()
            + " failed) against " + fixture.baseUri());
      }
      fixture.verifyIteration(searching, s.ok(), s.failed()); // a timed-out request may still have been stored
    }

    /** Writes the trial's latency files, then stops everything. */
    @TearDown(Level.Trial)
    public void close() throws IOException {
      try {
        if (fixture != null && run != null) {
          run.writeFiles(benchmark, operation, params, fixture.backend(), rate);
        }
      } finally {
        if (http != null) {
          http.close();
        }
        if (fixture != null) {
          fixture.close();
        }
      }
    }
  }

  /** The collection {@code search} runs against; only {@code search} uses (and is multiplied by) it. */
  @State(Scope.Benchmark)
  public static class SearchTarget {
    /** {@code none}, or {@code id}: a unique index on the {@code id} field, created after the seed. */
    @Param({"none", "id"})
    public PayloadFixture.Index index;

    /** Documents in the collection before searches (see {@code PayloadServiceBenchmark.Seed}). */
    @Param({"1000", "10000", "30000"})
    public int collectionSize;

    /** Starts the service with {@code collectionSize} seeded documents (outside the timing), warms it, prepares the searches. */
    @Setup(Level.Trial)
    public void open(Load l) {
      l.fixture = PayloadFixture.openForSearch(l.arrangement, l.doc, index, collectionSize);
      ServerWarmup.record(l.fixture.warmUp(PayloadFixture.Mix.search, PayloadFixture.warmupRule()));
      URI base = l.fixture.baseUri();
      List<String> ids = l.fixture.seededIds();
      Random rnd = new Random(42L);
      l.searches = new HttpRequest[SEARCHES];
      for (int i = 0; i < l.searches.length; i++) {
        l.searches[i] = HttpRequest.newBuilder(base.resolve("/search?id=" + ids.get(rnd.nextInt(ids.size()))))
            .timeout(Duration.ofSeconds(30)).GET().build();
      }
    }
  }

  /**
   * One dispatching thread's slot: claimed and waited for before each invocation, outside the
   * timing; at the iteration's end the thread publishes the trial's counts.
   */
  @State(Scope.Thread)
  public static class Slot {
    long scheduled;
    int next;
    int stride;

    /** Spreads the threads' search picks. */
    @Setup(Level.Trial)
    public void init(ThreadParams t) {
      next = t.getThreadIndex();
      stride = t.getThreadCount();
    }

    /** Claims the next slot of the schedule and waits until its scheduled start. */
    @Setup(Level.Invocation)
    public void claim(Load l) throws InterruptedException {
      scheduled = l.run.scheduler().awaitSlot();
    }

    /**
     * Waits for every thread to finish the iteration (the last one collects it, {@link
     * Load#collect}), then publishes the counts and, after the last measurement iteration, the
     * trial's percentiles ({@link OpenLoopCounters}).
     */
    @TearDown(Level.Iteration)
    public void publish(Load load, OpenLoopCounters counters) throws InterruptedException, BrokenBarrierException {
      counters.publish(load.iterationEnd, load.run);
    }
  }

  private static long send(Load l, HttpRequest req, long scheduled) throws InterruptedException {
    long begin = System.nanoTime();
    boolean success;
    try {
      success = l.http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode() / 100 == 2;
    } catch (IOException e) {
      success = false;
    }
    l.run.scheduler().record(scheduled, begin, success);
    return scheduled;
  }

  /** {@code POST /insert} in the claimed slot; returns the slot's scheduled start (ns). */
  @Benchmark
  public long insert(Load l, Slot s, ServerWarmup w) throws InterruptedException {
    return send(l, l.insert, s.scheduled);
  }

  /** {@code GET /search?id=} of a seeded document in the claimed slot; returns the slot's scheduled start (ns). */
  @Benchmark
  public long search(Load l, SearchTarget t, Slot s, ServerWarmup w) throws InterruptedException {
    HttpRequest req = l.searches[s.next & (SEARCHES - 1)];
    s.next += s.stride;
    return send(l, req, s.scheduled);
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p doc=flat -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(PayloadOpenLoopBenchmark.class, args);
  }
}
