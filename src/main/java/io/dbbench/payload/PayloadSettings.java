package io.dbbench.payload;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.SettingsReader;
import io.dbbench.mongo.MongoSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The WMPayload room's knobs, parsed once from settings (environment variables, or the matching
 * {@code -D} system properties through {@link #fromEnvironment()}), with the MongoDB target's
 * ({@link MongoSettings}) that both of the room's families sit on. Nothing is opened here. Parsing
 * is a pure function of the lookup and the smoke flag given to {@link #parse(Function, boolean)};
 * every error names the setting, its value and what was expected.
 *
 * @param mongo where MongoDB is ({@link MongoSettings})
 * @param driverPool {@value #ENV_POOL}: the payload service's driver pool ({@code maxPoolSize}), in
 *     connections; default {@value #DEFAULT_POOL}
 * @param serviceHeap {@value #ENV_SERVICE_HEAP}: the service process's fixed heap ({@code -Xms} =
 *     {@code -Xmx}), e.g. {@code 512m}; default {@value #DEFAULT_SERVICE_HEAP}
 * @param seedDocs {@value #ENV_SEED_DOCS}: documents the driver benchmarks seed for lookups, at
 *     least 1; default {@value #DEFAULT_SEED_DOCS} ({@value #SMOKE_SEED_DOCS} under the smoke test).
 *     Kept small because the stand-in takes ~5 ms per 12 KB insert on two cores; raise it against
 *     a real MongoDB, where the unindexed scan grows with it.
 */
public record PayloadSettings(MongoSettings mongo, int driverPool, String serviceHeap, int seedDocs) {

  /** The service's driver pool, in connections. */
  public static final String ENV_POOL = "DBBENCH_PAYLOAD_POOL";
  /** The service process's fixed heap ({@code -Xms} = {@code -Xmx}). */
  public static final String ENV_SERVICE_HEAP = "DBBENCH_PAYLOAD_SERVICE_HEAP";
  /** Documents seeded for the driver benchmarks' lookups. */
  public static final String ENV_SEED_DOCS = "DBBENCH_PAYLOAD_SEED_DOCS";
  /** Every setting this record reads besides {@link MongoSettings#NAMES}. */
  public static final List<String> NAMES = List.of(ENV_POOL, ENV_SERVICE_HEAP, ENV_SEED_DOCS);

  /** Default driver pool: the study's 100 clients each find a connection. */
  public static final int DEFAULT_POOL = 100;
  /** Default service heap: the service keeps nothing between requests. */
  public static final String DEFAULT_SERVICE_HEAP = "512m";
  /** Default seeded documents. */
  public static final int DEFAULT_SEED_DOCS = 500;
  /** Seeded documents under the smoke test ({@code -Ddbbench.smoke=true}), which checks wiring, not scans. */
  public static final int SMOKE_SEED_DOCS = 100;

  /**
   * {@link #parse(Function, boolean)} over the environment and system properties
   * ({@link BenchConfig#get}), smoke defaults when {@code -Ddbbench.smoke=true}.
   *
   * @throws IllegalArgumentException naming the setting, its value and what was expected when one is malformed
   */
  public static PayloadSettings fromEnvironment() {
    return parse(BenchConfig::get, Boolean.getBoolean("dbbench.smoke"));
  }

  /**
   * {@link #parse(Function, boolean)} over a map of settings (environment-variable names to values).
   *
   * @throws IllegalArgumentException naming the setting, its value and what was expected when one is malformed
   */
  public static PayloadSettings parse(Map<String, String> settings, boolean smoke) {
    return parse(SettingsReader.of(settings), smoke);
  }

  /**
   * Parses {@link #NAMES} and {@link MongoSettings#NAMES}; reads nothing but {@code settings}.
   *
   * @param settings a setting's value by its environment-variable name; empty (or blank) when unset
   * @param smoke whether the smoke test runs (a smaller seed by default)
   * @throws IllegalArgumentException when a setting is malformed ({@link MongoSettings#parse}),
   *     {@value #ENV_POOL} or {@value #ENV_SEED_DOCS} is not an integer, {@value #ENV_SEED_DOCS}
   *     is below 1 or {@value #ENV_SERVICE_HEAP} is not a heap size; the message names the value
   *     and what was expected
   */
  public static PayloadSettings parse(Function<String, Optional<String>> settings, boolean smoke) {
    MongoSettings mongo = MongoSettings.parse(settings);
    SettingsReader s = new SettingsReader(settings);
    int pool = s.getInt(ENV_POOL, DEFAULT_POOL);
    String heap = s.get(ENV_SERVICE_HEAP, DEFAULT_SERVICE_HEAP);
    if (!heap.matches(MongoSettings.HEAP_SIZE)) {
      throw new IllegalArgumentException(ENV_SERVICE_HEAP + "='" + heap + "'; expected a JVM heap size such as 512m");
    }
    int seed = s.getInt(ENV_SEED_DOCS, smoke ? SMOKE_SEED_DOCS : DEFAULT_SEED_DOCS);
    if (seed < 1) {
      throw new IllegalArgumentException(ENV_SEED_DOCS + "=" + seed + "; expected a positive document count");
    }
    return new PayloadSettings(mongo, pool, heap, seed);
  }
}
