package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report's "Failed" section on a run whose family failed part-way (a merged full run whose one
 * shard's unit failed): it lists only the benchmarks without a score and counts the rows the family
 * did publish, which stay in the report.
 */
class FailedFamiliesTest {
  @Test
  void aFamilyThatFailedPartWayListsOnlyItsBenchmarksWithoutAScore() throws Exception {
    JmhResult bulk = new JmhResult("io.dbbench.arango.ArangoBulkBenchmark.insert", "ss", 1, 2, Map.of("protocol", "HTTP_JSON"),
        new JmhResult.Metric(1.0, Double.NaN, "s/op", List.of(List.of(1.0), List.of(1.0))), Map.of());
    Run run = Run.of(Path.of("constructed"), List.of(bulk), new ObjectMapper().readTree("{\"families\":{\"arango\":{"
        + "\"status\":\"failed\",\"error\":\"sweep pool-open-loop failed: 1 wrong answers\",\"benchmarks\":["
        + "\"io.dbbench.arango.ArangoBulkBenchmark.insert\",\"io.dbbench.arango.ArangoPoolOpenLoopBenchmark.query\"]}}}"),
        List.of());
    Doc doc = new Doc("t");
    RunReport.failures(doc, run);
    assertEquals("Failed", doc.sections.get(0).heading);
    Doc.Table t = (Doc.Table) doc.sections.get(0).blocks.stream().filter(b -> b instanceof Doc.Table).findFirst().orElseThrow();
    assertEquals(List.of(List.of("arango", "sweep pool-open-loop failed: 1 wrong answers", "ArangoPoolOpenLoopBenchmark.query",
        "1")), t.rows(), "the bulk insert has its score and is not listed; the family published 1 row");
    assertTrue(((Doc.Text) doc.sections.get(0).blocks.get(0)).text().contains("are in the report below"));
  }
}
