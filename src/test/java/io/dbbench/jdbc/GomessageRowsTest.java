package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class GomessageRowsTest {
  private static final Shape SHAPE = Shape.parse("4x250");

  @Test
  void everyDoubleStaysInHdbinsertsRangeAndSpreadsOverIt() {
    double[] min = new double[9];
    double[] max = new double[9];
    Arrays.fill(min, Double.MAX_VALUE);
    Arrays.fill(max, -Double.MAX_VALUE);
    Shape big = Shape.parse("4x5000");
    double[] row = new double[9];
    for (int b = 0; b < big.batchCount(); b++) {
      GomessageRows.Cursor c = GomessageRows.batch(7, big, b);
      while (c.hasNext()) {
        c.next(row);
        for (int i = 0; i < 9; i++) {
          min[i] = Math.min(min[i], row[i]);
          max[i] = Math.max(max[i], row[i]);
        }
      }
    }
    double[][] ranges = {{25, 26}, {40, 60}, {500, 600}, {0.9, 1.1}, {23, 25}, {50, 60}, {0, 1}, {600, 800}, {400, 500}};
    for (int i = 0; i < 9; i++) {
      double lo = ranges[i][0];
      double hi = ranges[i][1];
      assertEquals(lo, GomessageRows.low(i));
      assertEquals(hi, GomessageRows.high(i));
      assertTrue(min[i] >= lo && max[i] <= hi, "column " + Dialect.COLUMNS.get(i + 1) + " left [" + lo + "," + hi + "]");
      // 20000 uniform draws cover all but a sliver of the range at both ends
      assertTrue(min[i] < lo + (hi - lo) * 0.01 && max[i] > hi - (hi - lo) * 0.01,
          "column " + Dialect.COLUMNS.get(i + 1) + " is not spread over its range: " + min[i] + ".." + max[i]);
    }
  }

  @Test
  void deviceIdIsTheRunningIndexAcrossBatches() {
    double[] row = new double[9];
    GomessageRows.Cursor c = GomessageRows.batch(1, SHAPE, 2);
    assertEquals(500, c.next(row));
    assertEquals(501, c.next(row));
    GomessageRows.RowBatch b = GomessageRows.build(1, SHAPE, 3);
    assertEquals(250, b.size());
    assertEquals(750, b.ids()[0]);
    assertEquals(999, b.ids()[249]);
    assertEquals(999L * 1000 / 2, GomessageRows.expectedDeviceIdSum(SHAPE.rows()));
    assertEquals(0, GomessageRows.expectedDeviceIdSum(1));
  }

  @Test
  void theSameSeedGivesTheSameRowsWhicheverWayTheyAreProduced() {
    GomessageRows.RowBatch built = GomessageRows.build(42, SHAPE, 2);
    GomessageRows.RowBatch again = GomessageRows.build(42, SHAPE, 2);
    assertArrayEquals(built.values(), again.values());
    GomessageRows.Cursor c = GomessageRows.batch(42, SHAPE, 2);
    double[] row = new double[9];
    for (int i = 0; i < 250; i++) {
      assertEquals(built.ids()[i], c.next(row));
      assertArrayEquals(Arrays.copyOfRange(built.values(), i * 9, i * 9 + 9), row);
    }
    assertFalse(c.hasNext());
    assertThrows(NoSuchElementException.class, () -> c.next(row));
    assertEquals(GomessageRows.checksum(42, SHAPE), GomessageRows.checksum(42, SHAPE));
  }

  @Test
  void seedsAndBatchesGiveDifferentStreams() {
    assertFalse(Arrays.equals(GomessageRows.build(42, SHAPE, 2).values(), GomessageRows.build(43, SHAPE, 2).values()));
    assertFalse(Arrays.equals(GomessageRows.build(42, SHAPE, 1).values(), GomessageRows.build(42, SHAPE, 2).values()));
    assertNotEquals(GomessageRows.checksum(42, SHAPE), GomessageRows.checksum(43, SHAPE));
  }

  @Test
  void aBatchOutsideTheShapeIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GomessageRows.batch(1, SHAPE, 4));
    assertTrue(e.getMessage().contains("batch 4") && e.getMessage().contains("4x250"), e.getMessage());
  }
}
