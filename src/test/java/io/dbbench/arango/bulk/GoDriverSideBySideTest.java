package io.dbbench.arango.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.stats.Agreement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The go-driver side by side's analysis on hand-made blocks: paired changes, the study's question judged, the machine. */
class GoDriverSideBySideTest {
  private static final String HEADER = String.join("\t", GoDriverSideBySide.COLUMNS);
  private static final String SERVER = "dbbench ArangoDB stand-in (not ArangoDB)";

  @TempDir
  Path dir;

  private static String go(int block, String v, String op, double ns, double bytes, double allocs) {
    String suite = v.equals("V1") ? "go-driver v1.6.9 (V1)" : "go-driver/v2 v2.4.1 (V2)";
    String proto = v.equals("V1") ? "HTTP/1.1 JSON" : "HTTP/2 JSON";
    return String.join("\t", String.valueOf(block), "1", suite, proto, op, "Benchmark" + v + "BulkInsert100KDocs/Insert-2",
        "1", String.valueOf((long) ns), String.valueOf((long) bytes), String.valueOf((long) allocs), SERVER);
  }

  private static String java(int block, boolean http2, String op, String bench, double ns, double bytes) {
    return String.join("\t", String.valueOf(block), "3", "dbbench Java driver 7.25.0", http2 ? "HTTP/2 JSON" : "HTTP/1.1 JSON",
        op, bench, "3", String.valueOf((long) ns), String.valueOf((long) bytes), "-", SERVER);
  }

  /**
   * Four blocks where V2's insert takes 0.5, 0.6, 0.5, 0.6 of V1's time: the geometric mean change is
   * exp(mean ln) - 1 = sqrt(0.30) - 1 = -45.2%, the study's -43.7% lies in the interval: reproduced.
   * V2's B/op is a tenth of V1's in every block: -90.0% with no spread, the study's -89.8%.
   */
  @Test
  void theStudysQuestionIsPairedOverBlocksAndJudged() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    double[] ratio = {0.5, 0.6, 0.5, 0.6};
    for (int b = 1; b <= 4; b++) {
      lines.add(go(b, "V1", "insert", 1e9 * (1 + b * 0.01), 160e6, 3.3e6));
      lines.add(go(b, "V2", "insert", 1e9 * (1 + b * 0.01) * ratio[b - 1], 16e6, 200));
      lines.add(java(b, false, "read", "readByKeys", 2e8, 7e7));
      lines.add(java(b, true, "read", "readByKeys", 2e8 * (b % 2 == 0 ? 1.02 : 0.98), 7e7));
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    GoDriverSideBySide.Summary s = GoDriverSideBySide.analyze(dir);
    assertEquals(4, s.blocks());
    GoDriverSideBySide.Change h = s.headline();
    assertNotNull(h);
    assertEquals((Math.sqrt(0.5 * 0.6) - 1) * 100, h.change().changePct(), 1e-9);
    assertEquals((4322425027.0 / 7680955841.0 - 1) * 100, h.study(), 1e-9, "the Go study's own table");
    assertTrue(h.change().judgeable());
    assertEquals(Agreement.REPRODUCED, h.verdict().agreement(), h.verdict().note());
    GoDriverSideBySide.Change bytes = s.changes().stream()
        .filter(c -> c.operation().equals("insert") && c.metric().equals("B/op")).findFirst().orElseThrow();
    assertEquals(-90.0, bytes.change().changePct(), 1e-9);
    assertEquals(Agreement.REPRODUCED, bytes.verdict().agreement());
    // the Java driver's protocol change is measured, never judged against the V1 -> V2 figure
    GoDriverSideBySide.Change j = s.changes().stream().filter(c -> c.comparison().startsWith("Java")
        && c.metric().equals("ns/op")).findFirst().orElseThrow();
    assertEquals("read/readByKeys", j.operation());
    assertEquals(4, j.change().pairs());
    assertEquals(null, j.verdict());
    assertTrue(Double.isNaN(j.study()));
    String md = s.markdown();
    assertTrue(md.contains("| insert: Go V1 HTTP/1.1 -> V2 HTTP/2, ns/op | -45.23% | [-53.67%, -35.24%] | 4 | -43.73% | reproduced |"), md);
    assertTrue(md.contains("not ArangoDB"), md);
    // the Java rows have no allocs/op: the median column says so instead of NaN
    assertTrue(md.contains("| read | Java driver HTTP/1.1 | readByKeys | 4 | 200.0 ms | 70,000,000 | - |"), md);
    GoDriverSideBySide.write(dir, s);
    assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"agreement\" : \"reproduced\""));
  }

  /** Below four blocks there is no interval: cannot tell, with the point estimate's reading. */
  @Test
  void twoBlocksCannotTellButSayWhereThePointLies() throws Exception {
    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, go(1, "V1", "insert", 1e9, 1e8, 1e6),
        go(1, "V2", "insert", 1.2e9, 1e7, 100), go(2, "V2", "insert", 1.1e9, 1e7, 100),
        go(2, "V1", "insert", 1e9, 1e8, 1e6)));
    GoDriverSideBySide.Change h = GoDriverSideBySide.analyze(dir).headline();
    assertEquals(2, h.change().pairs());
    assertEquals(Agreement.CANNOT_TELL, h.verdict().agreement());
    assertTrue(h.verdict().text().endsWith("in the opposite direction"), h.verdict().text());
  }

  /** A side with 10% of the CPU stolen marks its block, and every change that reads it, under load. */
  @Test
  void theMachineAroundEverySideIsReadAndMarksLoad() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    for (int b = 1; b <= 4; b++) {
      lines.add(go(b, "V1", "insert", 1e9, 1e8, 1e6));
      lines.add(go(b, "V2", "insert", 0.6e9, 1e7, 100));
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    // ticks: user nice system idle iowait irq softirq steal; 1,000 ticks pass in each side
    Files.write(dir.resolve("machine.tsv"), List.of("block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus",
        "1\tV1\tinsert\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t0.50 0.40 0.30 1/100 42\t2",
        "1\tV1\tinsert\tafter\tcpu  600 0 0 1400 0 0 0 0 0 0\t1.00 0.50 0.30 1/100 42\t2",
        "3\tV2\tinsert\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t0.50 0.40 0.30 1/100 42\t2",
        "3\tV2\tinsert\tafter\tcpu  500 0 0 1400 0 0 0 100 0 0\t1.00 0.50 0.30 1/100 42\t2",
        "4\tV1\tinsert\tbefore\tnot a cpu line\t0.5 0.4 0.3 1/1 1\t2"));
    GoDriverSideBySide.Summary s = GoDriverSideBySide.analyze(dir);
    assertEquals(2, s.machine().size(), "the line that does not parse is left out: " + s.machine());
    assertEquals(50.0, s.machine().get(0).interval().busyPct(), 1e-9);
    assertFalse(s.machine().get(0).underLoad());
    assertEquals(10.0, s.machine().get(1).interval().stealPct(), 1e-9);
    assertTrue(s.machine().get(1).underLoad());
    assertTrue(s.headline().underLoad());
    // other processes busy: a side whose own CPU leaves 40% of the machine to others is under load too
    GoDriverSideBySide.Machine busy = new GoDriverSideBySide.Machine(2, "V2", "insert", s.machine().get(0).interval(), 40);
    assertTrue(busy.underLoad());
    assertFalse(new GoDriverSideBySide.Machine(2, "V2", "insert", s.machine().get(0).interval(), 5).underLoad());
    assertTrue(s.markdown().contains("(UNDER LOAD)"), s.markdown());
  }

  @Test
  void badInputNamesTheFileAndWhatWasExpected() throws Exception {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> GoDriverSideBySide.analyze(dir));
    assertTrue(none.getMessage().contains("no rows.tsv"), none.getMessage());
    Files.write(dir.resolve("rows.tsv"), List.of("block\tsuite", "1\tx"));
    IllegalArgumentException header = assertThrows(IllegalArgumentException.class, () -> GoDriverSideBySide.analyze(dir));
    assertTrue(header.getMessage().contains("expected the columns block, position"), header.getMessage());
    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, go(1, "V1", "insert", 1e9, 1e8, 1e6).replace("\t1000000000\t",
        "\tfast\t")));
    IllegalArgumentException cell = assertThrows(IllegalArgumentException.class, () -> GoDriverSideBySide.analyze(dir));
    assertTrue(cell.getMessage().contains("line 2: 'fast': expected a number"), cell.getMessage());
  }

  @Test
  void theSuitesOutputAndTheJavaForksJsonBecomeRowsOfTheScriptsColumns() throws Exception {
    String go = """
        goos: linux
        BenchmarkV1BulkInsert100KDocs/Insert-2   	       1	1234567890 ns/op	 98765 B/op	  4321 allocs/op
        PASS
        """;
    assertEquals(List.of(List.of("go-driver v1.6.9 (V1)", "HTTP/1.1 JSON", "insert", "BenchmarkV1BulkInsert100KDocs/Insert-2",
        "1", "1234567890", "98765", "4321", "srv")), GoDriverSideBySide.goRows(go, "go-driver v1.6.9 (V1)", "HTTP/1.1 JSON",
        "insert", "srv"));
    assertEquals("BenchmarkV2bulkUpdate100KDocs", GoDriverSideBySide.benchmarkName("V2", "update"));
    assertThrows(IllegalArgumentException.class, () -> GoDriverSideBySide.benchmarkName("V1", "upsert"));
    Path json = dir.resolve("fork.json");
    Files.writeString(json, """
        [{"benchmark": "io.dbbench.arango.ArangoBulkBenchmark.insert", "params": {"protocol": "HTTP2_JSON"},
          "primaryMetric": {"score": 1.5, "rawData": [[1.0, 2.0]]},
          "secondaryMetrics": {"shotAllocatedBytes": {"rawData": [[100, 300]]}}}]
        """);
    List<List<String>> rows = GoDriverSideBySide.javaRows(json, "insert", "srv");
    assertEquals(List.of(List.of(GoDriverSideBySide.JAVA_SUITE, "HTTP/2 JSON", "insert", "insert", "2", "1500000", "200",
        "-", "srv")), rows, "ms/op to ns/op, the shots' mean B/op, allocs/op from the main job's pass");
    assertEquals(GoDriverSideBySide.COLUMNS.size() - 2, rows.get(0).size());
  }
}
