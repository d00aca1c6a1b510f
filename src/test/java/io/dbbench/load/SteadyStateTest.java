package io.dbbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SteadyState} on a simulated server: a fake clock, and a server whose CPU per request is a
 * function of the time since it started (a JIT settling), driven by a closed loop that completes
 * requests back to back.
 */
class SteadyStateTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;

  /** A server whose CPU per request at time t (s) is {@code cost.applyAsDouble(t)} µs; requests take that long each. */
  static final class SimulatedServer {
    long now;
    long cpu;
    final DoubleUnaryOperator costUs;

    SimulatedServer(DoubleUnaryOperator costUs) {
      this.costUs = costUs;
    }

    long runUntil(long deadline) {
      long n = 0;
      while (now < deadline) {
        long c = Math.max(1, (long) (costUs.applyAsDouble(now / 1e9) * 1000));
        now += c;
        cpu += c;
        n++;
      }
      return n;
    }
  }

  private static final SteadyState.Rule RULE = new SteadyState.Rule(1000 * MS, 0.10, 2, 3, 30 * S, 0.02);

  @Test
  void theForkPropertiesAreTheKnobsSystemPropertyNames() {
    // a family gives its forks these properties; BenchConfig reads the knob through exactly these names
    assertEquals(BenchConfig.propertyName(SteadyState.ENV_CAP), SteadyState.CAP_PROPERTY);
    assertEquals(BenchConfig.propertyName(SteadyState.ENV_WINDOW), SteadyState.WINDOW_PROPERTY);
  }

  @Test
  void aSettlingServerIsSteadyOnceThreeWindowsAgreeAndNotBefore() throws Exception {
    // 190 us when warm; 2 ms more at the start, decaying with a 3 s time constant
    SimulatedServer s = new SimulatedServer(t -> 190 + 2000 * Math.exp(-t / 3));
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> s.cpu, "server CPU", RULE, () -> s.now);
    assertTrue(o.steady(), o.describe("sim"));
    assertEquals("server CPU", o.meter());
    assertTrue(o.costPerRequestUs() < 190 * 1.15, "still well above the warm cost: " + o.describe("sim"));
    assertTrue(o.windows() >= 6, "a decay of 2 ms at tau 3 s cannot be flat within 10% in under 6 windows: " + o);
    assertEquals(o.windows(), o.windowCostsUs().size());
    long total = o.windowCostsUs().size();
    assertTrue(o.requests() > 1000 * total, "requests counted over every window: " + o.requests());
    // the last three windows lie in one 10% band, the three before them did not
    assertTrue(SteadyState.flat(o.windowCostsUs(), RULE));
    assertFalse(SteadyState.flat(o.windowCostsUs().subList(0, o.windows() - 1), RULE));
  }

  @Test
  void twoWindowsOnAPlateauDoNotMakeItSteady() throws Exception {
    // a plateau of two windows at 550-570 us while the JIT still works, then 190 us
    double[] costs = {6500, 2900, 1600, 1250, 1000, 830, 1060, 790, 545, 570, 438, 380, 262, 214, 190, 188, 191};
    SimulatedServer s = new SimulatedServer(t -> costs[Math.min(costs.length - 1, (int) t)]);
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> s.cpu, "server CPU", RULE, () -> s.now);
    assertTrue(o.steady());
    assertTrue(o.costPerRequestUs() < 200, "stopped on the plateau: " + o.describe("plateau"));
  }

  @Test
  void aServerThatNeverSettlesIsReportedNotSteadyAtTheCap() throws Exception {
    SimulatedServer s = new SimulatedServer(t -> ((int) t % 2 == 0) ? 200 : 300);
    SteadyState.Rule rule = new SteadyState.Rule(1000 * MS, 0.10, 2, 3, 8 * S, 0.02);
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> s.cpu, "server CPU", rule, () -> s.now);
    assertFalse(o.steady());
    assertEquals(7, o.windows(), "windows end a little after their deadline, so an 8th would pass the 8 s cap");
    assertTrue(o.seconds() <= 8.01, "stayed within the cap: " + o.seconds());
    assertTrue(o.describe("osc").contains("NOT steady"), o.describe("osc"));
  }

  @Test
  void withoutAServerMeterTheWallClockPerRequestIsUsed() throws Exception {
    SimulatedServer s = new SimulatedServer(t -> 100);
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> -1, "server CPU", RULE, () -> s.now);
    assertEquals("wall clock", o.meter());
    assertTrue(o.steady());
    assertEquals(100, o.costPerRequestUs(), 1.0);
  }

  @Test
  void aServerThatAnswersNothingFailsWithAReason() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> SteadyState.reach(deadline -> 0, () -> 0, "server CPU", RULE, System::nanoTime));
    assertTrue(e.getMessage().contains("completed no request"), e.getMessage());
  }

  @Test
  void knobsAreReadAndBadValuesNamed() throws Exception {
    try (AutoCloseable a = BenchConfig.override(SteadyState.ENV_CAP, "12");
        AutoCloseable b = BenchConfig.override(SteadyState.ENV_TOLERANCE, "5")) {
      SteadyState.Rule r = SteadyState.Rule.fromConfig(30);
      assertEquals(12 * S, r.capNanos());
      assertEquals(0.05, r.tolerance(), 1e-12);
      assertEquals(1000 * MS, r.windowNanos());
    }
    try (AutoCloseable unset = BenchConfig.override(SteadyState.ENV_CAP, "")) { // the build sets a test cap
      assertEquals(30 * S, SteadyState.Rule.fromConfig(30).capNanos());
    }
    try (AutoCloseable a = BenchConfig.override(SteadyState.ENV_TOLERANCE, "150")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SteadyState.Rule.fromConfig(30));
      assertTrue(e.getMessage().contains(SteadyState.ENV_TOLERANCE + "=150"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> new SteadyState.Rule(S, 0.1, 2, 3, S / 2, 0.02));
  }

  @Test
  void aFlatCostIsNotSteadyWhileTheServersJitStillCompiles() throws Exception {
    // the cost is flat from the start, but the compiler threads work 300 ms per second for 6 s
    SimulatedServer s = new SimulatedServer(t -> 500);
    long[] jit = {0};
    SteadyState.Load load = deadline -> {
      long start = s.now;
      long n = s.runUntil(deadline);
      if (start < 6 * S) {
        jit[0] += (s.now - start) * 3 / 10;
      }
      return n;
    };
    SteadyState.Outcome o = SteadyState.reach(load, () -> s.cpu, () -> jit[0], "server CPU", RULE, () -> s.now, () -> { });
    assertTrue(o.steady(), o.describe("jit"));
    assertEquals(9, o.windows(), "three quiet windows after six busy ones: " + o.windowJitMs());
    assertEquals(300, o.windowJitMs().get(0), 1);
    assertEquals(0, o.windowJitMs().get(8), 1e-9);
    assertTrue(o.describe("jit").contains("JIT 0 ms in the last window"), o.describe("jit"));
    // unreadable JIT activity (another OS): the cost alone decides
    SimulatedServer s2 = new SimulatedServer(t -> 500);
    assertEquals(3, SteadyState.reach(s2::runUntil, () -> s2.cpu, () -> -1, "server CPU", RULE, () -> s2.now, () -> { })
        .windows());
  }

  @Test
  void aCostThatScattersButNoLongerFallsIsSteadyOnceTheJitIsQuiet() throws Exception {
    // an unindexed scan: +-15% from window to window around 4 ms (a young GC now and then)
    double[] costs = {9000, 6000, 4600, 4000, 4600, 3900, 4500, 4000, 4550, 3950};
    SimulatedServer s = new SimulatedServer(t -> costs[Math.min(costs.length - 1, (int) t)]);
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> s.cpu, () -> 0, "server CPU", RULE, () -> s.now, () -> { });
    assertTrue(o.steady(), o.describe("scan"));
    assertEquals(8, o.windows(), "the first window whose last three average within 10% of the three before: " + o.windowCostsUs());
    assertFalse(SteadyState.flat(o.windowCostsUs(), RULE), "no three consecutive windows within 10%");
  }

  @Test
  void aWarmUpSaysWhatItWarmsTheCapAndItsKnobThenAFewProgressLinesAndHowItEnded() throws Exception {
    // never flat: runs to a 30 s cap in 1 s windows, so 29 windows and a progress line at most every 5 s
    SimulatedServer s = new SimulatedServer(t -> ((int) t % 2 == 0) ? 200 : 300);
    SteadyState.Rule rule = new SteadyState.Rule(1000 * MS, 0.10, 2, 3, 30 * S, 0.02);
    List<String> lines = new ArrayList<>();
    SteadyState.Outcome o = SteadyState.reach(s::runUntil, () -> s.cpu, () -> 0, "server CPU", rule, () -> s.now,
        () -> { }, new SteadyState.Progress("the ArangoDB server, bulk insert", lines::add));
    assertFalse(o.steady());
    String start = lines.get(0);
    assertTrue(start.startsWith("[dbbench] warming the ArangoDB server, bulk insert to steady state"), start);
    assertTrue(start.contains("windows of 1000 ms (-D" + SteadyState.WINDOW_PROPERTY + "=MS)"), start);
    assertTrue(start.contains("3 consecutive windows lies within 10%"), start);
    assertTrue(start.contains("JIT compiled at most 20 ms in each"), start);
    assertTrue(start.contains("at most 30 s (the cap; shorten it with -Ddbbench.warmup.cap=N, for JMH's forks"
        + " -jvmArgsAppend -Ddbbench.warmup.cap=N)"), start);
    List<String> progress = lines.subList(1, lines.size() - 1);
    assertTrue(progress.size() >= 4 && progress.size() <= 6, "one line per 5 s of a 30 s warm-up: " + lines);
    assertTrue(progress.get(0).startsWith("[dbbench]   warm-up 5 s of at most 30 s: server CPU per request of the"
        + " last windows 200, 300, 200, 300, 200 us; JIT 0 ms in the last window"), progress.get(0));
    String end = lines.get(lines.size() - 1);
    assertTrue(end.startsWith("[dbbench] the ArangoDB server, bulk insert: NOT steady at the cap after 29.0 s"
        + " (29 windows"), end);
    assertTrue(end.endsWith("the cap was 30 s (raise it with -Ddbbench.warmup.cap=N)"), end);

    // a server that settles: the opening line, no progress line before 5 s, and "steady after"
    SimulatedServer quick = new SimulatedServer(t -> 500);
    List<String> quickLines = new ArrayList<>();
    SteadyState.reach(quick::runUntil, () -> quick.cpu, () -> -1, "server CPU", RULE, () -> quick.now, () -> { },
        new SteadyState.Progress("the payload service", quickLines::add));
    assertEquals(2, quickLines.size(), quickLines.toString());
    assertTrue(quickLines.get(0).contains("(the servers' JIT activity is not readable here)"), quickLines.get(0));
    assertTrue(quickLines.get(1).startsWith("[dbbench] the payload service: steady after 3.0 s (3 windows"),
        quickLines.get(1));
  }

  @Test
  void aLevelReachedEarlierInTheRunConfirmsAScatteringServerInThreeWindows(@TempDir Path runDir) throws Exception {
    // scatters by +-15% around 4 ms from the start (no three windows within 10%, and the level rule
    // needs six): on its own it is steady after 6 windows; with the level an earlier trial left, after 3
    double[] costs = {4600, 3900, 4500, 4000, 4550, 3950, 4400, 4000};
    Optional<String> key = SteadyLevels.key("arango bulk insert docs=10000 client=driver protocol=HTTP_JSON", 4242);
    String old = System.getProperty("dbbench.run.dir");
    System.setProperty("dbbench.run.dir", runDir.toString());
    try {
      SimulatedServer first = new SimulatedServer(t -> costs[Math.min(costs.length - 1, (int) t)]);
      SteadyState.Outcome o1 = SteadyState.reach(first::runUntil, () -> first.cpu, () -> 0, "server CPU", RULE,
          () -> first.now, () -> { }, SteadyState.Progress.SILENT, key);
      assertTrue(o1.steady());
      assertEquals(6, o1.windows(), o1.windowCostsUs().toString());
      double level = SteadyLevels.lookup(runDir.resolve(SteadyLevels.FILE), key.get()).orElseThrow();
      assertEquals((4000 + 4550 + 3950) / 3.0, level, 1.0, "the mean of the last three windows is kept");

      SimulatedServer second = new SimulatedServer(t -> costs[Math.min(costs.length - 1, (int) t)]);
      List<String> lines = new ArrayList<>();
      SteadyState.Outcome o2 = SteadyState.reach(second::runUntil, () -> second.cpu, () -> 0, "server CPU", RULE,
          () -> second.now, () -> { }, new SteadyState.Progress("the ArangoDB server", lines::add), key);
      assertTrue(o2.steady());
      assertEquals(3, o2.windows(), "the first three windows average within 10% of the kept level");
      assertTrue(lines.get(0).contains("or when their mean lies within 10% of 4167 us, the level these servers reached"
          + " with this mix earlier in this run"), lines.get(0));

      // another mix or another server process has no level: it proves flatness on its own
      SimulatedServer other = new SimulatedServer(t -> costs[Math.min(costs.length - 1, (int) t)]);
      SteadyState.Outcome o3 = SteadyState.reach(other::runUntil, () -> other.cpu, () -> 0, "server CPU", RULE,
          () -> other.now, () -> { }, SteadyState.Progress.SILENT,
          SteadyLevels.key("arango bulk insert docs=10000 client=driver protocol=HTTP_JSON", 4243));
      assertEquals(6, o3.windows());

      // a server that sits 30% above the kept level (drifted, or another state) is not confirmed by it
      SimulatedServer slower = new SimulatedServer(t -> 1.3 * costs[Math.min(costs.length - 1, (int) t)]);
      SteadyState.Outcome o4 = SteadyState.reach(slower::runUntil, () -> slower.cpu, () -> 0, "server CPU", RULE,
          () -> slower.now, () -> { }, SteadyState.Progress.SILENT, key);
      assertEquals(6, o4.windows(), "steady by its own level rule only");
    } finally {
      if (old == null) {
        System.clearProperty("dbbench.run.dir");
      } else {
        System.setProperty("dbbench.run.dir", old);
      }
    }
  }

  @Test
  void levelsNeedEveryServerPidAndOnlyPositiveCostsAreKept(@TempDir Path dir) {
    assertTrue(SteadyLevels.key("payload search", 10, -1).isEmpty(), "a server whose pid is unknown gets no level");
    assertEquals("10/11/payload search", SteadyLevels.key("payload search", 10, 11).orElseThrow());
    Path file = dir.resolve(SteadyLevels.FILE);
    assertTrue(SteadyLevels.record(file, "k", Double.NaN).isPresent());
    assertTrue(SteadyLevels.record(file, "k", 0).isPresent());
    assertTrue(SteadyLevels.lookup(file, "k").isEmpty());
    assertTrue(SteadyLevels.record(file, "k", 250.5).isEmpty());
    assertTrue(SteadyLevels.record(file, "j", 10).isEmpty());
    assertEquals(250.5, SteadyLevels.lookup(file, "k").orElseThrow());
    assertEquals(10, SteadyLevels.lookup(file, "j").orElseThrow());
  }
}
