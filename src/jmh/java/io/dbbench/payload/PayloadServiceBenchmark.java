package io.dbbench.payload;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.ServerWarmup;
import io.dbbench.mongo.Arrangement;
import io.dbbench.profile.AllocationProfiler;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
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
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The WMPayload study: the payload service's {@code POST /insert} and {@code GET /search?id=} over
 * HTTP, driven by 100 concurrent clients (100 JMH threads, each its own keep-alive
 * {@link HttpClient}), for the flat ~1 KB and the ReqMgr2-like ~12 KB document; searches without
 * and with an index on {@code id}, inserts into a collection without a secondary index (the index
 * is the study's search question). Time/op is per request (us/op); ops/s follows as threads / time.
 *
 * <p>Searches look up ids in a collection of {@code collectionSize} seeded documents (seeded in
 * the trial's setup, outside the timing; the index, when asked, is created after the seed, so both
 * index variants search the same documents). Inserts start from an empty collection.
 *
 * <p>Every answer is counted in {@link Requests}: {@code ok} (2xx) and {@code failed} (any other
 * status, or no answer), as {@code @AuxCounters(EVENTS)} sums, so the report computes
 * {@code success_rate = ok / (ok + failed)}. After each iteration, outside the timing, the
 * collection must hold exactly the documents inserted (the count of 201s; when some requests got
 * no 2xx answer, at most that many more, since a request that timed out may still have been
 * stored) and a sample read back must equal the template; an iteration in which no request succeeded fails the run.
 *
 * <p>Before measurement, in the trial's set-up, the service and the stand-in are driven with the
 * benchmark's own operation until their CPU per request is flat ({@link PayloadFixture#warmUp});
 * the outcome is in the secondary metrics {@code warmup_*} ({@link ServerWarmup}).
 *
 * <p>By default ({@code arrangement=outOfProcess}) the service and the mongo-java-server stand-in
 * (not MongoDB) each run in a JVM of their own, so this fork holds only the 100 clients and
 * {@code -prof gc}'s bytes/op are the clients' alone, as the study's Go B/op were.
 */
@Threads(100) // the study's 100 concurrent clients
@OutputTimeUnit(TimeUnit.MICROSECONDS) // HTTP round trips take tens of microseconds and more
public class PayloadServiceBenchmark extends BenchmarkDefaults {

  /** Searches each client cycles through, drawn from the seeded ids. */
  static final int SEARCHES_PER_CLIENT = 1024;

  /** The service and its MongoDB collection; one per trial. */
  @State(Scope.Benchmark)
  public static class Service {
    /** Template document: {@code flat} (~1 KB) or {@code reqmgr2} (~12 KB). */
    @Param({"flat", "reqmgr2"})
    public PayloadDocument doc;

    /** Where service and stand-in run: {@code outOfProcess} (the study's arrangement) or {@code inProcess}. */
    @Param({"outOfProcess"})
    public Arrangement arrangement;

    PayloadFixture fixture;
    boolean searching;
    final Queue<Requests> counters = new ConcurrentLinkedQueue<>();

    /** Starts the service for {@code insert}; {@code search} starts it in {@link Seed}, with its documents. */
    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
      searching = methodIn(params, Set.of("search"), Set.of("insert"), "Service.verify()");
      if (!searching) {
        fixture = PayloadFixture.open(PayloadSettings.fromEnvironment(), arrangement, doc, PayloadFixture.Index.none, 0);
        ServerWarmup.record(fixture.warmUp(PayloadFixture.Mix.insert, PayloadFixture.warmupRule()));
      }
    }

    /** Verifies the collection against the answers counted, then empties it again after inserts. */
    @TearDown(Level.Iteration)
    public void verify() {
      AllocationProfiler.pause(); // the verification is not a request (no-op outside the allocation pass)
      long ok = 0;
      long failed = 0;
      for (Requests r : counters) {
        ok += r.ok;
        failed += r.failed;
      }
      if (ok == 0) {
        throw new IllegalStateException("no request succeeded in this iteration (" + failed
            + " failed); is the service reaching MongoDB at " + fixture.baseUri() + "?");
      }
      fixture.verifyIteration(searching, ok, failed); // a timed-out insert may still have been stored
    }

    /** Stops the service and the stand-in processes and drops the collection. */
    @TearDown(Level.Trial)
    public void close() {
      if (fixture != null) {
        fixture.close();
      }
    }
  }

  /** The collection searches run against; only {@code search} uses (and is multiplied by) it. */
  @State(Scope.Benchmark)
  public static class Seed {
    /**
     * Documents in the collection before searches. The study's collection is inferred to have
     * held thousands (ReqMgr2) to tens of thousands (flat) of documents (see the README); an
     * unindexed search scans all of them.
     */
    @Param({"1000", "10000", "30000"})
    public int collectionSize;

    /** {@code none}, or {@code id}: a unique index on the {@code id} field, created after the seed. */
    @Param({"none", "id"})
    public PayloadFixture.Index index;

    /** Starts the service with {@code collectionSize} seeded documents, then the index when asked. */
    @Setup(Level.Trial)
    public void open(Service s) {
      s.fixture = PayloadFixture.openForSearch(s.arrangement, s.doc, index, collectionSize);
      ServerWarmup.record(s.fixture.warmUp(PayloadFixture.Mix.search, PayloadFixture.warmupRule()));
    }
  }

  /** Per-client answer counts, summed over threads by JMH, which zeroes them before each iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Requests {
    /** Requests answered 2xx. */
    public long ok;
    /** Requests answered otherwise, or not at all. */
    public long failed;

    /** Lets the service state sum the counts for its verification. */
    @Setup(Level.Trial)
    public void register(Service s) {
      s.counters.add(this);
    }
  }

  /** One inserting client's keep-alive connection and its prepared request. */
  @State(Scope.Thread)
  public static class Client {
    HttpClient http;
    HttpRequest insert;

    /** Builds the client and the request. */
    @Setup(Level.Trial)
    public void open(Service s) {
      http = newHttp();
      insert = HttpRequest.newBuilder(s.fixture.baseUri().resolve("/insert")).timeout(Duration.ofSeconds(30))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(s.fixture.template())).build();
    }

    /** Closes the client and its connection. */
    @TearDown(Level.Trial)
    public void close() {
      http.close();
    }
  }

  /** One searching client's keep-alive connection and its prepared requests, after the seed. */
  @State(Scope.Thread)
  public static class SearchClient {
    HttpClient http;
    HttpRequest[] searches;
    int next;

    /** Builds the client and the requests: seeded ids in a per-thread seeded order. */
    @Setup(Level.Trial)
    public void open(Seed seed, Service s, ThreadParams thread) {
      http = newHttp();
      URI base = s.fixture.baseUri();
      List<String> ids = s.fixture.seededIds();
      Random rnd = new Random(42L + thread.getThreadIndex());
      searches = new HttpRequest[SEARCHES_PER_CLIENT];
      for (int i = 0; i < searches.length; i++) {
        searches[i] = HttpRequest.newBuilder(base.resolve("/search?id=" + ids.get(rnd.nextInt(ids.size()))))
            .timeout(Duration.ofSeconds(30)).GET().build();
      }
    }

    /** Closes the client and its connection. */
    @TearDown(Level.Trial)
    public void close() {
      http.close();
    }
  }

  static HttpClient newHttp() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
  }

  /** {@code POST /insert} of the template; the service adds a fresh UUID. Returns the HTTP status. */
  @Benchmark
  public int insert(Client c, Requests r, ServerWarmup w) throws InterruptedException {
    int status;
    try {
      status = c.http.send(c.insert, HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      status = -1;
    }
    if (status / 100 == 2) {
      r.ok++;
    } else {
      r.failed++;
    }
    return status;
  }

  /** {@code GET /search?id=} of a seeded document. Returns the body. */
  @Benchmark
  public byte[] search(SearchClient c, Requests r, ServerWarmup w) throws InterruptedException {
    HttpRequest req = c.searches[c.next++ & (SEARCHES_PER_CLIENT - 1)];
    try {
      HttpResponse<byte[]> resp = c.http.send(req, HttpResponse.BodyHandlers.ofByteArray());
      if (resp.statusCode() / 100 == 2) {
        r.ok++;
      } else {
        r.failed++;
      }
      return resp.body();
    } catch (IOException e) {
      r.failed++;
      return null;
    }
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p doc=flat -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(PayloadServiceBenchmark.class, args);
  }
}
