package io.dbbench.payload;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.load.SteadyState;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The payload family: the WMPayload study's HTTP service ({@link PayloadService}) measured with
 * 100 concurrent clients ({@code PayloadServiceBenchmark}) and under a fixed open-loop request
 * rate ({@code PayloadOpenLoopBenchmark}), on the MongoDB {@link io.dbbench.mongo.MongoTarget}
 * selects (the in-process mongo-java-server stand-in by default).
 */
public final class PayloadFamily implements BenchmarkFamily {
  @Override
  public String id() {
    return "payload";
  }

  /** The sweep's seconds in the quick main job {@code results/20261125T071915Z} (its wall time less its comparisons'). */
  @Override
  public int expectedSweepSeconds() {
    return 65;
  }

  @Override
  public String title() {
    return "WMPayload: JSON payload service over MongoDB (100 clients, open loop)";
  }

  @Override
  public Probe probe() {
    Probe p = MongoFamily.probeTarget();
    Map<String, Object> m = new LinkedHashMap<>(p.facts());
    m.put("service", "io.dbbench.payload.PayloadService: JDK com.sun.net.httpserver, one virtual thread per request, HTTP/1.1 keep-alive, loopback; "
        + "by default in a JVM of its own (io.dbbench.payload.PayloadServer, -Xms/-Xmx " + PayloadSettings.DEFAULT_SERVICE_HEAP
        + " or " + PayloadSettings.ENV_SERVICE_HEAP + ")");
    m.put("arrangement", MongoFamily.ARRANGEMENT_FACT);
    m.put("clients", "java.net.http.HttpClient, one per JMH thread (closed loop, 100 threads) or one shared (open loop)");
    m.put("index_param", "none | id (unique ascending index id_1 on id, created after the seed, so both variants search the same documents)");
    m.put("collection_size_param", "collectionSize: documents seeded before search trials (name-based UUID ids of 'dbbench-payload-<i>'), "
        + "seeded in the trial's setup outside the timing; insert trials start from an empty collection");
    m.put("open_loop_files", "openloop-<operation>-<doc>-<rate>-<epochMillis>.json in the run directory");
    m.put("allocations", "gc.alloc.rate.norm (B/op) of the JMH fork: with arrangement=outOfProcess the clients' allocations alone;"
        + " allocation counts (Go's allocs/op) come from the main job's allocation pass (allocation_pass), not from -prof gc");
    return new Probe(p.available(), p.reason(), m, p.kind());
  }

  /**
   * In the main job the service and the stand-in are started once and shared by every trial
   * ({@link #startServers}); every trial first drives them with its own operation until they are
   * at steady state ({@link PayloadFixture#warmUp}: a flat CPU per request and a quiet JIT). From
   * cold that takes 21-40 s here, so the family's first trials pay it and later ones confirm it in
   * a few seconds; quick mode caps each warm-up at {@value #QUICK_WARMUP_CAP_SECONDS} s, full mode
   * at 60 s, and a row still warming at the cap is marked NOT steady. One JMH warm-up iteration of
   * 1 s follows (the fork's own clients). Quick: {@code collectionSize=30000} (dbbench's choice,
   * not the study's, which states none: the smallest declared size at which a steady unindexed
   * search is at least 5x slower than an indexed one for both documents, a size picked to show an
   * effect; {@link PayloadForm#COLLECTION_SIZE_CHOICE} says so in the report), the closed-loop searches without and with the index for both documents (one
   * fork each) and for flat the headline comparison's 4+4 interleaved forks, warm-up windows of
   * {@value #QUICK_WARMUP_WINDOW_MS} ms, two measurement iterations of 1 s
   * (1,200 requests per open-loop point at {@value #QUICK_RATE}/s; p99.9 needs 1,000), allocs/op
   * for the insert and for both flat searches (the comparison's sides, one instrumented fork each,
   * about 10 s per fork; the study's search figures have no counterpart: they measured a
   * whole-collection fetch or failed requests), and the
   * open-loop inserts only (an unindexed search costs the servers 3-4 ms of CPU at 30,000
   * documents, so an open-loop point they sustain needs 10 s or more for 1,000 requests).
   * {@code -prof gc}: bytes/op for the WMPayload table; with the default
   * {@code arrangement=outOfProcess} they are the clients' alone. Full: {@link #full}.
   */
  @Override
  public FamilySettings settings(Mode mode) {
    // allocs/op for the closed-loop rows, as the study's Go -benchmem reported them, from a separate pass
    FamilySettings.Builder b = FamilySettings.builder().profiler("gc");
    if (mode == Mode.FULL) {
      return full(b).build();
    }
    // one JMH warm-up iteration after the server warm-up: the fork's 100 fresh clients open their
    // connections and reach C2 there (without it, insert flat measured 45,032 B/op instead of ~20,000)
    // allocs/op for the insert and both flat searches: the sweep's pass covers the insert, and the
    // search rows (measured only by the headline comparison's forks) get one instrumented fork per
    // side; the study's search figures have no published counterpart, but the Go table's columns do
    b.countAllocations("^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.(insert|search)$")
        .comparison(searchFlat()).comparisonExpectedSeconds(SEARCH_FLAT_SECONDS)
        .comparisonCap(QUICK_COMPARISON_CAP_SECONDS).headlineForks(QUICK_PILOT_PAIRS)
        .exclude("^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.search$", "the search rows: the headline"
            + " comparison's interleaved forks measure both flat points (index none and id)");
    return b.warmupIterations(1).warmupTime("1s").iterations(2).measurementTime("1s")
        .param("collectionSize", HEADLINE_COLLECTION_SIZE).param("rate", QUICK_RATE)
        .forkProperty(SteadyState.CAP_PROPERTY, QUICK_WARMUP_CAP_SECONDS)
        .forkProperty(SteadyState.WINDOW_PROPERTY, QUICK_WARMUP_WINDOW_MS)
        .param("doc", "flat")
        .exclude("^io\\.dbbench\\.payload\\.PayloadOpenLoopBenchmark\\.", "open-loop latency (one fork per point,"
            + " no finding reads it; an unindexed search costs the servers 3-4 ms of CPU at 30,000 documents, so 1,000"
            + " requests at a rate they sustain take 10 s or more per point): full mode runs every open-loop point;"
            + " the quick budget goes to the headline comparison's pairs")
        .build();
  }

  /**
   * Full mode: the study's four rows at its 100 clients, insert and search of both documents
   * (search without and with the index at {@value #HEADLINE_COLLECTION_SIZE} documents), two forks
   * of 2 + 5 iterations of 2 s after the servers' warm-up to steady state (cap 60 s per trial),
   * allocs/op for every closed-loop row; further sweeps: the flat search at the smaller collections
   * (the index's effect by size), and open-loop latency at every declared rate for the indexed
   * flat search and the flat insert, one fork per point (a latency distribution, not an interval);
   * the headline comparison (search flat, index none against id) with a pilot of
   * {@value #FULL_PILOT_PAIRS} pairs, capped at {@value #FULL_COMPARISON_CAP_SECONDS} s.
   */
  static FamilySettings.Builder full(FamilySettings.Builder b) {
    return b.countAllocations("^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.(insert|search)$")
        .studyClient(PayloadStudyClients.wmpayload())
        .comparison(searchFlat()).comparisonExpectedSeconds(FULL_COMPARISON_SECONDS)
        .comparisonCap(FULL_COMPARISON_CAP_SECONDS).comparisonOptions("-wi", "1", "-i", "5").headlineForks(FULL_PILOT_PAIRS)
        .param("collectionSize", HEADLINE_COLLECTION_SIZE).param("doc", "flat", "reqmgr2")
        .forks(2).warmupIterations(2).warmupTime("2s").iterations(5).measurementTime("2s")
        .sweepExpectedSeconds(FULL_SWEEP_SECONDS)
        .exclude("^io\\.dbbench\\.payload\\.PayloadOpenLoopBenchmark\\.", "open-loop latency: its own sweep,"
            + " one fork per rate")
        .sweep("collection-sizes", "^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.search$", "the flat search"
            + " without and with the index at 1,000 and 10,000 documents: how the index's effect grows with the"
            + " collection", FULL_SIZES_SECONDS, List.of(), "doc", "flat", "collectionSize", "1000,10000")
        .sweep("open-loop", "^io\\.dbbench\\.payload\\.PayloadOpenLoopBenchmark\\.(insert|search)$", "open-loop"
            + " latency (requests at a fixed rate, timed from their scheduled start) of the indexed flat search and the"
            + " flat insert at every declared rate, one fork per point", FULL_OPEN_LOOP_SECONDS,
            List.of("-f", "1", "-wi", "1", "-i", "5"), "doc", "flat", "index", "id")
        .sweep("one-client-insert", "^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.insert$", "the insert of both"
            + " documents by one client (-t 1): the study's BenchmarkInsert is one sequential client, so its ns/op is"
            + " set beside this row, not beside the 100 clients' per-thread time", FULL_ONE_CLIENT_SECONDS,
            List.of("-t", "1"), "doc", "flat,reqmgr2");
  }

  /** Full mode's one-client insert sweep (2 documents, 2 forks each), seconds: an estimate, not yet measured. */
  static final int FULL_ONE_CLIENT_SECONDS = 180;

  /** Pilot pairs of the full headline comparison: a pair costs 60-90 s with the unindexed side's warm-up. */
  static final int FULL_PILOT_PAIRS = 6;
  /** Full mode's main sweep (6 rows, 2 forks each, with its allocation pass), seconds. */
  static final int FULL_SWEEP_SECONDS = 460;
  /** Full mode's further sweeps, seconds. */
  static final int FULL_SIZES_SECONDS = 210;
  static final int FULL_OPEN_LOOP_SECONDS = 200;
  /** Full mode's headline comparison: its cap and what it is expected to take, seconds. */
  static final int FULL_COMPARISON_CAP_SECONDS = 900;
  static final int FULL_COMPARISON_SECONDS = 270;

  /**
   * Seconds after which the quick headline comparison starts no further ABBA block: its pilot of 4
   * pairs takes 90-110 s (a fork 11-14 s: the server warm-up's 1.5-3 s, confirmed against the level
   * an earlier trial reached ({@link io.dbbench.load.SteadyLevels}), then 1 + 2 iterations of
   * requests that take 0.15-0.3 s each without the index), so one more block fits with the seconds
   * the comparisons before it leave. On the shared
   * stand-in the pairs spread by 0.08-0.33 in ln (the unindexed search's server CPU per request
   * settles at 1.4-2.3 ms depending on the fork): 4-6 pairs meet high/low 1.25 at the smaller
   * spreads, and the finding says {@code cap} with its pairs at the larger ones.
   */
  static final int QUICK_COMPARISON_CAP_SECONDS = 140;

  /** Pilot pairs of the quick headline comparison. */
  static final int QUICK_PILOT_PAIRS = 4;

  /**
   * The stand-in and the service, shared by every trial of the family ({@link PayloadFixture#startShared}):
   * warmed by the first trials, so later ones reach steady state in a few seconds.
   */
  @Override
  public FamilyServers startServers(Mode mode, PrintStream out) throws IOException {
    return PayloadFixture.startShared(PayloadSettings.fromEnvironment());
  }

  /**
   * Most seconds of server warm-up per quick trial: the family's first trial on the shared servers
   * needs 20-40 s to reach steady state, later ones a few seconds.
   */
  static final String QUICK_WARMUP_CAP_SECONDS = "40";

  /**
   * Warm-up window in quick mode, in ms (full mode: 1000): three flat windows of 500 ms confirm a
   * server that earlier trials warmed in 1.5 s instead of 3, which pays for the quick run's 20-odd
   * server trials; the OS's 10 ms CPU ticks still resolve a window to 2-4%.
   */
  static final String QUICK_WARMUP_WINDOW_MS = "500";

  private static final String SEARCH = "io.dbbench.payload.PayloadServiceBenchmark.search";

  /** Documents seeded before the headline comparison's searches (and every quick search trial). */
  static final String HEADLINE_COLLECTION_SIZE = "30000";

  /** Seconds the search flat comparison took in the quick main job {@code results/20261125T071915Z}, all forks. */
  static final int SEARCH_FLAT_SECONDS = 125;

  /**
   * The WMPayload study's headline comparison (search flat, index none against id, from its
   * {@code study.json}) at dbbench's collection size.
   */
  private static FamilySettings.HeadlineComparison searchFlat() {
    return new PayloadForm().study().headline("index", "collectionSize", HEADLINE_COLLECTION_SIZE);
  }

  /** The quick open-loop rate (requests/s): 2 x 1 s of it is 1,200 requests per point. */
  static final String QUICK_RATE = "600";
}
