package io.dbbench.graph;

/**
 * Every test of {@link GraphdThroughputBenchmarkTest} (graphd's form: its preloads, query texts,
 * counts and values, a read's nodes as {@link RowConversion.Node} with ids and labels, a write's
 * result closed unread) on LadybugDB through its C API ({@code client=cApi}), the same assertions
 * the Java API client passes in {@link LadybugGraphdThroughputBenchmarkTest}. Runs in the build's
 * C-API test execution, a JVM that loads no JNI engine library; skipped, saying what is missing and
 * where it looked, without {@code liblbug.so} ({@code scripts/build-ladybug.sh}).
 */
class LadybugCApiGraphdThroughputBenchmarkTest extends GraphdThroughputBenchmarkTest implements GraphTarget.OnLadybugCApi {}
