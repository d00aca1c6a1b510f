package io.dbbench.profile;

import java.lang.management.ManagementFactory;
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
 * A JMH profiler that divides the forked JVM's CPU time over an iteration by the operations the
 * iteration completed: {@code -prof io.dbbench.profile.ProcessCpuPerOpProfiler} adds the secondary
 * metric {@value #METRIC} in nanoseconds of CPU per operation (averaged over iterations).
 *
 * <p>Why: on a host whose cores are shared (other builds, another JMH), wall time per operation
 * includes the time the benchmark thread waited for a core; CPU time does not. The figure counts
 * every thread of the fork (JIT compiler and GC threads too), so it is an upper bound of the
 * benchmark thread's own CPU once compilation has settled; it still grows with cache and
 * hyper-thread contention, which CPU time cannot separate. Source of the CPU time:
 * {@code com.sun.management.OperatingSystemMXBean#getProcessCpuTime()} (nanoseconds, -1 where
 * unsupported, in which case nothing is reported).
 */
public final class ProcessCpuPerOpProfiler implements InternalProfiler {
  /** The secondary metric's name. */
  public static final String METRIC = "cpu.ns/op";

  private long startCpu;

  @Override
  public String getDescription() {
    return "process CPU nanoseconds per operation (robust to a shared host's waiting for cores)";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    startCpu = processCpuNanos();
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    long end = processCpuNanos();
    long ops = result.getMetadata().getMeasuredOps();
    if (startCpu < 0 || end < 0 || ops <= 0) {
      return List.of();
    }
    return List.of(new ScalarResult(METRIC, (double) (end - startCpu) / ops, "ns/op", AggregationPolicy.AVG));
  }

  /** The JVM's CPU time in nanoseconds, or -1 where the platform bean does not tell. */
  static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
