package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Limit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GomessageForm#limits}: the fastest non-COPY strategy at 1x100000 seq beside copy. */
class GomessageFormTest {
  static JmhResult insert(String strategy, String shape, String mode, double seconds, int forks) {
    List<List<Double>> raw = new java.util.ArrayList<>();
    for (int f = 0; f < forks; f++) {
      raw.add(List.of(seconds * (0.98 + 0.01 * (f % 5)), seconds * (1.02 - 0.01 * (f % 5))));
    }
    return new JmhResult("io.dbbench.jdbc.GomessageInsertBenchmark.insert", "ss", 1, forks,
        new TreeMap<>(Map.of("strategy", strategy, "shape", shape, "mode", mode)),
        new JmhResult.Metric(seconds, Double.NaN, "s/op", raw), Map.of());
  }

  @Test
  void theFastestNonCopyStrategyOfTheShapeIsSetBesideCopy() {
    List<JmhResult> rs = List.of(
        insert("many", "1x100000", "seq", 0.54, 6),
        insert("copy", "1x100000", "seq", 0.10, 6),
        insert("arrayChunks", "1x100000", "seq", 0.18, 6),
        insert("arrayBind", "100x1000", "seq", 0.05, 1), // another shape: not a candidate
        insert("bulk", "1x100000", "par", 0.08, 1)); // par: not a candidate
    List<Limit> l = new GomessageForm().limits(new Run(null, rs, null, List.of()), rs);
    assertEquals(1, l.size());
    assertEquals("fastest of 2 non-COPY strategies: arrayChunks 1x100000 seq", l.get(0).path());
    assertEquals("copy 1x100000 seq", l.get(0).reference());
    assertEquals(1.8, l.get(0).ratio(), 1e-9);
    assertTrue(l.get(0).hasInterval(), "6 forks a side");
  }

  /** {@code r} with a {@code server.cpu} secondary metric of {@code seconds} per shot over its forks. */
  private static JmhResult withServerCpu(JmhResult r, double seconds) {
    List<List<Double>> raw = new java.util.ArrayList<>();
    for (int f = 0; f < r.forks(); f++) {
      raw.add(List.of(seconds * (0.97 + 0.02 * (f % 3)), seconds * (1.03 - 0.02 * (f % 3))));
    }
    return new JmhResult(r.benchmark(), r.mode(), r.threads(), r.forks(), r.params(), r.primary(),
        Map.of(ServerCpuProfiler.METRIC, new JmhResult.Metric(seconds, Double.NaN, "s/op", raw)));
  }

  @Test
  void whenBothRowsCarryTheServersCpuTheGapIsSetOutByThatAlone() {
    List<JmhResult> rs = List.of(
        withServerCpu(insert("arrayProject", "1x100000", "seq", 0.25, 6), 0.22),
        withServerCpu(insert("copy", "1x100000", "seq", 0.10, 6), 0.088));
    List<Limit> l = new GomessageForm().limits(new Run(null, rs, null, List.of()), rs);
    assertEquals(2, l.size(), l.toString());
    assertEquals(2.5, l.get(0).ratio(), 1e-9);
    Limit server = l.get(1);
    assertEquals("arrayProject 1x100000 seq, server CPU only (server.cpu)", server.path());
    assertEquals("copy 1x100000 seq, server CPU only", server.reference());
    assertEquals(2.5, server.ratio(), 1e-9);
    assertEquals(0.22, server.pathSeconds(), 1e-12);
    assertTrue(server.hasInterval(), "6 forks a side");
    assertTrue(server.ciLow() < 2.5 && server.ciHigh() > 2.5, server.toString());
    // one side without the metric (a remote server): no such row
    List<JmhResult> one = List.of(withServerCpu(insert("arrayProject", "1x100000", "seq", 0.25, 6), 0.22),
        insert("copy", "1x100000", "seq", 0.10, 6));
    assertEquals(1, new GomessageForm().limits(new Run(null, one, null, List.of()), one).size());
  }

  @Test
  void withoutCopyThereIsNoRow() {
    List<JmhResult> rs = List.of(insert("many", "1x100000", "seq", 0.54, 1));
    assertEquals(List.of(), new GomessageForm().limits(new Run(null, rs, null, List.of()), rs));
  }

  @Test
  void copyIsSetBesidePsqlCopyLessStartUpWhenTheRunHasTheReference(@TempDir Path dir) throws Exception {
    List<JmhResult> rs = List.of(insert("copy", "1x100000", "seq", 0.12, 8), insert("arrayProject", "1x100000", "seq", 0.28, 1));
    Files.writeString(dir.resolve(PsqlReference.FILE_NAME), """
        {"schema": "dbbench.jdbc.psql-reference/1", "shape": "1x100000", "rows": 100000, "runs": 3,
         "psql": {"available": true, "version": "psql (PostgreSQL) 15.14"},
         "copy_wall_seconds": [0.14, 0.15, 0.16], "startup_wall_seconds": [0.03, 0.03, 0.04],
         "copy_seconds_median": 0.15, "startup_seconds_median": 0.03, "copy_minus_startup_seconds": 0.12}
        """);
    List<Limit> l = new GomessageForm().limits(new Run(dir, rs, null, List.of()), rs);
    assertEquals(2, l.size(), l.toString());
    Limit psql = l.get(1);
    assertEquals("copy 1x100000 seq", psql.path());
    assertTrue(psql.reference().startsWith("psql \\copy, less psql's start-up"), psql.reference());
    assertEquals(1.0, psql.ratio(), 1e-9);
    assertTrue(psql.hasInterval(), "8 copy forks");
  }

  @Test
  void aReferenceThatSaysPsqlWasMissingOrAnotherSchemaAddsNoRow(@TempDir Path dir) throws Exception {
    List<JmhResult> rs = List.of(insert("copy", "1x100000", "seq", 0.12, 1));
    Files.writeString(dir.resolve(PsqlReference.FILE_NAME), """
        {"schema": "dbbench.jdbc.psql-reference/1", "shape": "1x100000",
         "psql": {"available": false, "reason": "psql not found on PATH"}}
        """);
    assertEquals(List.of(), new GomessageForm().limits(new Run(dir, rs, null, List.of()), rs));
    Files.writeString(dir.resolve(PsqlReference.FILE_NAME), "{\"schema\": \"something/9\"}");
    assertEquals(List.of(), new GomessageForm().limits(new Run(dir, rs, null, List.of()), rs));
  }
}
