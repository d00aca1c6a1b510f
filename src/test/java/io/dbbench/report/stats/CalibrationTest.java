package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.report.Report;
import io.dbbench.report.ReportCli;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate and the statistics on A/A and A/B data: recorded ({@code report/calibration/}, three
 * rows of {@code results/calibration-20261123T171148Z}, see the test resources' README) and
 * constructed with known answers (seeded normal fork means whose spread is known, so the MDE's
 * promise, 80% power at the stated change, can be checked by counting).
 */
class CalibrationTest {
  static final Path RECORDED = Path.of("src/test/resources/report/calibration");
  static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  Path baselines;

  @BeforeEach
  void dirs() {
    baselines = tmp.resolve("baselines");
  }

  /** A run directory holding {@code jmh}. */
  Path run(String name, Object jmh) throws Exception {
    Path d = tmp.resolve(name);
    Files.createDirectories(d);
    if (jmh instanceof Path p) {
      Files.copy(p, d.resolve("jmh.json"));
    } else {
      MAPPER.writeValue(d.resolve("jmh.json").toFile(), jmh);
    }
    return d;
  }

  /**
   * Marks run directories as the sides of one interleaved run, as {@code io.dbbench.run.Interleave}
   * writes their env.json: {@code base} the baseline, each contender a candidate.
   */
  static void interleaved(String id, Path base, Path... contenders) throws IOException {
    MAPPER.writeValue(base.resolve("env.json").toFile(), Map.of("interleaved", Map.of("id", id, "side", "baseline")));
    for (Path c : contenders) {
      MAPPER.writeValue(c.resolve("env.json").toFile(), Map.of("interleaved", Map.of("id", id, "side", "candidate")));
    }
  }

  ReportCli.Result gate(Path base, Path contender, String max) {
    ReportCli.Result saved = ReportCli.run("save-baseline", "--baselines", baselines.toString(), "base", base.toString());
    assertEquals(0, saved.rc(), saved.err());
    return ReportCli.run("gate", "--baselines", baselines.toString(), "--baseline", "base",
        "--max-regression", max, contender.toString());
  }

  /**
   * One avgt row {@code a.b.Known.m} of {@code forks} forks x 4 iterations, fork means drawn from
   * N(mean, (forkSd * mean)^2), iterations around them with 1% noise.
   */
  static ArrayNode constructed(long seed, int forks, double mean, double forkSd) {
    Random rnd = new Random(seed);
    ArrayNode root = MAPPER.createArrayNode();
    ObjectNode n = root.addObject();
    n.put("benchmark", "a.b.Known.m");
    n.put("mode", "avgt");
    n.put("threads", 1);
    n.put("forks", forks);
    ObjectNode pm = n.putObject("primaryMetric");
    pm.put("scoreUnit", "ns/op");
    pm.put("scoreError", "NaN");
    ArrayNode raw = pm.putArray("rawData");
    double sum = 0;
    for (int f = 0; f < forks; f++) {
      double m = mean * (1 + forkSd * rnd.nextGaussian());
      ArrayNode it = raw.addArray();
      for (int i = 0; i < 4; i++) {
        double v = m * (1 + 0.01 * rnd.nextGaussian());
        it.add(v);
        sum += v;
      }
    }
    pm.put("score", sum / (forks * 4));
    return root;
  }

  @Test
  void gatePassesTheRecordedAaPairAndSaysWhatItCannotSee() throws Exception {
    ReportCli.Result r = gate(run("a", RECORDED.resolve("A.json")), run("b", RECORDED.resolve("B.json")), "10%");
    assertEquals(0, r.rc(), r.out() + r.err());
    assertTrue(r.out().startsWith("gate passed: none of 3 benchmark(s)"), r.out());
    assertTrue(r.out().contains("0 faster, 0 slower, 3 ~"), r.out());
    // recorded at load 11-51 on 2 CPUs: fork means spread by 45-95%, so a 10% regression is invisible
    assertTrue(r.out().contains("note: 3 benchmark(s) passed with a minimum detectable change above 10%"), r.out());
  }

  @Test
  void theRecordedAbPairIsTooNoisyToDetect10PercentAndTheMdeSaysSo() throws Exception {
    Comparison c = Comparison.of(Run.load(RECORDED.resolve("A.json")), Run.load(RECORDED.resolve("B-slower10.json")));
    for (Comparison.Row r : c.rows(Comparison.PRIMARY)) {
      assertEquals(10, r.forksBase());
      assertEquals(Comparison.Verdict.SAME, r.verdict(), r.label());
      assertTrue(r.mdePct() > 40, r.label() + " MDE " + r.mdePct());
    }
  }

  @Test
  void gateFailsAConstructed10PercentRegressionAndPassesItsAaPair() throws Exception {
    // 10 + 10 forks with 2% fork-to-fork noise: MDE = factor(10,10) * ~2% ~ 3%, far below 10%
    Path a = run("a", constructed(1, 10, 1000, 0.02));
    Path aa = run("aa", constructed(2, 10, 1000, 0.02));
    Path ab = run("ab", constructed(2, 10, 1100, 0.02));
    // recorded separately, +10% lies within the between-run drift allowance (30%): cannot judge
    ReportCli.Result separate = gate(a, ab, "5%");
    assertEquals(Report.EXIT_CANNOT_JUDGE, separate.rc(), separate.out() + separate.err());
    assertTrue(separate.err().contains("  Known.m: 10.3% slower (score +10.26%, 95% CI [+7.98%, +12.81%], p=0.0000) but the"
        + " interval reaches into the ±30% drift allowance between separately recorded runs"), separate.err());
    // the calibration's pairs are interleaved (scripts/calibrate.sh, io.dbbench.run.Interleave): judged as such
    interleaved("constructed", a, aa, ab);
    ReportCli.Result pass = gate(a, aa, "5%");
    assertEquals(0, pass.rc(), pass.out() + pass.err());
    ReportCli.Result fail = gate(a, ab, "5%");
    assertEquals(Report.EXIT_REGRESSION, fail.rc(), fail.out() + fail.err());
    assertTrue(fail.err().contains("Known.m: "), fail.err());
    assertTrue(fail.err().contains("10+10 forks)"), fail.err());
  }

  @Test
  void gateCannotJudgeOneForkInput() throws Exception {
    ReportCli.Result r = gate(run("a", constructed(1, 1, 1000, 0.02)), run("b", constructed(2, 1, 2000, 0.02)), "5%");
    assertEquals(Report.EXIT_CANNOT_JUDGE, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("Known.m: 1 fork per side (the exact test over forks needs 4+4); needs 4+4 forks to be judged"), r.err());
  }

  @Test
  void aaVerdictsStayAtTheLevelAndTheMdeIsDetectedWithItsPower() {
    // known answer: with true fork sd s, a shift of factor(n, n) * s is detected 80% of the time,
    // and an A/A pair gets a verdict at most 5% of the time (the exact test's size). 400 seeded
    // pairs: the binomial sd of a share near 0.8 is 0.02.
    int n = 6;
    double sd = 0.03;
    double shift = Stats.mdeFactor(n, n) * sd;
    Random rnd = new Random(42);
    int aaHits = 0;
    int abHits = 0;
    int pairs = 400;
    for (int k = 0; k < pairs; k++) {
      double[] a = new double[n];
      double[] b = new double[n];
      double[] b2 = new double[n];
      for (int i = 0; i < n; i++) {
        a[i] = 1 + sd * rnd.nextGaussian();
        b[i] = 1 + sd * rnd.nextGaussian();
        b2[i] = b[i] + shift;
      }
      aaHits += Stats.exactMannWhitneyP(a, b) <= Stats.ALPHA ? 1 : 0;
      abHits += Stats.exactMannWhitneyP(a, b2) <= Stats.ALPHA ? 1 : 0;
    }
    assertTrue(aaHits <= 0.05 * pairs + 2 * Math.sqrt(0.05 * 0.95 * pairs), "A/A verdicts " + aaHits + "/" + pairs);
    assertEquals(0.8, (double) abHits / pairs, 0.06, "A/B detections " + abHits + "/" + pairs);
  }

  @Test
  void mergeMakesMultiForkJmhJsonAndScalesTimeNotThroughput() throws Exception {
    Path forks = Files.createDirectories(tmp.resolve("cal/forks"));
    for (int i = 1; i <= 2; i++) {
      Files.writeString(forks.resolve("A-" + i + ".json"), """
          [{"benchmark": "x.Y.t", "mode": "thrpt", "threads": 1, "forks": 1, "params": {"k": "1"},
            "primaryMetric": {"score": %d, "scoreError": "NaN", "scoreUnit": "ops/s", "rawData": [[%d, %d]]}},
           {"benchmark": "x.Y.a", "mode": "avgt", "threads": 1, "forks": 1,
            "primaryMetric": {"score": 10, "scoreError": "NaN", "scoreUnit": "ns/op", "rawData": [[10, 10]]}}]
          """.formatted(110 * i, 110 * i, 110 * i));
      Files.writeString(forks.resolve("B-" + i + ".json"), Files.readString(forks.resolve("A-" + i + ".json")));
    }
    Calibration.run(tmp.resolve("cal"));
    List<JmhResult> a = JmhJson.read(tmp.resolve("cal/A.json"));
    List<JmhResult> b10 = JmhJson.read(tmp.resolve("cal/B-slower10.json"));
    assertEquals(2, a.get(0).forks());
    assertEquals(165.0, a.get(0).primary().score(), 1e-9, "mean of 110, 110, 220, 220");
    assertEquals(List.of(List.of(110.0, 110.0), List.of(220.0, 220.0)), a.get(0).primary().rawData());
    assertEquals(100.0, b10.get(0).primary().rawData().get(0).get(0), 1e-9, "ops/s divided by 1.10");
    assertEquals(11.0, b10.get(1).primary().rawData().get(1).get(0), 1e-9, "ns/op multiplied by 1.10");
    String md = Files.readString(tmp.resolve("cal/calibration.md"));
    assertTrue(md.contains("## As run: 2 forks per side, 2 rows"), md);
  }
}
