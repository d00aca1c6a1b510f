package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH benchmark itself, run in-process at 4x250 on the embedded PostgreSQL: a clean run
 * reports one time per shot; a run whose insert hits an injected constraint violation reports
 * no time at all and fails naming the batch.
 */
class GomessageBenchmarkFailureTest {

  @BeforeAll
  static void onlyOnTheEmbeddedDefault() {
    assumeTrue(System.getenv("DBBENCH_JDBC_URL") == null && System.getenv("GOHDBDSN") == null,
        "DBBENCH_JDBC_URL/GOHDBDSN is set: this test needs the embedded PostgreSQL default");
  }

  private static OptionsBuilder options(String strategy) {
    OptionsBuilder b = new OptionsBuilder();
    b.include("^" + GomessageInsertBenchmark.class.getName().replace(".", "\\.") + "\\.insert$")
        .forks(0).warmupIterations(0).measurementIterations(2)
        .param("shape", "4x250").param("strategy", strategy).param("mode", "seq")
        .verbosity(VerboseMode.NORMAL);
    return b;
  }

  @Test
  void aCleanRunReportsOneTimePerShot() throws Exception {
    Collection<RunResult> results = new Runner(options("copy").shouldFailOnError(true).build()).run();
    assertEquals(1, results.size());
    RunResult r = results.iterator().next();
    assertEquals(2, r.getPrimaryResult().getSampleCount());
    assertEquals("s/op", r.getPrimaryResult().getScoreUnit());
    assertTrue(r.getPrimaryResult().getScore() > 0);
  }

  /**
   * Runs in a forked JVM (as the main job does): after a failure JMH skips the trial tear-down, and
   * in-process its state object would linger for the next benchmark run in this JVM.
   */
  @Test
  void aFailingBatchReportsNoTimeAndNamesTheBatch() throws Exception {
    String failAt = "-D" + io.dbbench.core.BenchConfig.propertyName("DBBENCH_JDBC_FAIL_AT_ROW") + "=577";
    PrintStream saved = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      Options forked = options("bulk").forks(1).jvmArgsAppend(failAt).shouldFailOnError(false).build();
      Collection<RunResult> results = new Runner(forked).run();
      assertTrue(results.isEmpty() || results.stream().allMatch(r -> r.getPrimaryResult().getSampleCount() == 0),
          "a failed insert must not report a time: " + results);
      Options strict = options("many").forks(1).jvmArgsAppend(failAt).shouldFailOnError(true).build();
      assertThrows(RunnerException.class, () -> new Runner(strict).run());
    } finally {
      System.setOut(saved);
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("BatchInsertException") && out.contains("batch 2 of 4 (DEVICEID 500..749"), out);
    assertFalse(out.contains("Result \"io.dbbench.jdbc.GomessageInsertBenchmark.insert\""), out);
  }
}
