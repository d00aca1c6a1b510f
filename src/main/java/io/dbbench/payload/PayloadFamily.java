package io.dbbench.payload;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import io.dbbench.mongo.MongoFamily;
import java.util.LinkedHashMap;
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

  @Override
  public String title() {
    return "WMPayload: JSON payload service over MongoDB (100 clients, open loop)";
  }

  @Override
  public String includeRegex() {
    return "^io\\.dbbench\\.payload\\.";
  }

  @Override
  public Probe probe() {
    Probe p = MongoFamily.probeTarget();
    Map<String, Object> m = new LinkedHashMap<>(p.facts());
    m.put("service", "io.dbbench.payload.PayloadService: JDK com.sun.net.httpserver, one virtual thread per request, HTTP/1.1 keep-alive, loopback; "
        + "by default in a JVM of its own (io.dbbench.payload.PayloadServer, -Xms/-Xmx " + PayloadFixture.DEFAULT_SERVICE_HEAP
        + " or " + PayloadFixture.ENV_SERVICE_HEAP + ")");
    m.put("arrangement", MongoFamily.ARRANGEMENT_FACT);
    m.put("clients", "java.net.http.HttpClient, one per JMH thread (closed loop, 100 threads) or one shared (open loop)");
    m.put("index_param", "none | id (unique ascending index id_1 on id, created after the seed, so both variants search the same documents)");
    m.put("collection_size_param", "collectionSize: documents seeded before search trials (name-based UUID ids of 'dbbench-payload-<i>'), "
        + "seeded in the trial's setup outside the timing; insert trials start from an empty collection");
    m.put("open_loop_files", "openloop-<operation>-<doc>-<rate>-<epochMillis>.json in the run directory");
    m.put("allocations", "gc.alloc.rate.norm (B/op) of the JMH fork: with arrangement=outOfProcess the clients' allocations alone;"
        + " allocation counts (Go's allocs/op) are not measurable with JMH's gc profiler");
    return new Probe(p.available(), p.reason(), m);
  }

  /**
   * Quick: every doc/index pair (the WMPayload table needs them), {@code collectionSize=1000} (the
   * smallest declared seed: 10,000 ReqMgr2 documents took 5 to 10 s of seeding per search trial,
   * time quick mode spends on the headline comparison's forks) and one open-loop rate,
   * {@value #QUICK_RATE}/s: in a quick trial the freshly started service and stand-in JVMs spend 8
   * to 10 ms of CPU per search (JIT compilation included; the {@code server_cpu_us} metric), so
   * 100/s would need a core for them alone. Warm-up 2 s instead of 1 for the same reason.
   * {@code -prof gc}: bytes/op for the WMPayload table; with the default
   * {@code arrangement=outOfProcess} they are the clients' alone. Full: every declared value, and the
   * headline comparisons (search without and with the index, flat and ReqMgr2 documents, 10,000
   * documents: WMPayload's question) with the mode's forks per side. Quick: the flat comparison at
   * the quick collection size with the mode's forks per side (a fork costs 8 to 14 s).
   */
  @Override
  public FamilySettings settings(boolean full) {
    // the headline row: WMPayload's question, a ReqMgr2 search under 100 clients with the index
    FamilySettings.Builder b = FamilySettings.builder().profiler("gc");
    if (full) {
      return b.comparison(SEARCH, "index", "none", "id", "doc", "flat", "collectionSize", "10000")
          .comparison(SEARCH, "index", "none", "id", "doc", "reqmgr2", "collectionSize", "10000").build();
    }
    b.comparison(SEARCH, "index", "none", "id", "doc", "flat", "collectionSize", QUICK_COLLECTION_SIZE);
    // 2 s of warm-up instead of 1: the service and stand-in JVMs start cold in every trial
    return b.warmupTime("2s").param("collectionSize", QUICK_COLLECTION_SIZE)
        .reduced("rate", "the freshly started service and stand-in JVMs spend 8-10 ms of CPU per search in a quick trial"
            + " (JIT included); 100/s and more overload two cores", QUICK_RATE).build();
  }

  private static final String SEARCH = "io.dbbench.payload.PayloadServiceBenchmark.search";

  /** Documents seeded before a quick search trial. */
  static final String QUICK_COLLECTION_SIZE = "1000";


  /** The quick open-loop rate (requests/s). */
  static final String QUICK_RATE = "50";
}
