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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The GOMESSAGE insert lifecycle shared by {@link GomessageInsertBenchmark} and
 * {@link GomessageRowByRowBenchmark}, which differ only in the values of their {@code strategy}
 * param (JMH generates {@code insert} for each, as in JMHSample_24_Inheritance; {@code shape} and
 * {@code mode} are this class's params, inherited). The table is dropped and recreated before every shot and verified
 * (row count, {@code SUM(DEVICEID)}) after it, both outside the timing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime) // one whole insert per shot, as hdbinsert times it
@OutputTimeUnit(TimeUnit.SECONDS) // scores and rawData in seconds per insert, like hdbinsert's avgsec/op
public abstract class GomessageBenchmarkBase extends BenchmarkDefaults {
  private GomessageFixture fixture;

  /** BATCHCOUNTxBATCHSIZE: the study's sweep, smallest batches first (the main job's quick mode narrows it to the 100 000-row shapes). */
  @Param({"100x1000", "10x10000", "1x100000", "1000x1000", "100x10000", "10x100000", "1x1000000"})
  public String shape;

  /** {@code seq}: one connection; {@code par}: one connection per worker. */
  @Param({"seq", "par"})
  public String mode;

  /**
   * Starts or reaches the database, claims the tables, opens every connection and worker thread,
   * for the trial's {@code shape}, {@code strategy} (each subclass's own param) and {@code mode}
   * as JMH passes them.
   *
   * @throws IllegalArgumentException naming a param value that does not parse
   */
  @Setup(Level.Trial)
  public void open(BenchmarkParams params) throws Exception {
    fixture = GomessageFixture.open(GomessageSettings.fromEnvironment(), Shape.parse(params.getParam("shape")),
        Strategy.parse(params.getParam("strategy")), RunMode.parse(params.getParam("mode")));
  }

  /**
   * Fresh, empty tables (and {@code many}'s in-memory batches) before every shot. A shot is one
   * invocation (JMH's default {@code -bs 1}); with more, the verification fails on the extra rows.
   */
  @Setup(Level.Iteration)
  public void recreateTable() throws Exception {
    fixture.prepare();
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
}
