package io.dbbench.jdbc;

import io.dbbench.BenchmarkDefaults;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The GOMESSAGE insert lifecycle shared by {@link GomessageInsertBenchmark} and
 * {@link GomessageRowByRowBenchmark}, which differ only in the values of their {@code shape},
 * {@code strategy} and {@code mode} params (JMH generates {@code insert} for each, as in
 * JMHSample_24_Inheritance). The table is dropped and recreated before every shot and verified
 * (row count, {@code SUM(DEVICEID)}) after it, both outside the timing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime) // one whole insert per shot, as hdbinsert times it
@OutputTimeUnit(TimeUnit.SECONDS) // scores and rawData in seconds per insert, like hdbinsert's avgsec/op
public abstract class GomessageBenchmarkBase extends BenchmarkDefaults {
  private GomessageFixture fixture;

  /** The {@code shape} param, BATCHCOUNTxBATCHSIZE. */
  protected abstract String shape();

  /** The {@code strategy} param. */
  protected abstract String strategy();

  /** The {@code mode} param, {@code seq} or {@code par}. */
  protected abstract String mode();

  /** Starts or reaches the database, claims the tables, opens every connection and worker thread. */
  @Setup(Level.Trial)
  public void open() throws Exception {
    fixture = GomessageFixture.open(GomessageSettings.fromEnvironment(), Shape.parse(shape()), Strategy.parse(strategy()),
        RunMode.parse(mode()));
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
