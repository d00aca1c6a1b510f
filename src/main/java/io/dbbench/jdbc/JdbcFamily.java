package io.dbbench.jdbc;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code jdbc} family: go-hdb's hdbinsert study (GOMESSAGE bulk inserts) reproduced over JDBC,
 * on the embedded PostgreSQL by default, on SAP HANA (ngdbc), PostgreSQL or H2 when
 * {@code DBBENCH_JDBC_URL} or {@code GOHDBDSN} names one. Benchmarks:
 * {@link GomessageInsertBenchmark} ({@code bulk}, {@code many}, {@code copy}, {@code arrayBind}, {@code arrayProject}) and
 * {@link GomessageRowByRowBenchmark} ({@code rowByRow}).
 */
public final class JdbcFamily implements BenchmarkFamily {
  /**
   * Quick shapes: two of the study's three 100 000-row shapes, its smallest and its largest batch
   * ({@code 10x10000} runs in full mode; quick mode spends that time on headline forks).
   */
  public static final List<String> QUICK_SHAPES = List.of("100x1000", "1x100000");
  /** The study's full sweep, smallest batches first (the classes' {@code @Param shape} defaults). */
  public static final List<String> FULL_SHAPES = List.of("100x1000", "10x10000", "1x100000", "1000x1000",
      "100x10000", "10x100000", "1x1000000");

  @Override
  public String id() {
    return "jdbc";
  }

  /** The sweep's seconds in the quick main job {@code results/20261125T071915Z} (its wall time less its comparisons'). */
  @Override
  public int expectedSweepSeconds() {
    return 67;
  }

  @Override
  public String title() {
    return "GOMESSAGE JDBC bulk inserts (hdbinsert)";
  }

  /**
   * {@link GomessageProbe} on the environment: starts and stops the embedded PostgreSQL, or
   * connects once to the configured target, and records backend, versions, the redacted URL, knobs
   * and per quick shape the expected checksums. Never throws; a malformed setting is reported as
   * malformed.
   */
  @Override
  public Probe probe() {
    GomessageProbe.Result r = GomessageProbe.probe(BenchConfig::get, QUICK_SHAPES);
    return new Probe(r.available(), r.reason(), r.facts(), r.kind());
  }

  /**
   * Quick: the two quick shapes for every strategy of {@link GomessageInsertBenchmark}'s defaults
   * ({@code arrayProject}, the report's limits row beside COPY, included; {@code rowByRow} excluded;
   * a family-wide {@code strategy} param would also reach {@link GomessageRowByRowBenchmark}), sequential mode
   * only (the study's {@code seq}; {@code par} runs in full mode), and the headline comparison with
   * a pilot of 6 pairs, capped at {@value #QUICK_COMPARISON_CAP_SECONDS} s. Full: {@link #full}. Both modes add
   * {@link ServerCpuProfiler} (the embedded PostgreSQL's backend CPU per shot, {@code server.cpu}).
   */
  @Override
  public FamilySettings settings(Mode mode) {
    // the headline comparison in both modes: the study's executeBatch path ("many", the row the
    // findings hold against hdbinsert's table) against one COPY, at the study's 100,000-row batch
    FamilySettings.Builder b = FamilySettings.builder().comparison(new GomessageForm().study().headline("strategy"))
        .comparisonExpectedSeconds(18)
        // the embedded server's CPU per shot beside every time (nothing for a remote server)
        .profiler(ServerCpuProfiler.class.getName());
    return mode == Mode.FULL ? full(b).build() : b.param("shape", QUICK_SHAPES.toArray(String[]::new)).param("mode", "seq")
        .exclude("^io\\.dbbench\\.jdbc\\.GomessageRowByRowBenchmark\\.", "row by row (8-9 s per operation, one"
            + " fork, no finding reads it): full mode runs it; the quick budget goes to the headline comparisons' pairs")
        // two warm-up and eight measured shots per comparison fork: with one and two, a fork's shots
        // (0.4-0.8 s for many, 0.07-0.2 s for COPY) put 46-77% of the pairs' variance inside the forks
        .comparisonOptions("-wi", "2", "-i", "8")
        .comparisonCap(QUICK_COMPARISON_CAP_SECONDS).build();
  }

  /**
   * Full mode: hdbinsert's seven shapes for its strategies {@code bulk} and {@code many}, beside
   * {@code copy} and {@code arrayProject} (PostgreSQL's fastest paths), sequential and parallel,
   * two forks of one warm-up and four measured shots per row (the study's table gives average,
   * maximum, median and minimum seconds over its runs); {@code arrayBind} and row by row at the
   * study's 100,000-row batch only, in further sweeps (row by row takes 8-9 s per 100,000 rows, so
   * 90 s per shot at a million); the headline comparison with two warm-up and eight measured shots
   * per fork, capped at {@value #FULL_COMPARISON_CAP_SECONDS} s.
   */
  static FamilySettings.Builder full(FamilySettings.Builder b) {
    return b.param("shape", FULL_SHAPES.toArray(String[]::new)).param("strategy", "bulk", "many", "copy", "arrayProject")
        .forks(2).warmupIterations(1).iterations(4).sweepExpectedSeconds(FULL_SWEEP_SECONDS)
        .exclude("^io\\.dbbench\\.jdbc\\.GomessageRowByRowBenchmark\\.", "row by row: its own sweep at the study's"
            + " 100,000-row batch (8-9 s per 100,000 rows, 90 s per shot at a million)")
        .comparisonOptions("-wi", "2", "-i", "8").comparisonCap(FULL_COMPARISON_CAP_SECONDS)
        .comparisonExpectedSeconds(FULL_COMPARISON_SECONDS)
        .sweep("array-bind", "^io\\.dbbench\\.jdbc\\.GomessageInsertBenchmark\\.insert$", "arrayBind (one array"
            + " per column bound to one INSERT ... SELECT unnest) at the study's 100,000-row batch, sequential",
            FULL_ARRAY_BIND_SECONDS, List.of(), "shape", "1x100000", "strategy", "arrayBind", "mode", "seq")
        .sweep("row-by-row", "^io\\.dbbench\\.jdbc\\.GomessageRowByRowBenchmark\\.insert$", "one INSERT per row"
            + " at the study's 100,000-row batch, sequential: the baseline every batching strategy is measured against",
            FULL_ROW_BY_ROW_SECONDS, List.of("-wi", "0", "-i", "3"), "shape", "1x100000", "strategy", "rowByRow", "mode", "seq");
  }

  /** Full mode's main sweep (56 rows, 2 forks each), seconds. */
  static final int FULL_SWEEP_SECONDS = 920;
  /** Full mode's further sweeps, seconds. */
  static final int FULL_ARRAY_BIND_SECONDS = 10;
  static final int FULL_ROW_BY_ROW_SECONDS = 60;
  /** Full mode's headline comparison: its cap and what it is expected to take, seconds. */
  static final int FULL_COMPARISON_CAP_SECONDS = 900;
  static final int FULL_COMPARISON_SECONDS = 130;

  /**
   * Seconds after which the quick headline comparison starts no further ABBA block (its pilot of 6
   * pairs always runs): a pair costs about 13 s with eight shots per fork, and the pilot (about 76 s)
   * met the width in every run since the committed runs of 2026-11-26.
   */
  static final int QUICK_COMPARISON_CAP_SECONDS = 90;

  /** Rounds of the {@code psql \copy} reference ({@link PsqlReference}): quick 3, full 5. */
  static int psqlRounds(Mode mode) {
    return mode == Mode.FULL ? 5 : 3;
  }

  /**
   * Writes {@value PsqlReference#FILE_NAME} beside the results: {@code psql \copy} of the
   * {@code 1x100000} rows into the embedded PostgreSQL (about 10 s, the server's start included),
   * so the limits table sets this run's {@code copy} row beside the PostgreSQL client's own load.
   * A missing psql, or a family aimed at another server, is one line and a file that says why.
   */
  @Override
  public void afterRun(Path runDir, Mode mode, PrintStream out) throws IOException {
    PsqlReference.run(runDir, psqlRounds(mode), System.getenv("PATH"),
        GomessageSettings.fromEnvironment().target().isEmbedded(), out);
  }
}
