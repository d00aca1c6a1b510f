package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The statistics against values computed independently for small samples. The p-values were
 * computed by hand from the normal approximation Commons Math documents (ranks with ties
 * averaged, no continuity or tie correction): {@code z = (Umin - n1 n2 / 2) / sqrt(n1 n2 (n1 + n2
 * + 1) / 12)}, {@code p = 2 Phi(z)}, with Phi evaluated independently (Python's
 * {@code 0.5 * erfc(-z / sqrt 2)}).
 */
class StatsTest {

  @Test
  void mannWhitneyFullySeparatedThreeAgainstThree() {
    // U1 = 0 (every a below every b), E[U] = 4.5, Var[U] = 9 * 7 / 12 = 5.25, z = -1.963961
    double[] a = {1, 2, 3};
    double[] b = {4, 5, 6};
    assertEquals(9.0, Stats.mannWhitneyU(a, b), 1e-12, "max(U1, U2) = n1 n2 - 0");
    assertEquals(0.0495346134, Stats.mannWhitneyP(a, b), 1e-9);
    assertEquals(Stats.mannWhitneyP(a, b), Stats.mannWhitneyP(b, a), 1e-15, "two-sided");
  }

  @Test
  void mannWhitneyFullySeparatedFiveAgainstFive() {
    // U = 0, E[U] = 12.5, Var[U] = 25 * 11 / 12 = 22.9167, z = -2.611165
    assertEquals(0.0090234388, Stats.mannWhitneyP(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}), 1e-9);
  }

  @Test
  void mannWhitneyWithTies() {
    // pooled 1 2 2 2 3 4 5: ranks 1, 3, 3, 3, 5, 6, 7; R(a) = 1 + 3 + 3 + 5 = 12, U(a) = 12 - 10 = 2,
    // U(b) = 12 - 2 = 10; E[U] = 6, Var[U] = 12 * 8 / 12 = 8, z = -4 / sqrt 8 = -1.414214
    double[] a = {1, 2, 2, 3};
    double[] b = {2, 4, 5};
    assertEquals(10.0, Stats.mannWhitneyU(a, b), 1e-12);
    assertEquals(0.1572992071, Stats.mannWhitneyP(a, b), 1e-9);
  }

  @Test
  void identicalSamplesGivePOne() {
    // all ranks tie: U1 = U2 = 4.5 = E[U], z = 0, p = 1
    assertEquals(1.0, Stats.mannWhitneyP(new double[] {7, 7, 7}, new double[] {7, 7, 7}), 1e-12);
  }

  @Test
  void emptyOrNaNSamplesHaveNoPValue() {
    assertTrue(Double.isNaN(Stats.mannWhitneyP(new double[0], new double[] {1})));
    assertTrue(Double.isNaN(Stats.mannWhitneyP(new double[] {1, Double.NaN}, new double[] {1})));
  }

  @Test
  void bootstrapIntervalOfConstantSamplesIsThePointChange() {
    // every resample of {2,2,2} has mean 2 and of {3,3,3} mean 3: change exactly +50%
    assertArrayEquals(new double[] {50.0, 50.0}, Stats.changeCi95(new double[] {2, 2, 2}, new double[] {3, 3, 3}), 1e-12);
  }

  @Test
  void bootstrapIntervalIsReproducibleAndCoversThePointEstimate() {
    double[] a = {100, 101, 99, 100, 102};
    double[] b = {70, 71, 69, 70, 72};
    double[] ci = Stats.changeCi95(a, b);
    assertArrayEquals(ci, Stats.changeCi95(a, b), 0.0, "fixed seed: same interval every time");
    double point = (70.4 / 100.4 - 1) * 100; // -29.88%
    assertTrue(ci[0] <= point && point <= ci[1], "interval " + ci[0] + ".." + ci[1] + " covers " + point);
    // resampled means stay within [min, max] of each sample: (69/102 - 1, 72/99 - 1)
    assertTrue(ci[0] >= (69.0 / 102 - 1) * 100 && ci[1] <= (72.0 / 99 - 1) * 100);
    assertTrue(Double.isNaN(Stats.changeCi95(new double[] {1}, b)[0]), "one value: no interval");
  }

  @Test
  void geometricMeanAndMedian() {
    assertEquals(2.0, Stats.geomean(new double[] {1, 4}), 1e-12);
    assertEquals(4.0, Stats.geomean(new double[] {2, 8, 0, Double.NaN}), 1e-12, "non-positive values left out");
    assertTrue(Double.isNaN(Stats.geomean(new double[] {0})));
    assertEquals(0.105, Stats.median(new double[] {0.10, 0.12, 0.11, 0.09}), 1e-12);
  }

  @Test
  void unitConversions() {
    assertEquals(5e-6, Units.toSecondsPerOp(5, "us/op"), 1e-18);
    assertEquals(5e-4, Units.toSecondsPerOp(2000, "ops/s"), 1e-15);
    assertEquals(1e-6, Units.toSecondsPerOp(1, "ops/us"), 1e-18);
    assertEquals(2.5, Units.toSecondsPerOp(2.5, "s/op"), 0);
    assertTrue(Double.isNaN(Units.toSecondsPerOp(1, "B/op")));
    assertEquals("12.345 µs", Units.time(12.345e-6));
    assertEquals("1.234 GB/s", Units.byteRate(1.234e9));
    assertEquals("+12.30%", Units.pct(12.3));
  }
}
