package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The opening findings table, on the committed quick run and on constructed multi-fork runs. */
class FindingsTest {

  @Test
  void committedRunOpensOnOneFindingPerStudyPresent() throws Exception {
    Run run = Run.load(Path.of("results/20261122T043318Z"));
    Doc doc = RunReport.build(run, false);
    assertEquals("Findings", doc.sections.get(0).heading, "the first section");
    Doc.Table t = (Doc.Table) doc.sections.get(0).blocks.stream().filter(b -> b instanceof Doc.Table)
        .findFirst().orElseThrow();
    List<String> studies = t.rows().stream().map(r -> r.get(0)).toList();
    // graphj, jdbc, graph and payload ran; the two ArangoDB studies did not
    assertEquals(4, studies.size(), studies.toString());
    assertTrue(studies.get(0).startsWith("graphd graphj_bench"), studies.toString());
    assertTrue(studies.get(3).startsWith("WMPayload"), studies.toString());
    List<Findings.Finding> fs = Findings.of(run, List.of());
    Findings.Finding graphj = fs.get(0);
    // compress text level=3: the bytes counter (bytes/s) in MB/s, from the JMH JSON directly
    JsonNode row = null;
    for (JsonNode r : new ObjectMapper().readTree(Path.of("results/20261122T043318Z/jmh.json").toFile())) {
      if (r.path("benchmark").asText().endsWith("GraphjCompressBenchmark.compress")
          && r.path("params").path("level").asText().equals("3") && r.path("params").path("corpus").asText().equals("text")) {
        row = r;
      }
    }
    double mbs = row.path("secondaryMetrics").path("bytes").path("score").asDouble() / 1e6;
    // JMH reports the OPERATIONS counter as ops/s, one op being one byte
    assertEquals("ops/s", row.path("secondaryMetrics").path("bytes").path("scoreUnit").asText());
    assertTrue(graphj.measured().endsWith(Units.num(mbs) + " MB/s"), graphj.measured() + " vs " + mbs);
    assertTrue(graphj.interval().startsWith("n/a: 1 fork"), graphj.interval());
    assertTrue(graphj.agreement().startsWith("agrees"), graphj.agreement());
    Findings.Finding jdbc = fs.get(1);
    assertTrue(jdbc.measured().contains("was not run; nearest"), "quick mode's nearest shape is named: " + jdbc.measured());
    assertTrue(jdbc.backend().startsWith("real: embedded PostgreSQL") && jdbc.backend().contains("SAP HANA"),
        jdbc.backend());
    Findings.Finding payload = fs.get(3);
    assertTrue(payload.backend().startsWith("stand-in: mongo-java-server"), payload.backend());
    assertTrue(payload.interval().startsWith("n/a: 1 fork per side"), payload.interval());
    // the GOMESSAGE section says the PostgreSQL it measured did not wait for the disk
    Doc.Section gomessage = doc.sections.stream().filter(s -> s.heading.startsWith("GOMESSAGE")).findFirst().orElseThrow();
    assertTrue(((Doc.Text) gomessage.blocks.get(0)).text().contains("fsync=off"), gomessage.blocks.get(0).toString());
    // the manifest comes last and is folded
    Doc.Section last = doc.sections.get(doc.sections.size() - 1);
    assertTrue(last.collapsed, last.heading);
    assertTrue(doc.sections.stream().filter(s -> s.heading.equals("Run manifest")).findFirst().orElseThrow().collapsed);
  }

  @Test
  void fourForksPerSideGiveAnIntervalAndAVerdictOnTheGoDriverStudy() throws Exception {
    // HTTP/1.1 about 100 ms, HTTP/2 about 60 ms per insert shot: -40%, as the study's -43.7% in direction and size
    List<JmhResult> rs = List.of(
        shot("insert", "HTTP_JSON", new double[][] {{100, 101, 99}, {103, 102, 104}, {98, 97, 99}, {100, 100, 101}}),
        shot("insert", "HTTP2_JSON", new double[][] {{60, 61, 59}, {62, 61, 63}, {58, 59, 57}, {60, 60, 61}}));
    JsonNode env = new ObjectMapper().readTree("{\"families\":{\"arango\":{\"backend\":\"dbbench ArangoDB stand-in"
        + " (not ArangoDB)\",\"kind\":\"STAND_IN\",\"benchmarks\":[\"io.dbbench.arango.ArangoBulkBenchmark.insert\"]}}}");
    Run run = new Run(Path.of("constructed"), rs, env, List.of());
    List<Findings.Finding> fs = Findings.of(run, List.of());
    assertEquals(1, fs.size(), fs.toString());
    Findings.Finding f = fs.get(0);
    assertEquals("arango-bulk", f.studyId());
    // means of the fork means: (60 + 62 + 58 + 60.333) / 4 against (100 + 103 + 98 + 100.333) / 4
    double expected = (60.083333333 / 100.333333333 - 1) * 100;
    assertTrue(f.measured().endsWith(Units.pct(expected)), f.measured() + " vs " + Units.pct(expected));
    assertTrue(f.interval().startsWith("[-4"), "a two-level bootstrap interval around -40%: " + f.interval());
    assertTrue(f.agreement().startsWith("same direction, similar size"), f.agreement());
    assertTrue(f.backend().startsWith("stand-in: dbbench ArangoDB stand-in"), f.backend());
  }

  @Test
  void oppositeDirectionAndMissingRowsAreSaid() {
    List<JmhResult> rs = List.of(
        shot("insert", "HTTP_JSON", new double[][] {{60}}),
        shot("insert", "HTTP2_JSON", new double[][] {{100}}));
    Run run = new Run(Path.of("constructed"), rs, null, List.of());
    Findings.Finding f = Findings.of(run, List.of()).get(0);
    assertTrue(f.agreement().startsWith("opposite direction"), f.agreement());
    assertTrue(f.interval().startsWith("n/a: 1 fork per side"), f.interval());
    assertEquals("unknown (no env.json)", f.backend().substring(0, "unknown (no env.json)".length()));

    Run other = new Run(Path.of("constructed"), List.of(shot("update", "HTTP_JSON", new double[][] {{1}})), null,
        List.of());
    Findings.Finding g = Findings.of(other, List.of()).get(0);
    assertTrue(g.measured().startsWith("not measured in this run: needs ArangoBulkBenchmark.insert"), g.measured());
  }

  @Test
  void aFormsOwnFindingReplacesTheDataFileRow() {
    Findings.Finding own = new Findings.Finding("arango-bulk", "own", "p", "s", "m", "i", "a", "b");
    StudyForm form = new StudyForm() {
      @Override
      public String title() {
        return "t";
      }

      @Override
      public boolean accepts(JmhResult r) {
        return true;
      }

      @Override
      public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {}

      @Override
      public List<Findings.Finding> findings(Run run, List<JmhResult> accepted) {
        return List.of(own);
      }
    };
    Run run = new Run(Path.of("constructed"), List.of(shot("insert", "HTTP_JSON", new double[][] {{1}})), null,
        List.of());
    assertEquals(List.of(own), Findings.of(run, List.of(form)));
  }

  @Test
  void everyStudyOfTheDataFileNamesItsSourceAndAMeasure() {
    List<JsonNode> studies = Findings.studies();
    assertEquals(6, studies.size());
    for (JsonNode s : studies) {
      assertTrue(s.path("source").asText().length() > 10, s.toString());
      assertTrue(s.path("published").path("text").asText().length() > 10, s.toString());
      assertTrue(s.path("measure").path("rows").size() >= 1, s.toString());
      assertTrue(List.of("rate", "rowsPerSecond", "speedup", "timeChangePct").contains(s.path("measure").path("kind").asText()),
          s.toString());
    }
  }

  /** An ArangoBulkBenchmark single-shot row in ms/op with the given forks' shots. */
  static JmhResult shot(String method, String protocol, double[][] forks) {
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
    Map<String, String> params = new LinkedHashMap<>();
    params.put("client", "driver");
    params.put("docs", "10000");
    params.put("protocol", protocol);
    return new JmhResult("io.dbbench.arango.ArangoBulkBenchmark." + method, "ss", 1, forks.length, params,
        new JmhResult.Metric(sum / n, Double.NaN, "ms/op", raw), Map.of());
  }
}
