package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare, gate and render over JMH JSON recorded from real GraphJ runs ({@code report/real/},
 * see its README): {@code baseline} and {@code rerun} are two back-to-back runs of the same code,
 * {@code regressed30} is {@code baseline} with every throughput divided by 1.3 (30% more time per
 * operation).
 */
class RealRunsTest {
  static final Path REAL = Path.of("src/test/resources/report/real");

  @TempDir
  Path tmp;

  Path baselines;

  @BeforeEach
  void saveBaseline() {
    baselines = tmp.resolve("baselines");
    ReportCliTest.Result r = ReportCliTest.run("save-baseline", "--baselines", baselines.toString(), "main",
        REAL.resolve("baseline").toString());
    assertEquals(0, r.rc(), r.err());
  }

  ReportCliTest.Result gate(String run, String max) {
    return ReportCliTest.run("gate", "--baselines", baselines.toString(), "--baseline", "main",
        "--max-regression", max, REAL.resolve(run).toString());
  }

  @Test
  void gateFailsOnTheSynthetic30PercentRegression() {
    ReportCliTest.Result r = gate("regressed30", "10%");
    assertEquals(Report.EXIT_REGRESSION, r.rc(), r.out() + r.err());
    for (String row : new String[] {"GraphjCompressBenchmark.compress corpus=entries level=1",
        "GraphjCompressBenchmark.compress corpus=entries level=3",
        "GraphjCryptoBenchmark.encrypt corpus=entries provider=jdk",
        "GraphjCryptoBenchmark.encrypt corpus=entries provider=bc"}) {
      assertTrue(r.err().contains(row + ": 30.0% slower"), r.err());
    }
    assertTrue(r.err().startsWith("gate FAILED: 4 of 4"), r.err());
    // under a 30% threshold the exact 30.0% change is not "more than" the threshold
    assertEquals(0, gate("regressed30", "30%").rc());
  }

  @Test
  void gatePassesOnTheSameRun() {
    ReportCliTest.Result r = gate("baseline", "0%");
    assertEquals(0, r.rc(), r.err());
    assertTrue(r.out().contains("0 faster, 0 slower, 4 ~"), r.out());
  }

  @Test
  void gatePassesOnAReRunOfTheSameCode() {
    ReportCliTest.Result g = gate("rerun", "10%");
    assertEquals(0, g.rc(), g.out() + g.err());
    assertTrue(g.out().contains("gate passed: none of 4 benchmark(s)"), g.out());
  }

  @Test
  void compareOfTwoRealRunsIsSignificanceAware() {
    ReportCliTest.Result r = ReportCliTest.run("compare", "--baselines", baselines.toString(), "--baseline", "main",
        "-o", tmp.toString(), REAL.resolve("rerun").toString());
    assertEquals(0, r.rc(), r.err());
    // jdk encrypt moved 30,773 -> 31,782 ops/s with p = 0.47: shown as ~ and greyed, not "faster"
    assertTrue(r.out().contains("| *GraphjCryptoBenchmark.encrypt corpus=entries provider=jdk* | *ops/s* | *30,773* | *31,782* | *~* |"), r.out());
    // level=3 really did run faster on the re-run (the VM's run-to-run variation): p < 0.05, called faster
    assertTrue(r.out().contains("| GraphjCompressBenchmark.compress corpus=entries level=3 | ops/s | 13,402 | 18,050 | +34.68% |"), r.out());
    assertTrue(r.out().contains("| 15+15 |"), "iterations of all three forks pooled: " + r.out());
    assertTrue(r.out().contains("### Allocation (gc.alloc.rate.norm, B/op)"), r.out());
    assertTrue(r.out().contains("geomean (4 rows) | ops/s"), r.out());
  }

  @Test
  void criterionFormFromARealRun() throws Exception {
    Path run = tmp.resolve("20261122T035000Z");
    RenderTest.copyDir(REAL.resolve("baseline"), run);
    Report.render(run);
    String md = Files.readString(run.resolve("report.md"));
    JsonNode level1 = new ObjectMapper().readTree(run.resolve("jmh.json").toFile()).get(0);
    double ratio = level1.at("/secondaryMetrics/inputBytes/score").asDouble()
        / level1.at("/secondaryMetrics/outputBytes/score").asDouble();
    double mbs = level1.at("/secondaryMetrics/bytes/score").asDouble() / 1e6;
    assertTrue(md.contains(String.format(Locale.ROOT, "| %.1f MB/s | %.3f |", mbs, ratio)), md);
    assertTrue(md.contains("| jdk (reference) |"), md);
    assertTrue(md.contains("charts/graphj-provider-nsop.png"), md);
  }
}
