package io.dbbench.arango.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import io.dbbench.report.study.StudyTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Go table from a recorded main-job run of the family on the stand-in
 * ({@code src/test/resources/arango/bulk-standin/}: jmh.json and env.json as written). Expected
 * figures are recomputed here from the raw JMH JSON, independently of the form's code path.
 */
class ArangoBulkFormTest {
  static final Path RUN = Path.of("src/test/resources/arango/bulk-standin");

  static Doc render() throws Exception {
    Run run = Run.load(RUN);
    ArangoBulkForm form = new ArangoBulkForm();
    List<JmhResult> accepted = run.results().stream().filter(form::accepts).toList();
    assertEquals(32, accepted.size(), "4 operations x 4 protocols x 2 clients recorded");
    Doc doc = new Doc("t");
    form.appendTo(doc, run, accepted);
    return doc;
  }

  /** Per benchmark/client/protocol key: {mean ms of the shots, B/op}, straight from the JSON. */
  static Map<String, double[]> expected() throws Exception {
    Map<String, double[]> m = new HashMap<>();
    for (JsonNode r : new ObjectMapper().readTree(Files.readAllBytes(RUN.resolve("jmh.json")))) {
      String b = r.path("benchmark").asText();
      String key = b.substring(b.lastIndexOf('.') + 1) + " " + r.path("params").path("client").asText() + " "
          + r.path("params").path("protocol").asText();
      assertEquals("ms/op", r.path("primaryMetric").path("scoreUnit").asText());
      double sum = 0;
      int n = 0;
      for (JsonNode fork : r.path("primaryMetric").path("rawData")) {
        for (JsonNode shot : fork) {
          sum += shot.asDouble();
          n++;
        }
      }
      double bytes = 0;
      int shots = 0;
      for (JsonNode fork : r.path("secondaryMetrics").path("shotAllocatedBytes").path("rawData")) {
        for (JsonNode shot : fork) {
          bytes += shot.asDouble();
          shots++;
        }
      }
      assertEquals(n, shots, key + ": one allocation figure per shot");
      m.put(key, new double[] {sum / n, bytes / shots});
    }
    return m;
  }

  static double parse(String cell) {
    return Double.parseDouble(cell.replace(",", "").replace("%", ""));
  }

  @Test
  void theFormIsFoundThroughTheRoomsRegistry() {
    List<String> names = new ArrayList<>();
    StudyTables.forms().forEach(f -> names.add(f.getClass().getName()));
    assertTrue(names.contains(ArangoBulkForm.class.getName()), names.toString());
  }

  @Test
  void oneGoTablePerOperationWithDeltasAgainstHttpJson() throws Exception {
    Doc doc = render();
    Map<String, double[]> want = expected();
    List<String> ops = new ArrayList<>();
    for (Doc.Section s : doc.sections) {
      if (s.level != 3) {
        continue;
      }
      String op = s.heading.substring(0, s.heading.indexOf(' '));
      ops.add(op);
      Doc.Table t = (Doc.Table) s.blocks.stream().filter(b -> b instanceof Doc.Table).findFirst().orElseThrow();
      assertEquals(List.of("client", "protocol", "docs", "shots", "ns/op", "Δ ns/op vs HTTP_JSON", "client CPU/shot (ms)",
          "server CPU/shot (ms)", "B/op", "Δ B/op vs HTTP_JSON", "allocs/op", "backend"), t.headers());
      assertEquals(8, t.rows().size(), op);
      for (List<String> row : t.rows()) {
        double[] w = want.get(op + " " + row.get(0) + " " + row.get(1));
        double[] base = want.get(op + " " + row.get(0) + " HTTP_JSON");
        assertEquals("10000", row.get(2));
        assertEquals("3", row.get(3), "three measured shots per fork");
        assertEquals(w[0] * 1e6, parse(row.get(4)), Math.max(1, w[0] * 1e6 * 1e-3), op + " " + row);
        assertEquals(w[1], parse(row.get(8)), Math.max(1, w[1] * 1e-3), op + " " + row);
        assertEquals("", row.get(6), "no CPU per shot in this recorded run");
        assertEquals("", row.get(7), "no CPU per shot in this recorded run");
        if (row.get(1).equals("HTTP_JSON")) {
          assertEquals("", row.get(5));
        } else {
          assertEquals((w[0] - base[0]) / base[0] * 100, parse(row.get(5)), 0.01, op + " " + row);
          assertEquals((w[1] - base[1]) / base[1] * 100, parse(row.get(9)), 0.01, op + " " + row);
        }
        assertEquals("", row.get(10), "no allocation pass in this run");
        assertEquals(ArangoStandIn.LABEL, row.get(11));
      }
      assertEquals(List.of("driver", "driver", "driver", "driver", "rawHttp", "rawHttp", "rawHttp", "rawHttp"),
          t.rows().stream().map(r -> r.get(0)).toList());
      assertEquals(List.of("HTTP_JSON", "HTTP2_JSON", "HTTP_VPACK", "HTTP2_VPACK"),
          t.rows().subList(0, 4).stream().map(r -> r.get(1)).toList());
      assertEquals(2, s.blocks.stream().filter(b -> b instanceof Doc.Chart).count(), op + ": time and B/op charts");
      assertTrue(s.blocks.stream().anyMatch(b -> b instanceof Doc.Text x && x.text().startsWith("Go driver study")), op);
    }
    assertEquals(List.of("insert", "read", "update", "delete"), ops);
    Doc.Text intro = (Doc.Text) doc.sections.get(0).blocks.get(0);
    assertTrue(intro.text().contains("not ArangoDB's storage or query engine, nor the client and protocol alone"), intro.text());
    assertFalse(intro.text().contains("timings are the client's and the protocol's"), intro.text());
  }

  @Test
  void cpuPerShotIsTheMeanOfTheShotsWithAFigureInMs() {
    Map<String, JmhResult.Metric> sec = new java.util.LinkedHashMap<>();
    // a shot below one 10 ms tick reads 0 and counts; -1 is a shot whose CPU was not seen
    sec.put(ArangoBulkForm.CLIENT_CPU, new JmhResult.Metric(0, Double.NaN, "#",
        List.of(List.of(180e6, 220e6, -1.0), List.of(200e6, 0.0))));
    sec.put(ArangoBulkForm.SERVER_CPU, new JmhResult.Metric(0, Double.NaN, "#", List.of(List.of(-1.0, -1.0))));
    JmhResult r = new JmhResult("io.dbbench.arango.ArangoBulkBenchmark.insert", "ss", 1, 2, Map.of("protocol", "HTTP_JSON"),
        new JmhResult.Metric(207, Double.NaN, "ms/op", List.of(List.of(207.0))), sec);
    assertEquals("150.0", ArangoBulkForm.cpuMillis(r, ArangoBulkForm.CLIENT_CPU));
    assertEquals("", ArangoBulkForm.cpuMillis(r, ArangoBulkForm.SERVER_CPU), "a server whose CPU was not seen");
    assertEquals("", ArangoBulkForm.cpuMillis(r, "absent"));
  }

  private static JmhResult shot(String protocol, double wallMs, double serverMs, double clientMs) {
    Map<String, JmhResult.Metric> sec = new java.util.LinkedHashMap<>();
    sec.put(ArangoBulkForm.SERVER_CPU, new JmhResult.Metric(0, Double.NaN, "#",
        List.of(List.of(serverMs * 1e6, serverMs * 1e6))));
    sec.put(ArangoBulkForm.CLIENT_CPU, new JmhResult.Metric(0, Double.NaN, "#",
        List.of(List.of(clientMs * 1e6, clientMs * 1e6))));
    return new JmhResult("io.dbbench.arango.ArangoBulkBenchmark.insert", "ss", 1, 2,
        Map.of("protocol", protocol, "docs", "100000"),
        new JmhResult.Metric(wallMs, Double.NaN, "ms/op", List.of(List.of(wallMs, wallMs))), sec);
  }

  /**
   * The protocol finding on the stand-in is bounded by the stand-in's CPU when it takes at least
   * half of the baseline shot (the full run's insert: about 200 ms of CPU in a 207 ms shot); the
   * basis gives both sides' CPU and wall time. A stand-in below that share, a real server (no server
   * CPU) and another measure get no bound.
   */
  @Test
  void theProtocolFindingIsBoundedByTheStandInsCpuWhenItFillsTheShot() {
    ArangoBulkForm form = new ArangoBulkForm();
    io.dbbench.report.study.Study.Measure m = form.study().measures().stream()
        .filter(x -> "protocol".equals(x.headline())).findFirst().orElseThrow();
    JmhResult h1 = shot("HTTP_JSON", 207, 200, 150);
    JmhResult h2 = shot("HTTP2_JSON", 214, 210, 160);
    io.dbbench.report.data.Run run = new io.dbbench.report.data.Run(null, List.of(h1, h2), null, List.of());
    io.dbbench.report.stats.Bound b = form.bound(m, run, h1, h2).orElseThrow();
    assertEquals("the stand-in's CPU on the same cores", b.what());
    assertTrue(Double.isNaN(b.limit()), "a named bound");
    assertTrue(b.basis().contains("HTTP_JSON: stand-in CPU 200.0 ms, client CPU 150.0 ms per 207.0 ms shot")
        && b.basis().contains("HTTP2_JSON"), b.basis());
    JmhResult light = shot("HTTP_JSON", 207, 90, 150);
    assertEquals(java.util.Optional.empty(), form.bound(m, run, light, h2), "the stand-in takes under half the shot");
    JmhResult real = new JmhResult(h1.benchmark(), "ss", 1, 2, h1.params(), h1.primary(), Map.of());
    assertEquals(java.util.Optional.empty(), form.bound(m, run, real, h2), "no server CPU figure: a real server");
    io.dbbench.report.study.Study.Measure other = new io.dbbench.report.study.Study.Measure(m.kind(), m.unit(),
        m.question(), m.rows(), m.change(), m.published(), m.metric(), m.scale(), "");
    assertEquals(java.util.Optional.empty(), form.bound(other, run, h1, h2));
  }

  @Test
  void theGoStudysOwnDeltasAreQuotedCorrectly() throws Exception {
    Doc doc = render();
    Doc.Text insert = doc.sections.stream().filter(s -> s.heading.startsWith("insert")).findFirst().orElseThrow()
        .blocks.stream().filter(b -> b instanceof Doc.Text).map(b -> (Doc.Text) b).findFirst().orElseThrow();
    // go-driver v2/BENCHMARKS.md: Create -43.73 % ns/op, -89.84 % B/op
    assertTrue(insert.text().contains("(-43.73%)"), insert.text());
    assertTrue(insert.text().contains("(-89.84%)"), insert.text());
    assertFalse(insert.text().toLowerCase(Locale.ROOT).contains("nan"));
  }

  /**
   * A readByKeys row (the recorded read rows renamed) gets its own section after read, labelled
   * with the Go benchmark that reads by keys, and says the study published no figure for it.
   */
  @Test
  void aReadByKeysRowGetsItsOwnSectionWithoutAPublishedFigure(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    ObjectMapper json = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ArrayNode rows = (com.fasterxml.jackson.databind.node.ArrayNode)
        json.readTree(Files.readAllBytes(RUN.resolve("jmh.json")));
    List<JsonNode> renamed = new ArrayList<>();
    for (JsonNode r : rows) {
      if (r.path("benchmark").asText().endsWith(".read")) {
        com.fasterxml.jackson.databind.node.ObjectNode c = r.deepCopy();
        c.put("benchmark", ArangoBulkForm.CLASS + ".readByKeys");
        renamed.add(c);
      }
    }
    assertEquals(8, renamed.size());
    rows.addAll(renamed);
    Files.write(dir.resolve("jmh.json"), json.writeValueAsBytes(rows));
    Files.copy(RUN.resolve("env.json"), dir.resolve("env.json"));
    Run run = Run.load(dir);
    ArangoBulkForm form = new ArangoBulkForm();
    Doc doc = new Doc("t");
    form.appendTo(doc, run, run.results().stream().filter(form::accepts).toList());
    List<String> headings = doc.sections.stream().filter(s -> s.level == 3).map(s -> s.heading).toList();
    assertEquals(List.of("insert", "read", "readByKeys", "update", "delete"),
        headings.stream().map(h -> h.substring(0, h.indexOf(' '))).toList());
    String heading = headings.get(2);
    assertTrue(heading.contains("BulkRead100KDocs/ReadAllDocsOnce through Collection.ReadDocuments"), heading);
    Doc.Section byKeys = doc.sections.stream().filter(s -> s.heading.equals(heading)).findFirst().orElseThrow();
    Doc.Text text = byKeys.blocks.stream().filter(b -> b instanceof Doc.Text).map(b -> (Doc.Text) b).findFirst().orElseThrow();
    assertTrue(text.text().contains("no published figure"), text.text());
    Doc.Table t = (Doc.Table) byKeys.blocks.stream().filter(b -> b instanceof Doc.Table).findFirst().orElseThrow();
    assertEquals(8, t.rows().size());
  }
}
