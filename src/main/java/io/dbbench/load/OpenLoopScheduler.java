package io.dbbench.load;

import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * An open-loop load generator: request {@code i} is <em>scheduled</em> at {@code t0 + i / rate},
 * whatever happened to earlier requests, and its latency is measured from that scheduled start to
 * its completion (the correction for coordinated omission that wrk2 and real-logic's benchmarks
 * apply). A stalled response therefore shows up as latency in every request scheduled behind it
 * that had to wait, instead of silently lowering the request rate as a closed loop would.
 *
 * <p>{@link #fire} waits for the next slot, takes one of {@code maxInFlight} permits (blocking when
 * all are taken: the requests behind then start late), starts the request and returns at once;
 * completion is recorded asynchronously. A request is <em>late</em> when it starts more than
 * {@code lateThresholdNanos} after its scheduled start. When the generator falls behind it does
 * not skip slots: it fires back to back until it has caught up.
 *
 * <p>Two ways to dispatch. {@link #fire}: one dispatching thread starts every request
 * asynchronously. {@link #awaitSlot} and {@link #record}: several threads each claim the next
 * slot, wait for it, send one request synchronously and record it; the request is late when its
 * thread claimed the slot after its scheduled start (all threads were busy). The second form lets
 * a JMH benchmark time each request itself (the slot wait in a {@code Level.Invocation} set-up,
 * outside the timing), so JMH's primary score is a latency rather than the dispatch interval.
 *
 * <p>Latencies are recorded in nanoseconds into an HdrHistogram (1 ns .. 1 h, 3 significant
 * digits). Thread-safe for one {@link #fire} thread, or any number of {@link #awaitSlot} threads,
 * and any number of completing threads.
 */
public final class OpenLoopScheduler {
  /** Time source and waiting, replaceable by a fake clock in tests. */
  public interface Clock {
    /** Monotonic time in nanoseconds. */
    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code deadline}. */
    void parkUntil(long deadline) throws InterruptedException;
  }

  /** {@link System#nanoTime()} with {@link LockSupport#parkNanos(long)}. */
  public static final Clock SYSTEM_CLOCK = new Clock() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void parkUntil(long deadline) throws InterruptedException {
      for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
        LockSupport.parkNanos(left);
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
    }
  };

  /**
   * Counts and latencies accumulated since the last {@link #reset()}.
   *
   * @param requests requests sent
   * @param ok sent and answered rightly
   * @param failed sent and answered wrongly or not at all
   * @param late sent past the late threshold after their scheduled start
   * @param unsent slots scheduled before the iteration's end that no thread ever claimed
   *     ({@link #closeSchedule}): never sent, their latency recorded up to the iteration's end
   * @param inFlight requests outstanding at the snapshot
   * @param latencyNanos every sent request's latency from its scheduled start, and every unsent slot's
   *     wait up to the iteration's end, ns
   */
  public record Snapshot(long requests, long ok, long failed, long late, long unsent, long inFlight,
      Histogram latencyNanos) {}

  private final double intervalNanos;
  private final int maxInFlight;
  private final long lateThresholdNanos;
  private final Clock clock;
  private final Semaphore permits;
  private final Histogram histogram = new Histogram(1, TimeUnit.HOURS.toNanos(1), 3);
  private final Set<InFlight> inFlight = ConcurrentHashMap.newKeySet();
  private final LongAdder ok = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder requests = new LongAdder();
  private final LongAdder late = new LongAdder();
  private final LongAdder unsent = new LongAdder();
  private final AtomicLong next = new AtomicLong();
  private volatile long t0;

  private static final class InFlight {
    final long scheduled;
    final AtomicBoolean done = new AtomicBoolean();

    InFlight(long scheduled) {
      this.scheduled = scheduled;
    }
  }

  /**
   * A scheduler; call {@link #start()} before the first {@link #fire}.
   *
   * @param ratePerSecond requests per second, greater than 0
   * @param maxInFlight most requests outstanding at once, at least 1
   * @param lateThresholdNanos how far behind its scheduled start a request may begin before it
   *     counts as late, at least 0
   * @param clock time source
   * @throws IllegalArgumentException naming any value out of range
   */
  public OpenLoopScheduler(double ratePerSecond, int maxInFlight, long lateThresholdNanos, Clock clock) {
    if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
      throw new IllegalArgumentException("rate=" + ratePerSecond + " requests/s; expected a positive number");
    }
    if (maxInFlight < 1) {
      throw new IllegalArgumentException("maxInFlight=" + maxInFlight + "; expected at least 1");
    }
    if (lateThresholdNanos < 0) {
      throw new IllegalArgumentException("lateThresholdNanos=" + lateThresholdNanos + "; expected >= 0");
    }
    this.intervalNanos = 1e9 / ratePerSecond;
    this.maxInFlight = maxInFlight;
    this.lateThresholdNanos = lateThresholdNanos;
    this.clock = clock;
    this.permits = new Semaphore(maxInFlight);
  }

  /** Starts a new schedule at the clock's current time; counts and latencies are kept. */
  public void start() {
    next.set(0);
    t0 = clock.nanoTime();
  }

  /**
   * Claims the next slot (any number of threads may call this at once) and waits until its
   * scheduled start; the caller then sends one request and calls {@link #record}. When every
   * thread was busy past a slot's start the caller returns at once, and the request is late.
   *
   * @return the slot's scheduled start, in the clock's nanoseconds
   * @throws InterruptedException when interrupted while waiting
   */
  public long awaitSlot() throws InterruptedException {
    long scheduled = t0 + (long) (next.getAndIncrement() * intervalNanos);
    clock.parkUntil(scheduled);
    return scheduled;
  }

  /**
   * Records a request sent synchronously in the slot {@link #awaitSlot} returned: begun at
   * {@code beginNanos}, completed now; its latency counts from {@code scheduled}.
   *
   * @param success whether it answered as expected
   */
  public void record(long scheduled, long beginNanos, boolean success) {
    requests.increment();
    if (beginNanos - scheduled > lateThresholdNanos) {
      late.increment();
    }
    long latency = Math.max(1, clock.nanoTime() - scheduled);
    synchronized (histogram) {
      histogram.recordValue(Math.min(latency, histogram.getHighestTrackableValue()));
    }
    (success ? ok : failed).increment();
  }

  /**
   * Waits for the next slot and starts {@code request}, which answers {@code true} for success.
   * A request that throws, completes exceptionally or answers {@code false} counts as failed; its
   * latency is recorded all the same.
   *
   * @return the request's scheduled start, in the clock's nanoseconds
   * @throws InterruptedException when interrupted while waiting for the slot or a permit
   */
  public long fire(Supplier<? extends CompletionStage<Boolean>> request) throws InterruptedException {
    long scheduled = t0 + (long) (next.getAndIncrement() * intervalNanos);
    clock.parkUntil(scheduled);
    permits.acquire();
    long begin = clock.nanoTime();
    requests.increment();
    if (begin - scheduled > lateThresholdNanos) {
      late.increment();
    }
    InFlight f = new InFlight(scheduled);
    inFlight.add(f);
    CompletionStage<Boolean> stage;
    try {
      stage = request.get();
    } catch (RuntimeException e) {
      complete(f, false);
      return scheduled;
    }
    stage.whenComplete((res, err) -> complete(f, err == null && Boolean.TRUE.equals(res)));
    return scheduled;
  }

  private void complete(InFlight f, boolean success) {
    if (!f.done.compareAndSet(false, true)) {
      return;
    }
    long latency = Math.max(1, clock.nanoTime() - f.scheduled);
    synchronized (histogram) {
      histogram.recordValue(Math.min(latency, histogram.getHighestTrackableValue()));
    }
    (success ? ok : failed).increment();
    inFlight.remove(f);
    permits.release();
  }

  /**
   * Ends the schedule of an iteration meant to last {@code iterationNanos} from {@link #start()}:
   * every slot scheduled before its end (that end, or now when that is earlier) that no thread
   * claimed is counted {@code unsent} and its latency recorded as the wait from its scheduled start
   * to that end (a lower bound: it never went), so a saturated iteration keeps its slowest requests
   * instead of losing them. Slots after the end are not the iteration's. Call it once the
   * iteration's dispatching has stopped, before {@link #snapshot()}.
   *
   * @param iterationNanos the iteration's planned length (JMH's {@code -r}), ns, at least 0
   * @return the slots counted unsent now
   * @throws IllegalArgumentException when {@code iterationNanos} is negative
   */
  public long closeSchedule(long iterationNanos) {
    if (iterationNanos < 0) {
      throw new IllegalArgumentException("iterationNanos=" + iterationNanos + "; expected >= 0");
    }
    long end = Math.min(clock.nanoTime(), t0 + iterationNanos);
    long last = (long) Math.ceil((end - t0) / intervalNanos) - 1; // the last slot scheduled before the end
    long first = next.getAndUpdate(n -> Math.max(n, last + 1));
    long count = Math.max(0, last + 1 - first);
    synchronized (histogram) {
      for (long i = first; i <= last; i++) {
        long wait = Math.max(1, end - (t0 + (long) (i * intervalNanos)));
        histogram.recordValue(Math.min(wait, histogram.getHighestTrackableValue()));
      }
    }
    unsent.add(count);
    return count;
  }

  /**
   * Waits up to {@code timeoutNanos} of real time for every started request to complete; requests
   * still outstanding then are recorded as failed with their latency so far.
   *
   * @return {@code true} when everything completed in time
   * @throws InterruptedException when interrupted while waiting
   */
  public boolean drain(long timeoutNanos) throws InterruptedException {
    if (permits.tryAcquire(maxInFlight, timeoutNanos, TimeUnit.NANOSECONDS)) {
      permits.release(maxInFlight);
      return true;
    }
    for (InFlight f : inFlight) {
      complete(f, false);
    }
    return false;
  }

  /** Clears counts and latencies (after a warm-up); call only when nothing is in flight. */
  public void reset() {
    synchronized (histogram) {
      histogram.reset();
    }
    ok.reset();
    failed.reset();
    requests.reset();
    late.reset();
    unsent.reset();
  }

  /** Counts and a copy of the latency histogram since the last {@link #reset()}. */
  public Snapshot snapshot() {
    Histogram copy;
    synchronized (histogram) {
      copy = histogram.copy();
    }
    return new Snapshot(requests.sum(), ok.sum(), failed.sum(), late.sum(), unsent.sum(), inFlight.size(), copy);
  }
}
