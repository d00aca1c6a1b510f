package io.dbbench.arango;

import com.fasterxml.jackson.databind.cfg.PackageVersion;
import io.dbbench.arango.bulk.ArangoBulkFixture;
import io.dbbench.arango.bulk.ArangoBulkForm;
import io.dbbench.arango.bulk.BulkDocuments;
import io.dbbench.arango.pool.ArangoPoolForm;
import io.dbbench.arango.pool.PoolSettings;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.ArangoUnavailableException;
import io.dbbench.arango.server.DriverFacts;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.load.SteadyState;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ArangoDB family, two studies on one shared stand-in: {@code ArangoBulkBenchmark}, the Go
 * driver's 100,000-document bulk CRUD study across the Java driver's four HTTP protocols and a raw
 * HTTP baseline ({@code arango.bulk}), and {@code ArangoPoolBenchmark} /
 * {@code ArangoPoolOpenLoopBenchmark}, the client connection-pool study ({@code arango.pool}). Target:
 * {@link ArangoSettings#fromEnvironment()} (the stand-in JVM by default; {@code DBBENCH_ARANGO_ENDPOINTS};
 * {@code DBBENCH_ARANGO_CONTAINER=true}).
 */
public final class ArangoFamily implements BenchmarkFamily {
  /** Documents per bulk operation in quick runs (the study's 100,000 in full runs). */
  public static final String QUICK_DOCS = "10000";

  @Override
  public String id() {
    return "arango";
  }

  /** The sweep's seconds in the quick main job {@code results/20261125T071915Z} (its wall time less its comparisons'). */
  @Override
  public int expectedSweepSeconds() {
    return 91;
  }

  @Override
  public String title() {
    return "ArangoDB bulk CRUD across protocols (Go driver V1/V2 study), driver and raw HTTP";
  }

  /**
   * Opens the configured target (starting a stand-in JVM when it is the default), asks
   * {@code /_api/version}, stops it, and returns the facts; never throws.
   */
  @Override
  public Probe probe() {
    ArangoSettings s;
    try {
      s = ArangoSettings.fromEnvironment();
    } catch (IllegalArgumentException e) {
      return Probe.unavailable(Redaction.redact(e.getMessage()), staticFacts());
    }
    return probe(s);
  }

  /** {@link #probe()} for given settings (tests inject them); never throws. */
  static Probe probe(ArangoSettings s) {
    return reach(s).withKind(s.kind() == ArangoSettings.Kind.STAND_IN ? BackendKind.STAND_IN : BackendKind.REAL);
  }

  private static Probe reach(ArangoSettings s) {
    Map<String, Object> facts = new LinkedHashMap<>();
    try (ArangoTarget t = ArangoTarget.open(s, List.of())) {
      t.check();
      facts.putAll(t.describe());
      facts.putAll(staticFacts());
      return Probe.ok(facts);
    } catch (ArangoUnavailableException e) {
      facts.put("backend", s.kind() == ArangoSettings.Kind.STAND_IN ? ArangoStandIn.LABEL : "ArangoDB (unreachable)");
      facts.putAll(s.describe());
      facts.putAll(staticFacts());
      return Probe.unavailable(e.getMessage(), facts);
    } catch (Exception | LinkageError e) {
      facts.put("backend", s.kind() == ArangoSettings.Kind.STAND_IN ? ArangoStandIn.LABEL : "ArangoDB (unreachable)");
      facts.putAll(s.describe());
      facts.putAll(staticFacts());
      return Probe.unavailable("cannot start or reach the ArangoDB target " + s.kind() + " (" + e.getClass().getSimpleName()
          + ": " + Redaction.redact(String.valueOf(e.getMessage())).lines().findFirst().orElse("")
          + "); set " + ArangoSettings.ENDPOINTS + "=http://host:8529 to a reachable ArangoDB, or unset it for the stand-in", facts);
    }
  }

  /** Facts that need no server: driver, protocols with effective maxConnections, documents, stand-in model. */
  static Map<String, Object> staticFacts() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("arangodb_java_driver", DriverFacts.driverVersion());
    m.put("jackson_serde_vpack", DriverFacts.driverVersion() + " (jackson-dataformat-velocypack, the raw client's VelocyPack too)");
    m.put("jackson_databind", PackageVersion.VERSION.toString()
        + " (the driver 7.25.0 was built with 2.20; its version check's warning is silenced, the integration tests cover every protocol)");
    m.put("protocols", DriverFacts.protocols());
    m.put("database", ArangoBulkFixture.DATABASE);
    m.put("collection", ArangoBulkFixture.COLLECTION + " (truncated before every shot; nothing else is touched or dropped)");
    m.put("documents", "{_key:\"doc_<i>\", name:\"<i>\", value:i}, i = 0..docs-1 (the Go benchmarks' TestDoc)");
    Map<String, Object> sha = new LinkedHashMap<>();
    sha.put(QUICK_DOCS, BulkDocuments.sha256(Integer.parseInt(QUICK_DOCS)));
    sha.put("100000", BulkDocuments.sha256(100_000));
    m.put("documents_sha256_json", sha);
    m.put(PoolSettings.FACTS_KEY, PoolSettings.fromEnvironment().describe()); // ArangoDB II, the pooling study
    m.put("verification", "after every shot, outside the timing: count, and " + BulkDocuments.SAMPLE_SIZE
        + " documents drawn by SplittableRandom(" + BulkDocuments.SAMPLE_SEED + ") read back; a per-document error fails the shot");
    m.put("delete", "the documents are re-inserted before each delete shot outside the timing (the Go code re-inserted inside its timed delete)");
    m.put("standin", ArangoStandIn.LABEL + ": a JVM of its own (-Xms = -Xmx = " + ArangoTarget.STANDIN_HEAP + "), in the main job one"
        + " shared by the family's trials (shared_servers), Vert.x HTTP/1.1 + h2c,"
        + " scheduler max(32, 2 x cores) workers and a 4096-request queue unless " + ArangoSettings.STANDIN_THREADS + "/"
        + ArangoSettings.STANDIN_QUEUE + " say otherwise; " + ArangoBulkForm.STAND_IN_TIMINGS);
    return m;
  }

  /**
   * Quick: {@value #QUICK_DOCS} documents instead of 100,000 (declared as a reduction), no
   * {@code readByKeys} (about 60 s with its allocation pass, for a row no finding reads), the two
   * protocols the Go study compared ({@code HTTP_JSON} = V1, {@code HTTP2_JSON} = V2) through the
   * driver (the study's client; raw HTTP runs in full mode), the mode's 1 warm-up and 2 measured
   * shots: 8 bulk forks, each starting a stand-in JVM (about 6.5 s of CPU per fork measured here).
   * Both modes: the headline comparisons of {@link #headlines}, interleaved, with the mode's forks
   * per side. Full: {@link #full}.
   */
  @Override
  public FamilySettings settings(Mode mode) {
    // No -prof gc: its gc.alloc.rate.norm counts the per-shot preparation and verification too;
    // the benchmark measures the shot's own allocation (shotAllocatedBytes).
    // allocs/op beside B/op, as the Go study's -benchmem reported them, from a separate pass
    FamilySettings.Builder b = FamilySettings.builder().countAllocations("^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.");
    if (mode == Mode.FULL) {
      return full(b).build();
    }
    PoolSettings.quick(b); // the pooling study's own parameter names (ArangoDB II)
    // pilots of 4 pairs: on the stand-in the insert pairs spread by 0.12-0.27 in ln and the pool's by
    // 0.15-0.19, so neither meets its quick width in the pairs a 15-minute job can give them (12-22 and
    // 8-20 pairs asked for by 6-pair pilots); they say cap with their pairs, and the seconds go to the
    // four comparisons that meet theirs
    b.headlineForks(QUICK_PILOT_PAIRS);
    // the sweep on HTTP/1.1 JSON; the headline comparison's forks add HTTP/2 JSON for insert
    return headlines(b, QUICK_BULK_CAP_SECONDS, QUICK_POOL_CAP_SECONDS).param("protocol", "HTTP_JSON").param("client", "driver")
        .studyClient(ArangoStudyClients.goDriverInsert())
        .exclude("^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.insert$", "the insert row: the headline"
            + " comparison's interleaved forks measure it on HTTP/1.1 and HTTP/2")
        .exclude("^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.readByKeys$", "the read by keys (no finding reads"
            + " it, and the Go table has no figure for it): its fork and its allocation-pass fork took about 30 s each"
            + " on a shared stand-in the read had warmed; full mode runs it on every protocol and client")
        .exclude("^io\\.dbbench\\.arango\\.ArangoPoolBenchmark\\.query$", "the pool rows: the headline"
            + " comparison's interleaved forks measure maxConnections 3 and 100; raw HTTP (a cold stand-in warm-up"
            + " of about 30 s for one fork) runs in full mode")
        .exclude("^io\\.dbbench\\.arango\\.ArangoPoolOpenLoopBenchmark\\.", "open-loop latency (one fork, no finding"
            + " reads it): full mode runs it; the quick budget goes to the headline comparisons' pairs")
        .reduced("docs", QUICK_DOCS + " documents per bulk operation instead of the study's 100,000, so the"
            + " forks (each with its own stand-in JVM, warmed first) fit the main job's budget", QUICK_DOCS)
        .forkProperty(SteadyState.CAP_PROPERTY, QUICK_WARMUP_CAP_SECONDS)
        .forkProperty(SteadyState.WINDOW_PROPERTY,
            QUICK_WARMUP_WINDOW_MS)
        .build();
  }

  /**
   * Full mode: the Go study's 100,000-document bulk operations through the driver on all four
   * protocols (its V1/V2 x HTTP/1.1/HTTP/2 x JSON/VelocyPack), two forks of 2 warm-up and 5
   * measured shots per row, with allocs/op; further sweeps: raw HTTP beside the driver for insert
   * and read (HTTP/1.1 and HTTP/2 JSON); the pooling study's table on its 200,000 documents without
   * an index, its pools (maxConnections 3, 10, 100, raw HTTP) at 500 and 1,000 queries with two
   * forks of three shots, at 5,000 and 10,000 (a shot takes 1-3 minutes on the stand-in's full
   * scans) one fork of one shot; the pools beyond the study (32, HTTP/2 with 3) and the persistent
   * index at 500 queries; the pools at 500 queries on the stand-in with modelled server time (a
   * model, not ArangoDB: {@code modelledServerMs=20}, 10,000 documents, about 300 s); one open-loop
   * point. Headline comparisons as in quick mode, with pilots of
   * {@value #FULL_PILOT_PAIRS} pairs: a fork of either costs 30-60 s at the study's sizes.
   */
  static FamilySettings.Builder full(FamilySettings.Builder b) {
    String pool = "^io\\.dbbench\\.arango\\.ArangoPoolBenchmark\\.query$";
    b.param("client", "driver").forks(2).warmupIterations(2).iterations(5).headlineForks(FULL_PILOT_PAIRS)
        .sweepExpectedSeconds(FULL_SWEEP_SECONDS)
        .exclude("^io\\.dbbench\\.arango\\.ArangoPool", "the pooling study: its own sweeps at the study's points");
    headlines(b, FULL_COMPARISON_CAP_SECONDS, FULL_COMPARISON_CAP_SECONDS, "5", "10", FULL_BULK_COMPARISON_SECONDS);
    // the pool comparison's forks at 200,000 documents: 500 unindexed queries take 3-9 s a shot
    b.comparisonOptions("-wi", "0", "-i", "3").comparisonExpectedSeconds(FULL_POOL_COMPARISON_SECONDS);
    b.studyClient(ArangoStudyClients.goDriver()).studyClient(ArangoStudyClients.arangojs());
    return b
        .sweep("raw-http", "^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.(insert|read)$", "raw HTTP (one"
            + " hand-built request per operation) beside the driver, HTTP/1.1 and HTTP/2 JSON: what the driver's own"
            + " layers cost", FULL_RAW_HTTP_SECONDS, List.of(), "client", "rawHttp", "protocol", "HTTP_JSON,HTTP2_JSON")
        .sweep("pool-study", pool, "the pooling study's table at 500 and 1,000 queries: 200,000 documents, no index,"
            + " maxConnections 3 (arangojs 8.3's default), 10, 100 and raw HTTP", FULL_POOL_STUDY_SECONDS,
            List.of("-f", "2", "-wi", "0", "-i", "3"), "connection", "driver_http1_3,driver_http1_10,driver_http1_100,raw_http",
            "iterations", "500,1000", "index", "none")
        .sweep("pool-study-long", pool, "the pooling study's table at 5,000 and 10,000 queries (raw HTTP did not"
            + " finish in the study): one fork of one shot each, 1-3 minutes a shot on the stand-in's full scans",
            FULL_POOL_LONG_SECONDS, List.of("-f", "1", "-wi", "0", "-i", "1"),
            "connection", "driver_http1_3,driver_http1_10,driver_http1_100,raw_http", "iterations", "5000,10000", "index", "none")
        .sweep("pool-beyond", pool, "pools beyond the study (maxConnections 32, the study's rule for two cores; HTTP/2"
            + " with 3) and the persistent index on EndToEndId, at 500 queries", FULL_POOL_BEYOND_SECONDS,
            List.of("-f", "2", "-wi", "0", "-i", "3"), "connection", "driver_http1_3,driver_http1_32,driver_http1_100,driver_http2_3",
            "iterations", "500", "index", "persistent")
        .sweep("pool-model", pool, "the pooling study's mechanism in a model, not ArangoDB: the stand-in with"
            + " modelledServerMs=20 (each point query holds a worker 20 ms without CPU and is answered by a lookup, so"
            + " queries in flight overlap as on a server with a core per worker; 20 ms is about the stand-in's own CPU per"
            + " unindexed query at 200,000 documents here), no index, 500 queries through maxConnections 3, 10, 100 and"
            + " raw HTTP; 10,000 documents, not the study's 200,000: the model answers through a lookup, so the"
            + " collection's size no longer sets a query's cost, and each fork seeds a stand-in of its own (its arguments"
            + " differ from the shared one's; 200,000 documents took about 95 s a fork here); one fork of 1 warm-up and 3"
            + " measured shots each; every row is labelled a model",
            FULL_POOL_MODEL_SECONDS, List.of("-f", "1", "-wi", "1", "-i", "3"),
            "connection", "driver_http1_3,driver_http1_10,driver_http1_100,raw_http", "iterations", "500", "index", "none",
            "documents", "10000", "modelledServerMs", "20")
        .sweep("pool-open-loop", "^io\\.dbbench\\.arango\\.ArangoPoolOpenLoopBenchmark\\.query$", "open-loop"
            + " latency at 500 queries/s through 100 connections on the indexed collection, one fork",
            FULL_POOL_OPEN_LOOP_SECONDS, List.of("-f", "1", "-wi", "1", "-i", "5"), "rate", "500", "pool", "driver_http1_100",
            "index", "persistent");
  }

  /** Pilot pairs of the full headline comparisons. */
  static final int FULL_PILOT_PAIRS = 6;
  /** Full mode's main sweep (20 bulk rows, 2 forks each, with the allocation pass), seconds. */
  static final int FULL_SWEEP_SECONDS = 690;
  /** Full mode's further sweeps, seconds. */
  static final int FULL_RAW_HTTP_SECONDS = 80;
  static final int FULL_POOL_STUDY_SECONDS = 760;
  static final int FULL_POOL_LONG_SECONDS = 960;
  static final int FULL_POOL_BEYOND_SECONDS = 100;
  static final int FULL_POOL_OPEN_LOOP_SECONDS = 50;
  /**
   * The modelled pool sweep, seconds: 4 forks, each a stand-in start, a 10,000-document seed, the
   * warm-up (its 30 s cap: the model's CPU per query is small and noisy), then 4 shots of 500
   * queries. Estimated from one smoke fork (maxConnections 100, 62 s wall time at load average 19,
   * 2026-11-28) and the pool of 3's shots (9.2 s each at that load, 3.3 s by the model); not yet a
   * full run's wall time.
   */
  static final int FULL_POOL_MODEL_SECONDS = 300;
  /** Full mode's headline comparisons: the cap of each and what the pool comparison is expected to take, seconds. */
  static final int FULL_COMPARISON_CAP_SECONDS = 1200;
  static final int FULL_POOL_COMPARISON_SECONDS = 400;
  static final int FULL_BULK_COMPARISON_SECONDS = 800;

  /**
   * The stand-in shared by every trial of the family ({@link ArangoTarget#startShared}), with the
   * pooling study's arguments (the bulk trials' are the same unless
   * {@code DBBENCH_ARANGO_STANDIN_WORK_MS} is set, and then they start their own).
   */
  @Override
  public FamilyServers startServers(Mode mode, PrintStream out) throws IOException {
    return ArangoTarget.startShared(ArangoSettings.fromEnvironment(), PoolSettings.fromEnvironment().standInArgs());
  }

  /**
   * Most seconds of server warm-up per quick trial (the full-mode default is 30): the shared
   * stand-in's first bulk trial needs about 23 s of shots to reach steady state, later trials a
   * few seconds.
   */
  static final String QUICK_WARMUP_CAP_SECONDS = "30";

  /**
   * Seconds after which the quick bulk-insert comparison starts no further ABBA block (its pilot
   * always runs, about 65 s after its warm-up pair): a fork costs 7-10 s (its stand-in warm-up,
   * confirmed against the level an earlier trial reached, and 60 shots, each verified with one
   * multi-document read); its pairs spread by 0.12-0.27 in ln, so the pilot's pairs ask for more than a
   * quick job can give and the seconds left go to the pool comparison.
   */
  static final int QUICK_BULK_CAP_SECONDS = 60;

  /** Pilot pairs of the quick headline comparisons (both). */
  static final int QUICK_PILOT_PAIRS = 4;

  /**
   * The same for the pool comparison (its pilot of 4 pairs takes about 90 s, the first fork's cold
   * warm-up included): a fork costs 8-11 s, and its pairs spread by 0.15-0.19 in ln.
   */
  static final int QUICK_POOL_CAP_SECONDS = 90;

  /** Warm-up window in quick mode, in ms (full mode: 1000); see the payload family's. */
  static final String QUICK_WARMUP_WINDOW_MS = "500";

  private static final String BULK_INSERT = "io.dbbench.arango.ArangoBulkBenchmark.insert";
  private static final String POOL_QUERY = "io.dbbench.arango.ArangoPoolBenchmark.query";

  /**
   * The headline comparisons of both modes: the bulk study's insert through the driver, HTTP/1.1
   * against HTTP/2 on JSON (the Go study's V1 against V2), and the pooling study's 500 point
   * queries through the driver's default pool of 3 connections against 100; capped at
   * {@code bulkCap} and {@code poolCap} seconds, or at the mode's cap when {@code null}.
   */
  private static FamilySettings.Builder headlines(FamilySettings.Builder b, Integer bulkCap, Integer poolCap) {
    return headlines(b, bulkCap, poolCap, "20", "40", 60);
  }

  /**
   * {@link #headlines(FamilySettings.Builder, Integer, Integer)} with the bulk comparison's forks
   * running {@code warmupShots} and {@code shots} (at 100,000 documents a shot with its verification
   * takes about a second, at 10,000 about 50 ms), expected to take {@code bulkSeconds}.
   */
  private static FamilySettings.Builder headlines(FamilySettings.Builder b, Integer bulkCap, Integer poolCap,
      String warmupShots, String shots, int bulkSeconds) {
    // the stand-in is warmed before the first shot; a fresh client JVM's shots scatter by 20-40% and
    // still drift by up to 20% between the first and last third of 10 warm-up + 30 measured shots:
    // 20 warm-up and 40 measured shots (a shot with its verification takes about 50 ms)
    b.comparison(new ArangoBulkForm().study().headline("protocol")).comparisonExpectedSeconds(bulkSeconds)
        .comparisonOptions("-wi", warmupShots, "-i", shots)
        // the shared stand-in's insert shots settle only after the first fork that inserts (13 ms in
        // it, 21-26 ms in every later one): the first pair of the quick runs of 2026-11-26 sat 0.20-0.44
        // in ln above the rest, whose spread was 0.05. A discarded warm-up pair takes that fork
        .comparisonWarmupPair();
    if (bulkCap != null) {
      b.comparisonCap(bulkCap);
    }
    b
        .comparison(new ArangoPoolForm().study().headline("connections", "index", "none")).comparisonExpectedSeconds(70)
        // a shot of 500 queries takes 0.2-0.5 s, so two 1 s iterations held 2-5 shots and the iterations
        // explained 76% of the pairs' variance (four: 40-100%): six iterations per fork
        .comparisonOptions("-i", "6");
    return poolCap == null ? b : b.comparisonCap(poolCap);
  }
}
