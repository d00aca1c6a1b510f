package io.dbbench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.RunReport;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every chart of the committed quick run's report, checked as a reader sees it: one label per
 * row or series, in the order of the data they label. Includes the journal-overhead chart that
 * once had 9 bar groups and 8 labels.
 */
class ChartLabelsTest {
  static final Path RUN = Path.of("results/20261122T043318Z");
  static Run run;
  static List<Doc.Chart> charts;

  @BeforeAll
  static void render() throws Exception {
    run = Run.load(RUN);
    Doc doc = RunReport.build(run, false);
    charts = new ArrayList<>();
    doc.sections.forEach(s -> s.blocks.forEach(b -> {
      if (b instanceof Doc.Chart c) {
        charts.add(c);
      }
    }));
  }

  @Test
  void everyChartHasOneLabelPerRowAndSeriesInDataOrder() {
    assertTrue(charts.size() >= 6, "charts: " + charts.stream().map(Doc.Chart::name).toList());
    for (Doc.Chart c : charts) {
      Charts.Spec s = c.spec();
      assertNotNull(s, c.name() + " has no interactive form");
      assertTrue(c.png().length > 1000, c.name() + ": empty PNG");
      if (s.kind().equals("hbar")) {
        assertEquals(s.labels().size(), new HashSet<>(Charts.uniqueLabels(s.labels())).size(), c.name());
        for (Charts.Bars b : s.bars()) {
          assertEquals(s.labels().size(), b.values().size(), c.name() + " " + b.name() + ": values per label");
          assertEquals(s.labels().size(), b.low().size(), c.name() + " " + b.name());
          assertEquals(s.labels().size(), b.high().size(), c.name() + " " + b.name());
          assertEquals(s.labels().size(), b.points().size(), c.name() + " " + b.name());
        }
        assertEquals(s.bars().size(), s.bars().stream().map(Charts.Bars::name).distinct().count(), c.name());
      } else {
        assertEquals("lines", s.kind(), c.name());
        assertFalse(s.lines().isEmpty(), c.name());
        assertEquals(s.lines().size(), s.lines().stream().map(Charts.Series::name).distinct().count(),
            c.name() + ": one legend entry per series");
        s.lines().forEach(l -> assertEquals(l.x().size(), l.y().size(), c.name() + " " + l.name()));
      }
      assertFalse(s.valueTitle().isBlank(), c.name() + ": value axis title");
      assertFalse(s.categoryTitle().isBlank(), c.name() + ": other axis title");
    }
  }

  /**
   * XChart raises its tick step until an axis's labels are distinct: the blank label of a tick
   * between rows must differ for every value a step can land on, at every step XChart tries (1, 2, 5
   * x 10^k), or it never stops (the forest plot of 7 findings spun in a quick run's report).
   */
  @Test
  void blankTickLabelsAreDistinctAtEveryStepXChartTries() {
    for (double step : new double[] {0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 1e3, 1e4, 1e6}) {
      java.util.Set<String> seen = new HashSet<>();
      for (int k = -10; k <= 60; k++) {
        String label = Charts.distinctBlank(k * step);
        assertTrue(label.chars().allMatch(ch -> ch == ' ' || ch == '\u00A0'), "blank: " + k * step);
        assertTrue(seen.add(label), "step " + step + ": " + k * step + " repeats another tick's label");
      }
    }
    assertTrue(Charts.distinctBlank(32).length() <= 10, "short labels keep the axis narrow");
  }

  /** The forest plot draws for every count of findings from 1 to 24 (7 spun before). */
  @Test
  void theForestPlotDrawsForEveryCountOfFindings() {
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofMinutes(2), () -> {
      for (int n = 1; n <= 24; n++) {
        List<String> labels = new ArrayList<>();
        List<Double> est = new ArrayList<>();
        List<Double> lo = new ArrayList<>();
        List<Double> hi = new ArrayList<>();
        List<Double> pub = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          labels.add("finding " + i);
          est.add(1.0 + i * 0.3);
          lo.add(0.9 + i * 0.3);
          hi.add(1.1 + i * 0.3);
          pub.add(i % 2 == 0 ? 4.64 : Double.NaN);
        }
        Doc.Block b = Charts.forest("forest-" + n, "forest of " + n, labels, est, lo, hi, pub);
        assertTrue(b instanceof Doc.Chart c && c.png().length > 1000, "n=" + n + ": " + b);
      }
    }, "a forest plot never finished drawing (XChart's tick step loop)");
  }

  @Test
  void journalChartLabelsEveryOperationWithItsOwnChange() {
    Doc.Chart c = charts.stream().filter(x -> x.name().equals("graph-journal-change")).findFirst().orElseThrow();
    List<JmhResult> rows = run.results().stream().filter(r -> r.params().containsKey("journal")).toList();
    long ops = rows.stream().map(r -> r.method() + r.params().getOrDefault("batchSize", "")).distinct().count();
    assertEquals(9, ops);
    assertEquals(ops, c.spec().labels().size(), "one label per operation: " + c.spec().labels());
    // each label's bar is that operation's change of mean ns/op, computed here from the JMH rows
    for (int i = 0; i < c.spec().labels().size(); i++) {
      String label = c.spec().labels().get(i);
      String method = label.substring(0, label.indexOf(' '));
      String batch = label.contains("batchSize=") ? label.replaceAll(".*batchSize=(\\d+).*", "$1") : null;
      JmhResult off = find(rows, method, batch, "off");
      JmhResult on = find(rows, method, batch, "on");
      double expected = (meanNs(on) / meanNs(off) - 1) * 100;
      assertEquals(expected, c.spec().bars().get(0).values().get(i), 1e-9, label);
    }
    // sorted by change, largest first
    List<Double> v = c.spec().bars().get(0).values();
    for (int i = 1; i < v.size(); i++) {
      assertTrue(v.get(i - 1) >= v.get(i), "not sorted: " + v);
    }
    assertTrue(c.spec().labels().contains("writeBatch batchSize=100 nodes=1000"), c.spec().labels().toString());
  }

  @Test
  void logAxisWhereValuesSpanADecade() {
    Doc.Chart rows = charts.stream().filter(x -> x.name().equals("gomessage-rows-batch")).findFirst().orElseThrow();
    assertTrue(rows.spec().logValue(), "rows/s from ~12,000 to ~850,000 on a log axis");
    assertTrue(Charts.spansDecade(List.of(1.0, 11.0)));
    assertFalse(Charts.spansDecade(List.of(1.0, 9.0)));
    assertFalse(Charts.spansDecade(List.of(-1.0, 100.0)), "a change axis crossing zero stays linear");
  }

  @Test
  void hbarsRefusesSeriesThatDoNotMatchTheirLabels() {
    List<Double> two = List.of(1.0, 2.0);
    Charts.Bars b = new Charts.Bars("x", two, two, two, List.of(List.of()), null);
    try {
      Charts.hbars("bad", "bad", "v (%)", "row", List.of("a", "b"), List.of(b));
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("bad"), e.getMessage());
      return;
    }
    throw new AssertionError("a series with 1 point list for 2 labels was drawn");
  }

  @Test
  void repeatedLabelsAreMadeDistinct() {
    assertEquals(List.of("a", "b", "a (2)", "a (3)"), Charts.uniqueLabels(List.of("a", "b", "a", "a")));
  }

  private static JmhResult find(List<JmhResult> rows, String method, String batch, String journal) {
    return rows.stream().filter(r -> r.method().equals(method) && journal.equals(r.params().get("journal"))
        && (batch == null || batch.equals(r.params().get("batchSize")))).findFirst().orElseThrow();
  }

  /** Mean over forks of the mean ns/op of each fork's iterations (ops/s turned into ns/op per iteration). */
  private static double meanNs(JmhResult r) {
    double sum = 0;
    List<List<Double>> raw = r.primary().rawData();
    for (List<Double> fork : raw) {
      double s = 0;
      for (double opsPerSecond : fork) {
        s += 1e9 / opsPerSecond;
      }
      sum += s / fork.size();
    }
    assertEquals("ops/s", r.primary().unit());
    return sum / raw.size();
  }
}
