package io.dbbench.run;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The units one main job measures, out of its plan ({@link ShardPlan#units}): every unit, this
 * shard's ({@link ShardPlan#partition}), or those {@code bench.units} selected.
 *
 * @param mine the units this job runs, in plan order
 * @param owned their ids, or {@code null} when the job runs the whole plan (unsharded, unselected)
 * @param emptyShard whether this job is a shard that owns no unit of a non-empty plan
 */
record RunUnits(List<ShardPlan.Unit> mine, Set<String> owned, boolean emptyShard) {
  /**
   * This job's units of {@code units} (the plan, already narrowed by {@code bench.units}): with a
   * shard, its part, recorded in the manifest's {@code shard} section ({@code index}, {@code count},
   * {@code units} (this shard's), {@code plan} (every shard's), {@code expected_seconds} per shard
   * and {@code empty}). A shard that owns none of the plan's units (a Kubernetes Indexed Job with
   * more pods than units) says so in one line, runs nothing and writes its run directory all the
   * same, so {@code report merge} finds every shard of the set.
   */
  static RunUnits of(List<ShardPlan.Unit> units, MainJob.Options options, ManifestBuilder manifest,
      Consumer<String> say) {
    if (options.shard() == null) {
      if (options.units() == null) {
        return new RunUnits(units, null, false);
      }
      say.accept("units matching '" + options.units().pattern() + "': " + ids(units));
      return new RunUnits(units, Set.copyOf(ids(units)), false);
    }
    List<List<ShardPlan.Unit>> parts = ShardPlan.partition(units, options.shard().count());
    List<ShardPlan.Unit> mine = parts.get(options.shard().index());
    boolean empty = mine.isEmpty() && !units.isEmpty();
    manifest.shard(options.shard(), ids(mine), ids(units), ShardPlan.expectedSeconds(parts), empty);
    if (empty) {
      say.accept("shard " + options.shard() + ": nothing to run: the plan's " + units.size() + " unit(s) " + ids(units)
          + " all run in other shards; writing this shard's run directory as empty");
    } else {
      say.accept("shard " + options.shard() + ": " + mine.size() + " of " + units.size() + " units " + ids(mine)
          + ", about " + ShardPlan.expectedSeconds(parts).get(options.shard().index()) + " s expected");
    }
    return new RunUnits(mine, mine.stream().map(ShardPlan.Unit::id).collect(Collectors.toUnmodifiableSet()), empty);
  }

  private static List<String> ids(List<ShardPlan.Unit> units) {
    return units.stream().map(ShardPlan.Unit::id).toList();
  }
}
