package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.RunReport;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.FindingsSection;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Bound;
import io.dbbench.report.stats.Finding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The opening findings table, on the committed quick run and on constructed multi-fork runs. */
class FindingsTest {

  @Test
  void committedRunOpensOnTheFindingsOfEveryStudyPresent() throws Exception {
    Run run = Run.load(Path.of("results/20261122T043318Z"));
    Doc doc = RunReport.build(run, false);
    assertEquals("Findings", doc.sections.get(0).heading, "the first section");
    Doc.Table t = (Doc.Table) doc.sections.get(0).blocks.stream().filter(b -> b instanceof Doc.Table)
        .findFirst().orElseThrow();
    // the first screen: one short line per finding, by study id; graphj, jdbc, graph and payload
    // ran, the two ArangoDB studies did not
    List<String> ids = t.rows().stream().map(r -> r.get(0)).distinct().toList();
    assertEquals(List.of("graphj", "jdbc", "graph", "payload"), ids);
    assertEquals("Findings in detail", doc.sections.get(1).heading, "sources and reasoning below the first screen");
    Doc.Table detail = (Doc.Table) doc.sections.get(1).blocks.stream().filter(b -> b instanceof Doc.Table)
        .findFirst().orElseThrow();
    List<String> studies = detail.rows().stream().map(r -> r.get(0)).distinct().toList();
    assertEquals(4, studies.size(), studies.toString());
    assertTrue(studies.get(0).startsWith("graphd graphj_bench"), studies.toString());
    assertTrue(studies.get(3).startsWith("WMPayload"), studies.toString());
    List<Finding> fs = Findings.of(run);
    Finding graphj = fs.get(0);
    assertEquals("absolute", graphj.kind());
    // compress text level=3: the bytes counter (bytes/s) in MB/s, from the JMH JSON directly
    JsonNode row = null;
    for (JsonNode r : new ObjectMapper().readTree(Path.of("results/20261122T043318Z/jmh.json").toFile())) {
      if (r.path("benchmark").asText().endsWith("GraphjCompressBenchmark.compress")
          && r.path("params").path("level").asText().equals("3") && r.path("params").path("corpus").asText().equals("text")
          && r.path("params").path("context").asText("perCall").equals("perCall")) {
        row = r;
      }
    }
    double mbs = row.path("secondaryMetrics").path("bytes").path("score").asDouble() / 1e6;
    // JMH reports the OPERATIONS counter as ops/s, one op being one byte
    assertEquals("ops/s", row.path("secondaryMetrics").path("bytes").path("scoreUnit").asText());
    assertTrue(FindingsSection.measured(graphj).contains(": " + Units.num(mbs) + " MB/s (measured at "), FindingsSection.measured(graphj) + " vs " + mbs);
    assertTrue(FindingsSection.measured(graphj).contains("level=3"), "the measured point is named: " + FindingsSection.measured(graphj));
    assertTrue(FindingsSection.interval(graphj).startsWith("n/a: 1 fork"), FindingsSection.interval(graphj));
    assertEquals("cannot tell", graphj.agreement(), "one fork gives no interval, so no agreement: " + graphj.note());
    Finding jdbc = fs.stream().filter(f -> f.studyId().equals("jdbc")).findFirst().orElseThrow();
    assertTrue(FindingsSection.measured(jdbc).contains("was not run; nearest"), "quick mode's nearest shape is named: " + FindingsSection.measured(jdbc));
    assertTrue(jdbc.backend().startsWith("real: embedded PostgreSQL") && jdbc.backend().contains("SAP HANA"),
        jdbc.backend());
    Finding payload = fs.stream().filter(f -> f.studyId().equals("payload")).findFirst().orElseThrow();
    assertTrue(payload.backend().startsWith("stand-in: mongo-java-server"), payload.backend());
    assertTrue(FindingsSection.interval(payload).startsWith("n/a: 1+1 forks, not interleaved"), FindingsSection.interval(payload));
    // a 1-fork point estimate states no agreement, and the study's figure is not an index effect anyway
    assertEquals(Agreement.NOT_COMPARABLE, payload.agreement(), payload.note());
    assertEquals("not comparable: the study's 35x is not an index effect", payload.verdictText(),
        payload.verdictText());
    assertTrue(payload.note().contains("WMPayload README at commit 3c602f4") && payload.note().contains("no interval"),
        payload.note());
    // the GOMESSAGE section says the PostgreSQL it measured did not wait for the disk
    Doc.Section gomessage = doc.sections.stream().filter(s -> s.heading.startsWith("GOMESSAGE")).findFirst().orElseThrow();
    assertTrue(((Doc.Text) gomessage.blocks.get(0)).text().contains("fsync=off"), gomessage.blocks.get(0).toString());
    // the manifest comes last and is folded
    Doc.Section last = doc.sections.get(doc.sections.size() - 1);
    assertTrue(last.collapsed, last.heading);
    assertTrue(doc.sections.stream().filter(s -> s.heading.equals("Run manifest")).findFirst().orElseThrow().collapsed);
  }

  @Test
  void fourForksPerSideInBlocksGiveAnUnpairedIntervalAndAVerdictOnTheGoDriverStudy() throws Exception {
    // HTTP/1.1 about 100 ms, HTTP/2 about 60 ms per insert shot: -40%, as the study's -43.7% in direction
    Run run = bulkRun(new double[][] {{100, 101, 99}, {103, 102, 104}, {98, 97, 99}, {100, 100, 101}},
        new double[][] {{60, 61, 59}, {62, 61, 63}, {58, 59, 57}, {60, 60, 61}}, "");
    List<Finding> fs = Findings.of(run);
    assertEquals(1, fs.size(), fs.toString());
    Finding f = fs.get(0);
    assertEquals("arango-bulk", f.studyId());
    // means of the fork means: (60 + 62 + 58 + 60.333) / 4 against (100 + 103 + 98 + 100.333) / 4
    double expected = (60.083333333 / 100.333333333 - 1) * 100;
    assertEquals(expected, f.estimate(), 1e-6);
    assertTrue(f.ciLow() < -40 && f.ciHigh() > -42 && f.ciHigh() < 0, FindingsSection.interval(f));
    assertEquals("", f.order(), "no comparison in the manifest: the forks ran in blocks");
    assertTrue(f.metric().contains("fork means") && !f.metric().contains("paired"), f.metric());
    // about -40% against the study's -43.73% widened by 5 points to [-48.73, -38.73]
    assertEquals(Agreement.REPRODUCED, f.agreement(), f.note());
    assertTrue(f.backend().startsWith("stand-in: dbbench ArangoDB stand-in"), f.backend());
    assertEquals(0.0, f.noChange());
    assertEquals(4, f.forksBaseline());
    assertEquals(4, f.forksContender());
  }

  @Test
  void interleavedForksArePairedAndTheirOrderIsReported() throws Exception {
    // the machine slows by 30% over the run; pair by pair HTTP/2 is 10% faster
    double[][] a = {{100}, {110}, {120}, {130}, {140}, {150}};
    double[][] b = {{90}, {99}, {108}, {117}, {126}, {135}};
    Finding f = Findings.of(bulkRun(a, b, "ABBAABBAABBA")).get(0);
    assertEquals("ABBAABBAABBA", f.order());
    assertTrue(f.metric().contains("paired"), f.metric());
    assertEquals(-10.0, f.estimate(), 1e-9);
    assertEquals(-10.0, f.ciLow(), 1e-9, "every pair shows -10%: a zero-width interval");
    assertEquals(Agreement.SMALLER, f.agreement());
    assertEquals("same direction, 3.87x smaller", f.verdictText(), "38.73 points against 10");
    // unpaired, the same forks tell no direction (the drift swamps the difference); they still rule out
    // the study's -43.7%: the whole interval lies short of it
    Finding blocks = Findings.of(bulkRun(a, b, "")).get(0);
    assertTrue(blocks.ciLow() < 0 && blocks.ciHigh() > 0, FindingsSection.interval(blocks));
    assertEquals(Agreement.NOT_REPRODUCED, blocks.agreement());
    assertTrue(blocks.note().contains("a verdict needs"), blocks.note());
  }

  @Test
  void oppositeDirectionNoDifferenceAndCannotTellComeFromTheIntervalOnly() throws Exception {
    Finding opposite = Findings.of(bulkRun(new double[][] {{60}, {61}, {59}, {60}},
        new double[][] {{100}, {98}, {101}, {99}}, "ABBAABBA")).get(0);
    assertEquals("opposite direction", opposite.agreement(), FindingsSection.interval(opposite));
    Finding same = Findings.of(bulkRun(new double[][] {{100}, {101}, {99}, {100}, {100}, {102}},
        new double[][] {{100.5}, {100.5}, {99.2}, {100}, {100.1}, {101.5}}, "ABBAABBAABBA")).get(0);
    assertEquals(Agreement.NO_EFFECT, same.agreement(), FindingsSection.interval(same));
    Finding one = Findings.of(bulkRun(new double[][] {{60}}, new double[][] {{100}}, "")).get(0);
    assertEquals("cannot tell", one.agreement(), "a point estimate 67% the wrong way still states nothing");
    assertTrue(FindingsSection.interval(one).startsWith("n/a: 1+1 forks"), FindingsSection.interval(one));
    assertEquals("unknown (no env.json)", Findings.of(new Run(Path.of("c"), List.of(shot("insert", "HTTP_JSON",
        new double[][] {{60}}), shot("insert", "HTTP2_JSON", new double[][] {{100}})), null, List.of()))
        .get(0).backend().substring(0, "unknown (no env.json)".length()));

    Run other = new Run(Path.of("constructed"), List.of(shot("update", "HTTP_JSON", new double[][] {{1}})), null,
        List.of());
    Finding g = Findings.of(other).get(0);
    assertTrue(g.note().startsWith("not measured in this run: needs ArangoBulkBenchmark.insert"), g.note());
  }

  @Test
  void agreementTable() {
    // {ratio?, lo, hi, published, expected}
    Object[][] cases = {
        {false, -20.0, -5.0, -43.7, "same direction, smaller"},
        {false, -45.0, -40.0, -43.7, "reproduced"},
        {false, -70.0, -50.0, -43.7, "same direction, larger"},
        {false, 5.0, 20.0, -43.7, "opposite direction"},
        {false, -3.0, 4.0, -43.7, "no effect here"},
        {false, -8.0, 4.0, -43.7, "not reproduced, smaller or none"},
        {false, -1.0, 8.2, -43.7, "not reproduced, smaller or none"},
        {false, Double.NaN, Double.NaN, -43.7, "cannot tell"},
        {false, 5.0, 20.0, Double.NaN, "no published figure"},
        {true, 1.2, 3.0, 35.4, "same direction, smaller"},
        {true, 1.01, 1.05, 4.64, "same direction, smaller"},
        {true, 4.5, 5.0, 4.64, "reproduced"},
        {true, 0.5, 0.9, 35.4, "opposite direction"},
        {true, 0.97, 1.04, 4.64, "no effect here"},
        {true, 0.9, 1.3, 4.64, "not reproduced, smaller or none"},
        {true, 0.9, 5.0, 4.64, "cannot tell"},
    };
    for (Object[] c : cases) {
      String got = Agreement.agreeComparison((boolean) c[0], (double) c[1], (double) c[2], (double) c[3], "n forks").agreement();
      assertEquals(c[4], got, Arrays.toString(c));
      assertTrue(Agreement.AGREEMENTS.contains(got));
    }
    assertEquals("no measurable difference", Agreement.agreeAbsolute(520, 600, 500, 800, 4).agreement());
    assertEquals("differs", Agreement.agreeAbsolute(100, 200, 500, 800, 4).agreement());
    assertEquals("cannot tell", Agreement.agreeAbsolute(450, 600, 500, 800, 4).agreement());
    assertEquals("cannot tell", Agreement.agreeAbsolute(Double.NaN, Double.NaN, 500, 800, 1).agreement());
  }

  /**
   * A form's bound reaches the verdict: a fixed bound (the stand-in's 2 cores, at most a 12% cut in
   * time) keeps the study's -43.73% out of reach, so the verdict names it; findings.json holds it.
   */
  @Test
  void aBoundFromTheFormIsNamedInTheVerdictAndWrittenToFindingsJson(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Run run = bulkRun(new double[][] {{100}, {110}, {120}, {130}, {140}, {150}},
        new double[][] {{90}, {99}, {108}, {117}, {126}, {135}}, "ABBAABBAABBA");
    Study bulk = Findings.studies().stream().filter(s -> s.id().equals("arango-bulk")).findFirst().orElseThrow();
    Bound cores = new Bound("the stand-in's 2 cores", -12, "stand-in CPU per shot / 2 cores");
    Finding f = Findings.of(bulk, bulk.measures().get(0), run, (base, other) -> {
      assertEquals("HTTP_JSON", base.params().get("protocol"), "the form gets the rows the finding reads");
      assertEquals("HTTP2_JSON", other.params().get("protocol"));
      return java.util.Optional.of(cores);
    });
    assertEquals("same direction, 3.87x smaller; bounded by the stand-in's 2 cores", f.verdictText());
    assertTrue(f.note().contains("the most it can show here is -12.00% (stand-in CPU per shot / 2 cores)"), f.note());
    Findings.write(dir, List.of(f));
    JsonNode n = new ObjectMapper().readTree(dir.resolve(Finding.FILE).toFile()).get(0);
    assertEquals("same direction, smaller", n.path("agreement").asText());
    assertEquals(38.73 / 10, n.path("factor").asDouble(), 1e-9);
    assertEquals("the stand-in's 2 cores", n.path("bound").path("what").asText());
    assertEquals(-12, n.path("bound").path("limit").asDouble(), 1e-12);
    // and the rendered first screen prints the verdict with its bound
    Doc doc = new Doc("t");
    FindingsSection.appendTo(doc, List.of(f));
    Doc.Table glance = (Doc.Table) doc.sections.get(0).blocks.stream().filter(b -> b instanceof Doc.Table).findFirst()
        .orElseThrow();
    assertEquals("same direction, 3.87x smaller; bounded by the stand-in's 2 cores", glance.rows().get(0).get(5));
  }

  /** Files written before magnitude was weighed still read, with their direction-only verdicts. */
  @Test
  void anOldFindingsJsonStillReadsAsSchemaOne() throws Exception {
    List<io.dbbench.report.data.FindingsJson.Entry> old = io.dbbench.report.data.FindingsJson.read(
        Path.of("results/20261124T194306Z"));
    assertFalse(old.isEmpty());
    for (io.dbbench.report.data.FindingsJson.Entry e : old) {
      assertEquals(1, e.schemaVersion(), e.toString());
      assertTrue(Agreement.known(e.agreement(), e.schemaVersion()), e.agreement());
    }
    assertTrue(old.stream().anyMatch(e -> e.agreement().equals("same direction")), "direction-only verdicts read as written");
  }

  @Test
  void findingsJsonHoldsTheDocumentedKeys(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Finding f = Findings.of(bulkRun(new double[][] {{100}, {101}, {99}, {100}},
        new double[][] {{60}, {61}, {59}, {60}}, "ABBAABBA")).get(0);
    Findings.write(dir, List.of(f));
    JsonNode n = new ObjectMapper().readTree(dir.resolve(Finding.FILE).toFile()).get(0);
    for (String key : List.of("study", "benchmark", "metric", "unit", "baseline", "contender", "estimate", "ci_low",
        "ci_high", "no_change", "p", "forks_baseline", "forks_contender", "order", "published", "agreement", "kind")) {
      assertTrue(n.has(key), key + " in " + n);
    }
    assertEquals("arango-bulk", n.path("study").asText());
    assertEquals("HTTP_JSON", n.path("baseline").path("protocol").asText());
    assertEquals("HTTP2_JSON", n.path("contender").path("protocol").asText());
    assertEquals("ABBAABBA", n.path("order").asText());
    assertEquals(-43.73, n.path("published").path("value").asDouble(), 1e-9);
    assertTrue(n.path("published").path("source").asText().contains("BENCHMARKS.md"));
    assertEquals("reproduced", n.path("agreement").asText());
    assertEquals("reproduced", n.path("verdict").asText());
    assertEquals(2, n.path("schema_version").asInt());
    assertTrue(n.path("factor").isNull(), "a factor only for smaller or larger: " + n);
    assertFalse(n.has("bound"), "no bound decided it: " + n);
    assertEquals("comparison", n.path("kind").asText());
  }

  @Test
  void aFindingSaysTheMachineStateItsSamplingAndWhereItsVarianceLies() {
    Finding.Conditions loaded = new Finding.Conditions(47.3, 0.2, "stein", 10, 40, 89, "cap",
        "half-width <= 10 points", 29.2, 0.3, 0.25);
    Finding f = new Finding(new Finding.Subject("graph", "t", "comparison", "b", "m", "%", Map.of("journal", "off"),
        Map.of("journal", "on"), "q", "b"), new Finding.Measured(53.5, 27.1, 85.5, 0, 0.001, 10, 10,
        "ABBAABBAABBAABBAABBA"), new Finding.Publication("p", Double.NaN, Double.NaN, "s"),
        new io.dbbench.report.stats.Agreement.Verdict("no published figure", ""), loaded);
    assertTrue(loaded.underLoad());
    assertTrue(FindingsSection.interval(f).startsWith("UNDER LOAD (measured under load: other processes used up to 47% of the CPUs"),
        FindingsSection.interval(f));
    assertTrue(FindingsSection.interval(f).contains("10 pairs, 89 s, cap (half-width <= 10 points)"), FindingsSection.interval(f));
    // as findings.json writes it: the keys in their documented order
    Map<String, Object> json = new com.fasterxml.jackson.databind.ObjectMapper().convertValue(f.toEntry(),
        new com.fasterxml.jackson.core.type.TypeReference<java.util.LinkedHashMap<String, Object>>() { });
    assertEquals(47.3, json.get("other_cpu_max"));
    assertEquals(0.2, json.get("steal_max"));
    assertEquals(true, json.get("under_load"));
    @SuppressWarnings("unchecked")
    Map<String, Object> sampling = (Map<String, Object>) json.get("sampling");
    assertEquals(List.of("rule", "pairs", "pairs_needed", "seconds", "stop", "target", "width"),
        List.copyOf(sampling.keySet()));
    assertEquals("cap", sampling.get("stop"));
    @SuppressWarnings("unchecked")
    Map<String, Object> variance = (Map<String, Object>) json.get("variance");
    assertEquals(0.75, (Double) variance.get("between_pairs_share"), 1e-12);
    assertEquals(List.of("schema_version", "study", "title", "kind", "benchmark", "metric", "unit", "baseline",
        "contender", "estimate", "ci_low", "ci_high", "no_change", "p", "forks_baseline", "forks_contender", "order",
        "published", "answer", "agreement", "verdict", "factor", "note", "question", "backend", "other_cpu_max", "steal_max", "under_load", "sampling", "variance"),
        List.copyOf(json.keySet()));
    // a comparison its cap stopped short of the target names the pairs the target needs
    assertTrue(FindingsSection.interval(f).contains("cap (half-width <= 10 points); the target needs about 40 pairs"),
        FindingsSection.interval(f));
    // stolen time alone marks it too; a quiet one is not marked
    assertTrue(new Finding.Conditions(0.5, 6, "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN).underLoad());
    assertFalse(new Finding.Conditions(9.9, 4.9, "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN).underLoad());
    assertFalse(Finding.Conditions.NONE.underLoad(), "unknown is not under load");
  }

  @Test
  void theForestPlotReadsEveryComparisonAsASpeedUp() {
    assertEquals(1 / 1.535, FindingsSection.speedUp(53.5, "%"), 1e-12, "a change in time inverts");
    assertEquals(4.64, FindingsSection.speedUp(4.64, "x"), 1e-12, "a speed-up stays");
    assertTrue(Double.isNaN(FindingsSection.speedUp(Double.NaN, "%")));
  }

  @Test
  void everyStudyOfTheDataFileNamesItsSourceAndMeasures() {
    List<Study> studies = Findings.studies();
    assertTrue(studies.size() >= 6, "the five rooms hold six studies: " + studies.size());
    int comparisons = 0;
    for (Study s : studies) {
      assertTrue(s.source().length() > 10, s.toString());
      assertTrue(s.measures().size() >= 1, s.toString());
      boolean hasComparison = false;
      for (Study.Measure m : s.measures()) {
        assertTrue(m.published().text().length() > 10, m.toString());
        assertTrue(m.rows().size() >= 1, m.toString());
        hasComparison |= m.comparison();
      }
      comparisons += hasComparison ? 1 : 0;
    }
    assertEquals(studies.size(), comparisons, "every study has a comparison finding");
  }

  /**
   * A sweep's point listed first and the headline comparison's after it, which the study's params do
   * not tell apart (here two document counts): the finding reads the comparison's rows.
   */
  @Test
  void ofTwoRowsAtTheStudysPointTheFindingReadsTheOneTheHeadlineComparisonRan() throws Exception {
    double[][] sweep = {{100}, {100}};
    JmhResult sweep1 = shot("insert", "HTTP_JSON", sweep);
    JmhResult sweep2 = shot("insert", "HTTP2_JSON", sweep);
    double[][] a = {{100}, {110}, {120}, {130}};
    double[][] b = {{90}, {99}, {108}, {117}};
    JmhResult cmp1 = withDocs(shot("insert", "HTTP_JSON", a), "100000");
    JmhResult cmp2 = withDocs(shot("insert", "HTTP2_JSON", b), "100000");
    JsonNode env = new ObjectMapper().readTree("{\"families\":{\"arango\":{\"backend\":\"dbbench ArangoDB stand-in"
        + " (not ArangoDB)\",\"kind\":\"STAND_IN\",\"benchmarks\":[\"io.dbbench.arango.ArangoBulkBenchmark.insert\"],"
        + "\"comparisons\":[{\"benchmark\":\"io.dbbench.arango.ArangoBulkBenchmark.insert\",\"baseline\":{\"protocol\":"
        + "\"HTTP_JSON\",\"client\":\"driver\",\"docs\":\"100000\"},\"contender\":{\"protocol\":\"HTTP2_JSON\","
        + "\"client\":\"driver\",\"docs\":\"100000\"},\"order\":\"ABBAABBA\"}]}}}");
    Finding f = Findings.of(Run.of(Path.of("constructed"), List.of(sweep1, sweep2, cmp1, cmp2), env, List.of())).get(0);
    assertEquals("100000", f.baseline().get("docs"), "the comparison's point, not the sweep's listed first");
    assertEquals("ABBAABBA", f.order());
    assertEquals(-10.0, f.estimate(), 1e-9);
    // without the manifest's record the first row at the point is read, as before
    Finding first = Findings.of(Run.of(Path.of("constructed"), List.of(sweep1, sweep2, cmp1, cmp2),
        new ObjectMapper().readTree("{}"), List.of())).get(0);
    assertEquals("10000", first.baseline().get("docs"));
  }

  private static JmhResult withDocs(JmhResult r, String docs) {
    Map<String, String> p = new LinkedHashMap<>(r.params());
    p.put("docs", docs);
    return new JmhResult(r.benchmark(), r.mode(), r.threads(), r.forks(), p, r.primary(), r.secondary());
  }

  /** A run of ArangoBulkBenchmark.insert HTTP_JSON against HTTP2_JSON; {@code order} non-empty: recorded as interleaved. */
  static Run bulkRun(double[][] http1, double[][] http2, String order) throws Exception {
    List<JmhResult> rs = List.of(shot("insert", "HTTP_JSON", http1), shot("insert", "HTTP2_JSON", http2));
    String comparisons = order.isEmpty() ? "" : ",\"comparisons\":[{\"benchmark\":\"io.dbbench.arango.ArangoBulkBenchmark"
        + ".insert\",\"baseline\":{\"protocol\":\"HTTP_JSON\",\"client\":\"driver\"},\"contender\":{\"protocol\":"
        + "\"HTTP2_JSON\",\"client\":\"driver\"},\"order\":\"" + order + "\"}]";
    JsonNode env = new ObjectMapper().readTree("{\"families\":{\"arango\":{\"backend\":\"dbbench ArangoDB stand-in"
        + " (not ArangoDB)\",\"kind\":\"STAND_IN\",\"benchmarks\":[\"io.dbbench.arango.ArangoBulkBenchmark.insert\"]"
        + comparisons + "}}}");
    return Run.of(Path.of("constructed"), rs, env, List.of());
  }

  /** An ArangoBulkBenchmark single-shot row in ms/op with the given forks' shots. */
  static JmhResult shot(String method, String protocol, double[][] forks) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("client", "driver");
    params.put("docs", "10000");
    params.put("protocol", protocol);
    return new JmhResult("io.dbbench.arango.ArangoBulkBenchmark." + method, "ss", 1, forks.length, params,
        metric(forks, "ms/op"), Map.of());
  }

  /** A metric in {@code unit} whose raw data are {@code forks} ({@code [fork][iteration]}) and score their mean. */
  static JmhResult.Metric metric(double[][] forks, String unit) {
    List<List<Double>> raw = new ArrayList<>();
    double sum = 0;
    int n = 0;
    for (double[] f : forks) {
      List<Double> l = new ArrayList<>();
      for (double v : f) {
        l.add(v);
        sum += v;
        n++;
      }
      raw.add(l);
    }
    return new JmhResult.Metric(sum / n, Double.NaN, unit, raw);
  }
}
