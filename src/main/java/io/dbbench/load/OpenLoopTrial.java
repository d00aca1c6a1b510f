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
  private long unsent;
  private long iterationNanos;
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

  /**
   * Starts an iteration: empty counts, a new schedule from now; {@code measuring} for a measurement
   * iteration, {@code iterationNanos} its planned length (JMH's {@code IterationParams#getTime}),
   * up to which {@link #endIteration} counts the slots no thread claimed as unsent.
   */
  public void beginIteration(boolean measuring, long iterationNanos) {
    this.measuring = measuring;
    this.iterationNanos = iterationNanos;
    scheduler.reset();
    cpuAtBegin = serverCpuNanos.getAsLong();
    iterationStartMillis = System.currentTimeMillis();
    scheduler.start();
  }

  /**
   * Ends the iteration (every request has completed): closes its schedule (the slots no thread
   * claimed before the iteration's planned end are unsent, {@link OpenLoopScheduler#closeSchedule}),
   * reads the servers' CPU, and for a measurement iteration adds its counts and latencies to the trial.
   *
   * @return the iteration's counts and latencies
   */
  public OpenLoopScheduler.Snapshot endIteration() {
    long cpuNow = serverCpuNanos.getAsLong();
    scheduler.closeSchedule(iterationNanos);
    OpenLoopScheduler.Snapshot s = scheduler.snapshot();
    lastIteration = s;
    if (!measuring) {
      return s;
    }
    requests += s.requests();
    ok += s.ok();
    failed += s.failed();
    late += s.late();
    unsent += s.unsent();
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

  /** Whether the iteration that just ended was the trial's last measurement iteration. */
  private boolean trialDone() {
    return measuring && measurementsLeft == 0;
  }

  /** The trial's counts and latencies over its measurement iterations. */
  private OpenLoopScheduler.Snapshot trial() {
    return new OpenLoopScheduler.Snapshot(requests, ok, failed, late, unsent, 0, trial.copy());
  }

  /** Measurement iterations recorded so far. */
  private List<OpenLoopResultFile.Interval> intervals() {
    return List.copyOf(intervals);
  }

  /** CPU time of the servers per measured request, in µs; 0 when it could not be read or nothing was measured. */
  private double serverCpuMicrosPerRequest() {
    return !cpuKnown || requests == 0 ? 0 : cpuNanos / 1e3 / requests;
  }

  /**
   * What one thread of an open-loop benchmark publishes as JMH secondary metrics after an iteration
   * ({@link #published}). JMH sums {@code @AuxCounters} over threads, so one thread reports the
   * shared counts and every other thread reports zeros.
   *
   * @param reported whether this thread reports: the publishing thread in a measurement iteration;
   *     when false every figure is 0
   * @param ok requests answered rightly in the iteration
   * @param failed requests answered wrongly or not at all in the iteration
   * @param late requests that started past the scheduler's late threshold in the iteration
   * @param unsent slots of the iteration's schedule that no thread claimed before its end
   *     ({@link OpenLoopScheduler#closeSchedule}): with any, the rate was not sustained
   * @param p50Us trial median latency from the scheduled start, in us (after the trial's last
   *     measurement iteration only, else 0)
   * @param p99Us trial 99th percentile latency, in us (likewise; 0 too when the trial's requests
   *     cannot support it, {@link OpenLoopResultFile#supported})
   * @param maxUs trial maximum latency, in us (likewise)
   * @param serverCpuUs servers' CPU time per measured request over the trial, in us (likewise; 0 when
   *     it could not be read)
   */
  public record Published(boolean reported, long ok, long failed, long late, long unsent, double p50Us, double p99Us,
      double maxUs, double serverCpuUs) {}

  /**
   * The figures {@code publisher} (whether the calling thread is the one that reports, e.g. thread
   * 0) publishes for the iteration that just ended ({@link #endIteration} has run): zeros unless it
   * is the publisher in a measurement iteration; the iteration's counts; the trial's percentiles
   * and server CPU after its last measurement iteration.
   */
  public Published published(boolean publisher) {
    if (!publisher || !measuring) {
      return new Published(false, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    OpenLoopScheduler.Snapshot it = lastIteration;
    if (!trialDone()) {
      return new Published(true, it.ok(), it.failed(), it.late(), it.unsent(), 0, 0, 0, 0);
    }
    Histogram h = trial().latencyNanos();
    return new Published(true, it.ok(), it.failed(), it.late(), it.unsent(), OpenLoopResultFile.us(h, 50),
        OpenLoopResultFile.supported(99, h.getTotalCount()) ? OpenLoopResultFile.us(h, 99) : 0,
        h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1e3, serverCpuMicrosPerRequest());
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
