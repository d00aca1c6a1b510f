package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.Report;
import io.dbbench.report.data.JmhResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pooling study's form: the knee rule on hand-made rows, and the whole section from a recorded run. */
class ArangoPoolFormTest {
  /** A recorded run of the pooling benchmarks (see the README in that directory). */
  static final Path RECORDED = Path.of("src/test/resources/arango/pool-run");

  @TempDir
  Path tmp;

  static JmhResult result(String connection, int iterations, double ms, long dnf) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("connection", connection);
    p.put("documents", "20000");
    p.put("index", "none");
    p.put("iterations", String.valueOf(iterations));
    Map<String, JmhResult.Metric> sec = new LinkedHashMap<>();
    sec.put("dnf", new JmhResult.Metric(dnf, Double.NaN, "#", List.of()));
    sec.put("queueFull", new JmhResult.Metric(dnf * 100, Double.NaN, "#", List.of()));
    return new JmhResult(ArangoPoolForm.STUDY + ".query", "ss", 1, 1, p,
        new JmhResult.Metric(ms, Double.NaN, "ms/op", List.of(List.of(ms, ms, ms))), sec);
  }

  @Test
  void theKneeIsTheSmallestPoolWithinFivePercentOfTheBestFinishedTime() {
    List<ArangoPoolForm.Row> rows = new ArrayList<>();
    rows.add(ArangoPoolForm.row(result("driver_http1_3", 500, 100, 0)));
    rows.add(ArangoPoolForm.row(result("driver_http1_10", 500, 40, 0)));
    rows.add(ArangoPoolForm.row(result("driver_http1_32", 500, 31.4, 0)));
    rows.add(ArangoPoolForm.row(result("driver_http1_100", 500, 30, 0)));
    assertEquals(32, ArangoPoolForm.knee(rows)); // 31.4 <= 30 x 1.05 = 31.5
    rows.set(2, ArangoPoolForm.row(result("driver_http1_32", 500, 31.6, 0)));
    assertEquals(100, ArangoPoolForm.knee(rows));
    // a DNF row's time never counts: the best finished is then 31.6
    rows.set(3, ArangoPoolForm.row(result("driver_http1_100", 500, 1, 1)));
    assertEquals(32, ArangoPoolForm.knee(rows));
    assertEquals(-1, ArangoPoolForm.knee(List.of(ArangoPoolForm.row(result("driver_http1_3", 500, 1, 2)))));
    assertEquals("DNF (2 of 3 shots; queueFull 200)", ArangoPoolForm.dnfText(ArangoPoolForm.row(result("raw_http", 500, 5, 2))));
  }

  /** A pooling row with the given secondary metrics (name to raw data, fork by fork). */
  static JmhResult withMetrics(String connection, int iterations, double ms, Map<String, List<List<Double>>> metrics) {
    JmhResult base = result(connection, iterations, ms, 0);
    Map<String, JmhResult.Metric> sec = new LinkedHashMap<>(base.secondary());
    metrics.forEach((k, raw) -> sec.put(k, new JmhResult.Metric(raw.stream().flatMap(List::stream)
        .mapToDouble(Double::doubleValue).average().orElse(0), Double.NaN, "#", raw)));
    return new JmhResult(base.benchmark(), base.mode(), base.threads(), base.forks(), base.params(), base.primary(), sec);
  }

  @Test
  void peakInFlightIsEachForksLargestNotAMeanOverShots() {
    // runs before the fix published the trial's peak in its last shot only: merged over 2 forks of 6
    // shots the score is the mean 0.5, which the table printed as "1" for the pool of 3
    JmhResult old = withMetrics("driver_http1_3", 500, 100, Map.of("peakInFlight",
        List.of(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 3.0), List.of(0.0, 0.0, 0.0, 0.0, 0.0, 3.0))));
    assertEquals(0.5, old.secondary().get("peakInFlight").score());
    assertEquals("3", ArangoPoolForm.peakText(old));
    // now every shot publishes its own peak
    assertEquals("10", ArangoPoolForm.peakText(withMetrics("driver_http1_10", 500, 40, Map.of("peakInFlight",
        List.of(List.of(10.0, 9.0, 10.0), List.of(8.0, 10.0, 10.0))))));
    assertEquals("100", ArangoPoolForm.peakText(withMetrics("driver_http1_100", 500, 30, Map.of("peakInFlight",
        List.of(List.of(100.0, 100.0, 97.0))))));
    assertEquals("3 / 4", ArangoPoolForm.peakText(withMetrics("raw_http", 500, 30, Map.of("peakInFlight",
        List.of(List.of(3.0, 2.0), List.of(4.0, 1.0))))));
    assertEquals("", ArangoPoolForm.peakText(result("raw_http", 500, 30, 0)));
  }

  @Test
  void aRowWhoseStandInModelledServerTimeIsLabelledAModel() throws Exception {
    io.dbbench.report.data.Run r = io.dbbench.report.data.Run.of(tmp, List.of(),
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(RECORDED.resolve("env.json").toFile()), List.of());
    JmhResult model = withMetrics("driver_http1_3", 500, 3400, Map.of("modelledQueryMs", List.of(List.of(20.0, 20.0))));
    assertEquals("dbbench ArangoDB stand-in with modelled 20 ms server time per point query (a model, not ArangoDB)",
        ArangoPoolForm.backend(r, model));
    JmhResult plain = withMetrics("driver_http1_3", 500, 3400, Map.of("modelledQueryMs", List.of(List.of(0.0, 0.0))));
    assertEquals("dbbench ArangoDB stand-in (not ArangoDB)", ArangoPoolForm.backend(r, plain));
  }

  /**
   * A row of the stand-in's model (made with DBBENCH_ARANGO_STANDIN_WORK_MS, so its parameters say
   * modelledServerMs=0 and only its modelledQueryMs metric tells) never stands beside the study's
   * published cell; the same row without the model does.
   */
  @Test
  void aModelsRowIsNeverTheCounterpartOfAPublishedCell() {
    ArangoPoolForm form = new ArangoPoolForm();
    for (double modelled : new double[] {20.0, 0.0}) {
      JmhResult m = withMetrics("driver_http1_3", 500, 3400, Map.of("modelledQueryMs", List.of(List.of(modelled, modelled))));
      Map<String, String> params = new LinkedHashMap<>(m.params());
      params.put("documents", "200000");
      params.put("modelledServerMs", "0");
      JmhResult row = new JmhResult(m.benchmark(), m.mode(), m.threads(), m.forks(), params, m.primary(), m.secondary());
      assertEquals(modelled == 0, form.publishedCounterpart(row));
      io.dbbench.report.data.Run run = new io.dbbench.report.data.Run(null, List.of(row), null, List.of());
      io.dbbench.report.stats.PublishedRow cell = io.dbbench.report.study.PublishedRows.of(run).stream()
          .filter(c -> c.group().equals("500 queries") && c.label().equals("driver_http1_3")).findFirst().orElseThrow();
      assertEquals(modelled == 0, cell.measured(), (modelled > 0 ? "the model's row" : "the stand-in's row") + ": " + cell);
    }
  }

  /** A pooling row at 200,000 documents whose stand-in modelled {@code modelled} ms per query (0: none). */
  static JmhResult studyPoint(String connection, double ms, double modelled) {
    JmhResult m = withMetrics(connection, 500, ms, Map.of("modelledQueryMs", List.of(List.of(modelled, modelled))));
    Map<String, String> params = new LinkedHashMap<>(m.params());
    params.put("documents", "200000");
    params.put("modelledServerMs", modelled > 0 ? String.valueOf((int) modelled) : "0");
    return new JmhResult(m.benchmark(), m.mode(), m.threads(), m.forks(), params, m.primary(), m.secondary());
  }

  /**
   * The pool study's finding reads the stand-in's rows, never the model's: with only the model's rows
   * it is not measured, and with both it takes the stand-in's 200 -> 100 ms (2x), not the model's
   * 3,400 -> 340 ms (10x), although the model's rows come first.
   */
  @Test
  void thePoolFindingNeverReadsTheModelsRows() throws Exception {
    com.fasterxml.jackson.databind.JsonNode env = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(RECORDED.resolve("env.json").toFile());
    List<JmhResult> model = List.of(studyPoint("driver_http1_3", 3400, 20), studyPoint("driver_http1_100", 340, 20));
    List<JmhResult> both = new ArrayList<>(model);
    both.addAll(List.of(studyPoint("driver_http1_3", 200, 0), studyPoint("driver_http1_100", 100, 0)));
    io.dbbench.report.stats.Finding onlyModel = pool(io.dbbench.report.data.Run.of(tmp, model, env, List.of()));
    assertTrue(Double.isNaN(onlyModel.estimate()), "the model's 10x read as the study's finding: " + onlyModel);
    assertTrue(onlyModel.note().startsWith("not measured in this run"), onlyModel.note());
    io.dbbench.report.stats.Finding f = pool(io.dbbench.report.data.Run.of(tmp, both, env, List.of()));
    assertEquals(2.0, f.estimate(), 1e-9, f.toString());
  }

  private static io.dbbench.report.stats.Finding pool(io.dbbench.report.data.Run run) {
    return io.dbbench.report.study.Findings.of(run).stream().filter(x -> x.studyId().equals("arango-pool"))
        .findFirst().orElseThrow();
  }

  @Test
  void theStudyTableFromARecordedRun() throws Exception {
    Path run = tmp.resolve("results/recorded");
    Files.createDirectories(run);
    try (Stream<Path> s = Files.list(RECORDED)) {
      for (Path p : s.filter(p -> !p.getFileName().toString().equals("README.md")).toList()) {
        Files.copy(p, run.resolve(p.getFileName()));
      }
    }
    String md = Files.readString(Report.render(run));
    assertTrue(md.contains("## ArangoDB client connection pools (point-query study form)"), md);
    // driver_http1_3 shots 5061.045, 1845.581, 1114.039 ms: mean 2673.555; peakInFlight 3 (the pool's limit)
    assertTrue(md.contains("| arangodb-java-driver async, HTTP/1.1 | maxConnections: 3, as arangojs 8.3's default maxSockets"
        + " | 1000 | persistent | 200 | 2,674 | 1.00x |  | 3 |  |  | dbbench ArangoDB stand-in (not ArangoDB) |"), md);
    // every measured raw shot lost queries to 503/21003: 56 + 53 + 62 = 171; no time, no speed-up
    assertTrue(md.contains("| raw HTTP/1.1 (JDK HttpClient) | no limit on requests in flight (one connection per pending request:"
        + " the study's \"HTTP Default\") | 1000 | persistent | 200 | DNF (3 of 3 shots; queueFull 171) |  |  | 11 |"), md);
    assertTrue(md.contains("| 200 | DNF (3 of 3 shots; queueFull 15) |"), md);
    // the form never shows a DNF row's time (the generic "All results by class" dump keeps JMH's raw score beside dnf)
    String form = md.substring(md.indexOf("## ArangoDB client connection pools"), md.indexOf("### Open-loop latency per pool size"));
    assertTrue(!form.contains("1,904") && !form.contains("1,321") && !form.contains("2,966"), "a DNF row's time leaked: " + form);
    // knee: only the pool of 3 finished; the rule with env.json's 2 cores is max(32, 4) = 32
    assertTrue(md.contains("| 1000 | persistent | HTTP/1.1 | 200 | 3, 10 (DNF), 32 (DNF) | 3 | 2,674 | 32 (2 cores) |"), md);
    // open loop at 500/s: raw HTTP 133 requests, 122 ok, 11 failed, p50 2,241,855.487 us
    // recorded before unsent slots were counted: the table says so rather than 0
    assertTrue(md.contains("| persistent | 500 | 133 | 122 | 11 |  | not counted | 2,241,855 |"), md);
    assertTrue(md.contains("charts/arango-pool-openloop-500.png"), md);
  }
}
