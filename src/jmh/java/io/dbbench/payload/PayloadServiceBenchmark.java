package io.dbbench.payload;

import io.dbbench.mongo.PayloadDocument;
import io.dbbench.mongo.MongoTarget;
import io.dbbench.BenchmarkDefaults;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
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
 * {@link HttpClient}), for the flat ~1 KB and the ReqMgr2-like ~12 KB document, without and with
 * an index on {@code id}. Time/op is per request (us/op); ops/s follows as threads / time.
 *
 * <p>Every answer is counted in {@link Requests}: {@code ok} (2xx) and {@code failed} (any other
 * status, or no answer), as {@code @AuxCounters(EVENTS)} sums, so the report computes
 * {@code success_rate = ok / (ok + failed)}. After each iteration, outside the timing, the
 * collection must hold exactly the documents inserted (the count of 201s) and a sample read back
 * must equal the template; an iteration in which no request succeeded fails the run.
 *
 * <p>The default target is the in-process mongo-java-server stand-in (not MongoDB); service,
 * database and clients share this JVM and its cores.
 */
@Threads(100) // the study's 100 concurrent clients
@OutputTimeUnit(TimeUnit.MICROSECONDS) // HTTP round trips take tens of microseconds and more
public class PayloadServiceBenchmark extends BenchmarkDefaults {

  /** Searches each client cycles through, drawn from the seeded ids. */
  static final int SEARCHES_PER_CLIENT = 1024;

  /** The service, its MongoDB collection and the seeded documents; one per trial. */
  @State(Scope.Benchmark)
  public static class Service {
    /** Template document: {@code flat} (~1 KB) or {@code reqmgr2} (~12 KB). */
    @Param({"flat", "reqmgr2"})
    public PayloadDocument doc;

    /** {@code none}, or {@code id}: a unique index on the {@code id} field. */
    @Param({"none", "id"})
    public PayloadFixture.Index index;

    PayloadFixture fixture;
    boolean searching;
    final Queue<Requests> counters = new ConcurrentLinkedQueue<>();

    /** Starts the service; seeds documents only for {@code search}. */
    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
      String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
      searching = switch (method) {
        case "search" -> true;
        case "insert" -> false;
        // a renamed or new method must say how it is verified, not silently skip verification
        default -> throw new IllegalStateException("PayloadServiceBenchmark." + method
            + " has no verification in Service.verify(); add it there");
      };
      fixture = PayloadFixture.start(MongoTarget.open(), doc, index, searching ? PayloadFixture.seedDocs() : 0);
    }

    /** Verifies the collection against the answers counted, then empties it again after inserts. */
    @TearDown(Level.Iteration)
    public void verify() {
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
      if (searching) {
        List<String> ids = fixture.seededIds();
        fixture.verifyCount(ids.size());
        fixture.verifySample(ids.get(0));
      } else {
        fixture.verifyCount(ok);
        fixture.verifyAnySample();
        fixture.resetCollection(); // keeps the stand-in's heap bounded across iterations
      }
    }

    /** Stops the service and drops the collection. */
    @TearDown(Level.Trial)
    public void stop() {
      if (fixture != null) {
        fixture.close();
      }
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

  /** One client's keep-alive connection and its prepared requests. */
  @State(Scope.Thread)
  public static class Client {
    HttpClient http;
    HttpRequest insert;
    HttpRequest[] searches;
    int next;

    /** Builds the client and the requests; searches hit seeded ids in a per-thread seeded order. */
    @Setup(Level.Trial)
    public void open(Service s, ThreadParams thread) {
      http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10)).build();
      URI base = s.fixture.baseUri();
      insert = HttpRequest.newBuilder(base.resolve("/insert")).timeout(Duration.ofSeconds(30))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(s.fixture.template())).build();
      List<String> ids = s.fixture.seededIds();
      if (s.searching) {
        Random rnd = new Random(42L + thread.getThreadIndex());
        searches = new HttpRequest[SEARCHES_PER_CLIENT];
        for (int i = 0; i < searches.length; i++) {
          searches[i] = HttpRequest.newBuilder(base.resolve("/search?id=" + ids.get(rnd.nextInt(ids.size()))))
              .timeout(Duration.ofSeconds(30)).GET().build();
        }
      }
    }

    /** Closes the client and its connection. */
    @TearDown(Level.Trial)
    public void close() {
      http.close();
    }
  }

  /** {@code POST /insert} of the template; the service adds a fresh UUID. Returns the HTTP status. */
  @Benchmark
  public int insert(Client c, Requests r) throws InterruptedException {
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
  public byte[] search(Client c, Requests r) throws InterruptedException {
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
