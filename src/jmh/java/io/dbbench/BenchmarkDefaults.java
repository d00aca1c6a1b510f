package io.dbbench;

import io.dbbench.core.ForkFlags;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

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
   * The simple name of the benchmark method a trial runs, e.g. {@code insertMany} for
   * {@code io.dbbench.mongo.MongoDriverBenchmark.insertMany}, as JMH records it in the trial's
   * {@link BenchmarkParams}: a state's set-up reads it to pick what it prepares and verifies.
   */
  protected static String methodOf(BenchmarkParams params) {
    String benchmark = params.getBenchmark();
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  /**
   * Whether the trial's benchmark method is one of {@code yes} (true) or one of {@code no} (false),
   * for a state that prepares and verifies two kinds of method differently.
   *
   * @param verifier where the methods' verification lives, for the error, e.g. {@code Service.verify()}
   * @throws IllegalStateException naming the method when it is in neither set: a renamed or new
   *     method must say how it is verified, not silently skip verification
   */
  protected static boolean methodIn(BenchmarkParams params, Set<String> yes, Set<String> no, String verifier) {
    String method = methodOf(params);
    if (yes.contains(method)) {
      return true;
    }
    if (no.contains(method)) {
      return false;
    }
    throw new IllegalStateException(params.getBenchmark() + " has no verification in " + verifier + "; add it there");
  }

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
