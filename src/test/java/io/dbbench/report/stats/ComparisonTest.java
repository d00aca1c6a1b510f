package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.ComparisonSection;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.MarkdownReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Comparison} over the handmade fixtures in {@code report/hand/} (see its README). */
class ComparisonTest {
  static final Path HAND = Path.of("src/test/resources/report/hand");

  /** The hand fixtures compared as if interleaved (no drift allowance): the statistics alone. */
  static Comparison hand() throws ReportException {
    return Comparison.of("base.json", Run.load(HAND.resolve("base.json")).results(), "contender.json",
        Run.load(HAND.resolve("contender.json")).results());
  }

  @Test
  void separatelyRecordedRunsGetAVerdictOnlyBeyondTheDriftAllowance() throws Exception {
    // the default for two run files: no interleaved pair, so the 30% allowance applies
    Comparison separate = Comparison.of(Run.load(HAND.resolve("base.json")), Run.load(HAND.resolve("contender.json")));
    assertEquals(Comparison.DEFAULT_DRIFT_PCT, separate.driftPct(), 0);
    assertFalse(separate.interleaved());
    Comparison.Row regressed = row(separate, "regressed", Comparison.PRIMARY);
    assertTrue(regressed.p() <= Stats.ALPHA && regressed.ciLow() < 30, regressed.significance());
    assertEquals(Comparison.Verdict.WITHIN_DRIFT, regressed.verdict(), "significant, but its CI reaches into ±30%");
    assertEquals("~ drift", regressed.verdictWord());
    assertTrue(regressed.significance().startsWith("~ drift: -29.88% within the between-run drift allowance (p="),
        regressed.significance());
    Comparison.Row big = row(separate, "separated5", Comparison.PRIMARY);
    assertTrue(big.ciLow() > 30, "CI " + big.ciLow());
    assertEquals(Comparison.Verdict.WORSE, big.verdict(), "a change whose whole CI lies beyond 30% keeps its verdict");
    assertEquals(Comparison.Verdict.WORSE, row(hand(), "regressed", Comparison.PRIMARY).verdict(), "no allowance, a verdict");
    assertTrue(separate.summaryLine().contains("1 ~ drift (p ≤ 0.05 but within the ±30% between-run drift allowance)"),
        separate.summaryLine());
    Doc doc = new Doc("t");
    ComparisonSection.appendTo(separate, doc, 2);
    assertTrue(MarkdownReport.write(doc, null).contains("lies beyond the between-run drift allowance of ±30%"));
    // a user's own allowance, and bad ones
    Comparison tight = Comparison.of("b", Run.load(HAND.resolve("base.json")).results(),
        "c", Run.load(HAND.resolve("contender.json")).results(), 5, false);
    assertEquals(Comparison.Verdict.WORSE, row(tight, "regressed", Comparison.PRIMARY).verdict());
    assertThrows(IllegalArgumentException.class, () -> Comparison.of("b", List.of(), "c", List.of(), -1, false));
    try (AutoCloseable ignored = BenchConfig.override("DBBENCH_DRIFT", "12%")) {
      assertEquals(12.0, Comparison.driftFor(Run.load(HAND.resolve("base.json")), Run.load(HAND.resolve("contender.json")), null));
      assertEquals(3.0, Comparison.driftFor(Run.load(HAND.resolve("base.json")), Run.load(HAND.resolve("contender.json")), 3.0));
    }
    try (AutoCloseable ignored = BenchConfig.override("DBBENCH_DRIFT", "lots")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> Comparison.driftFor(Run.load(HAND.resolve("base.json")), Run.load(HAND.resolve("contender.json")), null));
      assertEquals("DBBENCH_DRIFT 'lots' is not a percentage (expected e.g. 10%)", e.getMessage());
    }
  }

  static Comparison.Row row(Comparison c, String method, String metric) {
    return c.rows().stream().filter(r -> r.key().contains("." + method + "[") && r.metric().equals(metric))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + method + " " + metric));
  }

  @Test
  void significantChangeOverFiveForksIsCalledSlower() throws Exception {
    // 5 forks per side, fully separated fork means: exact p = 2 / C(10, 5) = 2/252
    Comparison.Row r = row(hand(), "separated5", Comparison.PRIMARY);
    assertEquals(3.0, r.base(), 1e-12);
    assertEquals(8.0, r.contender(), 1e-12);
    assertEquals(2.0 / 252, r.p(), 1e-12);
    assertEquals(Comparison.Verdict.WORSE, r.verdict(), "avgt: more ns/op is slower");
    assertEquals("slower", r.verdictWord());
    assertEquals(5, r.forksBase());
    assertEquals(5, r.forksContender());
    assertTrue(r.significance().startsWith("+166.67% (p=0.0079 n=5+5 forks)"), r.significance());
  }

  @Test
  void threeForksPerSideCannotReachTheLevel() throws Exception {
    // 3+3 fully separated: exact p = 2/20 = 0.10 can never be <= 0.05 (the old normal
    // approximation over iterations said 0.0495, "slower")
    Comparison.Row r = row(hand(), "separated3", Comparison.PRIMARY);
    assertEquals(Comparison.Verdict.INSUFFICIENT, r.verdict());
    assertEquals("n/a", r.verdictWord());
    assertEquals("n/a: 3 forks per side (the exact test over forks needs 4+4)", r.significance());
  }

  @Test
  void oneForkPerSideIsNotJudged() throws Exception {
    Comparison.Row r = row(hand(), "constant", Comparison.PRIMARY);
    assertEquals(Comparison.Verdict.INSUFFICIENT, r.verdict());
    assertEquals("n/a: 1 fork per side (the exact test over forks needs 4+4)", r.stats().naReason());
    assertEquals(Double.POSITIVE_INFINITY, r.mdePct());
    Comparison.Row ties = row(hand(), "ties", Comparison.PRIMARY);
    assertEquals("n/a: 2+1 forks (the exact test over forks needs 4+4)", ties.significance());
  }

  @Test
  void tiedForkMeansGetTheExactPermutationPValue() throws Exception {
    // fork means 1 2 2 3 against 2 4 5 6: 8 of 70 splits as extreme (StatsTest counts them)
    Comparison.Row r = row(hand(), "tiedForks", Comparison.PRIMARY);
    assertEquals(8.0 / 70, r.p(), 1e-12);
    assertEquals(Comparison.Verdict.SAME, r.verdict());
    assertTrue(r.significance().startsWith("~ (p=0.1143 n=4+4 forks)"), r.significance());
    assertTrue(Double.isFinite(r.mdePct()) && r.mdePct() > 0);
  }

  @Test
  void throughputRegressionIsMeasuredInTimePerOperation() throws Exception {
    Comparison.Row r = row(hand(), "regressed", Comparison.PRIMARY);
    assertEquals((70.4 / 100.4 - 1) * 100, r.changePct(), 1e-9);
    assertEquals((100.4 / 70.4 - 1) * 100, r.regressionPct(), 1e-9); // 42.61%
    assertEquals(Comparison.Verdict.WORSE, r.verdict(), "thrpt: fewer ops/s is slower");
    assertEquals(2.0 / 252, r.p(), 1e-12);
    // five one-iteration forks per side: the interval resamples forks and lies within the
    // extremes of the fork means
    assertTrue(r.ciLow() >= (69.0 / 102 - 1) * 100 && r.ciHigh() <= (72.0 / 99 - 1) * 100,
        r.ciLow() + ".." + r.ciHigh());
  }

  @Test
  void allocationIsComparedToo() throws Exception {
    Comparison.Row r = row(hand(), "separated3", Comparison.ALLOC);
    assertEquals("B/op", r.unit());
    assertEquals(Comparison.Verdict.INSUFFICIENT, r.verdict(), "3+3 forks");
    assertEquals(1.0, r.p(), 1e-12, "every fork 100 B/op: all tied");
  }

  @Test
  void geometricMeanPerUnitAndSummary() throws Exception {
    Comparison c = hand();
    Comparison.Geomean ns = c.geomeans().stream()
        .filter(g -> g.metric().equals(Comparison.PRIMARY) && g.unit().equals("ns/op")).findFirst().orElseThrow();
    // ns/op rows: separated3 2 -> 5, tiedForks 2 -> 4.25, separated5 3 -> 8 (constant is us/op)
    assertEquals(Math.cbrt(2 * 2 * 3), ns.base(), 1e-12);
    assertEquals(Math.cbrt(5 * 4.25 * 8), ns.contender(), 1e-12);
    assertTrue(c.summaryLine().contains("0 faster, 2 slower, 1 ~ (p > 0.05), 3 n/a"), c.summaryLine());
  }

  @Test
  void unjudgedRowsAreListed() throws Exception {
    List<String> keys = hand().unjudged().stream().map(Comparison.Row::label).toList();
    assertEquals(List.of("HandBenchmark.separated3", "HandBenchmark.ties", "HandBenchmark.constant"), keys);
  }

  @Test
  void rowsInOnlyOneRunAreListedNotCompared() throws Exception {
    Comparison c = hand();
    assertEquals(List.of("io.dbbench.hand.HandBenchmark.onlyInBase[avgt]"), c.onlyBase());
    assertEquals(List.of("io.dbbench.hand.HandBenchmark.onlyInContender[avgt]"), c.onlyContender());
    assertFalse(c.rows().stream().anyMatch(r -> r.key().contains("onlyIn")));
  }

  @Test
  void markdownGreysUnjudgedRowsAndShowsForksAndMde() throws Exception {
    Doc doc = new Doc("t");
    ComparisonSection.appendTo(hand(), doc, 2);
    String md = MarkdownReport.write(doc, null);
    // no interval, p or MDE: '-'; the fold's heading gives the reasons once, and with several reasons
    // in one fold each row's verdict cell keeps its own
    assertTrue(md.contains("| *HandBenchmark.separated3* | *ns/op* | *2.000* | *5.000* | *+150.00%* | *-* | *-* | *3+3* | *-* |"
        + " *3 forks per side (the exact test over forks needs 4+4)* |"), md);
    assertFalse(md.contains("| *n/a"), md);
    assertTrue(md.contains("| HandBenchmark.separated5 | ns/op | 3.000 | 8.000 | +166.67% |"), md);
    assertTrue(md.contains("| *HandBenchmark.tiedForks* | *ns/op* | *2.000* | *4.250* | *~* |"), md);
    assertTrue(md.contains("Resolution per family"), md);
    long charts = doc.sections.stream().flatMap(s -> s.blocks.stream()).filter(b -> b instanceof Doc.Chart).count();
    assertEquals(1, charts, "one change chart for the judged scores; no B/op row has a verdict, so no B/op chart");
    // rows without a verdict are folded under one heading per family, not mixed into the verdicts
    List<Doc.Section> folds = doc.sections.stream().filter(s -> s.heading.contains("without a verdict")).toList();
    assertTrue(!folds.isEmpty() && folds.stream().allMatch(s -> s.collapsed), md);
    assertTrue(folds.stream().anyMatch(s -> s.heading.startsWith("hand: 3 rows without a verdict")), md);
    assertTrue(md.contains("lower is better"), "the chart says which way is better for time per operation: " + md);
  }

  @Test
  void runsWithNothingInCommonAreRejected() throws Exception {
    Run base = Run.load(HAND.resolve("base.json"));
    Run studies = Run.load(Path.of("src/test/resources/report/studies"));
    ReportException e = assertThrows(ReportException.class, () -> Comparison.of(base, studies));
    assertTrue(e.getMessage().contains("no benchmark in common"), e.getMessage());
  }

  /**
   * A param added between the two jars ({@code modelledServerMs=0} on the contender's rows only): the
   * rows pair across it and say so; where two contender rows fit one baseline row (the added param at
   * two values) neither pairs, and a param both hold with two values never pairs.
   */
  @Test
  void rowsPairAcrossAParamOneSideLacksWhenTheFitIsUnique() throws Exception {
    List<io.dbbench.report.data.JmhResult> base = Run.load(HAND.resolve("base.json")).results();
    List<io.dbbench.report.data.JmhResult> contender = Run.load(HAND.resolve("contender.json")).results().stream()
        .map(r -> withParam(r, "modelledServerMs", "0")).toList();
    Comparison c = Comparison.of("base.json", base, "contender.json", contender);
    Comparison exact = hand();
    assertEquals(exact.rows().size(), c.rows().size(), "every row pairs as it did without the added param");
    Comparison.Row regressed = row(c, "regressed", Comparison.PRIMARY);
    assertEquals(row(exact, "regressed", Comparison.PRIMARY).changePct(), regressed.changePct(), 1e-9);
    assertTrue(regressed.notes().contains("matched across modelledServerMs=0, which the baseline's rows lack"),
        regressed.notes().toString());
    assertEquals(exact.onlyBase(), c.onlyBase(), "a row in one jar only stays so");
    assertEquals(exact.onlyContender().size(), c.onlyContender().size(), c.onlyContender().toString());

    // the added param at two values: two contender rows fit each baseline row, so none pairs
    List<io.dbbench.report.data.JmhResult> two = new java.util.ArrayList<>(contender);
    Run.load(HAND.resolve("contender.json")).results().forEach(r -> two.add(withParam(r, "modelledServerMs", "20")));
    ReportException none = assertThrows(ReportException.class, () -> Comparison.of("b", base, "c", two));
    assertTrue(none.getMessage().contains("no benchmark in common"), none.getMessage());

    // a param both sides hold with other values is another row, not an added param
    io.dbbench.report.data.JmhResult one = base.get(0);
    assertEquals(null, Comparison.addedParams(withParam(one, "extra", "3"), withParam(one, "extra", "4")));
    assertEquals("extra=4, which the contender's rows lack",
        Comparison.addedParams(withParam(one, "extra", "4"), one));
  }

  private static io.dbbench.report.data.JmhResult withParam(io.dbbench.report.data.JmhResult r, String name,
      String value) {
    java.util.Map<String, String> params = new java.util.TreeMap<>(r.params());
    params.put(name, value);
    return new io.dbbench.report.data.JmhResult(r.benchmark(), r.mode(), r.threads(), r.forks(), params, r.primary(),
        r.secondary(), r.host(), r.options());
  }
}

