package io.dbbench.profile;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Counts every object and array allocated in the fork per operation, the counterpart of Go's
 * {@code -benchmem} {@code allocs/op}, which JMH's {@code -prof gc} cannot give (it measures
 * bytes). {@code -prof io.dbbench.profile.AllocationProfiler}, in a fork started with
 * {@code -javaagent:target/agents/java-allocation-instrumenter.jar}: Google's
 * java-allocation-instrumenter (the agent Caliper used for its allocation counts) rewrites every
 * allocation site to call a sampler, which this profiler counts from the start to the end of each
 * iteration.
 *
 * <p>Secondary metrics, per iteration: {@value #ALLOCS} (allocations per operation, every thread of
 * the fork, as Go's counts every goroutine) and {@value #BYTES} (their bytes per operation, the
 * instrumenter's object sizes, comparable to {@code gc.alloc.rate.norm}). Operations are JMH's
 * (warm-up and measured calls of the iteration, as {@code -prof gc} divides by). The
 * instrumentation slows allocation down several times, so these forks are never the timed ones:
 * the main job runs them as a separate pass and copies only these two metrics into its results.
 * With the servers out of process, the counts are the clients' alone.
 */
public final class AllocationProfiler implements InternalProfiler {
  /** Secondary metric: allocations (objects and arrays) per operation. */
  public static final String ALLOCS = "allocs.norm";
  /** Secondary metric: bytes of those allocations per operation. */
  public static final String BYTES = "allocs.bytes.norm";
  /**
   * Secondary metric: the share of the bytes the JVM allocated in the iteration (every thread,
   * {@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes}) that the instrumenter
   * saw, 0 to 1, after the instrumenter's own 16 bytes per recorded allocation are taken out. Below 1
   * the counts are lower bounds: allocations made without a bytecode {@code new}/{@code newarray}
   * (the JVM's own, intrinsics such as {@code Unsafe}'s array allocation) are not seen. The build's
   * agent carries a current ASM ({@link InstrumenterRepack}), so the JDK's own classes are counted
   * on JDK 25 as well; the published agent's ASM stopped at Java 22 class files, and saw under 2%
   * of the WMPayload clients' bytes.
   */
  public static final String COVERAGE = "allocs.coverage";

  /** Bytes the instrumenter itself allocates per allocation it records, left out of the coverage. */
  static final long RECORDING_OVERHEAD_BYTES = 16;

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
  private static volatile long jvmBytesAtStart;

  private static final LongAdder COUNT = new LongAdder();
  private static final LongAdder SIZE = new LongAdder();
  private static volatile boolean counting;
  private static volatile boolean active;
  private static volatile boolean installed;
  private static long jvmBytesCounted;

  /** JMH builds the profiler in its own JVM too; the sampler is installed in the fork, at its first iteration. */
  public AllocationProfiler() {
    // nothing to check in JMH's host JVM
  }

  /**
   * Installs the sampler once per JVM.
   *
   * @throws ProfilerException when this JVM was started without the instrumenter agent (naming the flag to add)
   */
  static synchronized void install() throws ProfilerException {
    if (installed) {
      return;
    }
    try {
      Class.forName("com.google.monitoring.runtime.instrumentation.AllocationRecorder");
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ProfilerException("allocation counting needs the instrumenter agent in the fork: add "
          + "-jvmArgsAppend -javaagent:target/agents/java-allocation-instrumenter.jar");
    }
    if (java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .noneMatch(a -> a.startsWith("-javaagent:") && a.contains("allocation-instrumenter"))) {
      throw new ProfilerException("allocation counting needs the instrumenter agent in the fork: add "
          + "-jvmArgsAppend -javaagent:target/agents/java-allocation-instrumenter.jar");
    }
    Recorder.add();
    installed = true;
  }

  /** Kept apart so that the instrumenter's classes load only once the agent is known to be there. */
  private static final class Recorder {
    static void add() {
      com.google.monitoring.runtime.instrumentation.AllocationRecorder.addSampler(
          (int count, String desc, Object newObj, long size) -> {
            if (counting) {
              COUNT.increment();
              SIZE.add(size);
            }
          });
    }
  }

  @Override
  public String getDescription() {
    return "allocations and their bytes per operation (allocs/op), with the java-allocation-instrumenter agent";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
    try {
      install();
    } catch (ProfilerException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    COUNT.reset();
    SIZE.reset();
    jvmBytesCounted = 0;
    jvmBytesAtStart = THREADS.getTotalThreadAllocatedBytes();
    active = true;
    counting = true;
  }

  /**
   * Leaves out of the count what follows until {@link #resume}: work in the iteration that is not
   * the operation, such as a single-shot benchmark's preparation and verification, which JMH's
   * iteration hooks enclose. A no-op when no allocation pass runs. Call from the benchmark thread.
   */
  public static void pause() {
    if (active && counting) {
      counting = false;
      jvmBytesCounted += THREADS.getTotalThreadAllocatedBytes() - jvmBytesAtStart;
    }
  }

  /** Counts again after {@link #pause}; a no-op when no allocation pass runs. */
  public static void resume() {
    if (active && !counting) {
      jvmBytesAtStart = THREADS.getTotalThreadAllocatedBytes();
      counting = true;
    }
  }

  @Override
  public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
      IterationResult result) {
    pause();
    active = false;
    long jvmBytes = jvmBytesCounted;
    long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
    double allocs = ops == 0 ? Double.NaN : (double) COUNT.sum() / ops;
    double bytes = ops == 0 ? Double.NaN : (double) SIZE.sum() / ops;
    // the instrumenter's own bookkeeping allocates 16 bytes per allocation it records (measured with
    // AllocationCountBenchmark: 960 bytes allocated for 896 counted in 4 allocations); not the program's
    long program = jvmBytes - RECORDING_OVERHEAD_BYTES * COUNT.sum();
    double coverage = program <= 0 ? Double.NaN : Math.min(1.0, (double) SIZE.sum() / program);
    return List.of(new ScalarResult(ALLOCS, allocs, "allocs/op", AggregationPolicy.AVG),
        new ScalarResult(BYTES, bytes, "B/op", AggregationPolicy.AVG),
        new ScalarResult(COVERAGE, coverage, "fraction", AggregationPolicy.AVG));
  }
}
