package io.dbbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** {@link OpenLoopScheduler} with a fake clock: no real waiting, exact latencies. */
class OpenLoopSchedulerTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  /** A clock that only moves when told; parking jumps to the deadline, as an idle wait would. */
  /** A scheduler on {@code clock}, late past 1 ms, started (its first slot at the clock's now). */
  private static OpenLoopScheduler started(double ratePerSecond, int maxInFlight, FakeClock clock) {
    OpenLoopScheduler s = new OpenLoopScheduler(ratePerSecond, maxInFlight, MS, clock);
    s.start();
    return s;
  }

  static final class FakeClock implements OpenLoopScheduler.Clock {
    long now = 1_000 * MS; // an arbitrary origin: latencies must not depend on it
    final List<Long> parks = new ArrayList<>();

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void parkUntil(long deadline) {
      parks.add(deadline);
      if (deadline > now) {
        now = deadline;
      }
    }
  }

  @Test
  void requestsAreScheduledAtFixedIntervalsWhateverTheAnswers() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(100, 1000, clock); // one every 10 ms
    long t0 = clock.now;
    List<CompletableFuture<Boolean>> pending = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      CompletableFuture<Boolean> f = new CompletableFuture<>();
      pending.add(f);
      assertEquals(t0 + i * 10 * MS, s.fire(() -> f));
    }
    // Nothing answered yet, yet every request went out on time: an open loop does not wait.
    assertEquals(0, s.snapshot().late());
    assertEquals(5, s.snapshot().inFlight());
    clock.now = t0 + 100 * MS;
    pending.forEach(f -> f.complete(true));
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(5, snap.ok());
    // Latency counts from each scheduled start: 100, 90, 80, 70, 60 ms.
    Histogram h = snap.latencyNanos();
    assertEquals(5, h.getTotalCount());
    assertEquals(100.0, h.getMaxValue() / 1e6, 0.1);
    assertEquals(60.0, h.getMinValue() / 1e6, 0.1);
  }

  @Test
  void aStalledResponseShowsUpAsLatencyForTheRequestsScheduledBehindIt() throws Exception {
    FakeClock clock = new FakeClock();
    // One request in flight at a time: while the first is stalled, the others cannot start.
    OpenLoopScheduler s = started(100, 1, clock);
    long t0 = clock.now;
    // Request 0 takes 100 ms (the response stalls); the others answer at once.
    s.fire(() -> {
      clock.now += 100 * MS;
      return CompletableFuture.completedFuture(true);
    });
    for (int i = 1; i < 10; i++) {
      s.fire(() -> CompletableFuture.completedFuture(true));
    }
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(10, snap.requests());
    assertEquals(10, snap.ok());
    // Requests 1..9 were due at 10..90 ms but started at 100 ms: late, with 90..10 ms latency,
    // although each of them was served instantly. A closed loop would have reported ~0 for them.
    assertEquals(9, snap.late());
    Histogram h = snap.latencyNanos();
    for (int i = 1; i < 10; i++) {
      long expected = (100 - 10L * i) * MS;
      assertEquals(1, h.getCountBetweenValues(expected - MS / 10, expected + MS / 10), "request " + i);
    }
    assertEquals(100.0, h.getMaxValue() / 1e6, 0.1);
    assertEquals(50.0, h.getValueAtPercentile(50) / 1e6, 0.1);
    // The schedule then continues from the original time line, not from when it caught up.
    assertEquals(t0 + 100 * MS, s.fire(() -> CompletableFuture.completedFuture(true)));
    assertEquals(9, s.snapshot().late(), "request 10 was due at 100 ms and started on time");
  }

  @Test
  void failuresAreCountedAndTheirLatencyRecorded() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(1000, 10, clock);
    s.fire(() -> CompletableFuture.completedFuture(false));
    s.fire(() -> CompletableFuture.failedFuture(new IOException("reset")));
    s.fire(() -> {
      throw new IllegalStateException("could not even send");
    });
    s.fire(() -> CompletableFuture.completedFuture(true));
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(4, snap.requests());
    assertEquals(1, snap.ok());
    assertEquals(3, snap.failed());
    assertEquals(4, snap.latencyNanos().getTotalCount());
    assertEquals(0, snap.inFlight());
  }

  @Test
  void drainCountsWhatNeverAnsweredAsFailedOnce() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(1000, 10, clock);
    CompletableFuture<Boolean> never = new CompletableFuture<>();
    s.fire(() -> never);
    s.fire(() -> CompletableFuture.completedFuture(true));
    assertFalse(s.drain(TimeUnit.MILLISECONDS.toNanos(10)));
    never.complete(true); // too late: already counted
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(1, snap.ok());
    assertEquals(1, snap.failed());
    assertEquals(0, snap.inFlight());
    assertTrue(s.drain(0), "all permits are back");
  }

  @Test
  void resetClearsCountsAndStartBeginsANewTimeLine() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(10, 10, clock);
    s.fire(() -> CompletableFuture.completedFuture(true));
    s.reset();
    assertEquals(0, s.snapshot().requests());
    assertEquals(0, s.snapshot().latencyNanos().getTotalCount());
    clock.now += 5_000 * MS;
    s.start();
    assertEquals(clock.now, s.fire(() -> CompletableFuture.completedFuture(true)));
    assertEquals(0, s.snapshot().late());
  }

  @Test
  void badArgumentsNameTheValue() {
    FakeClock c = new FakeClock();
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new OpenLoopScheduler(0, 1, 0, c))
        .getMessage().contains("rate=0.0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new OpenLoopScheduler(Double.NaN, 1, 0, c))
        .getMessage().contains("rate=NaN"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new OpenLoopScheduler(10, 0, 0, c))
        .getMessage().contains("maxInFlight=0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new OpenLoopScheduler(10, 1, -1, c))
        .getMessage().contains("lateThresholdNanos=-1"));
  }

  @Test
  void threadsThatClaimSlotsRecordLatencyFromTheScheduledStartAndLateClaimsCount() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(100, 1, clock); // a slot every 10 ms
    long t0 = clock.now;
    // slot 0: claimed on time, answered after 4 ms
    long a = s.awaitSlot();
    assertEquals(t0, a);
    long begin = clock.now;
    clock.now += 4 * MS;
    s.record(a, begin, true);
    // slot 1 (t0 + 10 ms): every thread was busy until t0 + 25 ms, so it is claimed 15 ms late
    clock.now = t0 + 25 * MS;
    long b = s.awaitSlot();
    assertEquals(t0 + 10 * MS, b);
    begin = clock.now;
    clock.now += 2 * MS;
    s.record(b, begin, false);
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(2, snap.requests());
    assertEquals(1, snap.ok());
    assertEquals(1, snap.failed());
    assertEquals(1, snap.late());
    // 4 ms for the first; 17 ms for the second, from its scheduled start (15 ms late + 2 ms)
    assertEquals(4.0, snap.latencyNanos().getMinValue() / 1e6, 0.01);
    assertEquals(17.0, snap.latencyNanos().getMaxValue() / 1e6, 0.02);
  }

  /**
   * A saturated iteration: one thread, a slot every 10 ms, an iteration of 100 ms. The thread sends
   * slots 0 and 1, the second answered only at 150 ms; slots 2-9 were scheduled before the end and
   * never sent. They count unsent, their waits up to the end (80 ms for slot 2 down to 10 ms for
   * slot 9) are in the latencies, and slot 10 (at 100 ms exactly) is the next iteration's.
   */
  @Test
  void slotsNoThreadReachedBeforeTheIterationsEndCountUnsentWithTheirWait() throws Exception {
    FakeClock clock = new FakeClock();
    OpenLoopScheduler s = started(100, 1, clock);
    long t0 = clock.now;
    long a = s.awaitSlot();
    s.record(a, clock.now, true);
    long b = s.awaitSlot();
    clock.now = t0 + 150 * MS;
    s.record(b, t0 + 10 * MS, true);
    assertEquals(8, s.closeSchedule(100 * MS));
    assertEquals(0, s.closeSchedule(100 * MS), "a slot counts unsent once");
    OpenLoopScheduler.Snapshot snap = s.snapshot();
    assertEquals(2, snap.requests());
    assertEquals(8, snap.unsent());
    assertEquals(10, snap.latencyNanos().getTotalCount(), "2 sent and 8 unsent");
    assertEquals(140.0, snap.latencyNanos().getMaxValue() / 1e6, 0.2, "slot 1: 150 - 10 ms");
    // the unsent waits: 80, 70, ..., 10 ms, so with slot 0's ~0 and slot 1's 140 the median lies at 40-50 ms
    assertEquals(10, snap.latencyNanos().getCountBetweenValues(10 * MS - MS / 10, 80 * MS + MS / 10) + 2);
    // an iteration that kept up leaves nothing unsent, and no slot at or past its end is claimed for it
    s.reset();
    s.start();
    long t1 = clock.now;
    for (int i = 0; i < 10; i++) {
      long slot = s.awaitSlot();
      s.record(slot, clock.now, true);
    }
    clock.now = t1 + 100 * MS;
    assertEquals(0, s.closeSchedule(100 * MS));
    assertEquals(0, s.snapshot().unsent());
    assertThrows(IllegalArgumentException.class, () -> s.closeSchedule(-1));
  }
}
