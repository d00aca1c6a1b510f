package io.dbbench.run;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the forks beyond a family's sweep need from the job: the headline comparisons'
 * ({@link HeadlineComparisons}) and the allocation pass's and flame graphs' ({@link ExtraForks}).
 *
 * @param jmh how to run JMH (the main job's, which waits for JMH's lock)
 * @param say prints one progress line
 * @param runsHere whether this shard runs a unit
 */
record Forks(MainJob.Options options, ForkContext ctx, ExtraForks.Jmh jmh, Consumer<String> say,
    Predicate<ShardPlan.Unit> runsHere) {}
