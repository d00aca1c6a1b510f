package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.Mode;
import io.dbbench.report.RunReport;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.PublishedRowsSection;
import io.dbbench.report.stats.PublishedRow;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every published row beside dbbench's: the points each study declares, the verdicts, and the section. */
class PublishedRowsTest {

  @Test
  void everyStudyWithATableDeclaresItsRowsAtItsOwnPoints() {
    Map<String, Integer> byStudy = new LinkedHashMap<>();
    for (StudyForm f : StudyTables.forms()) {
      if (!f.publishedPoints().isEmpty()) {
        byStudy.put(f.study().id(), f.publishedPoints().size());
      }
    }
    // Go: 4 operations x V1/V2 x ns, B, allocs; pool: 4 pools x 4 query counts; hdbinsert: 7 shapes x
    // bulk/many x seq/par; graphd: its 9 criterion figures; WMPayload: 6 rows x time, B, allocs
    assertEquals(Map.of("arango-bulk", 24, "arango-pool", 16, "jdbc", 28, "graphj", 9, "payload", 18), byStudy);
    StudyForm pool = StudyTables.forms().stream().filter(f -> f.title().contains("connection pools")).findFirst()
        .orElseThrow();
    PublishedRows.Point dnf = pool.publishedPoints().stream().filter(PublishedRows.Point::publishedDnf).findFirst()
        .orElseThrow();
    assertEquals("raw_http", dnf.params().get("connection"));
    assertEquals("200000", dnf.params().get("documents"), "the study's own collection, not quick mode's");
    assertEquals("did not finish", dnf.publishedText());
  }

  @Test
  void aRowIsJudgedByItsIntervalOverForksAndADidNotFinishByItsCounter() {
    PublishedRows.Point p = new PublishedRows.Point("1000 queries", "raw_http", "x.Bench.query",
        Map.of("connection", "raw_http"), PublishedRows.TIME, "ms", 1e3, 2466, "2,466", false);
    // two forks of three shots near 2.5 s and near 9 s
    JmhResult near = row("raw_http", new double[][] {{2.45, 2.48, 2.47}, {2.46, 2.50, 2.44}}, 0);
    PublishedRow same = PublishedRows.judge("pool", p, List.of(near), Mode.FULL);
    assertEquals("no measurable difference", same.verdict(), same.toString());
    assertEquals(2, same.forks());
    assertTrue(same.ciLow() > 2400 && same.ciHigh() < 2560, same.toString());
    PublishedRow far = PublishedRows.judge("pool", p, List.of(row("raw_http", new double[][] {{9, 9.1}, {8.9, 9}}, 0)),
        Mode.FULL);
    assertEquals("differs", far.verdict(), far.toString());
    PublishedRow one = PublishedRows.judge("pool", p, List.of(row("raw_http", new double[][] {{2.47, 2.46}}, 0)), Mode.FULL);
    assertEquals("cannot tell", one.verdict(), "one fork has no interval: " + one);
    PublishedRow none = PublishedRows.judge("pool", p, List.of(row("driver_http1_3", new double[][] {{1}}, 0)), Mode.QUICK);
    assertEquals("not measured", none.verdict());
    assertTrue(none.note().contains("full mode does"), none.note());
    PublishedRows.Point dnf = new PublishedRows.Point("5000 queries", "raw_http", "x.Bench.query",
        Map.of("connection", "raw_http"), PublishedRows.TIME, "ms", 1e3, Double.NaN, "did not finish", true);
    assertEquals("finished (the study's did not)", PublishedRows.judge("pool", dnf, List.of(near), Mode.FULL).verdict());
    assertEquals("did not finish (both)", PublishedRows.judge("pool", dnf,
        List.of(row("raw_http", new double[][] {{60, 61}, {62, 60}}, 3)), Mode.FULL).verdict());
  }

  @Test
  void theSectionListsTheMeasuredRowsAndCountsTheOthers() throws Exception {
    PublishedRows.Point p = new PublishedRows.Point("g", "measured row", "x.Bench.query", Map.of("connection", "raw_http"),
        PublishedRows.TIME, "ms", 1e3, 2466, "2,466", false);
    PublishedRows.Point q = new PublishedRows.Point("g", "other row", "x.Bench.query", Map.of("connection", "nope"),
        PublishedRows.TIME, "ms", 1e3, 1, "1", false);
    JmhResult r = row("raw_http", new double[][] {{2.45, 2.48}, {2.46, 2.50}}, 0);
    Doc doc = new Doc("t");
    PublishedRowsSection.appendTo(doc, 2, List.of(PublishedRows.judge("pool", p, List.of(r), Mode.QUICK),
        PublishedRows.judge("pool", q, List.of(r), Mode.QUICK)));
    assertEquals(PublishedRowsSection.HEADING, doc.sections.get(0).heading);
    Doc.Section study = doc.sections.get(1);
    Doc.Table t = (Doc.Table) study.blocks.get(0);
    assertEquals(1, t.rows().size());
    assertEquals("measured row", t.rows().get(0).get(1));
    assertEquals("no measurable difference", t.rows().get(0).get(8));
    assertTrue(((Doc.Text) study.blocks.get(1)).text().startsWith("1 of 2 published rows were not measured in this run"),
        study.blocks.get(1).toString());
  }

  @Test
  void theCommittedQuickRunSaysWhichRowsOnlyFullModeMeasures() throws Exception {
    Run run = Run.load(Path.of("results/20261127T040001Z"));
    List<PublishedRow> rows = PublishedRows.of(run);
    // quick mode runs 10,000 documents and 1x100000 seq: the Go and pool tables' points are full mode's
    assertTrue(rows.stream().filter(r -> r.study().equals("arango-bulk")).noneMatch(PublishedRow::measured));
    PublishedRow jdbc = rows.stream().filter(r -> r.study().equals("jdbc") && r.measured()).findFirst().orElseThrow();
    assertTrue(jdbc.point().contains("shape=1x100000"), jdbc.toString());
    Doc doc = RunReport.build(run, false);
    assertTrue(doc.sections.stream().anyMatch(s -> s.heading.equals(PublishedRowsSection.HEADING)));
  }

  /**
   * WMPayload's search ran b.N concurrent requests and reports wall time per request; its insert
   * was one sequential client. On the committed full run the search row reads 271.3 ms per request
   * per thread under 100 threads, 2.71 ms of wall time per request: below the study's 8.85 ms, not
   * above; the insert rows ran 100 threads, so they wait for a one-client row.
   */
  @Test
  void wmpayloadsRowsAreReadInTheStudysUnits() throws Exception {
    StudyForm payload = StudyTables.forms().stream().filter(f -> f.studyResource().isPresent()
        && f.study().id().equals("payload")).findFirst().orElseThrow();
    Run run = Run.load(Path.of("results/20261128T092744Z-full"));
    List<PublishedRow> rows = PublishedRows.of(run).stream().filter(r -> r.study().equals("payload")).toList();
    PublishedRow search = rows.stream().filter(r -> r.label().startsWith("search flat, index none")
        && r.unit().startsWith("ms")).findFirst().orElseThrow();
    JmhResult none = run.results().stream().filter(r -> r.method().equals("search") && r.threads() == 100
        && "none".equals(r.params().get("index")) && "flat".equals(r.params().get("doc"))
        && "30000".equals(r.params().get("collectionSize"))).findFirst().orElseThrow();
    assertEquals(io.dbbench.report.study.FormSupport.timePerOp(none) * 1e3 / 100, search.value(), 0.05,
        "time per request per thread / 100 threads, in ms");
    assertTrue(search.value() > 2.5 && search.value() < 3.0, search.toString());
    assertEquals("differs", search.verdict());
    assertTrue(search.note().contains("below"), search.note());
    PublishedRow insert = rows.stream().filter(r -> r.label().startsWith("insert flat") && r.unit().equals("ms/request"))
        .findFirst().orElseThrow();
    assertEquals("not measured", insert.verdict());
    assertTrue(insert.note().startsWith("needs a row of 1 thread (the study's BenchmarkInsert is one sequential client;"
        + " full mode's one-client-insert sweep runs it, or PayloadServiceBenchmark.insert with -t 1); this run's"),
        insert.note());
    assertTrue(insert.note().endsWith("ran 100 threads"), insert.note());
    assertTrue(payload.publishedPoints().stream().anyMatch(p -> p.metric().equals(PublishedRows.WALL_TIME)));
  }

  @Test
  void wallTimeDividesByTheThreadsAndAThreadCountSelectsTheRow() {
    PublishedRows.Point wall = new PublishedRows.Point("g", "search", "x.Bench.query", Map.of(), PublishedRows.WALL_TIME,
        "ms", 1e3, 8.85, "8.85 ms", false);
    JmhResult hundred = new JmhResult("x.Bench.query", "avgt", 100, 2, Map.of(),
        FindingsTest.metric(new double[][] {{271, 272}, {270, 271}}, "ms/op"), Map.of());
    PublishedRow r = PublishedRows.judge("s", wall, List.of(hundred), Mode.FULL);
    assertEquals(2.71, r.value(), 1e-9, "271 ms per request per thread over 100 threads: 2.71 ms of wall time");
    PublishedRows.Point one = new PublishedRows.Point("g", "insert", "x.Bench.query", Map.of(), PublishedRows.TIME,
        "ms", 1e3, 0.6, "0.60 ms", false).withThreads(1, "one client");
    JmhResult single = new JmhResult("x.Bench.query", "avgt", 1, 2, Map.of(),
        FindingsTest.metric(new double[][] {{0.61, 0.62}, {0.6, 0.61}}, "ms/op"), Map.of());
    assertEquals(0.61, PublishedRows.judge("s", one, List.of(hundred, single), Mode.FULL).value(), 1e-9,
        "the one-thread row, not the first");
    assertEquals("not measured", PublishedRows.judge("s", one, List.of(hundred), Mode.FULL).verdict());
  }

  /** An ArangoPoolBenchmark-like single-shot row in s/op with the given forks and dnf count. */
  static JmhResult row(String connection, double[][] forks, double dnf) {
    return new JmhResult("x.Bench.query", "ss", 1, forks.length, Map.of("connection", connection),
        FindingsTest.metric(forks, "s/op"),
        Map.of(PublishedRows.DNF_COUNTER, new JmhResult.Metric(dnf, Double.NaN, "#", List.of())));
  }
}
