package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.Families;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The shard plan: every unit in exactly one shard, shards balanced by expected time, headline
 * comparisons whole, the same split on every machine and whatever order the units come in, and
 * the {@code i/n} settings checked.
 */
class ShardPlanTest {
  static Map<String, Integer> owners(List<List<ShardPlan.Unit>> parts) {
    Map<String, Integer> owner = new HashMap<>();
    for (int i = 0; i < parts.size(); i++) {
      for (ShardPlan.Unit u : parts.get(i)) {
        assertNull(owner.put(u.id(), i), u.id() + " in two shards");
      }
    }
    return owner;
  }

  /** The units of the quick main job over every family, as every shard computes them. */
  static List<ShardPlan.Unit> quickPlan() {
    MainJob job = new MainJob(Families.all(), new MainJob.Options(Mode.QUICK, null, List.of(), null, Path.of("unused")),
        System.out, Clock.systemUTC());
    return job.planUnits(MainJob.allBenchmarks());
  }

  /**
   * The quick plan, from the registry's families in run order: a family whose quick settings leave
   * a compiled benchmark after their exclusions has a sweep unit expected to take its declared
   * seconds; each of its headline comparisons is a unit of its own, numbered from 1 in declaration
   * order, expected to take the comparison's declared seconds; each study client of its mode whose
   * rows the run selects is a unit after them. No family is named here.
   */
  @Test
  void theQuickPlanHasEveryFamilysSweepAndEveryHeadlineComparisonAsAUnit() {
    List<String> expected = new ArrayList<>();
    Map<String, Integer> seconds = new HashMap<>();
    Set<String> all = MainJob.allBenchmarks();
    int withComparisons = 0;
    for (BenchmarkFamily f : Families.all()) {
      Pattern p = Pattern.compile(f.includeRegex());
      FamilySettings s = f.settings(Mode.QUICK);
      List<String> mine = all.stream().filter(b -> p.matcher(b).find()).toList();
      if (mine.stream().anyMatch(b -> !s.isExcluded(b))) {
        expected.add(f.id() + ":sweep");
        seconds.put(f.id() + ":sweep", f.expectedSweepSeconds());
      }
      int k = 0;
      for (FamilySettings.HeadlineComparison c : s.comparisons()) {
        assertTrue(mine.contains(c.benchmark()), c.label() + " is a compiled benchmark of " + f.id());
        String id = f.id() + ":comparison:" + ++k;
        expected.add(id);
        seconds.put(id, c.expectedSeconds() == null ? BenchmarkFamily.DEFAULT_EXPECTED_SECONDS : c.expectedSeconds());
      }
      for (io.dbbench.core.StudyClient c : s.studyClients()) {
        if (mine.stream().anyMatch(c::pairsWith)) {
          expected.add(f.id() + ":client:" + c.name());
          seconds.put(f.id() + ":client:" + c.name(), c.expectedSeconds());
        }
      }
      withComparisons += k > 0 ? 1 : 0;
    }
    List<ShardPlan.Unit> plan = quickPlan();
    assertEquals(expected, plan.stream().map(ShardPlan.Unit::id).toList());
    plan.forEach(u -> assertEquals(seconds.get(u.id()), u.expectedSeconds(), u.id() + ": the seconds its room declares"));
    assertTrue(withComparisons >= 5, "every study room's family runs a headline comparison: " + withComparisons);
    assertTrue(plan.stream().anyMatch(u -> u.expectedSeconds() != BenchmarkFamily.DEFAULT_EXPECTED_SECONDS),
        "the rooms declare measured seconds");
    assertTrue(plan.stream().anyMatch(u -> u.id().equals("arango:client:go-driver")),
        "quick mode runs the go-driver insert pair beside the ArangoDB rows: " + plan);
  }

  /** A study client is planned only when the run selects a row it stands beside. */
  @Test
  void aStudyClientIsPlannedOnlyBesideItsRows() {
    Set<String> all = MainJob.allBenchmarks();
    List<String> withArango = ShardPlan.units(Families.all(), io.dbbench.core.Mode.FULL, Pattern.compile("ArangoBulkBenchmark"), all).stream()
        .map(ShardPlan.Unit::id).toList();
    assertTrue(withArango.contains("arango:client:go-driver"), withArango.toString());
    assertFalse(withArango.contains("arango:client:arangojs"), "arangojs stands beside the pool rows: " + withArango);
    List<String> graphOnly = ShardPlan.units(Families.all(), io.dbbench.core.Mode.FULL, Pattern.compile("GraphWriteBenchmark"), all).stream()
        .map(ShardPlan.Unit::id).toList();
    assertTrue(graphOnly.stream().noneMatch(u -> u.contains(":client:")), graphOnly.toString());
  }

  @Test
  void everyUnitLandsInExactlyOneShardAndTheShardsAreBalanced() {
    List<ShardPlan.Unit> units = quickPlan();
    for (int n = 1; n <= 6; n++) {
      List<List<ShardPlan.Unit>> parts = ShardPlan.partition(units, n);
      assertEquals(n, parts.size());
      Map<String, Integer> owner = owners(parts);
      assertEquals(units.size(), owner.size(), "every unit once with " + n + " shards");
      List<Integer> secs = ShardPlan.expectedSeconds(parts);
      int largest = units.stream().mapToInt(ShardPlan.Unit::expectedSeconds).max().orElseThrow();
      // longest-processing-time first: the fullest shard exceeds the emptiest by at most one unit
      assertTrue(Collections.max(secs) - Collections.min(secs) <= largest, n + " shards: " + secs);
    }
    // two machines: the quick units split within the largest unit of each other
    List<Integer> two = ShardPlan.expectedSeconds(ShardPlan.partition(units, 2));
    int largest = units.stream().mapToInt(ShardPlan.Unit::expectedSeconds).max().orElseThrow();
    assertTrue(Math.abs(two.get(0) - two.get(1)) <= largest, two.toString());
  }

  @Test
  void theSplitIsTheSameOnEveryMachineWhateverTheUnitOrder() {
    List<ShardPlan.Unit> units = quickPlan();
    Map<String, Integer> reference = owners(ShardPlan.partition(units, 3));
    Random r = new Random(7);
    for (int i = 0; i < 20; i++) {
      List<ShardPlan.Unit> shuffled = new ArrayList<>(units);
      Collections.shuffle(shuffled, r);
      assertEquals(reference, owners(ShardPlan.partition(shuffled, 3)));
    }
  }

  @Test
  void headlineComparisonsStayWholeAndMoreShardsThanUnitsLeaveSomeEmpty() {
    List<ShardPlan.Unit> units = List.of(ShardPlan.Unit.sweep("a"), ShardPlan.Unit.comparison("a", 1));
    List<List<ShardPlan.Unit>> parts = ShardPlan.partition(units, 3);
    Set<String> placed = new TreeSet<>();
    parts.forEach(p -> p.forEach(u -> placed.add(u.id())));
    assertEquals(Set.of("a:sweep", "a:comparison:1"), placed, "a comparison is one unit: both its sides, all its forks");
    assertEquals(1, parts.stream().filter(List::isEmpty).count());
    assertThrows(IllegalArgumentException.class, () -> ShardPlan.partition(List.of(units.get(0), units.get(0)), 2));
  }

  @Test
  void shardSettingsAreCheckedAndReadFromTheEnvironment() {
    assertEquals(new ShardPlan.Shard(1, 2), ShardPlan.Shard.parse(" 1/2 "));
    for (String bad : List.of("2/2", "-1/2", "0/0", "a/b", "1", "", "1/2/3")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardPlan.Shard.parse(bad), bad);
      assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }
    assertEquals(new ShardPlan.Shard(0, 3), ShardPlan.Shard.fromEnvironment(Map.of("DBBENCH_SHARD", "0/3")::get));
    assertEquals(new ShardPlan.Shard(2, 4), ShardPlan.Shard.fromEnvironment(
        Map.of("JOB_COMPLETION_INDEX", "2", "DBBENCH_SHARD_COUNT", "4")::get));
    assertNull(ShardPlan.Shard.fromEnvironment(Map.<String, String>of()::get));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ShardPlan.Shard.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "2")::get));
    assertTrue(e.getMessage().contains("DBBENCH_SHARD_COUNT"), e.getMessage());
  }
}
