package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.SharedServer;
import io.dbbench.load.JitActivity;
import io.dbbench.load.SteadyLevels;
import io.dbbench.load.SteadyState;
import io.dbbench.mongo.Arrangement;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;
import java.util.regex.Pattern;

/**
 * Everything one payload-service trial needs, outside the timing: a {@link CollectionFixture} on
 * the MongoDB target (its own collection, the seeded documents that searches look up, then the
 * optional index on {@code id}) and the {@link PayloadService} in front of it, on a free loopback
 * port. Verifies after each iteration that the collection holds exactly the documents inserted and
 * that a sample read back equals the template plus its {@code id}.
 *
 * <p>{@link Arrangement#outOfProcess} (the default): the service runs in a JVM of its own
 * ({@link PayloadServer} via {@link ChildJvm}, fixed heap {@link PayloadSettings#serviceHeap()}) and
 * the stand-in in another ({@link MongoTarget#open}), so
 * this JVM holds only the clients and the fixture's own seeding/verification client.
 * {@link Arrangement#inProcess}: service and stand-in in this JVM.
 */
public final class PayloadFixture implements AutoCloseable {
  /** Index on the {@code id} field: the study found search about 10x faster with it. */
  public enum Index {
    /** No secondary index: each search scans the collection. */
    none,
    /** A unique ascending index on {@code id}, created after seeding. */
    id
  }

  /** Most documents seeded under the smoke test ({@code -Ddbbench.smoke=true}). */
  static final int SMOKE_COLLECTION_SIZE = 200;

  /** Documents to seed for {@code collectionSize}: capped under the smoke test, which checks wiring, not scans. */
  private static int seedSize(int collectionSize) {
    return Boolean.getBoolean("dbbench.smoke") ? Math.min(collectionSize, SMOKE_COLLECTION_SIZE) : collectionSize;
  }

  /** Environment variable through which the service process receives the MongoDB URI (never its command line). */
  static final String CHILD_URI_ENV = "DBBENCH_PAYLOAD_CHILD_MONGO_URI";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final CollectionFixture collection;
  private final PayloadService service;
  private final ChildJvm serviceProcess;
  private final SharedServer sharedService;
  private final URI baseUri;
  private final byte[] template;

  private PayloadFixture(CollectionFixture collection, PayloadService service, ChildJvm serviceProcess, URI baseUri) {
    this(collection, service, serviceProcess, null, baseUri);
  }

  private PayloadFixture(CollectionFixture collection, PayloadService service, ChildJvm serviceProcess,
      SharedServer sharedService, URI baseUri) {
    this.collection = collection;
    this.service = service;
    this.serviceProcess = serviceProcess;
    this.sharedService = sharedService;
    this.baseUri = baseUri;
    this.template = collection.document().bytes();
  }

  /**
   * Opens the MongoDB target {@code settings} name for {@code arrangement}
   * ({@link MongoTarget#open(io.dbbench.mongo.MongoSettings, Arrangement)}) and starts everything:
   * {@link #open(PayloadSettings, MongoTarget, Arrangement, PayloadDocument, Index, int)}. With
   * {@link Arrangement#outOfProcess} and the servers the main job shares ({@link #startShared}),
   * uses those instead ({@link #attach}).
   *
   * @throws IllegalStateException when the shared servers were given but have stopped
   */
  public static PayloadFixture open(PayloadSettings settings, Arrangement arrangement, PayloadDocument doc, Index index,
      int collectionSize) {
    if (arrangement == Arrangement.outOfProcess) {
      var service = SharedServer.given(SHARED_SERVICE);
      if (service.isPresent()) {
        SharedServer standIn = SharedServer.given(MongoTarget.SHARED_NAME).orElseThrow(() -> new IllegalStateException(
            "-D" + SharedServer.PROPERTY_PREFIX + SHARED_SERVICE + " is set but -D" + SharedServer.PROPERTY_PREFIX
            + MongoTarget.SHARED_NAME + " is not; expected both (the main job passes them together)"));
        return attach(settings, service.get(), standIn, doc, index, collectionSize);
      }
    }
    return open(settings, MongoTarget.open(settings.mongo(), arrangement), arrangement, doc, index, collectionSize);
  }

  /** Name of the payload service the main job shares among the family's trials ({@link SharedServer}). */
  public static final String SHARED_SERVICE = "payload-service";

  /**
   * Starts the servers the payload family's trials share in the main job: the mongo-java-server
   * stand-in and the service in JVMs of their own, the service on one collection that every trial
   * prepares in turn ({@link CollectionFixture#openKept}: a seed that matches is kept). Trials run
   * one at a time, so they never share the collection at once. Only for the default stand-in: a
   * real MongoDB ({@value MongoTarget#ENV_URI}) or a container gives {@link FamilyServers#NONE}.
   *
   * @throws IOException when a server does not start
   */
  public static FamilyServers startShared(PayloadSettings settings) throws IOException {
    if (settings.mongo().uri().isPresent() || settings.mongo().container()) {
      return FamilyServers.NONE;
    }
    MongoTarget target = MongoTarget.standInProcess(settings.mongo());
    try {
      String name = CollectionFixture.newCollectionName("payload");
      ChildJvm service = startServiceProcess(target, name, settings);
      URI base;
      try {
        base = URI.create(service.awaitReady(ChildJvm.READY_TIMEOUT).group(1));
      } catch (RuntimeException e) {
        service.close();
        throw e;
      }
      return new FamilyServers(List.of(new SharedServer(MongoTarget.SHARED_NAME, target.uriForDriver(), target.standInPid(), ""),
          new SharedServer(SHARED_SERVICE, base.toString(), service.pid(), name)), List.of(service, target));
    } catch (IOException | RuntimeException e) {
      target.close();
      throw e;
    }
  }

  /**
   * A trial on the shared servers: prepares the service's collection ({@link CollectionFixture#openKept})
   * and leaves both servers running at {@link #close()}.
   */
  static PayloadFixture attach(PayloadSettings settings, SharedServer service, SharedServer standIn, PayloadDocument doc,
      Index index, int collectionSize) {
    collectionSize = seedSize(collectionSize);
    CollectionFixture c = CollectionFixture.openKept(MongoTarget.sharedStandIn(standIn), doc, service.key(),
        "dbbench-payload-", index == Index.id, settings.driverPool(), collectionSize);
    try {
      // every trial starts from compacted heaps, wherever the previous trials left them (SharedServer#compactHeap)
      long ns = standIn.compactHeap() + service.compactHeap();
      System.out.printf(java.util.Locale.ROOT, "[dbbench] payload: full GC in the stand-in and the service before the"
          + " trial's warm-up (%.0f ms)%n", ns / 1e6);
    } catch (IllegalStateException e) {
      c.close();
      throw e;
    }
    return new PayloadFixture(c, null, null, service, URI.create(service.address()));
  }

  /**
   * What a search benchmark drives: {@link #open(PayloadSettings, Arrangement, PayloadDocument, Index, int)}
   * on the environment's settings ({@link PayloadSettings#fromEnvironment()}) with {@code collectionSize}
   * seeded documents to search.
   *
   * @throws IllegalArgumentException when {@code collectionSize} is below 1 (nothing to search)
   */
  public static PayloadFixture openForSearch(Arrangement arrangement, PayloadDocument doc, Index index,
      int collectionSize) {
    if (collectionSize < 1) {
      throw new IllegalArgumentException("collectionSize=" + collectionSize + "; expected at least 1 document to search");
    }
    return open(PayloadSettings.fromEnvironment(), arrangement, doc, index, collectionSize);
  }

  /**
   * Prepares an empty collection on {@code target}, starts the service (in a JVM of its own for
   * {@link Arrangement#outOfProcess}; its start-up overlaps the seeding), seeds
   * {@code collectionSize} documents whose ids {@link #seededIds()} lists, then creates the index
   * when asked. The fixture owns {@code target} from here on; {@code settings} give the service's
   * driver pool and heap.
   *
   * @throws IllegalStateException with what to check when MongoDB cannot be reached, the seed does
   *     not read back, or the service process does not start
   * @throws UncheckedIOException when the service cannot bind a loopback port
   */
  public static PayloadFixture open(PayloadSettings settings, MongoTarget target, Arrangement arrangement,
      PayloadDocument doc, Index index, int collectionSize) {
    collectionSize = seedSize(collectionSize);
    String name = CollectionFixture.newCollectionName("payload");
    ChildJvm child = null;
    CollectionFixture c = null;
    try {
      if (arrangement == Arrangement.outOfProcess) {
        child = startServiceProcess(target, name, settings);
      }
      c = CollectionFixture.openNamed(target, doc, name, "dbbench-payload-", index == Index.id, settings.driverPool(), collectionSize);
      if (child != null) {
        URI base = URI.create(child.awaitReady(ChildJvm.READY_TIMEOUT).group(1));
        return new PayloadFixture(c, null, child, base);
      }
      PayloadConfig cfg = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0)
          .withMongoDatabase(CollectionFixture.DATABASE).withMongoCollection(name);
      PayloadService svc = PayloadService.start(cfg, c.collection());
      return new PayloadFixture(c, svc, null, svc.baseUri());
    } catch (IOException e) {
      closeAll(child, c, target);
      throw new UncheckedIOException("cannot start the payload service on a loopback port", e);
    } catch (RuntimeException e) {
      closeAll(child, c, target);
      throw e;
    }
  }

  private static void closeAll(ChildJvm child, CollectionFixture c, MongoTarget target) {
    if (child != null) {
      child.close();
    }
    if (c != null) {
      c.close(); // closes the target too
    } else {
      target.close();
    }
  }

  private static ChildJvm startServiceProcess(MongoTarget target, String collectionName, PayloadSettings settings)
      throws IOException {
    String heap = settings.serviceHeap();
    return ChildJvm.start("payload-service", PayloadServer.class.getName(),
        List.of("-Xms" + heap, "-Xmx" + heap),
        List.of("--host", "127.0.0.1", "--port", "0", "--mongo-uri-from-env", CHILD_URI_ENV,
            "--mongo-database", CollectionFixture.DATABASE, "--mongo-collection", collectionName,
            "--mongo-pool", String.valueOf(settings.driverPool()), ChildJvm.STOP_ON_STDIN_EOF),
        Map.of(CHILD_URI_ENV, target.uriForDriver()),
        Pattern.compile(Pattern.quote(PayloadServer.READY_PREFIX) + "(https?://\\S+)"));
  }

  /**
   * CPU time used so far by the service and stand-in processes together (user + system, JIT and
   * GC threads included, as the OS accounts it: clock-tick granularity, 10 ms on Linux), in ns;
   * -1 when they do not both run in processes of their own or the OS does not report it.
   */
  public long serverCpuNanos() {
    return sumOverServers(SharedServer::cpuNanos);
  }

  /**
   * {@code perProcess} of the service's process plus that of the stand-in's; -1 when they do not
   * both run in processes of their own or {@code perProcess} returns -1 for either.
   */
  private long sumOverServers(LongUnaryOperator perProcess) {
    long service = servicePid();
    long standIn = target().standInPid();
    if (service < 0 || standIn < 0) {
      return -1;
    }
    long a = perProcess.applyAsLong(service);
    long b = perProcess.applyAsLong(standIn);
    return a < 0 || b < 0 ? -1 : a + b;
  }

  /** The service's process id when it runs in a JVM of its own (this trial's or shared), else -1. */
  public long servicePid() {
    return serviceProcess != null ? serviceProcess.pid() : sharedService != null ? sharedService.pid() : -1;
  }

  /** Whether the service and stand-in are the ones the main job shares among trials. */
  public boolean sharedServers() {
    return sharedService != null;
  }

  /** The request mix a warm-up drives: the benchmark's own operation. */
  public enum Mix {
    /** {@code POST /insert} of the template; the collection is emptied again afterwards. */
    insert,
    /** {@code GET /search?id=} of seeded ids, drawn with a fixed seed. */
    search
  }

  /** Default most seconds of a warm-up ({@value SteadyState#ENV_CAP}): measured here, 13-40 s reach steady state. */
  static final int DEFAULT_WARMUP_CAP_SECONDS = 60;

  /**
   * The warm-up rule: {@link SteadyState.Rule#forTrial} with a {@value #DEFAULT_WARMUP_CAP_SECONDS} s cap.
   *
   * @throws IllegalArgumentException naming a warm-up knob with a bad value
   */
  public static SteadyState.Rule warmupRule() {
    return SteadyState.Rule.forTrial(DEFAULT_WARMUP_CAP_SECONDS);
  }

  /** Closed-loop clients of a warm-up: enough to keep both cores busy, few enough to leave the JIT threads some. */
  static final int WARMUP_CLIENTS = 16;

  /**
   * Drives the service (and through it the stand-in) with {@code mix} until the servers' CPU per
   * request is flat ({@link SteadyState#reach}; the wall clock per request when they share this
   * JVM), then, after inserts, empties the collection again so that measurement starts from the
   * state the benchmark expects. Nothing of the warm-up is measured. Says on standard output what
   * it warms, the rule and the cap, its progress every few seconds and the outcome
   * ({@link SteadyState.Progress}).
   *
   * @return how long it took, how many requests, and the CPU per request at the end
   * @throws IllegalStateException when the service answers no request, or answers with an error
   *     (the status is named)
   */
  public SteadyState.Outcome warmUp(Mix mix, SteadyState.Rule rule) {
    if (mix == Mix.search && seededIds().isEmpty()) {
      throw new IllegalStateException("a search warm-up needs seeded documents; the collection has none");
    }
    List<String> ids = seededIds();
    HttpRequest insert = HttpRequest.newBuilder(baseUri.resolve("/insert")).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(template)).build();
    AtomicReference<String> error = new AtomicReference<>();
    try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build()) {
      SteadyState.Load load = deadline -> {
        LongAdder done = new LongAdder();
        // platform threads: under the allocation pass's instrumenter a virtual warm-up client parked on a lock
        // inside the instrumenter's cache while holding that cache entry's monitor, and the warm-up never ended
        try (var workers = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("payload-warmup-", 0)
            .daemon(true).factory())) {
          for (int c = 0; c < WARMUP_CLIENTS; c++) {
            SplittableRandom rnd = new SplittableRandom(7L * c + System.nanoTime());
            workers.submit(() -> {
              while (System.nanoTime() < deadline && error.get() == null) {
                HttpRequest req = mix == Mix.insert ? insert : HttpRequest.newBuilder(
                    baseUri.resolve("/search?id=" + ids.get(rnd.nextInt(ids.size())))).timeout(Duration.ofSeconds(30)).build();
                int status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status / 100 != 2) {
                  error.compareAndSet(null, mix + " answered HTTP " + status + " during the warm-up");
                }
                done.increment();
              }
              return null;
            });
          }
        }
        if (error.get() != null) {
          throw new IllegalStateException(error.get() + " at " + baseUri);
        }
        return done.sum();
      };
      // inserts grow the collection; each window starts from an empty one so all windows do the same work
      Runnable reset = mix == Mix.insert ? this::prepare : () -> { };
      return SteadyState.reach(load, this::serverCpuNanos, this::serverJitNanos, "server CPU", rule,
          System::nanoTime, reset, SteadyState.Progress.toStdout("the payload service and its stand-in, " + mix + " "
              + document()), sharedServers() ? SteadyLevels.key("payload " + mix + " " + document() + " indexes="
              + collection.indexNames() + " seeded=" + collection.seededIds().size(), servicePid(), target().standInPid())
              : java.util.Optional.empty());
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("the " + mix + " warm-up against " + baseUri + " failed: " + e, e);
    } finally {
      if (mix == Mix.insert) {
        prepare();
      }
    }
  }

  /**
   * JIT compiler time used so far by the service and stand-in processes together, in ns
   * ({@link JitActivity}); -1 when they do not both run in processes of their own or {@code /proc}
   * cannot tell.
   */
  public long serverJitNanos() {
    return sumOverServers(JitActivity::compilerNanos);
  }

  /** The service's process when it runs in a JVM of its own, else {@code null}. */
  public ChildJvm serviceProcess() {
    return serviceProcess;
  }

  /** The MongoDB target (its stand-in process, when it has one). */
  public MongoTarget target() {
    return collection.target();
  }

  /** The collection's index names as the server lists them ({@code _id_}, plus {@code id_1} with {@link Index#id}). */
  public List<String> indexNames() {
    return collection.indexNames();
  }

  /**
   * The service's {@code GET /health} answer (counters and MongoDB's state), fetched over HTTP in
   * either arrangement.
   *
   * @throws IllegalStateException when the service does not answer with JSON
   */
  public JsonNode health() {
    try (HttpClient c = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
      HttpResponse<byte[]> r = c.send(HttpRequest.newBuilder(baseUri.resolve("/health")).timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      return JSON.readTree(r.body());
    } catch (IOException e) {
      throw new IllegalStateException("GET " + baseUri + "/health failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while asking " + baseUri + "/health", e);
    }
  }

  /** Drops the collection's documents and recreates the index when {@link Index#id}; forgets the seed. */
  public void prepare() {
    collection.prepare();
  }

  /** The service's base URI, e.g. {@code http://127.0.0.1:41234}. */
  public URI baseUri() {
    return baseUri;
  }

  /** The template the clients post (compact UTF-8 JSON). */
  public byte[] template() {
    return template.clone();
  }

  /** The document fixture in use. */
  public PayloadDocument document() {
    return collection.document();
  }

  /** Ids of the seeded documents, in seed order (unmodifiable). */
  public List<String> seededIds() {
    return collection.seededIds();
  }

  /** The backend label of the target, with its redacted address unless embedded. */
  public String backend() {
    return collection.backend();
  }

  /** Documents in the collection now. */
  public long count() {
    return collection.count();
  }

  /** {@link CollectionFixture#verifyIteration}. */
  public void verifyIteration(boolean seeded, long ok, long unknown) {
    collection.verifyIteration(seeded, ok, unknown);
  }

  /** {@link CollectionFixture#verifyCount}. */
  public void verifyCount(long expected) {
    collection.verifyCount(expected);
  }

  /** {@link CollectionFixture#verifyInserted}. */
  public void verifyInserted(long ok, long unknown) {
    collection.verifyInserted(ok, unknown);
  }

  /** {@link CollectionFixture#verifySample}. */
  public void verifySample(String id) {
    collection.verifySample(id);
  }

  /** {@link CollectionFixture#verifyAnySample}. */
  public void verifyAnySample() {
    collection.verifyAnySample();
  }

  /** {@link CollectionFixture#verifyTemplate}. */
  public void verifyTemplate(JsonNode got, String id) {
    collection.verifyTemplate(got, id);
  }

  /**
   * Stops the service (its process, waiting until it is gone), then drops the collection, closes
   * the client and stops the target (the stand-in process likewise). On the shared servers
   * ({@link #attach}) only the client is closed: servers and collection stay for the next trial.
   */
  @Override
  public void close() {
    try {
      if (service != null) {
        service.close();
      }
      if (serviceProcess != null) {
        serviceProcess.close();
      }
    } finally {
      collection.close();
    }
  }
}
