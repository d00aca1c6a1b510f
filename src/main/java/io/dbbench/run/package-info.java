/**
 * Orchestration: {@code MainJob} runs each family (a {@code FamilyRun}, with the servers its
 * trials share) and writes the run directory, {@code JmhCommand} assembles JMH options and fork
 * flags from {@code JmhArgs}, {@code JmhRows} edits the merged JMH records, {@code ExtraForks} runs
 * the allocation pass and the flame-graph forks, {@code ShardPlan} splits a run into shards;
 * {@code Interleave} runs two jars' forks in ABBA order and compares and gates them, and
 * {@code DriftCheck} shows what blocks of forks do on a drifting machine (both command lines of
 * their own).
 *
 * <p>Below the top floor ({@code BenchMain} and the registry start it with the families), above the
 * families: imports the ground floor ({@code core}, {@code load}, {@code profile}, {@code report})
 * and no family.
 */
package io.dbbench.run;
