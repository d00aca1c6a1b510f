package io.dbbench.jdbc;

import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler for the GOMESSAGE benchmarks on the embedded PostgreSQL: {@code -prof
 * io.dbbench.jdbc.ServerCpuProfiler} adds the secondary metric {@value #METRIC}, the CPU time the
 * worker connections' backend processes spent during a shot, in seconds per operation (the
 * primary score's unit; one shot is one operation), averaged over iterations. In {@code par} mode
 * it is the sum over the workers' backends, which can exceed the shot's wall time.
 *
 * <p>Why: a load's wall time is the client's work and the server's; set beside {@code copy}'s,
 * the server's share says how much of a strategy's cost no client change can remove (for the
 * array strategies almost all of it: {@code results/jdbc-server-cpu-20261127T0348Z/}).
 *
 * <p>The window is from the end of {@link GomessageFixture#prepare()} to the start of
 * {@link GomessageFixture#verify()}, both outside the timing, in which the worker backends serve
 * only the insert; it is read from {@code /proc/<pid>/schedstat} ({@link BackendCpu}). Nothing is
 * reported for a server on another host, off Linux, or when a backend exited; PostgreSQL's
 * background processes are not counted.
 */
public final class ServerCpuProfiler implements InternalProfiler {
  /** The secondary metric's name. */
  public static final String METRIC = "server.cpu";

  /** The last shot's backend CPU nanoseconds published by the fixture in this JVM, or -1. */
  private static volatile long lastShotNanos = -1;

  @Override
  public String getDescription() {
    return "CPU seconds of the embedded PostgreSQL's worker backends per GOMESSAGE shot";
  }

  /**
   * Publishes a shot's backend CPU time ({@link GomessageFixture#verify()} does, whether or not
   * this profiler runs).
   */
  static void publish(long nanos) {
    lastShotNanos = nanos;
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    lastShotNanos = -1;
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long nanos = lastShotNanos;
    long ops = result.getMetadata().getMeasuredOps();
    if (nanos < 0 || ops <= 0) {
      return List.of();
    }
    return List.of(new ScalarResult(METRIC, nanos / 1e9 / ops, "s/op", AggregationPolicy.AVG));
  }
}
