package io.dbbench.graph;

/**
 * Every test of {@link GraphBenchmarkQueriesTest} (each graph benchmark's rows, values and
 * verification at 20 entities) on LadybugDB through its C API ({@code client=cApi}), the same
 * assertions the Java API client passes in {@link LadybugBenchmarkQueriesTest}. Runs in the build's
 * C-API test execution, a JVM that loads no JNI engine library; skipped, saying what is missing and
 * where it looked, without {@code liblbug.so} ({@code scripts/build-ladybug.sh}).
 */
class LadybugCApiBenchmarkQueriesTest extends GraphBenchmarkQueriesTest implements GraphTarget.OnLadybugCApi {}
