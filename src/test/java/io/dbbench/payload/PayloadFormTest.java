package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The WMPayload form's index speed-up line and its interval, on hand-built JMH results. */
class PayloadFormTest {
  private static JmhResult search(String index, List<List<Double>> usPerOp) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("arrangement", "outOfProcess");
    params.put("collectionSize", "10000");
    params.put("doc", "flat");
    params.put("index", index);
    double mean = usPerOp.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElseThrow();
    return new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, usPerOp.size(), params,
        new JmhResult.Metric(mean, Double.NaN, "us/op", usPerOp),
        Map.of("gc.alloc.rate.norm", new JmhResult.Metric(20_000, Double.NaN, "B/op", List.of())));
  }

  @Test
  void speedUpIsTheRatioOfMeansWithABootstrapIntervalAroundIt() {
    JmhResult none = search("none", List.of(List.of(100_000.0, 110_000.0, 90_000.0)));
    JmhResult id = search("id", List.of(List.of(10_000.0, 11_000.0, 9_000.0)));
    PayloadForm.SpeedUp u = PayloadForm.speedUp(none, id);
    assertNotNull(u);
    assertEquals(10.0, u.ratio(), 1e-9);
    assertEquals(0.1, u.slow(), 1e-12); // seconds per request
    assertTrue(u.low() < 10 && 10 < u.high(), u.low() + " .. " + u.high());
    assertTrue(u.low() > 7 && u.high() < 14, "resampling 3 values each cannot leave [0.9/1.1, 1.1/0.9] x 10: " + u.low() + " .. " + u.high());
    assertTrue(u.basis().startsWith("per-iteration scores of one fork"), u.basis());
  }

  @Test
  void withTwoOrMoreForksTheIntervalResamplesPerForkMeans() {
    JmhResult none = search("none", List.of(List.of(100_000.0, 100_000.0), List.of(120_000.0, 120_000.0)));
    JmhResult id = search("id", List.of(List.of(10_000.0, 10_000.0), List.of(10_000.0, 10_000.0)));
    PayloadForm.SpeedUp u = PayloadForm.speedUp(none, id);
    assertEquals(11.0, u.ratio(), 1e-9);
    assertEquals("per-fork means of 2 and 2 forks", u.basis());
    // the resampled ratios can only be 10, 11 or 12
    assertTrue(u.low() >= 10 - 1e-9 && u.high() <= 12 + 1e-9, u.low() + " .. " + u.high());
  }

  @Test
  void theFormStatesTheSpeedUpPerDocumentAndAllocationCountsFromTheAllocationPass() {
    JmhResult none = search("none", List.of(List.of(100_000.0, 110_000.0, 90_000.0)));
    JmhResult id = search("id", List.of(List.of(10_000.0, 11_000.0, 9_000.0)));
    Doc doc = new Doc("t");
    new PayloadForm().appendTo(doc, new Run(Path.of("x"), List.of(none, id), null, List.of()), List.of(none, id));
    String text = doc.sections.stream().flatMap(s -> s.blocks.stream())
        .map(b -> b instanceof Doc.Text t ? t.text() : b instanceof Doc.Table t ? t.rows().toString() : "")
        .collect(Collectors.joining("\n"));
    assertTrue(text.contains("search, flat arrangement=outOfProcess collectionSize=10000: without index 100"), text);
    assertTrue(text.contains("index speed-up 10.0x (95% CI "), text);
    assertTrue(text.contains("allocs/op: objects and arrays the clients allocated per request, from the main job's"
        + " allocation pass"), text);
    assertTrue(text.contains("22,975") && text.contains("60,121"), "the study's insert B/op for comparison: " + text);
  }

  @Test
  void anOpenLoopTrialTooShortForAP99SaysSoOnceAboveItsTableNotInItsCell() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("arrangement", "outOfProcess");
    params.put("doc", "flat");
    params.put("rate", "600");
    // no p99_us fact: the trial had under 100 requests
    JmhResult open = new JmhResult("io.dbbench.payload.PayloadOpenLoopBenchmark.insert", "avgt", 32, 1, params,
        new JmhResult.Metric(650, Double.NaN, "us/op", List.of(List.of(650.0))), Map.of());
    Doc doc = new Doc("t");
    new PayloadForm().appendTo(doc, new Run(Path.of("x"), List.of(open), null, List.of()), List.of(open));
    List<Doc.Table> tables = doc.sections.stream().flatMap(s -> s.blocks.stream())
        .filter(b -> b instanceof Doc.Table t && t.headers().contains("p99")).map(b -> (Doc.Table) b).toList();
    String text = doc.sections.stream().flatMap(s -> s.blocks.stream())
        .filter(b -> b instanceof Doc.Text).map(b -> ((Doc.Text) b).text()).collect(Collectors.joining("\n"));
    assertTrue(text.contains("p99 is '-' for a trial of under 100 requests"), text);
    assertEquals(1, tables.size(), "the open-loop table");
    List<String> row = tables.get(0).rows().get(0);
    assertEquals("-", row.get(tables.get(0).headers().indexOf("p99")), row.toString());
    assertFalse(row.toString().contains("n/a"), row.toString());
  }
}
