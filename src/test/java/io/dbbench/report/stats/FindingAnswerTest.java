package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a comparison answers from its interval alone: faster, slower, no practical difference, or cannot tell with the pairs. */
class FindingAnswerTest {
  private static Finding comparison(String unit, double lo, double hi, Finding.Conditions c, String note) {
    return new Finding(new Finding.Subject("s", "study", "comparison", "a.B.c", "time", unit, Map.of("p", "a"),
        Map.of("p", "b"), "q", "real"), new Finding.Measured((lo + hi) / 2, lo, hi, unit.equals("x") ? 1 : 0, 0.5, 6, 6,
        "ABBA"), new Finding.Publication("none", Double.NaN, Double.NaN, "src"),
        new Agreement.Verdict("no published figure", note), c);
  }

  private static Finding.Conditions pairs(int ran, int needed) {
    return new Finding.Conditions(0, 0, "stein", ran, needed, 100, "cap", "half-width <= 5 points", 12, 0.1, 0.5);
  }

  @Test
  void aChangeInTimeBelowZeroIsFasterAboveSlower() {
    assertEquals("faster", comparison("%", -54, -40, pairs(10, 10), "").answer());
    assertEquals("slower", comparison("%", 2, 9, pairs(10, 10), "").answer());
    assertEquals("no practical difference", comparison("%", -4.9, 3, pairs(10, 10), "").answer());
  }

  @Test
  void aSpeedUpAboveOneIsFaster() {
    assertEquals("faster", comparison("x", 5.2, 6.1, pairs(10, 10), "").answer());
    assertEquals("slower", comparison("x", 0.5, 0.9, pairs(10, 10), "").answer());
    assertEquals("no practical difference", comparison("x", 0.96, 1.04, pairs(10, 10), "").answer());
  }

  @Test
  void cannotTellSaysThePairsItWouldNeed() {
    assertEquals("cannot tell: needs about 48 pairs (ran 6)", comparison("%", -7, 40, pairs(6, 48), "").answer());
    assertEquals("cannot tell: needs about 30 forks per side at this run's pair spread",
        comparison("%", -7, 40, Finding.Conditions.NONE, "the interval includes no change but reaches beyond the ±5%"
            + " equivalence band; a verdict needs about 30 forks per side at this run's pair spread").answer());
    assertEquals("cannot tell", comparison("%", Double.NaN, Double.NaN, Finding.Conditions.NONE, "").answer());
    Finding absolute = new Finding(new Finding.Subject("s", "study", "absolute", "a.B.c", "rate", "MB/s", Map.of(),
        Map.of(), "q", "real"), new Finding.Measured(1, 0.9, 1.1, Double.NaN, Double.NaN, 2, 0, ""),
        new Finding.Publication("none", Double.NaN, Double.NaN, "src"), new Agreement.Verdict("no published figure", ""),
        Finding.Conditions.NONE);
    assertEquals("", absolute.answer(), "an absolute figure answers no comparison");
  }
}
