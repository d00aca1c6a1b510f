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
 * go-hdb's hdbinsert in JMH: seconds to insert {@code batchCount x batchSize} GOMESSAGE rows with
 * the {@code bulk}, {@code many} or {@code copy} strategy, sequentially or in parallel. The table
 * is dropped and recreated before every shot and verified (row count, {@code SUM(DEVICEID)})
 * after it, both outside the timing. {@code rowByRow} lives in {@link GomessageRowByRowBenchmark}
 * so that quick runs can limit it to the smallest shape.
 *
 * <p>Target: the embedded PostgreSQL unless {@code DBBENCH_JDBC_URL} or {@code GOHDBDSN} is set;
 * knobs in {@link GomessageConfig}. {@code copy} on a non-PostgreSQL target fails at setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime) // one whole insert per shot, as hdbinsert times it
@OutputTimeUnit(TimeUnit.SECONDS) // scores and rawData in seconds per insert, like hdbinsert's avgsec/op
public class GomessageInsertBenchmark extends BenchmarkDefaults {
  /** BATCHCOUNTxBATCHSIZE; quick defaults, smallest batches first. Full runs pass the study's larger ones with -p. */
  @Param({"100x1000", "10x10000", "1x100000"})
  public String shape;

  /** {@code bulk}, {@code many}, {@code copy} or {@code arrayBind} (the last two PostgreSQL only). */
  @Param({"bulk", "many", "copy", "arrayBind"})
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
    runFromIde(GomessageInsertBenchmark.class, args);
  }
}
