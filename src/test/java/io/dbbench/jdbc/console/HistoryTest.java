package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class HistoryTest {
  private static TestResult result(long id, String test, int count, int size, double rate, boolean verified) {
    long rows = (long) count * size;
    return new TestResult(id, "2026-11-23T17:00:00Z", test, count, size, size, 1, false, rows, rows / rate, rate,
        verified, null, true, verified ? null : "database error: x");
  }

  @Test
  void newestFirstAndTheChartTakesMediansOfVerifiedRunsOnly() throws Exception {
    History h = new History();
    h.add(result(1, "BulkSeq", 10, 100, 1000, true));
    h.add(result(2, "BulkSeq", 10, 100, 3000, true));
    h.add(result(3, "BulkSeq", 10, 100, 2000, true));
    h.add(result(4, "CopySeq", 1, 1000, 9000, true));
    h.add(result(5, "CopySeq", 1, 1000, 1, false)); // failed: not charted
    h.add(result(6, "ManySeq", 2, 2, 50, true));
    assertEquals(List.of(6L, 5L, 4L, 3L, 2L, 1L), h.newestFirst().stream().map(TestResult::id).toList());

    History.ChartData d = h.chartData(List.of("BulkSeq", "ManySeq", "BulkPar", "CopySeq"));
    assertEquals(List.of("2x2", "10x100", "1x1000"), d.categories(), "fewest rows first, then most batches");
    assertEquals(List.of("BulkSeq", "ManySeq", "CopySeq"), List.copyOf(d.series().keySet()), "no BulkPar run, no series");
    assertEquals(2000.0, d.series().get("BulkSeq").get(1), "median of 1000, 3000, 2000");
    assertNull(d.series().get("BulkSeq").get(0));
    assertEquals(9000.0, d.series().get("CopySeq").get(2), "the failed run is left out");
    assertEquals(2.5, History.median(new double[] {1, 2, 3, 4}));

    for (History g : List.of(h, new History())) {
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(g.chartPng(List.of("BulkSeq", "ManySeq", "CopySeq"))));
      assertEquals(History.WIDTH, img.getWidth());
      assertEquals(History.HEIGHT, img.getHeight());
    }
  }
}
