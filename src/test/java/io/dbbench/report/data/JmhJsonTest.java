package io.dbbench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.RunReport;
import io.dbbench.report.render.MarkdownReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JMH JSON reader and the first report. */
class JmhJsonTest {
  @TempDir
  Path dir;

  @Test
  void readsNanScoreErrorAsNaN() throws Exception {
    Path f = Path.of(getClass().getResource("/report/nan-error.json").toURI());
    List<JmhResult> rs = JmhJson.read(f);
    assertEquals(1, rs.size());
    JmhResult r = rs.get(0);
    assertEquals("compress", r.method());
    assertEquals("graphj", r.family());
    assertEquals("3", r.params().get("level"));
    assertEquals(52345.5, r.primary().score());
    assertTrue(Double.isNaN(r.primary().scoreError()));
    assertEquals(1.0E9, r.secondary().get("inputBytes").score());
    String md = RunReport.markdown(rs, null);
    assertTrue(md.contains("| compress | entries | 3 | thrpt | 1 | 52,346 | - | ops/s |"), md);
  }

  @Test
  void rejectsWhatIsNotJmhOutput() throws Exception {
    assertTrue(assertThrows(ReportException.class, () -> JmhJson.read(dir.resolve("missing.json")))
        .getMessage().contains("no such file"));
    Path obj = Files.writeString(dir.resolve("o.json"), "{\"benchmark\": 1}");
    assertTrue(assertThrows(ReportException.class, () -> JmhJson.read(obj)).getMessage().contains("not JMH output"));
    Path junk = Files.writeString(dir.resolve("j.json"), "[{");
    assertTrue(assertThrows(ReportException.class, () -> JmhJson.read(junk)).getMessage().contains("not valid JSON"));
    Path entry = Files.writeString(dir.resolve("e.json"), "[{\"mode\": \"thrpt\"}]");
    assertTrue(assertThrows(ReportException.class, () -> JmhJson.read(entry)).getMessage().contains("entry 0"));
  }

  /**
   * A headline comparison's merged record (4 forks, no allocation pass of its own) replacing the
   * sweep's one-fork record keeps the allocs/op the sweep's pass measured; a record with its own keeps
   * its own.
   */
  @Test
  void aReplacingRecordKeepsTheAllocationPassMetricsOfThePoint() throws Exception {
    com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.JsonNode sweep = m.readTree("""
        {"benchmark": "b.insert", "mode": "ss", "forks": 1, "params": {"protocol": "HTTP_JSON"},
         "secondaryMetrics": {"allocs.norm": {"score": 1200.0}, "allocs.bytes.norm": {"score": 80000.0},
                              "shotAllocatedBytes": {"score": 7.0}}}""");
    com.fasterxml.jackson.databind.JsonNode merged = m.readTree("""
        {"benchmark": "b.insert", "mode": "ss", "forks": 4, "params": {"protocol": "HTTP_JSON"},
         "secondaryMetrics": {"shotAllocatedBytes": {"score": 9.0}}}""");
    JmhJson.keepAllocations(sweep, merged);
    assertEquals(1200.0, merged.path("secondaryMetrics").path("allocs.norm").path("score").asDouble());
    assertEquals(80000.0, merged.path("secondaryMetrics").path("allocs.bytes.norm").path("score").asDouble());
    assertEquals(9.0, merged.path("secondaryMetrics").path("shotAllocatedBytes").path("score").asDouble(),
        "the record's own metrics stay its own");
    com.fasterxml.jackson.databind.JsonNode own = m.readTree("""
        {"benchmark": "b.insert", "secondaryMetrics": {"allocs.norm": {"score": 5.0}}}""");
    JmhJson.keepAllocations(sweep, own);
    assertEquals(5.0, own.path("secondaryMetrics").path("allocs.norm").path("score").asDouble());
    com.fasterxml.jackson.databind.JsonNode bare = m.readTree("{\"benchmark\": \"b.insert\"}");
    JmhJson.keepAllocations(sweep, bare);
    assertEquals(1200.0, bare.path("secondaryMetrics").path("allocs.norm").path("score").asDouble(),
        "a record without secondary metrics gets them");
  }
}
