package io.dbbench.arango.pool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.report.data.RunManifest;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.SettingsReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pooling study's knobs, parsed and validated: {@link #fromEnvironment()} reads each from its
 * environment variable, else the {@code -D} system property of the same name
 * ({@link SettingsReader#environment()}); {@link #parse} takes a map (tests). Also the study's
 * part of the arango family's quick settings ({@link #quick}).
 *
 * @param missShare {@value #MISS_SHARE}: the share of queried ids that match no document, from 0
 *     to 1, default {@value #DEFAULT_MISS_SHARE}
 * @param shotDeadlineMillis {@value #SHOT_DEADLINE} (given in seconds, at least 1): how long a
 *     shot waits for its last answer before counting the open queries as timeouts, in ms; default
 *     {@value #DEFAULT_SHOT_DEADLINE_S} s
 * @param standInWorkMillis {@value #STANDIN_WORK_MS}: milliseconds (0 to 10000) of modelled server
 *     time per point query, default 0 (no model). The stand-in ({@code --model-query-ms}) then holds
 *     its scheduler worker that long without using CPU and answers through a lookup instead of a
 *     scan, so queries in flight overlap as on a server with a core per worker: the pooling study's
 *     mechanism (its server took about 31 ms a query, see docs/arango.md), which this machine's two
 *     cores cannot show with real scans. With it, {@code maximal-threads} workers answer at most
 *     {@code threads / work} queries per second whatever this machine's cores. A model, not
 *     ArangoDB: every result made with it says so ({@link #modelLabel}).
 */
public record PoolSettings(double missShare, long shotDeadlineMillis, int standInWorkMillis) {
  /** Share of ids that match nothing. */
  public static final String MISS_SHARE = "DBBENCH_ARANGO_MISS_SHARE";
  /** Shot deadline in seconds. */
  public static final String SHOT_DEADLINE = "DBBENCH_ARANGO_SHOT_DEADLINE_S";
  /** Modelled server time per stand-in request, ms. */
  public static final String STANDIN_WORK_MS = "DBBENCH_ARANGO_STANDIN_WORK_MS";
  /** Default share of misses. */
  public static final double DEFAULT_MISS_SHARE = 0.1;
  /** Default shot deadline. */
  public static final int DEFAULT_SHOT_DEADLINE_S = 300;

  /**
   * The settings from the environment and system properties.
   *
   * @throws IllegalArgumentException naming the setting and its value when one is out of range
   */
  public static PoolSettings fromEnvironment() {
    return parse(SettingsReader.environment());
  }

  /**
   * The settings from {@code settings} (environment-variable names to values; absent = default).
   *
   * @throws IllegalArgumentException naming the setting and its value when one is out of range
   */
  public static PoolSettings parse(Map<String, String> settings) {
    return parse(new SettingsReader(SettingsReader.of(settings)));
  }

  private static PoolSettings parse(SettingsReader r) {
    double miss = r.getDouble(MISS_SHARE, DEFAULT_MISS_SHARE, 0, 1, "share", "0.1");
    int deadlineS = r.getInt(SHOT_DEADLINE, DEFAULT_SHOT_DEADLINE_S, 1, Integer.MAX_VALUE, "number of seconds",
        "300");
    int work = r.getInt(STANDIN_WORK_MS, 0, 0, MAX_WORK_MS, "number of milliseconds", "30");
    return new PoolSettings(miss, deadlineS * 1000L, work);
  }

  /**
   * These settings with the benchmark's {@code modelledServerMs} parameter applied: unchanged for
   * 0; else with {@code ms} as {@link #standInWorkMillis()}.
   *
   * @throws IllegalArgumentException when {@code ms} lies outside 0 to 10000, or when both
   *     {@value #STANDIN_WORK_MS} and the parameter set a (different) modelled time
   */
  public PoolSettings withModelledServerMs(int ms) {
    if (ms < 0 || ms > MAX_WORK_MS) {
      throw new IllegalArgumentException("modelledServerMs=" + ms + ": expected 0 to " + MAX_WORK_MS + " ms");
    }
    if (ms == 0 || ms == standInWorkMillis) {
      return this;
    }
    if (standInWorkMillis != 0) {
      throw new IllegalArgumentException("modelledServerMs=" + ms + " and " + STANDIN_WORK_MS + "=" + standInWorkMillis
          + " disagree: set the modelled server time in one place");
    }
    return new PoolSettings(missShare, shotDeadlineMillis, ms);
  }

  /** Most modelled server time per point query, ms. */
  static final int MAX_WORK_MS = 10_000;

  /** The stand-in arguments the pooling study adds ({@code --model-query-ms} when {@link #standInWorkMillis()} > 0). */
  public List<String> standInArgs() {
    return standInWorkMillis == 0 ? List.of() : List.of("--model-query-ms", String.valueOf(standInWorkMillis));
  }

  /**
   * The backend label of a result made on the stand-in with {@code ms} of modelled server time
   * per point query: {@code "dbbench ArangoDB stand-in with modelled 20 ms server time per point
   * query (a model, not ArangoDB)"}.
   *
   * @throws IllegalArgumentException when {@code ms < 1}
   */
  public static String modelLabel(int ms) {
    if (ms < 1) {
      throw new IllegalArgumentException("modelled server time " + ms + " ms: expected at least 1 ms (0 is no model)");
    }
    return "dbbench ArangoDB stand-in with modelled " + ms + " ms server time per point query (a model, not ArangoDB)";
  }

  /**
   * Adds the pooling benchmarks' quick values to the arango family's quick settings {@code b}
   * (parameter names are the pooling benchmarks' own, so they never narrow the bulk study's).
   * Quick mode: 10,000 documents instead of 200,000 (declared a reduction: a full scan of 200,000
   * stand-in documents per query makes the default pool's 5000-query shot last minutes on two
   * cores), the study's 500 iterations, no index (the study's condition), raw HTTP (the default
   * pool of 3 and 100 connections come from the headline comparison's interleaved forks, which the
   * sweep would only repeat); the open-loop benchmark at one rate for raw HTTP.
   */
  public static FamilySettings.Builder quick(FamilySettings.Builder b) {
    return b.reduced("documents", "10,000 instead of the study's 200,000: full scans per query on the stand-in"
            + " would take the default pool's shots past the quick budget", "10000")
        .param("iterations", "500") // the study's own count
        // driver_http1_3 and driver_http1_100 come from the headline comparison's forks
        .param("connection", "raw_http")
        .param("index", "none")
        .param("pool", "raw_http")
        .param("rate", "1000");
  }

  /** The key of the pooling study's facts ({@link #describe}) in the ArangoDB family's manifest section. */
  public static final String FACTS_KEY = "pool";
  /** The key of the stand-in's modelled server time per request, in milliseconds, in {@link #describe}. */
  static final String WORK_MS_FACT = "standin_work_ms";

  /**
   * The stand-in's modelled server time per request (ms) a run recorded in the family's facts
   * ({@link #describe} under {@link #FACTS_KEY}); 0 when it recorded none.
   */
  public static int recordedStandInWorkMillis(RunManifest.Family family) {
    JsonNode pool = family == null ? null : family.facts().get(FACTS_KEY);
    return pool == null ? 0 : pool.path(WORK_MS_FACT).asInt(0);
  }

  /** What {@code env.json} records about the pooling study with these settings. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", PoolClient.QUERY + " (bindVars {id}, cache: false; server query cache mode off)");
    m.put("miss_share", missShare);
    m.put("shot_deadline_s", shotDeadlineMillis / 1000);
    m.put(WORK_MS_FACT, standInWorkMillis);
    m.put("id_seed", String.format(Locale.ROOT, "0x%X", PoolIds.SEED));
    m.put("documents_seed", String.format(Locale.ROOT, "0x%X", PoolDocuments.SEED));
    Map<String, Object> sha = new LinkedHashMap<>();
    sha.put("10000", PoolDocuments.checksum(10_000));
    sha.put("200000", PoolDocuments.checksum(PoolDocuments.STUDY_DOCS));
    m.put("documents_sha256_key_endtoendid", sha); // PoolDocuments.checksum; each shot file repeats its own
    Map<String, Object> cs = new LinkedHashMap<>();
    for (String c : PoolClient.Connection.NAMES) {
      cs.put(c, PoolClient.Connection.parse(c).describe());
    }
    m.put("connections", cs);
    m.put("driver_http2", "one connection carries up to 32 streams (hard-coded in the driver's ConnectionPoolImpl, 7.25.0),"
        + " so maxConnections n on HTTP/2 allows 32 x n queries in flight; measured peaks are in the DNF files");
    m.put("dnf", "a shot with any failed query (503/21003, 412/21004, timeout, refused, other) is DNF: JMH secondary"
        + " metric dnf > 0 with per-cause counters; the report shows DNF instead of the time");
    m.put("standin_scheduler", "maximal-threads max(32, 2 x cores) = " + Math.max(32, 2 * Runtime.getRuntime().availableProcessors())
        + ", maximal-queue-size 4096 unless " + ArangoSettings.STANDIN_THREADS + "/" + ArangoSettings.STANDIN_QUEUE + " say otherwise");
    return m;
  }

  /** Names of the pooling benchmarks' parameters (for the family's documentation). */
  public static final List<String> PARAMS = List.of("iterations", "connection", "documents", "index", "modelledServerMs",
      "pool", "rate");
}
