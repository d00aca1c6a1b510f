package io.dbbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link OpenLoopTrial#published}: what the open-loop benchmarks' counters show, with a fake clock. */
class OpenLoopTrialTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @Test
  void onlyThePublisherReportsAndThePercentilesWaitForTheTrialsLastIteration() {
    OpenLoopSchedulerTest.FakeClock clock = new OpenLoopSchedulerTest.FakeClock();
    OpenLoopTrial t = new OpenLoopTrial(new OpenLoopScheduler(100, 10, MS, clock), 2, () -> -1);
    t.beginIteration(false, 0);
    t.scheduler().record(clock.now, clock.now, true);
    t.endIteration();
    assertEquals(new OpenLoopTrial.Published(false, 0, 0, 0, 0, 0, 0, 0, 0), t.published(true), "warm-up: nothing");

    t.beginIteration(true, 0);
    t.scheduler().record(clock.now, clock.now, true);
    t.scheduler().record(clock.now, clock.now, false);
    t.endIteration();
    OpenLoopTrial.Published first = t.published(true);
    assertTrue(first.reported());
    assertEquals(1, first.ok());
    assertEquals(1, first.failed());
    assertEquals(0, first.p50Us(), "percentiles only after the trial's last measurement iteration");
    assertFalse(t.published(false).reported(), "other threads report zeros");
    assertEquals(0, t.published(false).ok());

    t.beginIteration(true, 0);
    long scheduled = clock.now;
    clock.now += 2 * MS; // answered 2 ms after its scheduled start
    t.scheduler().record(scheduled, scheduled, true);
    t.endIteration();
    OpenLoopTrial.Published last = t.published(true);
    assertEquals(1, last.ok());
    assertEquals(0, last.failed());
    assertEquals(2000, last.maxUs(), 20, "the trial's maximum, in us");
    assertEquals(0, last.p99Us(), "3 requests cannot support a 99th percentile");
    assertEquals(0, last.serverCpuUs(), "no server CPU readable");
  }

  /** A measurement iteration whose thread reached 1 of its 5 slots publishes 4 unsent, and the trial's file keeps them. */
  @Test
  void unsentSlotsArePublishedAndKeptInTheTrial() throws Exception {
    OpenLoopSchedulerTest.FakeClock clock = new OpenLoopSchedulerTest.FakeClock();
    OpenLoopTrial t = new OpenLoopTrial(new OpenLoopScheduler(100, 1, MS, clock), 1, () -> -1);
    t.beginIteration(true, 50 * MS); // 5 slots of 10 ms
    long slot = t.scheduler().awaitSlot();
    clock.now += 60 * MS; // the one request took 60 ms
    t.scheduler().record(slot, slot, true);
    assertEquals(4, t.endIteration().unsent());
    OpenLoopTrial.Published p = t.published(true);
    assertEquals(1, p.ok());
    assertEquals(4, p.unsent());
    assertEquals(60_000, p.maxUs(), 100);
  }
}
