package io.dbbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The open-loop result file: its name and exactly the keys the report reads. */
class OpenLoopResultFileTest {
  @TempDir
  Path tmp;

  @Test
  void writesTheContractShape() throws Exception {
    Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
    for (int i = 1; i <= 1000; i++) {
      h.recordValue(i * 1000L); // 1..1000 us
    }
    Map<String, String> params = new LinkedHashMap<>();
    params.put("doc", "flat");
    params.put("rate", "200");
    OpenLoopScheduler.Snapshot s = new OpenLoopScheduler.Snapshot(1000, 990, 10, 3, 0, 0, h);
    Path f = OpenLoopResultFile.write(tmp.resolve("run"), "io.dbbench.payload.PayloadOpenLoopBenchmark.insert",
        "insert", params, "mongo-java-server 1.47.0 (stand-in, not MongoDB)", 200, s);
    assertTrue(f.getFileName().toString().matches("openloop-insert-flat-200-\\d{13}\\.json"), f.toString());
    JsonNode j = new ObjectMapper().readTree(f.toFile());
    List<String> keys = new ArrayList<>();
    j.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("benchmark", "params", "backend", "rate_per_s", "requests", "ok", "failed", "late", "unsent",
        "latency_us", "percentile_curve"), keys);
    assertEquals("flat", j.get("params").get("doc").asText());
    assertEquals("200", j.get("params").get("rate").asText());
    assertEquals(200, j.get("rate_per_s").asLong());
    assertEquals(990, j.get("ok").asLong());
    assertEquals(10, j.get("failed").asLong());
    assertEquals(3, j.get("late").asLong());
    JsonNode lat = j.get("latency_us");
    List<String> latKeys = new ArrayList<>();
    lat.fieldNames().forEachRemaining(latKeys::add);
    assertEquals(List.of("p50", "p90", "p99", "p99.9", "max"), latKeys);
    assertEquals(500, lat.get("p50").asDouble(), 1);
    assertEquals(990, lat.get("p99").asDouble(), 1);
    assertEquals(1000, lat.get("max").asDouble(), 1);
    JsonNode curve = j.get("percentile_curve");
    // 1,000 samples support p99.9 but not p99.99 and p99.999: the curve leaves those out
    assertEquals(OpenLoopResultFile.CURVE.length - 2, curve.size());
    double prev = -1;
    for (JsonNode p : curve) {
      assertTrue(p.get("latency_us").asDouble() >= prev, "curve is monotonic");
      prev = p.get("latency_us").asDouble();
    }
    assertEquals(50.0, curve.get(5).get("percentile").asDouble());
    assertEquals(100.0, curve.get(curve.size() - 1).get("percentile").asDouble());
  }

  @Test
  void percentilesTheSampleCannotSupportAreNull() throws Exception {
    Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
    for (int i = 1; i <= 102; i++) {
      h.recordValue(i * 1000L);
    }
    Path f = OpenLoopResultFile.write(tmp.resolve("run"), "io.dbbench.payload.PayloadOpenLoopBenchmark.insert",
        "insert", Map.of("doc", "flat"), "b", 50, new OpenLoopScheduler.Snapshot(102, 102, 0, 0, 0, 0, h));
    JsonNode lat = new ObjectMapper().readTree(f.toFile()).get("latency_us");
    assertEquals(101, lat.get("p99").asDouble(), 0.2, "102 samples support p99 (the 101st of 102, in us)");
    assertTrue(lat.get("p99.9").isNull(), "102 samples cannot support p99.9: " + lat);
    assertTrue(OpenLoopResultFile.supported(99.99, 10_000));
    assertTrue(!OpenLoopResultFile.supported(99.99, 9_999));
    assertTrue(OpenLoopResultFile.supported(100, 1));
  }

  @Test
  void theHlogBesideTheJsonHoldsEveryIntervalForHistogramLogReader() throws Exception {
    List<OpenLoopResultFile.Interval> intervals = new ArrayList<>();
    long start = 1_795_000_000_000L;
    for (int k = 0; k < 3; k++) {
      Histogram h = new Histogram(1, 3_600_000_000_000L, 3);
      for (int i = 1; i <= 500; i++) {
        h.recordValue((k + 1) * i * 1000L);
      }
      intervals.add(new OpenLoopResultFile.Interval(start + k * 2000, start + (k + 1) * 2000, h));
    }
    Histogram all = new Histogram(1, 3_600_000_000_000L, 3);
    intervals.forEach(i -> all.add(i.latencyNanos()));
    Path f = OpenLoopResultFile.write(tmp.resolve("run"), "io.dbbench.payload.PayloadOpenLoopBenchmark.search",
        "search", Map.of("doc", "flat"), "b", 250, new OpenLoopScheduler.Snapshot(1500, 1500, 0, 0, 0, 0, all), intervals);
    JsonNode j = new ObjectMapper().readTree(f.toFile());
    Path hlog = f.resolveSibling(j.get("hlog").asText());
    assertEquals(f.getFileName().toString().replace(".json", ".hlog"), hlog.getFileName().toString());
    try (org.HdrHistogram.HistogramLogReader r = new org.HdrHistogram.HistogramLogReader(hlog.toFile())) {
      long total = 0;
      int n = 0;
      for (org.HdrHistogram.EncodableHistogram e; (e = r.nextIntervalHistogram()) != null; ) {
        Histogram h = (Histogram) e;
        assertEquals(500, h.getTotalCount());
        assertEquals((n + 1) * 500_000L, h.getMaxValue(), (n + 1) * 500_000L * 0.001);
        total += h.getTotalCount();
        n++;
      }
      assertEquals(3, n);
      assertEquals(1500, total);
      assertEquals(start / 1000.0, r.getStartTimeSec(), 1e-3);
    }
  }
}
