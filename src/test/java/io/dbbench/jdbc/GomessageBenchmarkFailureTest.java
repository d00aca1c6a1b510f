package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMH benchmark itself, at 4x250 on the embedded PostgreSQL: a clean run reports one time per
 * shot; a run whose insert hits an injected constraint violation reports no time at all and fails
 * naming the batch.
 *
 * <p>JMH runs in a child JVM whose environment this test sets: every {@code DBBENCH_*} and
 * {@code GOHDBDSN} variable of the caller is removed and the test's own settings are put in, so
 * the run targets the embedded PostgreSQL whatever the caller's environment holds, and JMH's forks
 * inherit exactly that environment.
 */
class GomessageBenchmarkFailureTest {
  private static final String INSERT = "^" + GomessageInsertBenchmark.class.getName().replace(".", "\\.") + "\\.insert$";

  @TempDir
  Path dir;

  /** What one child JMH run left: its exit code, its output, and its JSON results (empty when none). */
  record JmhRun(int exitCode, String output, JsonNode results) {}

  /**
   * Runs {@code org.openjdk.jmh.Main} at 4x250 seq with {@code strategy}, {@code forks} and
   * {@code -foe failOnError} in a child JVM whose environment is the caller's minus every jdbc
   * setting, plus {@code settings}.
   */
  private JmhRun jmh(String strategy, int forks, boolean failOnError, Map<String, String> settings, String... more)
      throws IOException, InterruptedException {
    Path json = dir.resolve("jmh-" + strategy + "-" + forks + ".json");
    Path log = dir.resolve("jmh-" + strategy + "-" + forks + ".log");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--enable-native-access=ALL-UNNAMED",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), // the shared embedded-PostgreSQL template
        "-Djmh.ignoreLock=true",
        "-cp", System.getProperty("java.class.path"),
        "org.openjdk.jmh.Main", INSERT,
        "-f", Integer.toString(forks), "-wi", "0", "-i", "2",
        "-p", "shape=4x250", "-p", "strategy=" + strategy, "-p", "mode=seq",
        "-foe", Boolean.toString(failOnError), "-rf", "json", "-rff", json.toString()));
    cmd.addAll(List.of(more));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("DBBENCH_") || k.equals("GOHDBDSN"));
    env.putAll(settings);
    Process p = pb.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("JMH did not finish within 5 minutes; output: " + Files.readString(log));
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    JsonNode results = Files.exists(json) && Files.size(json) > 0
        ? new ObjectMapper().readTree(json.toFile()) : new ObjectMapper().createArrayNode();
    return new JmhRun(p.exitValue(), out, results);
  }

  /** With {@link ServerCpuProfiler}, as the main job runs it: the embedded server's CPU per shot beside the time. */
  @Test
  void aCleanRunReportsOneTimePerShotAndTheServersCpu() throws Exception {
    JmhRun run = jmh("copy", 0, true, Map.of(), "-prof", ServerCpuProfiler.class.getName());
    assertEquals(0, run.exitCode(), run.output());
    assertEquals(1, run.results().size(), run.output());
    JsonNode primary = run.results().get(0).get("primaryMetric");
    assertEquals(2, primary.get("rawData").get(0).size(), primary.toString());
    assertEquals("s/op", primary.get("scoreUnit").asText());
    assertTrue(primary.get("score").asDouble() > 0, primary.toString());
    JsonNode server = run.results().get(0).path("secondaryMetrics").path(ServerCpuProfiler.METRIC);
    assertEquals("s/op", server.path("scoreUnit").asText(), run.results().toString());
    assertEquals(2, server.get("rawData").get(0).size(), server.toString());
    for (JsonNode shot : server.get("rawData").get(0)) {
      // the backend parsed and stored 1,000 rows: some CPU, and less than the shot's window allows
      assertTrue(shot.asDouble() > 0 && shot.asDouble() < 10, server.toString());
    }
  }

  /**
   * Runs in a forked JVM (as the main job does): after a failure JMH skips the trial tear-down, and
   * in one JVM its state object would linger for the next benchmark run.
   */
  @Test
  void aFailingBatchReportsNoTimeAndNamesTheBatch() throws Exception {
    Map<String, String> failAt577 = Map.of("DBBENCH_JDBC_FAIL_AT_ROW", "577");
    JmhRun lenient = jmh("bulk", 1, false, failAt577);
    assertTrue(lenient.results().isEmpty(), "a failed insert must not report a time: " + lenient.results());
    assertTrue(lenient.output().contains("BatchInsertException")
        && lenient.output().contains("batch 2 of 4 (DEVICEID 500..749"), lenient.output());
    JmhRun strict = jmh("many", 1, true, failAt577);
    assertNotEquals(0, strict.exitCode(), "-foe true must fail the run: " + strict.output());
    assertTrue(strict.output().contains("batch 2 of 4 (DEVICEID 500..749"), strict.output());
    assertFalse(strict.output().contains("Result \"io.dbbench.jdbc.GomessageInsertBenchmark.insert\""), strict.output());
  }
}
