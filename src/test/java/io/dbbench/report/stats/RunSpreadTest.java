package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The spread of a finding's runs against their intervals: the calibration's expectation, Cochran's
 * Q on hand-made runs, and by simulation the false alarms without a host component and the coverage
 * of intervals widened by the estimated one.
 */
class RunSpreadTest {
  private static final double Z = 1.959963984540054;

  @Test
  void theExpectedShareIsTwoPhiOfZOverRootTwoMinusOne() {
    assertEquals(RunSpread.EXPECTED_INSIDE, RunSpread.expectedInside(), 1e-4);
  }

  /**
   * Three runs at ln ratios 0, 0.1, 0.2 with se 0.01 each: weighted mean 0.1, Q = (0.01 + 0 + 0.01) /
   * 0.0001 = 200, far beyond chi-squared with 2 degrees of freedom; tau^2 = (200 - 2) / (30000 -
   * 300000000 / 30000) = 198 / 20000, tau = 0.0995. No later run lies inside the earlier's interval.
   */
  @Test
  void runsFarApartAgainstTheirIntervalsAreOverdispersedWithTheirHostComponent() {
    double se = 0.01;
    double[] est = {0, 0.1, 0.2};
    RunSpread s = RunSpread.of("a", "c", est, new double[] {-Z * se, 0.1 - Z * se, 0.2 - Z * se},
        new double[] {Z * se, 0.1 + Z * se, 0.2 + Z * se});
    assertEquals(3, s.runs());
    assertEquals(2, s.pairs());
    assertEquals(0, s.inside());
    assertEquals(200, s.q(), 1e-6);
    assertTrue(s.p() < 1e-40, "p=" + s.p());
    assertTrue(s.overdispersed());
    assertEquals(Math.sqrt(198.0 / 20000), s.hostSdLog(), 1e-9);
    assertEquals(0.1, s.betweenSdLog(), 1e-12);
    assertEquals(se, s.withinSeLog(), 1e-12);
    assertEquals("0 of 2 later runs inside the earlier run's interval (83% expected)", s.insideText());
    // the same runs with intervals wide enough for their spread: no host component
    RunSpread calm = RunSpread.of("a", "c", est, new double[] {-0.5, -0.4, -0.3}, new double[] {0.5, 0.6, 0.7});
    assertFalse(calm.overdispersed());
    assertEquals(0, calm.hostSdLog());
    assertEquals(2, calm.inside());
    assertThrows(IllegalArgumentException.class, () -> RunSpread.of("a", "b", new double[] {0}, new double[] {1},
        new double[] {-1}));
    assertEquals(List.of(0, 3, 3, 5, 5, 7), RunSpread.segments(7, List.of(5, 3, 0, 9)).stream()
        .flatMap(a -> java.util.stream.IntStream.of(a).boxed()).toList());
  }

  /**
   * Without a host component (runs differ only by their own noise, se from 0.02 to 0.04 on the log
   * scale), over 4,000 simulated histories of 8 runs: the later run lies inside the earlier's interval
   * in about 83% of pairs, and Cochran's Q flags about 1% of histories (its level).
   */
  @Test
  void withoutAHostComponentTheCalibrationIsAsExpectedAndFalseAlarmsStayAtTheLevel() {
    Random rnd = new Random(20261129);
    int histories = 4000;
    int inside = 0;
    int pairs = 0;
    int flagged = 0;
    for (int h = 0; h < histories; h++) {
      double[][] runs = simulate(rnd, 8, 0.0);
      RunSpread s = RunSpread.of("a", "b", runs[0], runs[1], runs[2]);
      inside += s.inside();
      pairs += s.pairs();
      flagged += s.overdispersed() ? 1 : 0;
    }
    double share = (double) inside / pairs;
    assertEquals(RunSpread.EXPECTED_INSIDE, share, 0.02, "inside share " + share);
    double alarms = (double) flagged / histories;
    assertTrue(alarms < 0.02, "false alarms " + alarms + " at a level of 1%");
  }

  /**
   * With a host component twice the runs' standard error (tau = 0.06 against se 0.02-0.04), the raw
   * intervals hold the next run about half as often as they should, Q flags most histories, and the
   * interval widened by tau estimated from 8 runs holds the 9th run's estimate in about 80% of
   * histories (83% with tau known; the estimate from 8 runs is noisy and biased low).
   */
  @Test
  void aHostComponentIsFlaggedAndTheWidenedIntervalRestoresTheCoverage() {
    Random rnd = new Random(7);
    int histories = 4000;
    int rawHeld = 0;
    int widenedHeld = 0;
    int flagged = 0;
    for (int h = 0; h < histories; h++) {
      double[][] runs = simulate(rnd, 9, 0.06);
      double[] est = java.util.Arrays.copyOf(runs[0], 8);
      double[] lo = java.util.Arrays.copyOf(runs[1], 8);
      double[] hi = java.util.Arrays.copyOf(runs[2], 8);
      RunSpread s = RunSpread.of("a", "b", est, lo, hi);
      flagged += s.overdispersed() ? 1 : 0;
      double next = runs[0][8];
      rawHeld += next >= lo[7] && next <= hi[7] ? 1 : 0;
      double[] w = RunSpread.widened(est, lo, hi, s.hostSdLog())[7];
      widenedHeld += next >= w[0] && next <= w[1] ? 1 : 0;
    }
    double raw = (double) rawHeld / histories;
    double widened = (double) widenedHeld / histories;
    assertTrue(raw < 0.55, "raw intervals held the next run " + raw);
    assertTrue((double) flagged / histories > 0.8, "flagged " + flagged + " of " + histories);
    assertTrue(widened > 0.75 && widened < 0.88, "widened intervals held the next run " + widened);
  }

  /** {@code n} runs around 0.3 with host noise {@code tau}: {@code [est, lo, hi][run]}, log scale. */
  private static double[][] simulate(Random rnd, int n, double tau) {
    double[][] out = new double[3][n];
    for (int i = 0; i < n; i++) {
      double se = 0.02 + 0.02 * rnd.nextDouble();
      double x = 0.3 + tau * rnd.nextGaussian() + se * rnd.nextGaussian();
      out[0][i] = x;
      out[1][i] = x - Z * se;
      out[2][i] = x + Z * se;
    }
    return out;
  }
}
