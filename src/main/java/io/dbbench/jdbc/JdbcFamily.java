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
  /**
   * Quick shapes: two of the study's three 100 000-row shapes, its smallest and its largest batch
   * ({@code 10x10000} runs in full mode; quick mode spends that time on headline forks, issue 10).
   */
  public static final List<String> QUICK_SHAPES = List.of("100x1000", "1x100000");
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
   * Quick: the two quick shapes for every strategy ({@code rowByRow} included), and the headline
   * row (one COPY of 100,000 rows) with 20 forks. Full: the classes' defaults, the study's seven
   * shapes, and the headline with the mode's headline forks.
   */
  @Override
  public FamilySettings settings(boolean full) {
    // the headline row in both modes: the fastest path at the study's 100,000-row batch, one COPY
    FamilySettings.Builder b = FamilySettings.builder().headline("io.dbbench.jdbc.GomessageInsertBenchmark.insert",
        "strategy", "copy", "shape", "1x100000", "mode", "seq");
    // quick: 20 forks of the headline (a fork costs about 2 s; its fork means spread by 9-17% over
    // four quick runs: 6 forks detect about 26%, 12 about 11%, 20 about 8-10%)
    return full ? b.build() : b.param("shape", QUICK_SHAPES.toArray(String[]::new)).headlineForks(20).build();
  }
}
