package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Comparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare, gate and render over JMH JSON recorded from real GraphJ runs ({@code report/real/},
 * see its README): {@code baseline} and {@code rerun} are two back-to-back runs of the same code,
 * {@code regressed30} is {@code baseline} with every throughput divided by 1.3 (30% more time per
 * operation). All have 3 forks per side, too few for the exact test over forks to reach a
 * verdict; {@link io.dbbench.report.stats.CalibrationTest} has the multi-fork pairs. Also the two
 * committed 1-fork runs under {@code results/}.
 */
class RealRunsTest {
  static final Path REAL = Path.of("src/test/resources/report/real");

  @TempDir
  Path tmp;

  Path baselines;

  @BeforeEach
  void saveBaseline() {
    baselines = tmp.resolve("baselines");
    ReportCli.Result r = ReportCli.run("save-baseline", "--baselines", baselines.toString(), "main",
        REAL.resolve("baseline").toString());
    assertEquals(0, r.rc(), r.err());
  }

  ReportCli.Result gate(String run, String max) {
    return ReportCli.run("gate", "--baselines", baselines.toString(), "--baseline", "main",
        "--max-regression", max, REAL.resolve(run).toString());
  }

  @Test
  void threeForksPerSideCannotBeJudgedEvenAt30Percent() {
    // 3+3 forks: the exact test's smallest p is 2/20 = 0.10, so no verdict at any change size
    ReportCli.Result r = gate("regressed30", "10%");
    assertEquals(Report.EXIT_CANNOT_JUDGE, r.rc(), r.out() + r.err());
    assertTrue(r.err().startsWith("gate CANNOT JUDGE 4 of 4 benchmark(s) against baseline main (exit 3)"), r.err());
    assertTrue(r.err().contains("  GraphjCompressBenchmark.compress corpus=entries level=1: 3 forks per side (the exact"
        + " test over forks needs 4+4); needs 4+4 forks to be judged, "), r.err());
  }

  @Test
  void aRunAgainstItselfOrItsReRunCannotBeJudgedWithThreeForks() {
    assertEquals(Report.EXIT_CANNOT_JUDGE, gate("baseline", "0%").rc());
    ReportCli.Result g = gate("rerun", "10%");
    assertEquals(Report.EXIT_CANNOT_JUDGE, g.rc(), g.out() + g.err());
    assertTrue(g.out().contains("0 faster, 0 slower, 0 ~ (p > 0.05), 4 n/a"), g.out());
  }

  @Test
  void compareOfTwoRealThreeForkRunsGivesNoVerdict() {
    ReportCli.Result r = ReportCli.run("compare", "--baselines", baselines.toString(), "--baseline", "main",
        "-o", tmp.toString(), REAL.resolve("rerun").toString());
    assertEquals(0, r.rc(), r.err());
    // level=3 moved +34.68% between the two runs; the old test over pooled iterations called it
    // "faster" (p < 0.05); over 3+3 forks the exact test cannot decide, and says so
    assertTrue(r.out().contains("| *GraphjCompressBenchmark.compress corpus=entries level=3* | *ops/s* | *13,402* | *18,050* | *+34.68%* | *-* | *-* | *3+3* | *-* |"), r.out());
    assertTrue(r.out().contains("### Allocation (gc.alloc.rate.norm, B/op)"), r.out());
    assertTrue(r.out().contains("### Resolution per family"), r.out());
    assertTrue(r.out().contains("no faster/slower verdict is possible: with fewer than 4 forks per side"), r.out());
  }

  @Test
  void compareOfTheTwoCommittedOneForkRunsGivesNoVerdictAndSaysWhy() throws Exception {
    // results/20261122T041608Z and 20261122T043318Z: two quick runs of the same code, 1 fork each.
    // The old comparison marked 28 of ~115 rows faster or slower (every one at p = 0.0495)
    Comparison c = Comparison.of(Run.load(Path.of("results/20261122T041608Z")),
        Run.load(Path.of("results/20261122T043318Z")));
    assertTrue(c.rows(Comparison.PRIMARY).size() > 100);
    assertTrue(c.rows().stream().noneMatch(r -> r.verdict() == Comparison.Verdict.BETTER
        || r.verdict() == Comparison.Verdict.WORSE), "no verdict from one fork per side");
    assertTrue(c.summaryLine().contains(" 0 faster, 0 slower, 0 ~ (p > 0.05), "), c.summaryLine());
    assertTrue(c.summaryLine().contains(" n/a (every row: 1 fork per side (the exact test over forks needs 4+4));"
        + " no faster/slower verdict is possible"), c.summaryLine());
    // and the gate says it cannot judge instead of passing or failing
    Path bl = tmp.resolve("bl");
    assertEquals(0, ReportCli.run("save-baseline", "--baselines", bl.toString(), "prev", "results/20261122T041608Z").rc());
    ReportCli.Result g = ReportCli.run("gate", "--baselines", bl.toString(), "--baseline", "prev",
        "--max-regression", "10%", "results/20261122T043318Z");
    assertEquals(Report.EXIT_CANNOT_JUDGE, g.rc(), g.out() + g.err());
  }

  @Test
  void separatelyRecordedRunsOfTheSameCodeGetNoVerdictUnderTheDriftAllowance() throws Exception {
    // Three pairs of committed runs of the same benchmark code on the 2-core VM, each recorded in
    // one go at a different time: the quick main job's headline rows 28 and 95 minutes apart (the
    // second pair drifted the other way), and the calibration's side A 1 h 45 min apart. Without the allowance the exact test over forks calls
    // most rows faster (the drift README "Between runs" describes); with it, none is.
    String headlines = "GraphjCompressBenchmark.compress.*context=perCall.*level=3|GraphjCryptoBenchmark.encrypt\\[.*provider=jdk"
        + "|mode=seq,shape=1x100000,strategy=copy|writeBatch.*batchSize=100";
    String[][] pairs = {
        {"results/20261123T205431Z", "results/20261123T212249Z", headlines},
        {"results/20261123T212249Z", "results/20261123T225728Z", headlines},
        {"results/calibration-20261123T195117Z/A.json", "results/calibration-20261123T213632Z/A.json", "Graphj"},
    };
    for (String[] pair : pairs) {
      Comparison strict = Report.compare(null, baselines, List.of(Path.of(pair[0]), Path.of(pair[1])), pair[2], 0.0);
      long verdicts = strict.rows(Comparison.PRIMARY).stream().filter(r -> r.verdict() == Comparison.Verdict.BETTER
          || r.verdict() == Comparison.Verdict.WORSE).count();
      assertTrue(verdicts >= 4, pair[0] + ": drift alone gives verdicts without the allowance: " + strict.summaryLine());
      Comparison c = Report.compare(null, baselines, List.of(Path.of(pair[0]), Path.of(pair[1])), pair[2], null);
      assertEquals(Comparison.DEFAULT_DRIFT_PCT, c.driftPct(), 0);
      assertTrue(c.rows(Comparison.PRIMARY).size() >= 5, c.summaryLine());
      for (Comparison.Row r : c.rows(Comparison.PRIMARY)) {
        assertTrue(r.verdict() != Comparison.Verdict.BETTER && r.verdict() != Comparison.Verdict.WORSE,
            r.label() + ": " + r.significance());
      }
      assertTrue(c.summaryLine().contains(" 0 faster, 0 slower, "), c.summaryLine());
    }
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
    assertTrue(md.contains("charts/graphj-provider-change.png"), md);
  }

  /**
   * The newest committed run rendered with its native-reference.json: the limits table holds the
   * reused-context zstd and every AEAD provider beside the native tools, and the fastest non-COPY
   * JDBC strategy beside COPY, with the figures of its own rows.
   */
  @Test
  void theLimitsTableOfTheNewestCommittedRun() throws Exception {
    Path run = tmp.resolve("20261126T144832Z");
    Files.createDirectories(run);
    for (String f : List.of("jmh.json", "env.json", "native-reference.json")) {
      Files.copy(Path.of("results/20261126T144832Z").resolve(f), run.resolve(f));
    }
    Report.render(run);
    String md = Files.readString(run.resolve("report.md"));
    String limits = md.substring(md.indexOf("## At the machine's limit"));
    limits = limits.substring(0, limits.indexOf("\n## ", 5));
    assertTrue(limits.contains("| zstd | GraphjCompressBenchmark.decompress context=reused corpus=text | zstd -b3 decompress"
        + " (corpus text) | 7.698 µs | 4.273 µs | 1.80 |"), limits);
    assertTrue(limits.contains("| zstd | GraphjCompressBenchmark.compress context=reused corpus=text level=3 | zstd -b3"
        + " compress (corpus text) | 8.620 µs | 8.955 µs | 0.96 | [0.93, 1.00] | 6 |"), limits);
    for (String provider : List.of("jdk", "bc")) {
      assertTrue(limits.contains("| AEAD | GraphjCryptoBenchmark.encrypt corpus=text provider=" + provider + " |"), limits);
    }
    assertTrue(limits.contains("| JDBC load | fastest of 3 non-COPY strategies: arrayBind 1x100000 seq | copy 1x100000 seq"
        + " | 352.3 ms | 98.938 ms | 3.56 |  | 1+6 |"), limits);
    assertTrue(limits.contains("rows have no interval: they ran fewer than 4 forks on a side, and an interval needs more"
        + " forks"), limits);
    assertTrue(Files.readString(run.resolve("report.html")).contains("At the machine"), "HTML too");
  }
}
