package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The plan's lines and the job-level progress lines, on a fake clock. */
class JobProgressTest {
  private static final List<ShardPlan.Unit> UNITS = List.of(
      new ShardPlan.Unit("a:sweep", "a", 0, 100),
      new ShardPlan.Unit("a:comparison:1", "a", 1, 300),
      new ShardPlan.Unit("b:sweep", "b", 0, 3200));

  @Test
  void thePlanListsEveryUnitWithItsSecondsAndTheTotal() {
    List<String> lines = JobProgress.planLines(UNITS, Mode.FULL, new ShardPlan.Shard(1, 3));
    assertEquals("plan: 3 units in full mode (shard 1/3), about 1 h 00 min expected (3600 s)", lines.get(0));
    assertEquals(List.of("  a:sweep            100 s", "  a:comparison:1     300 s", "  b:sweep           3200 s"),
        lines.subList(1, 4));
    assertEquals("plan: 0 units in quick mode, about 0 s expected (0 s)", JobProgress.planLines(List.of(), Mode.QUICK, null)
        .get(0));
  }

  @Test
  void eachUnitSaysDoneOverTotalElapsedAndTheTimeLeftAtThisRunsPace() {
    AtomicLong now = new AtomicLong(0);
    List<String> said = new ArrayList<>();
    JobProgress p = new JobProgress(UNITS, said::add, now::get);
    now.set(200_000_000_000L); // the first unit took twice its plan
    p.done("a:sweep", 200);
    assertEquals("progress: 1/3 units done; a:sweep took 200 s (planned 100 s); elapsed 3 min 20 s; about 1 h 56 min"
        + " left at this run's pace (58 min 20 s by the plan)", said.get(0));
    p.dropped("b:sweep", "its family was skipped");
    assertEquals("progress: b:sweep will not run (its family was skipped); 1 unit left, about 5 min 00 s by the plan",
        said.get(1));
    now.set(350_000_000_000L);
    p.done("a:comparison:1", 150);
    assertEquals("progress: 2/2 units done (1 dropped); a:comparison:1 took 150 s (planned 300 s); elapsed 5 min 50 s;"
        + " nothing left", said.get(2));
    p.done("a:comparison:1", 1);
    p.done("not-in-the-plan", 1);
    assertEquals(3, said.size(), "a unit done twice, or one outside the plan, prints nothing");
  }

  @Test
  void theTimeLeftScalesByAPaceKeptWithinItsBounds() {
    AtomicLong now = new AtomicLong(0);
    List<String> said = new ArrayList<>();
    JobProgress p = new JobProgress(UNITS, said::add, now::get);
    now.set(1_000_000_000L); // 1 s for a 100 s unit: pace 0.01, bounded at 0.5
    p.done("a:sweep", 1);
    assertTrue(said.get(0).endsWith("about 29 min 10 s left at this run's pace (58 min 20 s by the plan)"), said.get(0));
  }

  @Test
  void aUnitReportedAfterTheUnitsBehindItDoesNotSkewThePace() {
    AtomicLong now = new AtomicLong(0);
    List<String> said = new ArrayList<>();
    JobProgress p = new JobProgress(UNITS, said::add, now::get);
    // the comparison ran first (300 s, its plan) but is reported after the sweep that ran behind it
    // (100 s, its plan), as a family's main sweep is after its further sweeps: the first line comes
    // at 400 s elapsed for 100 planned seconds, which is still the plan's pace, not 4x
    now.set(400_000_000_000L);
    p.done("a:sweep", 100);
    assertTrue(said.get(0).endsWith("about 58 min 20 s left at this run's pace (58 min 20 s by the plan)"), said.get(0));
    p.done("a:comparison:1", 300);
    assertTrue(said.get(1).endsWith("about 53 min 20 s left at this run's pace (53 min 20 s by the plan)"), said.get(1));
  }

  @Test
  void aFurtherSweepIsAUnitOfThePlanWithItsOwnSeconds() {
    FamilySettings.Sweep w = new FamilySettings.Sweep("study-points", "Bench\\.op$",
        java.util.Map.of("size", List.of("1", "2")), List.of("-f", "1"), "the study's points", 42);
    assertEquals(List.of("-f", "1", "-p", "size=1,2"), w.toJmhArgs());
    assertTrue(w.runs("x.Bench.op") && !w.runs("x.Bench.other"));
    assertEquals(new ShardPlan.Unit("fam:sweep:study-points", "fam", 0, 42), ShardPlan.Unit.sweep("fam", w.name(),
        w.expectedSeconds()));
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> new FamilySettings.Sweep(
        "Study Points", "x", java.util.Map.of(), List.of(), "p", 1));
    assertEquals("sweep name 'Study Points': expected lower-case letters, digits and dashes", bad.getMessage());
    bad = assertThrows(IllegalArgumentException.class, () -> new FamilySettings.Sweep("s", "x",
        java.util.Map.of("size", List.of("1,2")), List.of(), "p", 1));
    assertEquals("sweep s: @Param size values [1,2]: expected one or more values, none blank or holding a comma",
        bad.getMessage());
    bad = assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder()
        .sweep("s", "x", "p", 1, List.of()).sweep("s", "y", "p", 1, List.of()).build());
    assertEquals("sweep 's' is declared twice; expected one name per sweep", bad.getMessage());
    bad = assertThrows(IllegalArgumentException.class, () -> new FamilySettings.Sweep("s", "x", java.util.Map.of(),
        List.of("-p", "a=1"), "p", 1));
    assertTrue(bad.getMessage().contains("may not set -p"), bad.getMessage());
  }
}
