package io.dbbench.graph;

/**
 * Every test of {@link GraphBenchmarkQueriesTest} (each graph benchmark's rows, values and
 * verification at 20 entities) on LadybugDB, graphd's engine; skipped, saying why, in a build
 * without it ({@code scripts/build-ladybug.sh}, then a build with the {@code ladybug} profile).
 */
class LadybugBenchmarkQueriesTest extends GraphBenchmarkQueriesTest implements GraphTarget.OnLadybug {}
