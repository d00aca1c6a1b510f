package io.dbbench.harness;

import io.dbbench.BenchmarkDefaults;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The allocation counter checking itself: exactly three arrays and one object per operation, each
 * handed to the Blackhole so that escape analysis cannot remove it. With {@code length=64} and
 * compressed class pointers: {@code byte[64]} 80 bytes, {@code int[64]} 272, {@code long[64]} 528
 * and an {@code Object} 16, i.e. 4 allocations and 896 bytes per operation. It belongs to no
 * family; {@code AllocationProfilerTest} runs it with {@code io.dbbench.profile.AllocationProfiler}
 * and with {@code -prof gc}.
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocationCountBenchmark extends BenchmarkDefaults {
  /** Elements per array. */
  @Param({"64"})
  public int length;

  /** Three arrays and one object. */
  @Benchmark
  public void allocate(Blackhole bh) {
    bh.consume(new byte[length]);
    bh.consume(new int[length]);
    bh.consume(new long[length]);
    bh.consume(new Object());
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(AllocationCountBenchmark.class, args);
  }
}
