package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Comparison} over the handmade fixtures in {@code report/hand/} (see its README). */
class ComparisonTest {
  static final Path HAND = Path.of("src/test/resources/report/hand");

  static Comparison hand() throws ReportException {
    return Comparison.of(Run.load(HAND.resolve("base.json")), Run.load(HAND.resolve("contender.json")));
  }

  static Comparison.Row row(Comparison c, String method, String metric) {
    return c.rows.stream().filter(r -> r.key().contains("." + method + "[") && r.metric().equals(metric))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + method + " " + metric));
  }

  @Test
  void significantChangeIsCalledSlowerWithItsPValue() throws Exception {
    Comparison.Row r = row(hand(), "separated3", Comparison.PRIMARY);
    assertEquals(2.0, r.base(), 1e-12);
    assertEquals(5.0, r.contender(), 1e-12);
    assertEquals(150.0, r.changePct(), 1e-9);
    assertEquals(0.0495346134, r.p(), 1e-9);
    assertEquals(Comparison.Verdict.WORSE, r.verdict(), "avgt: more ns/op is slower");
    assertEquals("slower", r.verdictWord());
    assertEquals(3, r.nBase());
  }

  @Test
  void insignificantChangeIsTilde() throws Exception {
    // ties fixture: base forks [1,2],[2,3], contender [2,4,5]: p = 0.1573 > 0.05
    Comparison.Row r = row(hand(), "ties", Comparison.PRIMARY);
    assertEquals(0.1572992071, r.p(), 1e-9);
    assertEquals(Comparison.Verdict.SAME, r.verdict());
    assertEquals("~", r.verdictWord());
    assertTrue(r.significance().startsWith("~ (p=0.1573 n=4+3)"), r.significance());
    // all forks' iterations are pooled: 4 baseline samples from 2 forks
    assertEquals(4, r.nBase());
  }

  @Test
  void throughputRegressionIsMeasuredInTimePerOperation() throws Exception {
    Comparison.Row r = row(hand(), "regressed", Comparison.PRIMARY);
    assertEquals((70.4 / 100.4 - 1) * 100, r.changePct(), 1e-9);
    assertEquals((100.4 / 70.4 - 1) * 100, r.regressionPct(), 1e-9); // 42.61%
    assertEquals(Comparison.Verdict.WORSE, r.verdict(), "thrpt: fewer ops/s is slower");
    assertEquals(0.0090234388, r.p(), 1e-9);
  }

  @Test
  void allocationIsComparedToo() throws Exception {
    Comparison.Row r = row(hand(), "separated3", Comparison.ALLOC);
    assertEquals("B/op", r.unit());
    assertEquals(1.0, r.p(), 1e-12);
    assertEquals(Comparison.Verdict.SAME, r.verdict());
  }

  @Test
  void geometricMeanPerUnit() throws Exception {
    Comparison c = hand();
    Comparison.Geomean ns = c.geomeans().stream()
        .filter(g -> g.metric().equals(Comparison.PRIMARY) && g.unit().equals("ns/op")).findFirst().orElseThrow();
    // ns/op rows: separated3 2 -> 5, separated5 3 -> 8: sqrt(6) -> sqrt(40)
    assertEquals(Math.sqrt(6), ns.base(), 1e-12);
    assertEquals(Math.sqrt(40), ns.contender(), 1e-12);
    assertEquals((Math.sqrt(40.0 / 6) - 1) * 100, ns.changePct(), 1e-9);
    assertTrue(c.summaryLine().contains("ns/op +158.20%"), c.summaryLine());
    assertTrue(c.summaryLine().contains("4 slower, 1 ~"), c.summaryLine());
  }

  @Test
  void rowsInOnlyOneRunAreListedNotCompared() throws Exception {
    Comparison c = hand();
    assertEquals(List.of("io.dbbench.hand.HandBenchmark.onlyInBase[avgt]"), c.onlyBase);
    assertEquals(List.of("io.dbbench.hand.HandBenchmark.onlyInContender[avgt]"), c.onlyContender);
    assertFalse(c.rows.stream().anyMatch(r -> r.key().contains("onlyIn")));
  }

  @Test
  void markdownGreysTheTildeRowAndDrawsTheChart() throws Exception {
    Doc doc = new Doc("t");
    hand().appendTo(doc, 2);
    String md = MarkdownReport.write(doc, null);
    assertTrue(md.contains("| *HandBenchmark.ties* | *ops/s* | *2.000* | *3.667* | *~* |"), md);
    assertTrue(md.contains("| HandBenchmark.separated3 | ns/op | 2.000 | 5.000 | +150.00% |"), md);
    long charts = doc.sections.stream().flatMap(s -> s.blocks.stream()).filter(b -> b instanceof Doc.Chart).count();
    assertEquals(2, charts, "one change chart for scores, one for B/op");
  }

  @Test
  void runsWithNothingInCommonAreRejected() throws Exception {
    Run base = Run.load(HAND.resolve("base.json"));
    Run studies = Run.load(Path.of("src/test/resources/report/studies"));
    ReportException e = assertThrows(ReportException.class, () -> Comparison.of(base, studies));
    assertTrue(e.getMessage().contains("no benchmark in common"), e.getMessage());
  }
}
