package io.dbbench.profile;

import java.io.File;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that records the machine's state ({@link MachineState}) around every fork, so
 * that a result says whether it shared its cores: {@code -prof io.dbbench.profile.MachineStateProfiler}
 * on the command line, or {@code OptionsBuilder.addProfiler(MachineStateProfiler.class)}. JMH calls
 * {@link #beforeTrial} and {@link #afterTrial} in the host JVM around each forked JVM, and keeps
 * the returned values as secondary metrics of the result:
 *
 * <ul>
 *   <li>{@value #LOAD}: the larger 1-minute load average before and after the fork (the largest
 *       over forks, {@code AggregationPolicy.MAX});</li>
 *   <li>{@value #CPUS}: online CPUs;</li>
 *   <li>{@value #STEAL}: percent of CPU time stolen by the hypervisor during the fork (the
 *       largest over forks);</li>
 *   <li>{@value #BUSY}: percent of all CPUs' time busy during the fork (the largest over forks);</li>
 *   <li>{@value #OTHER_BUSY}: percent of all CPUs' time that processes other than the
 *       benchmark's own used during the fork ({@link ProcessCpu}; the largest over forks).</li>
 * </ul>
 *
 * The report ({@code io.dbbench.report.stats.MeasurementWarnings}) warns on rows where other processes used more than
 * {@value io.dbbench.report.stats.MeasurementWarnings#OTHER_BUSY_LIMIT_PCT}% of the CPUs or the hypervisor stole more than
 * 5%; the load average counts the benchmark's own threads, so it is recorded, not judged.
 */
public final class MachineStateProfiler implements ExternalProfiler {
  /** What every secondary-metric name of this profiler starts with. */
  public static final String PREFIX = "machine.";
  /** Secondary-metric name of the 1-minute load average. */
  public static final String LOAD = "machine.load1";
  /** Secondary-metric name of the online CPUs. */
  public static final String CPUS = "machine.cpus";
  /** Secondary-metric name of the stolen CPU time, percent. */
  public static final String STEAL = "machine.steal";
  /** Secondary-metric name of the busy CPU time, percent. */
  public static final String BUSY = "machine.busy";
  /** Secondary-metric name of the CPU time other processes used, percent of all CPUs' time. */
  public static final String OTHER_BUSY = "machine.other_busy";
  /** What names the benchmark's own processes in a command line ({@link ProcessCpu#own}). */
  static final String OWN_MARKER = "dbbench";

  private MachineState before;
  private ProcessCpu processesBefore;

  @Override
  public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
    return List.of();
  }

  @Override
  public Collection<String> addJVMOptions(BenchmarkParams params) {
    return List.of();
  }

  @Override
  public void beforeTrial(BenchmarkParams benchmarkParams) {
    before = MachineState.read();
    processesBefore = ProcessCpu.read();
  }

  @Override
  public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
    MachineState.Interval i = new MachineState.Interval(before == null ? MachineState.read() : before,
        MachineState.read());
    List<Result> out = new ArrayList<>();
    out.add(new ScalarResult(LOAD, i.maxLoad1(), "load", AggregationPolicy.MAX));
    out.add(new ScalarResult(CPUS, i.after().onlineCpus(), "cpus", AggregationPolicy.MAX));
    if (!Double.isNaN(i.stealPct())) {
      out.add(new ScalarResult(STEAL, i.stealPct(), "%", AggregationPolicy.MAX));
      out.add(new ScalarResult(BUSY, i.busyPct(), "%", AggregationPolicy.MAX));
      double other = otherBusyPct(i, processesBefore, ProcessCpu.read(), pid);
      if (!Double.isNaN(other)) {
        out.add(new ScalarResult(OTHER_BUSY, other, "%", AggregationPolicy.MAX));
      }
    }
    return out;
  }

  /**
   * Percent of all CPUs' time between the snapshots that processes other than the benchmark's
   * own used ({@link ProcessCpu#otherTicks}, roots: this JVM and the fork {@code forkPid}); NaN
   * without {@code /proc}.
   */
  static double otherBusyPct(MachineState.Interval i, ProcessCpu before, ProcessCpu after, long forkPid) {
    if (before == null || before.processes().isEmpty() || after.processes().isEmpty()
        || i.before().cpu() == null || i.after().cpu() == null) {
      return Double.NaN;
    }
    long total = i.after().cpu().total() - i.before().cpu().total();
    if (total <= 0) {
      return Double.NaN;
    }
    long other = ProcessCpu.otherTicks(before, after, Set.of(ProcessHandle.current().pid(), forkPid), OWN_MARKER);
    return Math.min(100.0, 100.0 * other / total);
  }

  @Override
  public boolean allowPrintOut() {
    return true;
  }

  @Override
  public boolean allowPrintErr() {
    return true;
  }

  @Override
  public String getDescription() {
    return "dbbench: load average, online CPUs and CPU steal around each fork";
  }
}
