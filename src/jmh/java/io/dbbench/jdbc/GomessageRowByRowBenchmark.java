package io.dbbench.jdbc;

import io.dbbench.BenchmarkDefaults;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The baseline everyone should be warned about: GOMESSAGE rows inserted with one
 * {@code executeUpdate} per row and autocommit on, timed like {@link GomessageInsertBenchmark}
 * (same fixture, params and verification). Its own class so that quick runs keep it at the
 * smallest shape: its {@code shape} default lists only {@code 100x1000}; full runs pass every
 * shape with {@code -p shape=...}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime) // one whole insert per shot, as hdbinsert times it
@OutputTimeUnit(TimeUnit.SECONDS) // scores and rawData in seconds per insert, like hdbinsert's avgsec/op
public class GomessageRowByRowBenchmark extends BenchmarkDefaults {
  /** BATCHCOUNTxBATCHSIZE; quick runs only the smallest shape. Full runs pass the study's shapes with -p. */
  @Param({"100x1000"})
  public String shape;

  /** Always {@code rowByRow}; a param so the report treats both classes alike. */
  @Param({"rowByRow"})
  public String strategy;

  /** {@code seq}: one connection; {@code par}: one connection per worker. */
  @Param({"seq", "par"})
  public String mode;

  private GomessageFixture fixture;

  /** Starts or reaches the database, claims the tables, opens every connection and worker thread. */
  @Setup(Level.Trial)
  public void open() throws Exception {
    fixture = GomessageFixture.open(GomessageConfig.fromEnvironment(), Shape.parse(shape), Strategy.parse(strategy),
        RunMode.parse(mode));
  }

  /**
   * Fresh, empty tables (and {@code many}'s in-memory batches) before every shot. A shot is one
   * invocation (JMH's default {@code -bs 1}); with more, the verification fails on the extra rows.
   */
  @Setup(Level.Iteration)
  public void recreateTable() throws Exception {
    fixture.prepareRun();
  }

  /** One whole insert; returns the row count. */
  @Benchmark
  public long insert() throws Exception {
    return fixture.insert();
  }

  /** Fails the benchmark unless exactly batchCount x batchSize rows with the right DEVICEID sum arrived. */
  @TearDown(Level.Iteration)
  public void verify() throws Exception {
    fixture.verify();
  }

  /** Drops the tables, closes connections, stops the embedded server. */
  @TearDown(Level.Trial)
  public void close() {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p doc=flat -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(GomessageRowByRowBenchmark.class, args);
  }
}
