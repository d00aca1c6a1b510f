package io.dbbench.payload;

import com.mongodb.client.MongoClient;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.mongo.Arrangement;
import io.dbbench.mongo.MongoSettings;
import io.dbbench.mongo.MongoTarget;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;

/**
 * The mongo family: {@code MongoDriverBenchmark}, the payload service's operations straight
 * through the MongoDB Java driver. Target selection is {@link MongoSettings} (read through
 * {@link PayloadSettings}): the mongo-java-server stand-in by default, {@code DBBENCH_MONGO_URI},
 * or Testcontainers with {@code DBBENCH_MONGO_CONTAINER=true}.
 */
public final class MongoFamily implements BenchmarkFamily {
  @Override
  public String id() {
    return "mongo";
  }

  @Override
  public String title() {
    return "MongoDB Java driver under the WMPayload load (insertOne, insertMany, findById)";
  }

  @Override
  public Probe probe() {
    Probe p = probeTarget();
    Map<String, Object> facts = new LinkedHashMap<>(p.facts());
    facts.put("threads", 100);
    facts.put("collection_index", "unique ascending index on id");
    return new Probe(p.available(), p.reason(), facts, p.kind());
  }

  /**
   * Opens the configured target, pings it and closes it, and collects the facts both MongoDB
   * families record (backend, target, driver, documents, seeds); never throws. A malformed
   * setting makes the family unavailable with the parser's message.
   */
  public static Probe probeTarget() {
    PayloadSettings settings;
    try {
      settings = PayloadSettings.fromEnvironment();
    } catch (IllegalArgumentException e) {
      String reason = Redaction.redact(String.valueOf(e.getMessage()));
      String unknown = "unknown (" + reason + ")";
      return Probe.unavailable(reason, facts(unknown, unknown, reason));
    }
    MongoSettings mongo = settings.mongo();
    String what = mongo.uri().map(u -> "MongoDB at " + Redaction.redact(u)).orElse("the embedded mongo-java-server stand-in");
    String backend = null;
    Probe result;
    try {
      // the stand-in in this JVM: the probe checks reachability, not the child process (tests do)
      try (MongoTarget t = MongoTarget.open(mongo, Arrangement.inProcess); MongoClient c = t.newClient(1)) {
        c.getDatabase("admin").runCommand(new Document("ping", 1));
        backend = t.isStandIn() ? t.backend() : t.backend() + " at " + t.redactedUri();
      }
      result = Probe.ok(describeTarget(settings, backend));
    } catch (RuntimeException | LinkageError e) {
      result = Probe.unavailable("cannot reach " + what + " ("
          + Redaction.redact(String.valueOf(e.getMessage())).lines().findFirst().orElse("")
          + "); set " + MongoTarget.ENV_URI + "=mongodb://host:27017 to a reachable MongoDB, or unset it for the embedded stand-in",
          describeTarget(settings, null));
    }
    // mongo-java-server unless a MongoDB was named or a container of it asked for
    return result.withKind(mongo.uri().isPresent() || mongo.container() ? BackendKind.REAL : BackendKind.STAND_IN);
  }

  /**
   * Quick: one pool size (100), the study's ReqMgr2 documents only (flat ones run in full mode;
   * quick mode spends that time on headline forks), 10-document unordered batches ({@code batchSize=10} lies outside
   * the class's sweep). The stand-in serialises writes to a collection: 100 threads each inserting
   * a batch of 12 KB documents wait for the 99 batches ahead of theirs (~0.5 s per 100-document
   * batch on two cores, so ~50 s per call), and 1000-document batches take minutes per call. Full
   * mode: findById, insertOne and insertMany of 100 unordered flat documents at 100 clients, two
   * forks each. {@code -prof gc} gives bytes/op for the report: with the
   * default {@code arrangement=outOfProcess} the stand-in runs in a JVM of its own, so they are the
   * driver's and the benchmark threads' alone.
   */
  @Override
  public FamilySettings settings(Mode mode) {
    FamilySettings.Builder b = FamilySettings.builder().profiler("gc");
    if (mode == Mode.QUICK) {
      return b.exclude("^io\\.dbbench\\.mongo\\.", "the driver benchmarks' stand-in is not warmed to steady state"
          + " (the payload study's is), and the quick budget goes to the payload study's warm-ups; full mode runs them")
          .param("poolSize", "100").param("doc", "reqmgr2")
          .reduced("batchSize", "10-document batches: the stand-in serialises writes, 100- and 1000-document batches take minutes per call", "10")
          .param("ordered", "false").build();
    }
    boolean realServer;
    try {
      realServer = MongoSettings.fromEnvironment().uri().isPresent();
    } catch (IllegalArgumentException e) {
      realServer = false; // the probe names the malformed setting and skips the family
    }
    // full: the driver's three operations at the study's 100 clients on flat documents, two forks each
    b.param("poolSize", "100").param("doc", "flat").param("ordered", "false").forks(2).warmupIterations(2)
        .warmupTime("1s").iterations(4).measurementTime("1s").sweepExpectedSeconds(FULL_SWEEP_SECONDS);
    return realServer ? b.param("batchSize", "100").build()
        : b.reduced("batchSize", "the stand-in serialises writes; 1000-document batches take minutes per call", "100").build();
  }

  /** Full mode's sweep (3 rows, 2 forks each), seconds. */
  static final int FULL_SWEEP_SECONDS = 80;

  /** The manifest fact naming where the servers run; the benchmarks' {@code arrangement} param labels each row. */
  public static final String ARRANGEMENT_FACT = "@Param arrangement: outOfProcess (default; the stand-in via "
      + "io.dbbench.mongo.MongoStandIn and the payload service via io.dbbench.payload.PayloadServer each in a JVM of "
      + "its own, same java and class path, stopped in tear-down; the JMH fork holds only the clients, so -prof gc "
      + "counts client allocations alone) or inProcess (-p arrangement=inProcess: stand-in and service inside the "
      + "fork, for profiling the service; -prof gc then counts everything)";

  /** The facts both MongoDB families record: backend, target, driver, documents, seeds. */
  static Map<String, Object> describeTarget(PayloadSettings settings, String probedBackend) {
    MongoSettings mongo = settings.mongo();
    String backend = probedBackend;
    if (backend == null) {
      if (mongo.uri().isPresent()) {
        try (MongoTarget t = MongoTarget.forUri(mongo.uri().get())) {
          backend = t.backend() + " at " + t.redactedUri();
        } catch (RuntimeException e) {
          backend = "MongoDB (" + Redaction.redact(String.valueOf(e.getMessage())) + ")";
        }
      } else if (mongo.container()) {
        backend = "Testcontainers " + MongoTarget.CONTAINER_IMAGE + " or, without Docker, " + MongoTarget.embeddedBackendLabel();
      } else {
        backend = MongoTarget.embeddedBackendLabel();
      }
    }
    String target = mongo.uri().map(Redaction::redact).orElse(mongo.container() ? "Testcontainers " + MongoTarget.CONTAINER_IMAGE
        : "mongo-java-server " + MongoTarget.MONGO_JAVA_SERVER_VERSION + " (MemoryBackend, ServerVersion.MONGO_5_0, wire version 8) on a loopback port");
    return facts(backend, target, settings.seedDocs());
  }

  /** The facts in their order, {@code backend}, {@code target} and {@code seed_docs} as given. */
  private static Map<String, Object> facts(String backend, String target, Object seedDocs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("backend", backend);
    m.put("target", target);
    m.put("arrangement", ARRANGEMENT_FACT);
    m.put("mongodb_driver_sync", MongoTarget.driverVersion());
    Map<String, Object> docs = new LinkedHashMap<>();
    for (PayloadDocument d : PayloadDocument.values()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("resource", d.resource());
      x.put("bytes", d.sizeBytes());
      x.put("sha256", d.sha256());
      docs.put(d.name(), x);
    }
    m.put("documents", docs);
    m.put("seed_docs", seedDocs);
    m.put("seed_ids", "name-based UUIDs of 'dbbench-payload-<i>' / 'dbbench-driver-<i>'; lookup order java.util.Random(42 + thread index)");
    return m;
  }
}
