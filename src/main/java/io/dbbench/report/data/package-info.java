/**
 * Run data, the report's lowest floor: JMH's JSON read into {@code JmhResult}s ({@code JmhJson}),
 * a run directory ({@code Run}: results, {@code env.json} as a typed {@code RunManifest}, which
 * {@code ManifestJson} alone reads and writes, open-loop files), saved baselines,
 * forks merged into one row ({@code ForkMerge}), runs of several hosts and shards of one run
 * merged ({@code Merge}, {@code ShardMerge}), JMH's units ({@code Units}) and facts a trial
 * publishes as metrics ({@code TrialFacts}). Nothing here judges or draws.
 *
 * <p>Imports {@code core} and {@code profile} only (the profilers' metric names).
 */
package io.dbbench.report.data;
