package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.Families;
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
    MainJob job = new MainJob(Families.all(), new MainJob.Options(false, null, List.of(), null, Path.of("unused")),
        System.out, Clock.systemUTC());
    return job.planUnits(MainJob.allBenchmarks());
  }

  @Test
  void theQuickPlanHasEveryFamilysSweepAndEveryHeadlineComparisonAsAUnit() {
    List<String> ids = quickPlan().stream().map(ShardPlan.Unit::id).toList();
    assertEquals(List.of("graphj:sweep", "graphj:comparison:1", "jdbc:sweep", "jdbc:comparison:1", "graph:sweep",
        "graph:comparison:1", "payload:sweep", "payload:comparison:1", "arango:sweep", "arango:comparison:1",
        "arango:comparison:2"), ids, "the mongo family leaves every benchmark to full mode");
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
    // two machines: 773 s of quick units split within a unit of each other
    List<Integer> two = ShardPlan.expectedSeconds(ShardPlan.partition(units, 2));
    assertTrue(Math.abs(two.get(0) - two.get(1)) <= 125, two.toString());
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
