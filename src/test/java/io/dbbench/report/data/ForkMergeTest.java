package io.dbbench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ForkMerge}: one-fork JMH files into one multi-fork record per benchmark, metric by metric. */
class ForkMergeTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  private Path fork(String name, double a, double b, String secondary) throws Exception {
    return Files.writeString(tmp.resolve(name), """
        [{"benchmark": "x.Y.m", "mode": "avgt", "threads": 1, "forks": 1, "params": {"k": "1"},
          "primaryMetric": {"score": 0, "scoreError": "NaN", "scoreUnit": "ns/op",
            "scorePercentiles": {"50.0": 1}, "rawData": [[%s, %s]]},
          "secondaryMetrics": {%s}}]
        """.formatted(a, b, secondary));
  }

  @Test
  void forksAreConcatenatedAndTheScoreIsTheMeanOfAllIterations() throws Exception {
    String gc = "\"gc.alloc.rate.norm\": {\"score\": %s, \"scoreError\": \"NaN\", \"scoreUnit\": \"B/op\", \"rawData\": [[%s, %s]]}";
    String load = ", \"machine.load1\": {\"score\": 1, \"scoreUnit\": \"\", \"rawData\": [[1]]}";
    Path f1 = fork("A-1.json", 10, 12, gc.formatted(100, 100, 100) + load);
    Path f2 = fork("A-2.json", 20, 22, gc.formatted(104, 104, 104));
    JsonNode merged = ForkMerge.merge(List.of(f1, f2), 1.0);
    assertEquals(1, merged.size());
    JsonNode r = merged.get(0);
    assertEquals(2, r.path("forks").asInt());
    assertEquals("[[10.0,12.0],[20.0,22.0]]", r.at("/primaryMetric/rawData").toString());
    assertEquals(16.0, r.at("/primaryMetric/score").asDouble(), 1e-12);
    assertTrue(r.at("/primaryMetric/scoreError").asDouble() > 0, "JMH's 99.9% error over 4 iterations");
    assertTrue(r.at("/primaryMetric/scorePercentiles").isMissingNode(), "per-file percentiles are dropped");
    assertEquals(102.0, r.at("/secondaryMetrics/gc.alloc.rate.norm/score").asDouble(), 1e-12, "B/op of both forks");
    assertEquals(2, r.at("/secondaryMetrics/gc.alloc.rate.norm/rawData").size());
    assertFalse(r.path("secondaryMetrics").has("machine.load1"), "a metric of only some forks is dropped");
    // and the report reads it as a two-fork row with B/op
    JmhResult read = JmhJson.parse(merged, "merged").get(0);
    assertEquals(2, read.primary().forks().length);
    assertEquals(102.0, read.secondary().get("gc.alloc.rate.norm").score(), 1e-12);
  }

  @Test
  void sampleModeHistogramsAreMergedForkByFork() throws Exception {
    String one = """
        [{"benchmark": "x.Y.s", "mode": "sample", "threads": 1, "forks": 1,
          "primaryMetric": {"score": 0, "scoreError": "NaN", "scoreUnit": "us/op",
            "rawDataHistogram": [[[[%s, 3], [%s, 1]]]]}}]
        """;
    Path f1 = Files.writeString(tmp.resolve("A-1.json"), one.formatted(10, 20));
    Path f2 = Files.writeString(tmp.resolve("A-2.json"), one.formatted(30, 30));
    JsonNode r = ForkMerge.merge(List.of(f1, f2), 1.0).get(0);
    assertEquals(2, r.path("forks").asInt());
    assertTrue(r.at("/primaryMetric/rawData").isMissingNode(), "sample mode keeps JMH's shape: no rawData");
    assertEquals(2, r.at("/primaryMetric/rawDataHistogram").size());
    assertEquals((10 * 3 + 20 + 30 * 4) / 8.0, r.at("/primaryMetric/score").asDouble(), 1e-12, "count-weighted mean");
    JmhResult read = JmhJson.parse(ForkMerge.merge(List.of(f1, f2), 1.0), "merged").get(0);
    assertEquals(2, read.primary().forks().length, "the report sees two forks");
    assertEquals(12.5, read.primary().rawData().get(0).get(0), 1e-12, "fork 1's iteration mean");
  }

  @Test
  void aFileThatIsNotJmhOutputIsNamed() throws Exception {
    Path bad = Files.writeString(tmp.resolve("B-1.json"), "{\"not\": \"jmh\"}");
    ReportException e = assertThrows(ReportException.class, () -> ForkMerge.merge(List.of(bad), 1.0));
    assertTrue(e.getMessage().startsWith(bad + ": not JMH output"), e.getMessage());
  }

  @Test
  void aProfilersPerForkScalarIsKeptForkByForkAndTheMachineStateScoresItsLargest() throws Exception {
    // JMH writes an external profiler's result as rawData [[]] with the value in score
    String fork = "[{\"benchmark\":\"a.B.c\",\"mode\":\"avgt\",\"forks\":1,\"params\":{\"x\":\"1\"},"
        + "\"primaryMetric\":{\"score\":2.0,\"scoreUnit\":\"ms/op\",\"rawData\":[[2.0,2.0]]},"
        + "\"secondaryMetrics\":{\"machine.other_busy\":{\"score\":%s,\"scoreUnit\":\"%%\",\"rawData\":[[]]},"
        + "\"bytes\":{\"score\":%s,\"scoreUnit\":\"B\",\"rawData\":[[]]}}}]";
    ArrayNode merged = ForkMerge.mergeArrays(List.of(JSON.readTree(String.format(fork, "3.0", "10")),
        JSON.readTree(String.format(fork, "47.0", "30")), JSON.readTree(String.format(fork, "1.0", "20"))), 1.0);
    JsonNode other = merged.get(0).path("secondaryMetrics").path("machine.other_busy");
    assertEquals("[[3.0],[47.0],[1.0]]", other.path("rawData").toString(), "one value per fork, in run order");
    assertEquals(47.0, other.path("score").asDouble(), "the largest, as the profiler aggregates: " + other);
    assertFalse(other.has("dbbench.forkScalar"), "no marker left in the output");
    JsonNode bytes = merged.get(0).path("secondaryMetrics").path("bytes");
    assertEquals(20.0, bytes.path("score").asDouble(), "another per-fork scalar scores its mean: " + bytes);
  }
}
