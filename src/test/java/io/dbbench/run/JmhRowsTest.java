package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.report.data.ForkMerge;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link JmhRows#replaceRow} and the fork merge: a row's identity includes its JMH threads. */
class JmhRowsTest {
  private static final ObjectMapper M = new ObjectMapper();

  private static ObjectNode row(int threads, double score) {
    ObjectNode r = M.createObjectNode();
    r.put("benchmark", "io.dbbench.payload.PayloadServiceBenchmark.insert");
    r.put("mode", "avgt");
    r.put("threads", threads);
    r.put("forks", 1);
    r.putObject("params").put("doc", "flat");
    ObjectNode pm = r.putObject("primaryMetric");
    pm.put("score", score);
    pm.put("scoreUnit", "ms/op");
    pm.putArray("rawData").addArray().add(score);
    return r;
  }

  @Test
  void aOneThreadRowStandsBesideTheHundredThreadRowOfTheSameParams() {
    ArrayNode rows = M.createArrayNode();
    rows.add(row(100, 40.0));
    JmhRows.replaceRow(rows, row(1, 1.5));
    assertEquals(2, rows.size(), "a sweep's -t 1 row must not overwrite the 100 clients' row");
    JmhRows.replaceRow(rows, row(1, 1.7));
    assertEquals(2, rows.size(), "the same threads and params replace");
    assertEquals(1.7, rows.get(1).path("primaryMetric").path("score").asDouble());
    assertEquals(40.0, rows.get(0).path("primaryMetric").path("score").asDouble());
  }

  @Test
  void forksOfDifferentThreadCountsAreNotMergedIntoOneRow() throws Exception {
    ArrayNode a = M.createArrayNode().add(row(100, 40.0));
    ArrayNode b = M.createArrayNode().add(row(1, 1.5));
    ArrayNode merged = ForkMerge.mergeArrays(List.of(a, b), 1.0);
    assertEquals(2, merged.size(), merged.toString());
  }
}
