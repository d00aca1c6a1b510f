package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * E-Divisive means on series like the committed findings' (20-40 runs): the detection rate of a
 * step and the false-alarm rate of a flat series, by simulation. The method is scale-free (the
 * energy distance and its permutation test scale with the data), so Gaussian noise of standard
 * deviation 1 stands for any committed spread; a step of 2 is two standard deviations.
 */
class EDivisiveTest {
  private static final int TRIALS = 400;
  /** Flat series: at the level's 4% the estimate's Monte Carlo error is 0.6 points at 1,000. */
  private static final int FLAT_TRIALS = 1000;

  /** The history's detector with its own seed. */
  private static EDivisive seeded(long seed) {
    EDivisive d = EDivisive.DEFAULT;
    return new EDivisive(d.pValue(), d.permutations(), d.minSegment(), seed);
  }

  @Test
  void qHatIsTheScaledEnergyDistanceOfTheTwoSides() {
    // X = {0, 1}, Y = {3, 5}: between 2/(2*2)*(3+5+2+4) = 7, within X 1/2²*(1+1) = 0.5, within Y 1/2²*(2+2) = 1
    assertEquals(2 * 2 / 4.0 * (7 - 0.5 - 1), EDivisive.qHat(new double[] {0, 1, 3, 5}, 2), 1e-12);
    assertTrue(Double.isNaN(EDivisive.qHat(new double[] {0, 1, 3}, 1)), "a one-point side has no within-distance");
    // the O(n^2) sweep of every split agrees with the direct sums
    double[] z = new SplittableRandom(3).doubles(17).toArray();
    double[] all = EDivisive.qHats(z);
    for (int t = 2; t <= 15; t++) {
      assertEquals(EDivisive.qHat(z, t), all[t], 1e-9, "split " + t);
    }
    assertTrue(Double.isNaN(all[1]) && Double.isNaN(all[16]));
  }

  @Test
  void aStepOfTwoStandardDeviationsIsFoundAtLeast80PercentOfTheTimeAtTwentyAndFortyRuns() {
    for (int n : new int[] {20, 40}) {
      // a step in the series' middle must be found (within 2 runs of it) in 80% of series; one
      // anywhere in the middle third is reported beside it, not held to the bar
      double middle = detection(n, at -> n / 2, 20261128L + n);
      double third = detection(n, at -> n / 3 + at.nextInt(n / 3 + 1), 20261129L + n);
      System.out.printf("E-Divisive, %d runs, a step of 2 sd found within 2 runs of it: in %.3f of %d series with"
          + " the step in the middle, %.3f with it anywhere in the middle third%n", n, middle, TRIALS, third);
      assertTrue(middle >= 0.80, n + " runs: detection rate " + middle);
    }
  }

  /** The share of series of {@code n} runs with a step of 2 at {@code where} whose change points include it (within 2). */
  private static double detection(int n, java.util.function.ToIntFunction<SplittableRandom> where, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int found = 0;
    for (int t = 0; t < TRIALS; t++) {
      int at = where.applyAsInt(rnd);
      double[] z = new double[n];
      for (int i = 0; i < n; i++) {
        z[i] = rnd.nextGaussian() + (i >= at ? 2 : 0);
      }
      List<EDivisive.ChangePoint> cps = seeded(rnd.nextLong()).changePoints(z);
      if (cps.stream().anyMatch(c -> Math.abs(c.index() - at) <= 2)) {
        found++;
      }
    }
    return found / (double) TRIALS;
  }

  @Test
  void aFlatSeriesRaisesAFalseAlarmInAtMostFivePercentOfSeries() {
    for (int n : new int[] {20, 40}) {
      SplittableRandom rnd = new SplittableRandom(7L + n);
      int alarms = 0;
      for (int t = 0; t < FLAT_TRIALS; t++) {
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
          z[i] = rnd.nextGaussian();
        }
        if (!seeded(rnd.nextLong()).changePoints(z).isEmpty()) {
          alarms++;
        }
      }
      double rate = alarms / (double) FLAT_TRIALS;
      System.out.printf("E-Divisive, %d runs, no step: a false alarm in %.3f of %d series%n", n, rate, FLAT_TRIALS);
      assertTrue(rate <= 0.05, n + " runs: false-alarm rate " + rate);
    }
  }

  @Test
  void badSettingsAndValuesAreNamed() {
    assertEquals("pValue 1.5: expected a level between 0 and 1",
        assertThrows(IllegalArgumentException.class, () -> new EDivisive(1.5, 9, 3, 1)).getMessage());
    assertEquals("minSegment 1: expected 2 or more",
        assertThrows(IllegalArgumentException.class, () -> new EDivisive(0.05, 9, 1, 1)).getMessage());
    assertEquals("series value NaN: expected finite numbers", assertThrows(IllegalArgumentException.class,
        () -> EDivisive.DEFAULT.changePoints(new double[] {1, Double.NaN})).getMessage());
  }
}
