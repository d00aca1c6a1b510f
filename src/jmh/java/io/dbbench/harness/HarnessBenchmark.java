package io.dbbench.harness;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.core.BenchConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The harness checking itself: a benchmark with a known amount of work
 * ({@link Blackhole#consumeCPU}, in tokens) that fails on request. It belongs to no family, so the
 * main job never runs it by default; the main job's tests register it as a family to check fork
 * JVM arguments, failure handling and result merging with real forks. About 1 ns per token.
 */
@State(Scope.Benchmark)
public class HarnessBenchmark extends BenchmarkDefaults {
  /** {@code Blackhole.consumeCPU} tokens per operation. */
  @Param({"100"})
  public long tokens;

  /**
   * {@code 0}: never fail; {@code N}: every operation of the N-th iteration (warm-up ones counted,
   * from 1) and later throws, like a database dying mid-run, to check that no partial score is
   * published from the iterations before.
   */
  @Param({"0"})
  public int failAt;

  private int iteration;
  private boolean failing;

  /** Counts iterations and arms the failure at {@link #failAt}. */
  @Setup(Level.Iteration)
  public void nextIteration() {
    iteration++;
    failing = failAt > 0 && iteration >= failAt;
  }

  /**
   * A configuration knob ({@code DBBENCH_...}) that must be set in the fork, or {@code -} for none:
   * lets the main job's tests check that a credential reaches the fork without appearing on its
   * command line.
   */
  @Param({"-"})
  public String requireSetting;

  /**
   * Fails the trial when {@link #requireSetting} is not set in this fork.
   *
   * @throws IllegalStateException naming the knob
   */
  @Setup(Level.Trial)
  public void checkSetting() {
    if (!requireSetting.equals("-") && BenchConfig.get(requireSetting).isEmpty()) {
      throw new IllegalStateException("HarnessBenchmark: " + requireSetting + " is not set in this fork");
    }
  }

  /** Spends {@code tokens} of CPU; throws {@link IllegalStateException} from iteration {@link #failAt} on. */
  @Benchmark
  public void work() {
    if (failing) {
      throw new IllegalStateException("HarnessBenchmark: failing on request at iteration " + iteration
          + " (failAt=" + failAt + ")");
    }
    Blackhole.consumeCPU(tokens);
  }

  /** IDE entry point: JMH options as arguments. */
  public static void main(String[] args) throws Exception {
    runFromIde(HarnessBenchmark.class, args);
  }
}
