package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ShapeTest {

  @Test
  void parsesTheStudysShapes() {
    Shape s = Shape.parse("10x10000");
    assertEquals(10, s.batchCount());
    assertEquals(10000, s.batchSize());
    assertEquals(100_000, s.rows());
    assertEquals(30_000, s.firstRow(3));
    assertEquals("10x10000", s.toString());
    assertEquals(1_000_000, Shape.parse(" 1x1000000 ").rows());
    assertEquals(Shape.MAX_ROWS, Shape.parse("10000x10000").rows());
  }

  @ParameterizedTest
  @ValueSource(strings = {"10x", "x10", "0x5", "5x0", "-1x10", "10x-1", "axb", "10*10", "10X10", "", "1x100000001",
      "20000x10000", "99999999999x1"})
  void rejectsMalformedShapesNamingTheValueAndTheForm(String bad) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shape.parse(bad));
    assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    assertTrue(e.getMessage().contains("BATCHCOUNTxBATCHSIZE"), e.getMessage());
  }

  @Test
  void rejectsNullAndNonPositiveRecords() {
    assertThrows(IllegalArgumentException.class, () -> Shape.parse(null));
    assertThrows(IllegalArgumentException.class, () -> new Shape(0, 10));
    assertThrows(IllegalArgumentException.class, () -> new Shape(100_000, 100_000));
  }

  @Test
  void strategyAndModeParseTheirParamSpellings() {
    assertEquals(Strategy.ROW_BY_ROW, Strategy.parse("rowByRow"));
    assertEquals(Strategy.COPY, Strategy.parse("COPY"));
    assertEquals(RunMode.PAR, RunMode.parse("par"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Strategy.parse("upsert"));
    assertTrue(e.getMessage().contains("'upsert'") && e.getMessage().contains("rowByRow"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> RunMode.parse("parallel"));
  }
}
