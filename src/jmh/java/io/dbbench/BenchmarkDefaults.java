package io.dbbench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Shared JMH defaults for every dbbench benchmark (netty's microbench keeps its defaults in one
 * abstract base the same way). Subclasses override any annotation with a one-line reason.
 *
 * <ul>
 *   <li>One fork with a fixed 2 GiB heap, so GC sizing does not vary between runs; native access
 *       enabled for zstd-jni, Kuzu and embedded PostgreSQL on JDK 24+.
 *   <li>Average time in ns/op; the main job and {@code -Dbench.full} override iterations.
 * </ul>
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class BenchmarkDefaults {}
