package io.dbbench.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * The bookkeeping of one open-loop JMH trial, shared by the open-loop benchmarks: a fresh
 * {@link OpenLoopScheduler} schedule per iteration, the measurement iterations' latencies added
 * into the trial's histogram (warm-up iterations never), one {@link OpenLoopResultFile.Interval}
 * per measurement iteration for the {@code .hlog}, the trial's counts, and the servers' CPU time
 * per measured request.
 *
 * <p>Call {@link #beginIteration} from the iteration set-up and {@link #endIteration} once per
 * iteration when every request has completed (in the last thread of a {@code CyclicBarrier}, or
 * after {@link OpenLoopScheduler#drain}). Not thread-safe otherwise.
 */
public final class OpenLoopTrial {
  private final OpenLoopScheduler scheduler;
  private final LongSupplier serverCpuNanos;
  private final Histogram trial = new Histogram(1, TimeUnit.HOURS.toNanos(1), 3);
  private final List<OpenLoopResultFile.Interval> intervals = new ArrayList<>();
  private int measurementsLeft;
  private boolean measuring;
  private long iterationStartMillis;
  private long cpuAtBegin;
  private long requests;
  private long ok;
  private long failed;
  private long late;
  private long cpuNanos;
  private boolean cpuKnown = true;
  private OpenLoopScheduler.Snapshot lastIteration;

  /**
   * @param scheduler the trial's schedule
   * @param measurementIterations the trial's measurement iterations (JMH's {@code -i})
   * @param serverCpuNanos CPU time the servers have used so far in ns, or -1 when it cannot be read
   */
  public OpenLoopTrial(OpenLoopScheduler scheduler, int measurementIterations, LongSupplier serverCpuNanos) {
    this.scheduler = scheduler;
    this.measurementsLeft = measurementIterations;
    this.serverCpuNanos = serverCpuNanos;
  }

  /** The schedule. */
  public OpenLoopScheduler scheduler() {
    return scheduler;
  }

  /** Starts an iteration: empty counts, a new schedule from now; {@code measuring} for a measurement iteration. */
  public void beginIteration(boolean measuring) {
    this.measuring = measuring;
    scheduler.reset();
    cpuAtBegin = serverCpuNanos.getAsLong();
    iterationStartMillis = System.currentTimeMillis();
    scheduler.start();
  }

  /**
   * Ends the iteration (every request has completed): reads the servers' CPU, and for a
   * measurement iteration adds its counts and latencies to the trial.
   *
   * @return the iteration's counts and latencies
   */
  public OpenLoopScheduler.Snapshot endIteration() {
    long cpuNow = serverCpuNanos.getAsLong();
    OpenLoopScheduler.Snapshot s = scheduler.snapshot();
    lastIteration = s;
    if (!measuring) {
      return s;
    }
    requests += s.requests();
    ok += s.ok();
    failed += s.failed();
    late += s.late();
    if (cpuAtBegin < 0 || cpuNow < 0) {
      cpuKnown = false;
    } else {
      cpuNanos += cpuNow - cpuAtBegin;
    }
    trial.add(s.latencyNanos());
    intervals.add(new OpenLoopResultFile.Interval(iterationStartMillis, System.currentTimeMillis(), s.latencyNanos()));
    measurementsLeft--;
    return s;
  }

  /** Whether the current (or just ended) iteration is a measurement iteration. */
  public boolean measuring() {
    return measuring;
  }

  /** Whether the iteration that just ended was the trial's last measurement iteration. */
  public boolean trialDone() {
    return measuring && measurementsLeft == 0;
  }

  /** The counts of the iteration that just ended, or {@code null} before the first. */
  public OpenLoopScheduler.Snapshot lastIteration() {
    return lastIteration;
  }

  /** The trial's counts and latencies over its measurement iterations. */
  public OpenLoopScheduler.Snapshot trial() {
    return new OpenLoopScheduler.Snapshot(requests, ok, failed, late, 0, trial.copy());
  }

  /** Measurement iterations recorded so far. */
  public List<OpenLoopResultFile.Interval> intervals() {
    return List.copyOf(intervals);
  }

  /** CPU time of the servers per measured request, in µs; 0 when it could not be read or nothing was measured. */
  public double serverCpuMicrosPerRequest() {
    return !cpuKnown || requests == 0 ? 0 : cpuNanos / 1e3 / requests;
  }

  /**
   * Writes the trial's files ({@link OpenLoopResultFile#write}) to {@code dbbench.run.dir} when it is
   * set and a measurement iteration ran; otherwise nothing.
   *
   * @return the JSON file written, or {@code null}
   * @throws IOException when a file cannot be written
   */
  public Path writeFiles(String benchmark, String operation, Map<String, String> params, String backend, int rate)
      throws IOException {
    String dir = System.getProperty("dbbench.run.dir");
    if (dir == null || dir.isBlank() || intervals.isEmpty()) {
      return null;
    }
    return OpenLoopResultFile.write(Path.of(dir), benchmark, operation, params, backend, rate, trial(), intervals());
  }
}
