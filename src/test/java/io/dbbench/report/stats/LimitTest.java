package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Limit}: ratios and their intervals from forks, against a figure and against another row. */
class LimitTest {
  /** A row with {@code forks} forks of three iterations each around {@code center} (±1%, fork by fork ±2%). */
  static JmhResult row(String bench, String mode, String unit, double center, int forks) {
    List<List<Double>> raw = new ArrayList<>();
    for (int f = 0; f < forks; f++) {
      double m = center * (1 + 0.02 * ((f % 3) - 1));
      raw.add(List.of(m * 0.99, m, m * 1.01));
    }
    return new JmhResult("io.dbbench.x." + bench, mode, 1, forks, Map.of(),
        new JmhResult.Metric(center, Double.NaN, unit, raw), Map.of());
  }

  @Test
  void aThroughputRowBesideAFigureIsATimeRatioWithAnIntervalFromFourForks() {
    Limit l = Limit.againstFigure("zstd", "decompress", row("B.decompress", "thrpt", "ops/s", 100_000, 6), "zstd -b3",
        5e-6);
    assertEquals(1e-5, l.pathSeconds(), 1e-12);
    assertEquals(2.0, l.ratio(), 1e-9, "10 us / 5 us");
    assertTrue(l.hasInterval());
    assertTrue(l.ciLow() < 2.0 && l.ciHigh() > 2.0 && l.ciHigh() < 2.1 && l.ciLow() > 1.9, l.ciLow() + " " + l.ciHigh());
    assertEquals("6", l.forksText());
  }

  @Test
  void oneForkGivesNoInterval() {
    Limit l = Limit.againstFigure("AEAD", "encrypt", row("B.encrypt", "thrpt", "ops/s", 1e5, 1), "openssl", 5e-6);
    assertFalse(l.hasInterval());
    assertEquals(2.0, l.ratio(), 1e-9);
  }

  @Test
  void twoTimeRowsGiveTheRatioOfTheirMeansWithABootstrapInterval() {
    Limit l = Limit.againstRow("JDBC load", "arrayChunks", row("G.insert", "ss", "s/op", 0.15, 6), "copy",
        row("G.insert", "ss", "s/op", 0.075, 6));
    assertEquals(2.0, l.ratio(), 1e-9);
    assertTrue(l.hasInterval() && l.ciLow() < 2.0 && l.ciHigh() > 2.0, l.ciLow() + " " + l.ciHigh());
    assertEquals("6+6", l.forksText());
    Limit few = Limit.againstRow("JDBC load", "arrayBind", row("G.insert", "ss", "s/op", 0.15, 1), "copy",
        row("G.insert", "ss", "s/op", 0.075, 6));
    assertFalse(few.hasInterval(), "one fork on the path's side");
  }

  @Test
  void twoThroughputRowsGiveATimeRatio() {
    Limit l = Limit.againstRow("x", "slow", row("B.a", "thrpt", "ops/s", 1000, 4), "fast", row("B.b", "thrpt", "ops/s", 4000, 4));
    assertEquals(4.0, l.ratio(), 1e-9, "1 ms / 0.25 ms");
    assertTrue(l.ciLow() < 4.0 && l.ciHigh() > 4.0, l.ciLow() + " " + l.ciHigh());
  }

  @Test
  void badInputIsNamed() {
    IllegalArgumentException units = assertThrows(IllegalArgumentException.class, () -> Limit.againstRow("x", "a",
        row("B.a", "thrpt", "ops/s", 1, 1), "b", row("B.b", "avgt", "s/op", 1, 1)));
    assertTrue(units.getMessage().contains("(ops/s) beside") && units.getMessage().contains("expected the same unit"),
        units.getMessage());
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> Limit.againstFigure("x", "a",
        row("B.a", "thrpt", "ops/s", 1, 1), "zstd", 0));
    assertEquals("reference 'zstd' of a: 0.0 s per operation; expected a positive finite time", zero.getMessage());
    IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class, () -> Limit.againstFigure("x", "a",
        row("B.a", "avgt", "B/op", 1, 1), "zstd", 1));
    assertTrue(bytes.getMessage().contains("is in B/op; expected a JMH time"), bytes.getMessage());
  }
}
