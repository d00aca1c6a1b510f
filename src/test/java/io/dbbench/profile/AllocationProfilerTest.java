package io.dbbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@link AllocationProfiler} counts exactly what a benchmark allocates: the known-allocation
 * benchmark (3 arrays and 1 object, 896 bytes per operation) reads 4 allocs/op to within 0.01,
 * and its bytes/op agree with JMH's {@code -prof gc} within 5%. Real forks, the agent as the main
 * job's allocation pass starts it.
 */
class AllocationProfilerTest {
  static final Path AGENT = Path.of("target/agents/java-allocation-instrumenter.jar");

  private static RunResult run(boolean counted) throws Exception {
    OptionsBuilder b = new OptionsBuilder();
    b.include("^io\\.dbbench\\.harness\\.AllocationCountBenchmark\\.allocate$").forks(1).warmupIterations(1)
        .warmupTime(TimeValue.milliseconds(500)).measurementIterations(2).measurementTime(TimeValue.milliseconds(500))
        .verbosity(VerboseMode.SILENT).shouldFailOnError(true)
        .jvmArgsAppend("-Xms512m", "-Xmx512m");
    if (counted) {
      b.addProfiler(AllocationProfiler.class).jvmArgsAppend("-Xms512m", "-Xmx512m",
          "-javaagent:" + AGENT.toAbsolutePath(), "-Djava.util.logging.config.class=" + InstrumenterLogging.class.getName());
    } else {
      b.addProfiler(GCProfiler.class);
    }
    Collection<RunResult> rs = new Runner(b.build()).run();
    assertEquals(1, rs.size());
    return rs.iterator().next();
  }

  @Test
  void aKnownAllocationIsCountedExactlyAndItsBytesAgreeWithTheGcProfiler() throws Exception {
    assertTrue(Files.isRegularFile(AGENT), AGENT + " is copied there by the build (maven-dependency-plugin)");
    RunResult counted = run(true);
    double allocs = counted.getSecondaryResults().get(AllocationProfiler.ALLOCS).getScore();
    double bytes = counted.getSecondaryResults().get(AllocationProfiler.BYTES).getScore();
    assertEquals(4.0, allocs, 0.01, "3 arrays and 1 object per operation");
    assertEquals(896.0, bytes, 896 * 0.01, "80 + 272 + 528 + 16 bytes");
    assertTrue(counted.getSecondaryResults().get(AllocationProfiler.COVERAGE).getScore() > 0.95,
        "the instrumenter saw the allocations the JVM made: " + counted.getSecondaryResults().get(AllocationProfiler.COVERAGE).getScore());
    double gc = run(false).getSecondaryResults().get("gc.alloc.rate.norm").getScore();
    assertEquals(gc, bytes, gc * 0.05, "-prof gc says " + gc + " B/op");
  }

  @Test
  void withoutTheAgentTheProfilerRefusesWithTheFlagToAdd() {
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, AllocationProfiler::install);
    assertTrue(e.getMessage().contains("-javaagent:target/agents/java-allocation-instrumenter.jar"), e.getMessage());
  }
}
