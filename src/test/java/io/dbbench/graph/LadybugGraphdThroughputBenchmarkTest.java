package io.dbbench.graph;

/**
 * Every test of {@link GraphdThroughputBenchmarkTest} (graphd's form: its preloads, query texts,
 * counts and values) on LadybugDB, graphd's engine; skipped, saying why, in a build without it
 * ({@code scripts/build-ladybug.sh}, then a build with the {@code ladybug} profile).
 */
class LadybugGraphdThroughputBenchmarkTest extends GraphdThroughputBenchmarkTest implements GraphTarget.OnLadybug {}
