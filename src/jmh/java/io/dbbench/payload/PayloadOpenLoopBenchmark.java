package io.dbbench.payload;

import io.dbbench.load.OpenLoopResultFile;
import io.dbbench.load.OpenLoopScheduler;
import io.dbbench.mongo.PayloadDocument;
import io.dbbench.mongo.Arrangement;
import io.dbbench.BenchmarkDefaults;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
 * Open-loop load on the payload service: requests start at a fixed {@code rate} (requests/s)
 * whether or not earlier ones have answered, and each one's latency is measured from its
 * <em>scheduled</em> start into an HdrHistogram ({@link OpenLoopScheduler}). JMH's own modes are
 * closed loops, which slow down with the server and so hide queueing delay (coordinated omission);
 * this benchmark shows latency under a given load.
 *
 * <p>One JMH thread dispatches: each invocation waits for the next slot and starts one request
 * asynchronously on a shared keep-alive {@link HttpClient} (at most {@value #MAX_IN_FLIGHT} in
 * flight; beyond that requests start late). The primary score is therefore the dispatch interval,
 * {@code 1e6/rate} us/op while the generator keeps up; the latency results are:
 *
 * <ul>
 *   <li>the file {@code <dbbench.run.dir>/openloop-<operation>-<doc>-<rate>-<epochMillis>.json}
 *       ({@link OpenLoopResultFile}), written after the trial when {@code dbbench.run.dir} is set:
 *       p50/p90/p99/p99.9/max and the percentile curve over all measurement iterations;
 *   <li>secondary metrics {@code ok}, {@code failed}, {@code late} (per-iteration counts that JMH
 *       sums over the trial), {@code server_cpu_us} (CPU time of the service and stand-in processes
 *       per request) and {@code p50_us}, {@code p99_us}, {@code max_us}: the trial's
 *       percentiles, reported in the last measurement iteration only (0 in the others) so that
 *       JMH's sum over iterations equals the trial value rather than adding percentiles up.
 * </ul>
 *
 * <p>Warm-up iterations run the same load but are not recorded. Requests still outstanding at an
 * iteration's end are awaited (up to 30 s, outside the timing) and then counted as failed.
 * Searches hit seeded ids in a collection of {@code collectionSize} documents, without or with the
 * index on {@code id} ({@link SearchTarget}: the index is created after the seed, so both variants
 * search the same documents), so the study's index effect shows as latency at a rate the stand-in
 * sustains rather than as queueing at saturation. Inserts run against an empty collection with
 * the index. Service and stand-in run in JVMs of their own unless {@code arrangement=inProcess}.
 */
@Threads(1) // one dispatcher; concurrency comes from the requests in flight, not from threads
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PayloadOpenLoopBenchmark extends BenchmarkDefaults {
  /** Most requests outstanding at once. */
  static final int MAX_IN_FLIGHT = 512;
  /** A request that starts more than this after its scheduled start counts as late. */
  static final long LATE_THRESHOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /** The service, the client and the schedule; one per trial. */
  @State(Scope.Benchmark)
  public static class Load {
    /** Requests per second. */
    @Param({"100", "200", "500", "1000"})
    public int rate;

    /** Template document: {@code flat} (~1 KB) or {@code reqmgr2} (~12 KB). */
    @Param({"flat", "reqmgr2"})
    public PayloadDocument doc;

    /** Where service and stand-in run: {@code outOfProcess} (the study's arrangement) or {@code inProcess}. */
    @Param({"outOfProcess"})
    public Arrangement arrangement;

    PayloadFixture fixture;
    OpenLoopScheduler scheduler;
    HttpClient http;
    HttpRequest insert;
    HttpRequest[] searches;
    int next;
    boolean searching;
    boolean measuring;
    int measurementsLeft;
    OpenLoopScheduler.Snapshot atBegin;
    long cpuAtBegin;
    long measuredCpuNanos;
    long measuredRequests;
    String benchmark;
    String operation;
    Map<String, String> params;

    /** Starts the client and the scheduler, and for {@code insert} the service (index on {@code id}). */
    @Setup(Level.Trial)
    public void start(BenchmarkParams bp) {
      benchmark = bp.getBenchmark();
      operation = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      searching = switch (operation) {
        case "search" -> true;
        case "insert" -> false;
        default -> throw new IllegalStateException("PayloadOpenLoopBenchmark." + operation
            + " has no verification; add it to Load's setup and tear-down");
      };
      params = new LinkedHashMap<>();
      for (String k : bp.getParamsKeys()) {
        params.put(k, bp.getParam(k));
      }
      measurementsLeft = bp.getMeasurement().getCount();
      if (!searching) {
        fixture = PayloadFixture.start(arrangement, doc, PayloadFixture.Index.id, 0);
        insert = HttpRequest.newBuilder(fixture.baseUri().resolve("/insert")).timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(fixture.template())).build();
      }
      scheduler = new OpenLoopScheduler(rate, MAX_IN_FLIGHT, LATE_THRESHOLD_NANOS, OpenLoopScheduler.SYSTEM_CLOCK);
      http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** Starts a fresh schedule; only measurement iterations are recorded. */
    @Setup(Level.Iteration)
    public void begin(IterationParams ip) {
      measuring = ip.getType() == IterationType.MEASUREMENT;
      atBegin = scheduler.snapshot();
      cpuAtBegin = fixture == null ? -1 : fixture.serverCpuNanos();
      scheduler.start();
    }

    /** Writes the trial's latency file, then stops everything. */
    @TearDown(Level.Trial)
    public void stop() throws IOException {
      try {
        String dir = System.getProperty("dbbench.run.dir");
        if (dir != null && !dir.isBlank() && scheduler != null && fixture != null) {
          OpenLoopResultFile.write(Path.of(dir), benchmark, operation, params, fixture.backend(), rate, scheduler.snapshot());
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

    /** Starts the service with {@code collectionSize} seeded documents (outside the timing) and prepares the searches. */
    @Setup(Level.Trial)
    public void seed(Load l) {
      if (collectionSize < 1) {
        throw new IllegalArgumentException("collectionSize=" + collectionSize + "; expected at least 1 document to search");
      }
      l.fixture = PayloadFixture.start(l.arrangement, l.doc, index, collectionSize);
      URI base = l.fixture.baseUri();
      List<String> ids = l.fixture.seededIds();
      Random rnd = new Random(42L);
      l.searches = new HttpRequest[4096];
      for (int i = 0; i < l.searches.length; i++) {
        l.searches[i] = HttpRequest.newBuilder(base.resolve("/search?id=" + ids.get(rnd.nextInt(ids.size()))))
            .timeout(Duration.ofSeconds(30)).GET().build();
      }
    }
  }

  /** Counts and the trial's percentiles as JMH secondary metrics (see the class comment). */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Latency {
    /** Requests answered 2xx in this iteration. */
    public long ok;
    /** Requests answered otherwise, not at all, or outstanding after the drain, in this iteration. */
    public long failed;
    /** Requests that started more than 1 ms after their scheduled start, in this iteration. */
    public long late;
    /** Trial median latency in us (last measurement iteration only). */
    public double p50_us;
    /** Trial 99th percentile latency in us (last measurement iteration only). */
    public double p99_us;
    /** Trial maximum latency in us (last measurement iteration only). */
    public double max_us;
    /**
     * CPU time of the service and stand-in processes per request over the trial's measurement
     * iterations, in us (last measurement iteration only; 0 with {@code arrangement=inProcess}).
     * Unlike latency, it barely depends on what else the machine runs, so it shows what an
     * unindexed scan costs even on a loaded machine.
     */
    public double server_cpu_us;

    /**
     * Waits for the iteration's requests, verifies the collection (inserts: exactly the documents
     * answered 201, then emptied again; searches: the seed untouched), then publishes the
     * iteration's counts and, after the last measurement iteration, the trial's percentiles.
     */
    @TearDown(Level.Iteration)
    public void collect(Load load) throws InterruptedException {
      load.scheduler.drain(TimeUnit.SECONDS.toNanos(30));
      long cpuNow = load.cpuAtBegin < 0 ? -1 : load.fixture.serverCpuNanos(); // before verification adds its own work
      OpenLoopScheduler.Snapshot s = load.scheduler.snapshot();
      long iterOk = s.ok() - load.atBegin.ok();
      long iterFailed = s.failed() - load.atBegin.failed();
      if (iterOk == 0 && s.requests() > load.atBegin.requests()) {
        throw new IllegalStateException("no open-loop request succeeded in this iteration (" + iterFailed
            + " failed) against " + load.fixture.baseUri());
      }
      if (load.searching) {
        List<String> ids = load.fixture.seededIds();
        load.fixture.verifyCount(ids.size());
        load.fixture.verifySample(ids.get(0));
      } else {
        load.fixture.verifyInserted(iterOk, iterFailed); // a timed-out request may still have been stored
        load.fixture.verifyAnySample();
        load.fixture.resetCollection(); // keeps the stand-in's heap bounded
      }
      if (!load.measuring) {
        load.scheduler.reset();
        return;
      }
      ok = iterOk;
      failed = iterFailed;
      late = s.late() - load.atBegin.late();
      if (cpuNow >= 0) {
        load.measuredCpuNanos += cpuNow - load.cpuAtBegin;
        load.measuredRequests += iterOk + iterFailed;
      }
      if (--load.measurementsLeft == 0) {
        server_cpu_us = load.measuredRequests == 0 ? 0 : load.measuredCpuNanos / 1e3 / load.measuredRequests;
        p50_us = OpenLoopResultFile.us(s.latencyNanos(), 50);
        p99_us = OpenLoopResultFile.us(s.latencyNanos(), 99);
        max_us = s.latencyNanos().getTotalCount() == 0 ? 0 : s.latencyNanos().getMaxValue() / 1e3;
      }
    }
  }

  /**
   * {@code POST /insert} at the scheduled time; returns the scheduled start (ns). {@code lat} is
   * taken so JMH runs its iteration teardown and reports its counters.
   */
  @Benchmark
  public long insert(Load l, Latency lat) throws InterruptedException {
    return l.scheduler.fire(() -> l.http.sendAsync(l.insert, HttpResponse.BodyHandlers.discarding())
        .thenApply(r -> r.statusCode() / 100 == 2));
  }

  /** {@code GET /search?id=} of a seeded document at the scheduled time; returns the scheduled start (ns). */
  @Benchmark
  public long search(Load l, SearchTarget t, Latency lat) throws InterruptedException {
    HttpRequest req = l.searches[l.next++ & 4095];
    return l.scheduler.fire(() -> l.http.sendAsync(req, HttpResponse.BodyHandlers.ofByteArray())
        .thenApply(r -> r.statusCode() / 100 == 2));
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p doc=flat -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(PayloadOpenLoopBenchmark.class, args);
  }
}
