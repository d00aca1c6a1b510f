package io.dbbench.jdbc;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import java.util.List;

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
   * {@link GomessageProbe} on the environment: starts and stops the embedded PostgreSQL, or
   * connects once to the configured target, and records backend, versions, the redacted URL, knobs
   * and per quick shape the expected checksums. Never throws; a malformed setting is reported as
   * malformed.
   */
  @Override
  public Probe probe() {
    GomessageProbe.Result r = GomessageProbe.probe(io.dbbench.core.BenchConfig::get, QUICK_SHAPES);
    return new Probe(r.available(), r.reason(), r.facts());
  }

  /**
   * Quick: the three 100 000-row shapes for every strategy ({@code rowByRow} included). Full:
   * the classes' defaults, the study's seven shapes.
   */
  @Override
  public FamilySettings settings(boolean full) {
    // the headline row in both modes: the fastest path at the study's 100,000-row batch, one COPY
    FamilySettings.Builder b = FamilySettings.builder().headline("io.dbbench.jdbc.GomessageInsertBenchmark.insert",
        "strategy", "copy", "shape", "1x100000", "mode", "seq");
    return full ? b.build() : b.param("shape", QUICK_SHAPES.toArray(String[]::new)).build();
  }
}
