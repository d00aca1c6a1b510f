package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.stats.Agreement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WMPayload side by side's analysis on hand-made blocks: wall time per request, index effects per side, the machine. */
class WmpayloadSideBySideTest {
  private static final String HEADER = String.join("\t", WmpayloadSideBySide.COLUMNS);
  private static final String SERVER = "mongo-java-server 1.47.0 (stand-in, not MongoDB)";

  @TempDir
  Path dir;

  private static String go(int block, String op, String doc, String index, double ns, double bytes, double allocs,
      String success) {
    return String.join("\t", String.valueOf(block), "1", "WMPayload Go", op, doc, index,
        op.equals("insert") ? "BenchmarkInsert-2" : "BenchmarkSearch-2", op.equals("insert") ? "1" : "b.N", "1000",
        String.valueOf((long) ns), String.valueOf((long) bytes), String.valueOf((long) allocs), success, "-", SERVER);
  }

  private static String java(int block, String op, String doc, String index, int threads, double ns, double bytes) {
    return String.join("\t", String.valueOf(block), "2", "dbbench Java", op, doc, index, op, String.valueOf(threads), "3",
        String.valueOf((long) ns), String.valueOf((long) bytes), "-", "1.0", "1", SERVER);
  }

  /**
   * Four blocks. Go's flat search takes 10 ms without the index and 1 or 1.25 ms with it (per-block
   * ratios 0.1, 0.125, 0.1, 0.125): the speed-up is 1 / sqrt(0.1 x 0.125) = 8.94x. Java's search
   * latency under 100 threads is 20 ms and 4 ms, wall time per request 200 and 40 us: 5x. The
   * study's 35.4x carries its caveat, so the verdict is "not comparable".
   */
  @Test
  void theIndexEffectIsPairedPerSideInWallTimePerRequest() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    double[] id = {1e6, 1.25e6, 1e6, 1.25e6};
    for (int b = 1; b <= 4; b++) {
      lines.add(go(b, "search", "flat", "none", 10e6, 8e6, 180, "1.000"));
      lines.add(go(b, "search", "flat", "id", id[b - 1], 12e3, 125, "1.000"));
      lines.add(go(b, "insert", "flat", "-", 600e3, 23e3, 197, "1.000"));
      lines.add(java(b, "search", "flat", "none", 100, 20e6, 5e3));
      lines.add(java(b, "search", "flat", "id", 100, 4e6, 5e3));
      lines.add(java(b, "insert", "flat", "-", 1, 500e3, 20e3));
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    WmpayloadSideBySide.Summary s = WmpayloadSideBySide.analyze(dir);
    assertEquals(4, s.blocks());
    assertEquals(SERVER, s.server());

    WmpayloadSideBySide.IndexEffect go = s.effect(WmpayloadSideBySide.Side.GO, "flat");
    assertNotNull(go);
    assertEquals(1 / Math.sqrt(0.1 * 0.125), go.speedup(), 1e-9);
    assertEquals(4, go.change().pairs());
    assertTrue(go.change().judgeable());
    assertTrue(go.speedupLow() < go.speedup() && go.speedup() < go.speedupHigh());
    assertEquals(Agreement.NOT_COMPARABLE, go.verdict().agreement(), go.verdict().note());

    WmpayloadSideBySide.IndexEffect java = s.effect(WmpayloadSideBySide.Side.JAVA, "flat");
    assertEquals(5.0, java.speedup(), 1e-9);
    assertEquals(0.0, java.change().sdLog(), 1e-12, "the same ratio in every block");
    assertEquals(200e3, java.noneNs()[0], 1e-9, "20 ms latency / 100 threads");
    assertNull(s.effect(WmpayloadSideBySide.Side.GO, "reqmgr2"), "no reqmgr2 rows");

    // Java -> Go per row, in wall time per request: insert 500 us (one thread) -> 600 us, +20%
    WmpayloadSideBySide.Change insert = s.changes().stream().filter(c -> c.row().equals("insert flat")).findFirst()
        .orElseThrow();
    assertEquals(20.0, insert.change().changePct(), 1e-9);
    WmpayloadSideBySide.Change searchNone = s.changes().stream()
        .filter(c -> c.row().equals("search flat index=none") && c.comparison().contains("->")).findFirst().orElseThrow();
    assertEquals((10e6 / 200e3 - 1) * 100, searchNone.change().changePct(), 1e-9, "Go's 10 ms against Java's 200 us");

    String md = s.markdown();
    assertTrue(md.contains("| flat | WMPayload Go | b.N | 10.000 ms | 1.125 ms | "), md);
    assertTrue(md.contains("| 8.94x | ["), md);
    assertTrue(md.contains("| flat | dbbench Java | 100 | 200.0 µs | 40.000 µs | 5.00x | [5.00x, 5.00x] |"), md);
    assertTrue(md.contains("not comparable: the study's 35x is not an index effect"), md);
    // the study's own figures beside the Go side's medians, none beside Java's
    assertTrue(md.contains("| insert | flat | - | WMPayload Go | 1 | 4 | 600.0 µs | 600.0 µs | 23,000 | 197 | 1.000 | - |"
        + " 0.60 ms, 22,975, 197, 1.000; one client, sequential"), md);
    assertTrue(md.contains("| insert | flat | - | dbbench Java | 1 | 4 | 500.0 µs | 500.0 µs | 20,000 | - | 1.000 | steady |  |"),
        md);
    assertTrue(md.contains("not MongoDB"), md);
    WmpayloadSideBySide.write(dir, s);
    String json = Files.readString(dir.resolve("summary.json"));
    assertTrue(json.contains("\"agreement\" : \"not comparable\"") && json.contains("dbbench.wmpayload-side-by-side/1"),
        json);
  }

  /** Below four blocks there is no interval; a side searched only without the index has no effect row. */
  @Test
  void fewBlocksGiveNoIntervalAndAnUnpairedSideNoEffect() throws Exception {
    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, go(1, "search", "reqmgr2", "none", 50e6, 1e8, 200, "1.000"),
        go(1, "search", "reqmgr2", "id", 2e6, 4e4, 200, "0.2247"), go(2, "search", "reqmgr2", "id", 2e6, 4e4, 200, "1.000"),
        java(1, "search", "reqmgr2", "none", 100, 40e6, 5e3)));
    WmpayloadSideBySide.Summary s = WmpayloadSideBySide.analyze(dir);
    WmpayloadSideBySide.IndexEffect go = s.effect(WmpayloadSideBySide.Side.GO, "reqmgr2");
    assertEquals(1, go.change().pairs(), "block 2 has no unindexed row");
    assertEquals(25.0, go.speedup(), 1e-9);
    assertFalse(go.change().judgeable());
    assertTrue(Double.isNaN(go.speedupLow()));
    assertNull(go.verdict(), "the study's figure is the flat document's");
    assertNull(s.effect(WmpayloadSideBySide.Side.JAVA, "reqmgr2"));
    String md = s.markdown();
    assertTrue(md.contains("| none (1 block, at least 4) |"), md);
    assertTrue(md.contains("| 0.225-1.000 |"), "the success rates' range: " + md);
  }

  /** A side with 10% of the CPU stolen marks its block, and every change that reads it, under load. */
  @Test
  void theMachineAroundEverySideIsReadAndMarksLoad() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    for (int b = 1; b <= 4; b++) {
      lines.add(go(b, "search", "flat", "none", 10e6, 8e6, 180, "1.000"));
      lines.add(go(b, "search", "flat", "id", 1e6, 12e3, 125, "1.000"));
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    Files.write(dir.resolve("machine.tsv"), List.of("block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus",
        "1\tGo\tsearch flat\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t0.50 0.40 0.30 1/100 42\t2",
        "1\tGo\tsearch flat\tafter\tcpu  600 0 0 1400 0 0 0 0 0 0\t1.00 0.50 0.30 1/100 42\t2",
        "3\tGo\tsearch flat\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t0.50 0.40 0.30 1/100 42\t2",
        "3\tGo\tsearch flat\tafter\tcpu  500 0 0 1400 0 0 0 100 0 0\t1.00 0.50 0.30 1/100 42\t2",
        "4\tGo\tsearch flat\tbefore\tnot a cpu line\t0.5 0.4 0.3 1/1 1\t2"));
    WmpayloadSideBySide.Summary s = WmpayloadSideBySide.analyze(dir);
    assertEquals(2, s.machine().size(), "the line that does not parse is left out: " + s.machine());
    assertEquals(50.0, s.machine().get(0).interval().busyPct(), 1e-9);
    assertFalse(s.machine().get(0).underLoad());
    assertTrue(s.machine().get(1).underLoad());
    assertTrue(s.effect(WmpayloadSideBySide.Side.GO, "flat").underLoad());
    assertTrue(s.markdown().contains("(UNDER LOAD)"), s.markdown());
  }

  /**
   * With the side's own CPU recorded, the main job's rule decides: a load average above the CPUs
   * (the side's own 100 threads) is not load, other processes' share is.
   */
  @Test
  void withItsOwnCpuASideIsJudgedByOtherProcessesNotTheLoadAverage() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    lines.add(go(1, "search", "flat", "none", 10e6, 8e6, 180, "1.000"));
    lines.add(go(2, "search", "flat", "none", 10e6, 8e6, 180, "1.000"));
    Files.write(dir.resolve("rows.tsv"), lines);
    // 1,000 ticks between the snapshots, 900 busy; own CPU 8.8 s = 880 ticks (2% other) in block 1,
    // 5.0 s = 500 ticks (40% other) in block 2; load 12 on 2 CPUs in both
    Files.write(dir.resolve("machine.tsv"), List.of(
        "block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus\town_cpu_s",
        "1\tGo\tsearch flat\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t12.0 0.40 0.30 1/100 42\t2\t0",
        "1\tGo\tsearch flat\tafter\tcpu  1000 0 0 1000 0 0 0 0 0 0\t12.0 0.50 0.30 1/100 42\t2\t8.80",
        "2\tGo\tsearch flat\tbefore\tcpu  100 0 0 900 0 0 0 0 0 0\t12.0 0.40 0.30 1/100 42\t2\t0",
        "2\tGo\tsearch flat\tafter\tcpu  1000 0 0 1000 0 0 0 0 0 0\t12.0 0.50 0.30 1/100 42\t2\t5.00"));
    WmpayloadSideBySide.Summary s = WmpayloadSideBySide.analyze(dir);
    assertEquals(2.0, s.machine().get(0).otherBusyPct(), 1e-9);
    assertFalse(s.machine().get(0).underLoad(), "the side's own threads in the load average are not load");
    assertEquals(40.0, s.machine().get(1).otherBusyPct(), 1e-9);
    assertTrue(s.machine().get(1).underLoad());
    assertTrue(s.markdown().contains("| 1 | Go | search flat | 0.0 | 90.0 | 2.0 | 12.00 |  |"), s.markdown());
  }

  @Test
  void badInputNamesTheFileTheLineAndWhatWasExpected() throws Exception {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> WmpayloadSideBySide.analyze(dir));
    assertTrue(none.getMessage().contains("no rows.tsv"), none.getMessage());
    Files.write(dir.resolve("rows.tsv"), List.of("block\tside", "1\tx"));
    IllegalArgumentException header = assertThrows(IllegalArgumentException.class, () -> WmpayloadSideBySide.analyze(dir));
    assertTrue(header.getMessage().contains("expected the columns block, position, side"), header.getMessage());
    for (String[] bad : List.of(
        new String[] {go(1, "search", "flat", "none", 1e6, 1, 1, "1.000").replace("WMPayload Go", "Rust"), "side 'Rust'"},
        new String[] {go(1, "insert", "flat", "id", 1e6, 1, 1, "1.000"), "index 'id' of an insert: expected -"},
        new String[] {go(1, "search", "flat", "-", 1e6, 1, 1, "1.000"), "index '-' of a search: expected none or id"},
        new String[] {go(1, "update", "flat", "-", 1e6, 1, 1, "1.000"), "operation 'update': expected insert or search"},
        new String[] {go(1, "search", "json", "id", 1e6, 1, 1, "1.000"), "unknown payload document 'json'"},
        new String[] {go(1, "search", "flat", "id", 1e6, 1, 1, "1.000").replace("\tb.N\t", "\tmany\t"), "clients 'many'"},
        new String[] {go(1, "search", "flat", "id", 1e6, 1, 1, "fast"), "'fast': expected a number"},
        new String[] {go(1, "search", "flat", "id", 0, 1, 1, "1.000"), "ns_per_op '0': expected a time above 0"},
        new String[] {"1\t2\t3", "3 cells: expected 15"})) {
      Files.write(dir.resolve("rows.tsv"), List.of(HEADER, bad[0]));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WmpayloadSideBySide.analyze(dir));
      assertTrue(e.getMessage().contains("line 2: ") && e.getMessage().contains(bad[1]), e.getMessage());
    }
  }

  @Test
  void theJavaRunsJsonBecomesRowsOfTheScriptsColumns() throws Exception {
    Path json = dir.resolve("fork.json");
    Files.writeString(json, """
        [{"benchmark": "io.dbbench.payload.PayloadServiceBenchmark.search", "threads": 100,
          "params": {"doc": "flat", "index": "id"},
          "primaryMetric": {"score": 12.5, "scoreUnit": "us/op", "rawData": [[12.0, 13.0, 12.5]]},
          "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 2048.4}, "ok": {"score": 999}, "failed": {"score": 1},
            "warmup_steady": {"score": 7.2}}},
         {"benchmark": "io.dbbench.payload.PayloadServiceBenchmark.insert", "threads": 1, "params": {"doc": "flat"},
          "primaryMetric": {"score": 100, "scoreUnit": "ns/op", "rawData": [[100]]}, "secondaryMetrics": {}}]
        """);
    assertEquals(List.of(
        List.of("dbbench Java", "search", "flat", "id", "search", "100", "3", "12500", "2048", "-", "0.999", "7", "srv"),
        List.of("dbbench Java", "insert", "flat", "-", "insert", "1", "1", "100", "-", "-", "-", "-", "srv")),
        WmpayloadSideBySide.javaRows(json, "srv"));
    assertEquals(WmpayloadSideBySide.COLUMNS.size() - 2, WmpayloadSideBySide.javaRows(json, "srv").get(0).size());
  }
}
