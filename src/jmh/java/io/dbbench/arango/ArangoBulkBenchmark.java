package io.dbbench.arango;

import com.arangodb.Protocol;
import io.dbbench.BenchmarkDefaults;
import io.dbbench.ServerWarmup;
import io.dbbench.arango.bulk.ArangoBulkFixture;
import io.dbbench.arango.bulk.BulkClient;
import io.dbbench.arango.bulk.BulkOperation;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.profile.AllocationProfiler;
import java.lang.management.ManagementFactory;
import java.util.List;
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

/**
 * The ArangoDB Go driver's bulk CRUD benchmarks (go-driver v2/BENCHMARKS.md: V1 over HTTP/1.1
 * against V2 over HTTP/2, 100,000 documents), in JMH: one shot = one whole bulk operation on
 * {@code docs} documents {@code {_key:"doc_<i>", name:"<i>", value:i}} in
 * {@code dbbench.dbbench_bulk}, as one request ({@code read}: one cursor drained in server batches
 * of 1000; {@code readByKeys}: one multi-document read by every key, as the Go driver's current
 * {@code BulkRead100KDocs} reads). {@code protocol} is the driver's {@code Protocol}; {@code client} is the driver
 * ({@code arangodb-java-driver} 7.25.0 at its defaults) or {@code rawHttp} (the JDK
 * {@code HttpClient} sending the same requests with Jackson; VelocyPack bodies through the same
 * {@code jackson-dataformat-velocypack} for the {@code *_VPACK} protocols).
 *
 * <p>B/op is the secondary metric {@code shotAllocatedBytes}: the bytes every thread of this JVM
 * allocated between the end of the shot's preparation and the start of its verification
 * ({@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}), i.e. the client's
 * allocation for the operation alone, as Go's {@code -benchmem} counts it (the server runs in its
 * own JVM). JMH sums EVENTS counters over the measured shots in its summary line; its JSON keeps
 * one value per shot, which the report averages. {@code -prof gc}'s {@code gc.alloc.rate.norm}
 * would also count the per-shot truncate, re-load and verification (2.2-4.0 MB per shot at 10,000 documents),
 * so the report does not use it.
 *
 * <p>CPU per shot, beside its wall time: {@code shotClientCpuNs}, this JVM's CPU time during the
 * shot (the client's, every thread, JIT and GC included), and {@code shotServerCpuNs}, the stand-in
 * JVM's; -1 where unknown. Both count in the kernel's clock ticks (10 ms on Linux), so a 0 is a
 * shot below one tick and the mean over many shots is the figure to read. The stand-in
 * runs on the same cores as the client, so the wall time is not the client's and the protocol's
 * alone: on two cores the stand-in spent about as much CPU per insert shot as the shot's wall time.
 *
 * <p>Outside the timing: before each shot the collection is truncated and, for {@code read},
 * {@code update} and {@code delete}, loaded with every document (the Go code re-inserted inside
 * its timed delete; dbbench does not, so delete here is the delete alone); after it the count and
 * a seeded sample of 100 documents are checked; a per-document error fails the shot with its
 * errorNum and message. The preparation's garbage in this JVM (the reload through the admin client)
 * is collected before the shot starts ({@code -Ddbbench.arango.gcBeforeShot=false} leaves it), so a
 * young collection of it does not land inside the timed shot. The target is {@link ArangoSettings}' choice: the stand-in (shared by the
 * family's trials in the main job, else a JVM per trial)
 * by default, or {@code DBBENCH_ARANGO_ENDPOINTS}. Before the first shot, whole shots run until
 * the server's CPU per shot is flat ({@link ArangoBulkFixture#warmUp}; {@code warmup_*} metrics,
 * {@link ServerWarmup}).
 */
@BenchmarkMode(Mode.SingleShotTime) // one whole bulk operation per shot, as the Go benchmark's one op per b.N
@OutputTimeUnit(TimeUnit.MILLISECONDS) // shots of 10 ms to 20 s; the report converts to Go's ns/op
public class ArangoBulkBenchmark extends BenchmarkDefaults {
  /** Documents kept in smoke runs ({@code -Ddbbench.smoke=true}), whatever {@code docs} says. */
  static final int SMOKE_DOCS = 2000;

  /** The target, the client under test and the inputs; one per trial. */
  @State(Scope.Benchmark)
  public static class Trial {
    /** The driver's protocol: HTTP/1.1 or HTTP/2 (prior knowledge), JSON or VelocyPack bodies. */
    @Param({"HTTP_JSON", "HTTP2_JSON", "HTTP_VPACK", "HTTP2_VPACK"})
    public Protocol protocol;

    /** {@code driver} or {@code rawHttp} (see the class comment). */
    @Param({"driver", "rawHttp"})
    public String client;

    /** Documents per bulk operation; 100000 is the study's. */
    @Param({"100000"})
    public int docs;

    ArangoBulkFixture fixture;
    BulkOperation operation;

    /** Starts or reaches the target, opens the client and builds the documents. */
    @Setup(Level.Trial)
    public void open(BenchmarkParams params) throws Exception {
      operation = BulkOperation.ofMethod(methodOf(params));
      int n = docs;
      if (Boolean.getBoolean("dbbench.smoke") && n > SMOKE_DOCS) {
        System.err.println("[dbbench] arango: smoke run, " + SMOKE_DOCS + " documents instead of docs=" + n);
        n = SMOKE_DOCS;
      }
      fixture = ArangoBulkFixture.open(ArangoSettings.fromEnvironment(), List.of(), protocol, BulkClient.Kind.parse(client), n);
      ServerWarmup.record(fixture.warmUp(operation, ArangoBulkFixture.warmupRule()));
    }

    /** Closes the clients and stops the stand-in JVM. */
    @TearDown(Level.Trial)
    public void close() {
      if (fixture != null) {
        fixture.close();
      }
    }
  }

  /**
   * One shot: prepared before, verified after, both outside the timing; its allocation is the
   * EVENTS counter {@code shotAllocatedBytes} (private fields are not counters).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Shot {
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Bytes allocated by every thread of this JVM during the shot (the client's B/op). */
    public long shotAllocatedBytes;
    /** CPU time of this JVM (the client: every thread, JIT and GC included) during the shot, ns. */
    public long shotClientCpuNs;
    /** CPU time of the stand-in JVM during the shot, ns; -1 where this JVM cannot see the server's CPU. */
    public long shotServerCpuNs;

    private Trial trial;
    private long before;
    private long clientCpuBefore;
    private long serverCpuBefore;
    long result;

    /**
     * Truncates, loads the documents for the reads, update and delete, collects the garbage that left
     * in this JVM ({@link ArangoBulkFixture#collectPreparationGarbage}), then takes the snapshots.
     */
    @Setup(Level.Iteration)
    public void prepare(Trial t) {
      AllocationProfiler.pause(); // allocs/op counts the shot alone (no-op outside the allocation pass)
      trial = t;
      t.fixture.prepare(t.operation);
      ArangoBulkFixture.collectPreparationGarbage(); // the reload's garbage, collected before the shot, not in it
      result = -1;
      serverCpuBefore = t.fixture.serverCpuNanos();
      clientCpuBefore = processCpuNanos();
      before = THREADS.getTotalThreadAllocatedBytes();
      AllocationProfiler.resume();
    }

    /** Takes the allocation, then fails the shot unless the count and the sampled documents are right. */
    @TearDown(Level.Iteration)
    public void verify() {
      shotAllocatedBytes = THREADS.getTotalThreadAllocatedBytes() - before;
      long clientCpuAfter = processCpuNanos();
      long serverCpuAfter = trial.fixture.serverCpuNanos();
      shotClientCpuNs = clientCpuBefore >= 0 && clientCpuAfter >= clientCpuBefore ? clientCpuAfter - clientCpuBefore : -1;
      shotServerCpuNs = serverCpuBefore >= 0 && serverCpuAfter >= serverCpuBefore ? serverCpuAfter - serverCpuBefore : -1;
      AllocationProfiler.pause();
      trial.fixture.verify(trial.operation, result);
    }
  }

  /** This JVM's CPU time, ns ({@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime}); -1 where unsupported. */
  static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() : -1;
  }

  /** One request inserting every document; returns the document count. */
  @Benchmark
  public long insert(Trial t, Shot s, ServerWarmup w) {
    return s.result = t.fixture.run(BulkOperation.INSERT);
  }

  /** Drains {@code FOR d IN dbbench_bulk RETURN d}; returns the documents counted. */
  @Benchmark
  public long read(Trial t, Shot s, ServerWarmup w) {
    return s.result = t.fixture.run(BulkOperation.READ);
  }

  /**
   * One {@code PUT /_api/document/dbbench_bulk?onlyget=true} with every key, the driver's
   * {@code getDocuments(keys, BulkDoc.class)} (the Go driver's {@code Collection.ReadDocuments},
   * timed by its current V1 {@code BulkRead100KDocs/ReadAllDocsOnce}); returns the documents read.
   * Their count and order-sensitive checksum are checked after the shot.
   */
  @Benchmark
  public long readByKeys(Trial t, Shot s, ServerWarmup w) {
    return s.result = t.fixture.run(BulkOperation.READ_BY_KEYS);
  }

  /** One request updating every document ({@code name = "updated_<i>"}, {@code value = i + 1}). */
  @Benchmark
  public long update(Trial t, Shot s, ServerWarmup w) {
    return s.result = t.fixture.run(BulkOperation.UPDATE);
  }

  /** One request deleting every document by key. */
  @Benchmark
  public long delete(Trial t, Shot s, ServerWarmup w) {
    return s.result = t.fixture.run(BulkOperation.DELETE);
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p docs=10000 -p protocol=HTTP2_JSON -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(ArangoBulkBenchmark.class, args);
  }
}
