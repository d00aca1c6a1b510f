package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.Report;
import io.dbbench.report.stats.Finding;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Replication}: pairs matched by study and parameter points, judged from intervals only. */
class ReplicationJudgeTest {
  @TempDir
  Path tmp;

  private static String finding(String study, String contender, double est, double lo, double hi) {
    return "{\"study\":\"" + study + "\",\"kind\":\"comparison\",\"benchmark\":\"io.dbbench.x.XBenchmark.op\","
        + "\"unit\":\"%\",\"baseline\":{\"journal\":\"off\"},\"contender\":{\"journal\":\"" + contender + "\"},"
        + "\"estimate\":" + est + ",\"ci_low\":" + lo + ",\"ci_high\":" + hi + ",\"no_change\":0,"
        + "\"forks_baseline\":4,\"forks_contender\":4,\"order\":\"ABBAABBA\"}";
  }

  private Path run(String name, String... findings) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(name));
    Files.writeString(dir.resolve(Finding.FILE), "[" + String.join(",", findings)
        + ",{\"study\":\"s\",\"kind\":\"absolute\",\"unit\":\"MB/s\"}]");
    return dir;
  }

  @Test
  void oppositeSignificantSignsDoNotReplicate() throws Exception {
    Path a = run("a", finding("graph", "on", 15, 6, 25));
    Path b = run("b", finding("graph", "on", -7, -11, -2.5));
    List<Replication.Pair> pairs = Replication.of(a, b);
    assertEquals(1, pairs.size(), "the absolute finding is not paired");
    assertEquals(Replication.Verdict.DOES_NOT_REPLICATE, pairs.get(0).verdict());
    assertEquals("significant in both runs with opposite signs", pairs.get(0).why());
  }

  @Test
  void sameSignButDisjointIntervalsDoNotReplicate() throws Exception {
    Path a = run("a", finding("graph", "on", 5, 2, 8));
    Path b = run("b", finding("graph", "on", 30, 20, 40));
    assertEquals("the intervals do not overlap", Replication.of(a, b).get(0).why());
  }

  @Test
  void overlappingIntervalsReplicateAndMissingSidesCannotBeJudged() throws Exception {
    Path a = run("a", finding("graph", "on", 12, 5, 21), finding("payload", "on", 2, -12, 19));
    Path b = run("b", finding("graph", "on", 17, 6, 25), finding("arango", "on", 1, -3, 4));
    List<Replication.Pair> pairs = Replication.of(a, b);
    assertEquals(3, pairs.size());
    assertEquals(Replication.Verdict.REPLICATES, pairs.get(0).verdict());
    assertTrue(pairs.get(0).why().startsWith("significant in both runs, same sign"), pairs.get(0).why());
    assertEquals(Replication.Verdict.CANNOT_JUDGE, pairs.get(1).verdict());
    assertEquals(Replication.Verdict.CANNOT_JUDGE, pairs.get(2).verdict());
  }

  @Test
  void commandPrintsTheTableAndExitsOneWhenAFindingDoesNotReplicate() throws Exception {
    Path a = run("a", finding("graph", "on", 15, 6, 25));
    Path b = run("b", finding("graph", "on", -7, -11, -2.5));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Report.run(new PrintWriter(out), new PrintWriter(err), "replication", a.toString(), b.toString());
    assertEquals(Report.EXIT_REGRESSION, rc, err.toString());
    assertTrue(out.toString().contains("| graph XBenchmark.op {journal=off} -> {journal=on} % | +15.0% [+6.0%, +25.0%]"),
        out.toString());
    assertTrue(out.toString().contains("0 of 1 comparison findings replicate, 1 do not"), out.toString());
    // a run without findings.json is one line of bad input
    Files.createDirectories(tmp.resolve("empty"));
    StringWriter err2 = new StringWriter();
    assertEquals(Report.EXIT_BAD_INPUT, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err2),
        "replication", a.toString(), tmp.resolve("empty").toString()));
    assertTrue(err2.toString().contains("findings.json: missing"), err2.toString());
  }
}
