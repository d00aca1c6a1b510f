package io.dbbench.calibration;

import io.dbbench.BenchmarkDefaults;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A calibrated amount of work for the statistics' A/B sanity check ({@code scripts/calibrate.sh}):
 * JMH's {@link Blackhole#consumeCPU(long)} burns a number of tokens whose time is linear in the
 * count (JMH's own {@code JMHSample_21_ConsumeCPU}), so {@code tokens=1100} is 1.10x the work of
 * {@code tokens=1000}. A real change of known size, with the machine's real noise on both sides;
 * the A/B experiment that scales recorded iterations by exactly 1.10 is the other half.
 * Average time in ns/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class CalibrationBenchmark extends BenchmarkDefaults {
  /** Tokens burnt per operation: 1000 (A) and 1100 (B, +10%). */
  @Param({"1000", "1100"})
  public long tokens;

  /** Burns {@link #tokens} tokens. */
  @Benchmark
  public void consumeCpu() {
    Blackhole.consumeCPU(tokens);
  }

  /** Runs this class from an IDE ({@link BenchmarkDefaults#runFromIde}). */
  public static void main(String[] args) throws Exception {
    runFromIde(CalibrationBenchmark.class, args);
  }
}
