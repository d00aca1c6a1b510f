package io.dbbench.report;

import static io.dbbench.report.ReportCli.assertBadInput;
import static io.dbbench.report.ReportCli.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.ReportCli.Result;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: exit codes, the gate, baselines and every kind of bad input. */
class ReportCliTest {
  static final Path HAND = Path.of("src/test/resources/report/hand");

  @TempDir
  Path tmp;

  /** A run directory holding {@code jmhFile} as its jmh.json. */
  Path runDir(String name, Path jmhFile) throws IOException {
    Path d = tmp.resolve(name);
    Files.createDirectories(d);
    Files.copy(jmhFile, d.resolve("jmh.json"));
    return d;
  }

  /** The hand-made base run, saved as baseline {@code name} under {@code baselines}; returns its run directory. */
  private Path savedHandBase(Path baselines, String name) throws Exception {
    Path base = runDir("b", HAND.resolve("base.json"));
    assertEquals(0, saveBaseline(baselines, name, base.toString()).rc());
    return base;
  }

  /** {@code report save-baseline --baselines BASELINES NAME RUN}. */
  private static Result saveBaseline(Path baselines, String name, String run) {
    return run("save-baseline", "--baselines", baselines.toString(), name, run);
  }

  @Test
  void gateFailsOnSignificantRegressionBeyondThreshold() throws Exception {
    Path baselines = tmp.resolve("baselines");
    Result saved = saveBaseline(baselines, "main", runDir("b", HAND.resolve("base.json")).toString());
    assertEquals(0, saved.rc(), saved.err());
    assertTrue(Files.isRegularFile(baselines.resolve("main/jmh.json")));

    Path contender = runDir("c", HAND.resolve("contender.json"));
    Result gate = run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%", contender.toString());
    assertEquals(Report.EXIT_REGRESSION, gate.rc(), gate.out() + gate.err());
    assertTrue(gate.err().contains("HandBenchmark.separated5: 166.7% slower (3.000 → 8.000 ns/op, p=0.0079, 5+5 forks)"), gate.err());
    String regressions = gate.err().substring(0, gate.err().indexOf("could not be judged"));
    assertFalse(regressions.contains("tiedForks"), "a ~ change is never a regression: " + gate.err());
    assertFalse(regressions.contains("separated3"), "3+3 forks cannot be judged, so never a regression: " + gate.err());
    // separately recorded runs: regressed (-29.88% ops/s, CI [-30.91%, -28.77%]) reaches into the 30% drift
    // allowance, so it cannot be judged; a regression wins over "cannot judge", and the unjudged rows are named
    assertFalse(regressions.contains("regressed"), gate.err());
    assertTrue(gate.err().contains("and 4 benchmark(s) could not be judged"), gate.err());
    assertTrue(gate.err().contains("  HandBenchmark.regressed: 42.6% slower (score -29.88%, 95% CI [-30.91%, -28.77%],"
        + " p=0.0079) but the interval reaches into the ±30% drift allowance between separately recorded runs"), gate.err());
    // without the allowance (as for interleaved sides) it is a regression
    Result noDrift = run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%",
        "--drift", "0", contender.toString());
    assertEquals(Report.EXIT_REGRESSION, noDrift.rc(), noDrift.out() + noDrift.err());
    assertTrue(noDrift.err().startsWith("gate FAILED: 2 of 6 benchmark(s)"), noDrift.err());
    assertTrue(noDrift.err().contains("  HandBenchmark.regressed: 42.6% slower"), noDrift.err());
    assertBadInput(run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%",
        "--drift", "-3", contender.toString()), "--drift '-3' is not a percentage");
    // two run directories instead of a saved baseline
    Result dirs = run("gate", "--max-regression", "10%", "--drift", "0", runDir("b2", HAND.resolve("base.json")).toString(),
        contender.toString());
    assertEquals(Report.EXIT_REGRESSION, dirs.rc(), dirs.out() + dirs.err());
    assertTrue(dirs.err().startsWith("gate FAILED: 2 of 6 benchmark(s) significantly slower than b2 by"), dirs.err());
    assertBadInput(run("gate", "--max-regression", "10%", contender.toString()),
        "gate needs --baseline NAME RUN_DIR, or BASELINE_DIR RUN_DIR; got 1 run(s)");

    // the same changes under a 200% threshold: no regression beyond it, but 3 rows cannot be judged
    Result lenient = run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "200", contender.toString());
    assertEquals(Report.EXIT_CANNOT_JUDGE, lenient.rc(), lenient.out() + lenient.err());
    assertTrue(lenient.err().startsWith("gate CANNOT JUDGE 3 of 6 benchmark(s)"), lenient.err());
    assertTrue(lenient.err().contains("  HandBenchmark.constant: 1 fork per side (the exact test over forks needs 4+4);"
        + " needs 4+4 forks to be judged"), lenient.err());
    assertTrue(lenient.err().contains("  HandBenchmark.ties: 2+1 forks"), lenient.err());
  }

  @Test
  void gateAgainstItselfCannotJudgeItsOneForkRows() throws Exception {
    // a run against itself: every judged row is ~, but the 1-, 2- and 3-fork rows cannot be judged
    Path baselines = tmp.resolve("baselines");
    Path base = savedHandBase(baselines, "same");
    Result gate = run("gate", "--baselines", baselines.toString(), "--baseline", "same", "--max-regression", "0%", base.toString());
    assertEquals(Report.EXIT_CANNOT_JUDGE, gate.rc(), gate.err());
    assertTrue(gate.out().contains("no judged benchmark is significantly slower"), gate.out());
  }

  @Test
  void gateIncludeJudgesOnlyTheSelectedRows() throws Exception {
    // a quick run's use: judge the headline rows that have the forks, leave the 1-fork rows out
    Path baselines = tmp.resolve("baselines");
    Path base = savedHandBase(baselines, "main");
    Path contender = runDir("c", HAND.resolve("contender.json"));
    Result same = run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%",
        "--include", "HandBenchmark\\.tiedForks", contender.toString());
    assertEquals(0, same.rc(), same.out() + same.err());
    assertTrue(same.out().startsWith("gate passed: none of 1 benchmark(s)"), same.out());
    Result slower = run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%",
        "--include", "separated5", contender.toString());
    assertEquals(Report.EXIT_REGRESSION, slower.rc(), slower.out() + slower.err());
    assertTrue(slower.err().startsWith("gate FAILED: 1 of 1 benchmark(s)"), slower.err());
    assertBadInput(run("gate", "--baselines", baselines.toString(), "--baseline", "main", "--max-regression", "10%",
        "--include", "nothing-matches", contender.toString()), "--include 'nothing-matches' matches no benchmark of a run");
    assertBadInput(run("compare", "--include", "([", base.toString(), contender.toString()),
        "--include '([' is no regular expression");
  }

  @Test
  void compareWithSavedBaselineWritesMarkdownAndHtml() throws Exception {
    Path baselines = tmp.resolve("baselines");
    assertEquals(0, saveBaseline(baselines, "v1", runDir("b", HAND.resolve("base.json")).toString()).rc());
    Path contender = runDir("c", HAND.resolve("contender.json"));
    Result r = run("compare", "--baselines", baselines.toString(), "--baseline", "v1", contender.toString());
    assertEquals(0, r.rc(), r.err());
    assertTrue(r.out().contains("| baseline v1 |"), r.out());
    assertTrue(r.out().contains("geomean: "), r.out());
    assertTrue(Files.readString(contender.resolve("comparison.md")).contains("comparison-charts/changes-score.png"));
    assertTrue(Files.readString(contender.resolve("comparison.html")).contains("data:image/png;base64,"));
  }

  @Test
  void compareTwoFiles() {
    Result r = run("compare", "-o", tmp.toString(), HAND.resolve("base.json").toString(), HAND.resolve("contender.json").toString());
    assertEquals(0, r.rc(), r.err());
    assertTrue(r.out().contains("| *HandBenchmark.ties* |"), r.out());
  }

  @Test
  void missingFile() {
    assertBadInput(run("compare", tmp.resolve("nope.json").toString(), HAND.resolve("base.json").toString()),
        "nope.json: no such file");
    assertBadInput(run("render", tmp.resolve("nodir").toString()), "nodir: no such file or directory");
  }

  @Test
  void plainJmhsDefaultFileRendersFromItsDirectoryOrByName() throws Exception {
    Path plain = Files.createDirectory(tmp.resolve("plain"));
    Files.copy(HAND.resolve("contender.json"), plain.resolve("jmh-result.json"));
    Result byDir = run("render", plain.toString());
    assertEquals(0, byDir.rc(), byDir.err());
    assertTrue(Files.readString(plain.resolve("report.md")).contains("HandBenchmark"));
    Files.delete(plain.resolve("report.md"));
    Result byFile = run("render", plain.resolve("jmh-result.json").toString());
    assertEquals(0, byFile.rc(), byFile.err());
    assertTrue(Files.isRegularFile(plain.resolve("report.md")) && Files.isRegularFile(plain.resolve("report.html")));
    assertTrue(byFile.out().contains("wrote " + plain.resolve("report.md")), byFile.out());
  }

  @Test
  void runDirectoryWithoutJmhJson() {
    Result r = run("render", tmp.toString());
    assertBadInput(r, "jmh.json: no such file");
    assertTrue(r.err().contains("jmh-result.json"), r.err());
  }

  @Test
  void jsonThatIsNotJmhOutput() throws Exception {
    Path obj = Files.writeString(tmp.resolve("obj.json"), "{\"benchmark\": \"x\"}");
    assertBadInput(run("compare", obj.toString(), HAND.resolve("base.json").toString()), "not JMH output");
    Path arr = Files.writeString(tmp.resolve("arr.json"), "[{\"name\": \"x\"}]");
    assertBadInput(run("compare", HAND.resolve("base.json").toString(), arr.toString()), "entry 0 is not a JMH result");
    Path broken = Files.writeString(tmp.resolve("broken.json"), "[{\"benchmark\": ");
    assertBadInput(run("compare", broken.toString(), HAND.resolve("base.json").toString()), "not valid JSON");
  }

  @Test
  void runsWithNoBenchmarkInCommon() {
    assertBadInput(run("compare", "-o", tmp.toString(), HAND.resolve("base.json").toString(),
        "src/test/resources/report/studies"), "no benchmark in common");
  }

  @Test
  void unknownBaseline() throws Exception {
    Path baselines = tmp.resolve("baselines");
    Files.createDirectories(baselines);
    assertBadInput(run("compare", "--baselines", baselines.toString(), "--baseline", "nope", HAND.resolve("base.json").toString()),
        "unknown baseline 'nope'");
    assertBadInput(run("gate", "--baselines", baselines.toString(), "--baseline", "nope", "--max-regression", "10%",
        HAND.resolve("base.json").toString()), "unknown baseline 'nope'");
    assertBadInput(saveBaseline(baselines, "../evil", runDir("b", HAND.resolve("base.json")).toString()),
        "is not a plain name");
  }

  @Test
  void badThresholdAndUsage() throws Exception {
    Path baselines = tmp.resolve("baselines");
    saveBaseline(baselines, "m", runDir("b", HAND.resolve("base.json")).toString());
    assertBadInput(run("gate", "--baselines", baselines.toString(), "--baseline", "m", "--max-regression", "ten",
        HAND.resolve("base.json").toString()), "--max-regression 'ten' is not a percentage");
    assertBadInput(run("gate", "--baseline", "m", HAND.resolve("base.json").toString()), "--max-regression");
    assertBadInput(run("compare", HAND.resolve("base.json").toString()), "compare needs BASELINE and CONTENDER");
    assertBadInput(run("frobnicate"), "frobnicate");
  }

  @Test
  void brokenManifestOrOpenLoopFile() throws Exception {
    Path run = runDir("r", HAND.resolve("base.json"));
    Files.writeString(run.resolve("env.json"), "{\"mode\": ");
    assertBadInput(run("render", run.toString()), "env.json: not valid JSON");
    Files.writeString(run.resolve("env.json"), "[1, 2]");
    assertBadInput(run("render", run.toString()), "env.json: not a run manifest");
    Files.writeString(run.resolve("env.json"), "{}");
    Files.writeString(run.resolve("openloop-x.json"), "{\"rate_per_s\": 5}");
    assertBadInput(run("render", run.toString()), "openloop-x.json: not an open-loop result");
  }

  @Test
  void emptyRunRendersAndSaysSo() throws Exception {
    Path run = tmp.resolve("empty");
    Files.createDirectories(run);
    Files.writeString(run.resolve("jmh.json"), "[]");
    Result r = run("render", run.toString());
    assertEquals(0, r.rc(), r.err());
    assertTrue(Files.readString(run.resolve("report.md")).contains("No benchmark results in this run"));
    assertBadInput(saveBaseline(tmp.resolve("bl"), "e", run.toString()),
        "holds no benchmark result");
  }

  @Test
  void sampleModeHistogramsBecomePerIterationMeans() throws Exception {
    // one fork, two iterations: (10 x 1 + 20 x 3) / 4 = 17.5 and (30 x 2) / 2 = 30
    Path f = Files.writeString(tmp.resolve("sample.json"), """
        [{"benchmark": "a.B.m", "mode": "sample", "threads": 1, "forks": 1,
          "primaryMetric": {"score": 23.75, "scoreError": "NaN", "scoreUnit": "us/op",
            "rawDataHistogram": [[[[10, 1], [20, 3]], [[30, 2]]]]}}]
        """);
    JmhResult r = JmhJson.read(f).get(0);
    org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {17.5, 30.0}, r.primary().samples(), 1e-12);
  }
}
