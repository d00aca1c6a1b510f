package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Limit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

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

  @Test
  void withoutCopyThereIsNoRow() {
    List<JmhResult> rs = List.of(insert("many", "1x100000", "seq", 0.54, 1));
    assertEquals(List.of(), new GomessageForm().limits(new Run(null, rs, null, List.of()), rs));
  }
}
