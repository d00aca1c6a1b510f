/**
 * Orchestration: {@code MainJob} runs each family (a {@code FamilyRun}, with the servers its
 * trials share) and writes the run directory, {@code JmhCommand} assembles JMH options and fork
 * flags from {@code JmhArgs}, {@code JmhRows} edits the merged JMH records, {@code ExtraForks} runs
 * the allocation pass and the flame-graph forks, {@code ShardPlan} splits a run into shards;
 * {@code PairedBlocks} is the one runner of paired comparisons: {@code Side}s (a JMH fork,
 * {@code JmhForkSide}; an external program, {@code ProcessSide}) run once per block in ABBA order
 * with the machine and their own CPU around each run; {@code Interleave} runs two jars' forks
 * through it and compares and gates them, {@code DriftCheck} shows what blocks of forks do on a
 * drifting machine (both command lines of their own), and {@code io.dbbench.PairedMain} runs the
 * studies' own code beside dbbench's rows through it.
 *
 * <p>Below the top floor ({@code BenchMain} and the registry start it with the families), above the
 * families: imports the ground floor ({@code core}, {@code load}, {@code profile}, {@code report})
 * and no family.
 */
package io.dbbench.run;
