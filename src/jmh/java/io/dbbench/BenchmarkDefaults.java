package io.dbbench;

import io.dbbench.core.ForkFlags;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
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
 *       enabled for zstd-jni, Kuzu and embedded PostgreSQL on JDK 24+ ({@link ForkFlags}; the main
 *       job passes the same flags explicitly, plus the JDK 23+ Unsafe flag). They are
 *       {@code jvmArgsPrepend}: a command-line {@code -jvmArgsAppend} (the usual way to add a
 *       {@code -D} setting) replaces an annotation's {@code jvmArgsAppend} in JMH but adds to its
 *       prepended flags, and a later flag of the same name still wins.
 *   <li>Average time in ns/op; the main job and {@code -Dbench.full} override iterations.
 * </ul>
 */
@Fork(value = 1, jvmArgsPrepend = {ForkFlags.XMS, ForkFlags.XMX, ForkFlags.NATIVE_ACCESS})
@Warmup(iterations = 3, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class BenchmarkDefaults {

  /**
   * Runs the benchmarks of {@code benchmarkClass} through the JMH {@link org.openjdk.jmh.runner.Runner},
   * for a {@code main} method that an IDE can start; {@code args} are JMH command-line options
   * (e.g. {@code -p level=3 -f 1}).
   *
   * @throws org.openjdk.jmh.runner.RunnerException when a benchmark fails
   * @throws org.openjdk.jmh.runner.options.CommandLineOptionException on bad options
   */
  protected static void runFromIde(Class<?> benchmarkClass, String... args)
      throws org.openjdk.jmh.runner.RunnerException, org.openjdk.jmh.runner.options.CommandLineOptionException {
    org.openjdk.jmh.runner.options.Options cli = new org.openjdk.jmh.runner.options.CommandLineOptions(args);
    new org.openjdk.jmh.runner.Runner(new org.openjdk.jmh.runner.options.OptionsBuilder()
        .parent(cli)
        .include("^" + Pattern.quote(benchmarkClass.getName()) + "\\.")
        .build()).run();
  }
}
