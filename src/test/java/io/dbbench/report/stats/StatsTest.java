package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.Units;
import java.util.Random;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;

/**
 * The statistics against values computed independently: exact p-values counted by hand from
 * {@code C(n1 + n2, n1)} splits, the library's exact test against our enumeration, the two-level
 * bootstrap's variance against its closed form, the power simulation against a numerical
 * integral and Noether's formula, the trend test's exact distribution counted by hand.
 */
class StatsTest {

  @Test
  void exactTestOfSeparatedForksIsTwoOverTheNumberOfSplits() {
    // the only splits as extreme as full separation are the two extreme ones: p = 2 / C(n1+n2, n1)
    assertEquals(2.0 / 20, Stats.exactMannWhitneyP(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-12);
    assertEquals(2.0 / 70, Stats.exactMannWhitneyP(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}), 1e-12);
    assertEquals(2.0 / 252, Stats.exactMannWhitneyP(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}), 1e-12);
    assertEquals(Stats.exactMannWhitneyP(new double[] {1, 2, 3}, new double[] {4, 5, 6}),
        Stats.exactMannWhitneyP(new double[] {4, 5, 6}, new double[] {1, 2, 3}), 0, "two-sided");
  }

  @Test
  void exactTestWithTiesCountsSplitsOfMidRanks() {
    // pooled 1 2 2 3 | 2 4 5: mid-ranks 1, 3, 3, 5 | 3, 6, 7; R(a) = 12, E[R(a)] = 4 * 8 / 2 = 16.
    // Splits of 3 for b (C(7,3) = 35) with R(b) <= 8 or >= 16: {1,3,3} x3 (7), {5,6,7} (18),
    // {3,6,7} x3 (16): 7 of 35
    assertEquals(7.0 / 35, Stats.exactMannWhitneyP(new double[] {1, 2, 2, 3}, new double[] {2, 4, 5}), 1e-12);
    // pooled 1 2 2 3 | 2 4 5 6: mid-ranks 1 3 3 5 | 3 6 7 8; R(a) = 12, E = 18; sums <= 12:
    // {1,3,3,3} (10) and {1,3,3,5} x3 (12); >= 24 by symmetry the same 4: 8 of 70
    assertEquals(8.0 / 70, Stats.exactMannWhitneyP(new double[] {1, 2, 2, 3}, new double[] {2, 4, 5, 6}), 1e-12);
    assertEquals(1.0, Stats.exactMannWhitneyP(new double[] {7, 7, 7}, new double[] {7, 7, 7}), 1e-12, "all tied");
  }

  @Test
  void enumerationAgreesWithCommonsStatisticsExactTestWithoutTies() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 20; trial++) {
      double[] a = rnd.doubles(6).toArray();
      double[] b = rnd.doubles(7).map(v -> v + 0.3).toArray();
      double library = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT).test(a, b).getPValue();
      double[] pooled = new double[13];
      System.arraycopy(a, 0, pooled, 0, 6);
      System.arraycopy(b, 0, pooled, 6, 7);
      assertEquals(library, Stats.permutationRankSumP(Stats.midRanks(pooled), 6), 1e-12, "trial " + trial);
      assertEquals(library, Stats.exactMannWhitneyP(a, b), 1e-15);
    }
  }

  @Test
  void neverANormalApproximation() {
    // Commons Math's normal approximation gave 0.0495 for 3+3 separated samples; the exact test 0.10
    assertTrue(Stats.exactMannWhitneyP(new double[] {1, 2, 3}, new double[] {4, 5, 6}) > Stats.ALPHA);
    assertTrue(Double.isNaN(Stats.exactMannWhitneyP(new double[0], new double[] {1})));
    assertTrue(Double.isNaN(Stats.exactMannWhitneyP(new double[] {1, Double.NaN}, new double[] {1})));
  }

  @Test
  void forksNeededForTheTestToReachTheLevel() {
    assertEquals(1.0, Stats.minAttainableP(1, 1), 0);
    assertEquals(0.1, Stats.minAttainableP(3, 3), 1e-12);
    assertEquals(2.0 / 56, Stats.minAttainableP(3, 5), 1e-12);
    assertFalse(Stats.canReject(1, 1));
    assertFalse(Stats.canReject(3, 3));
    assertFalse(Stats.canReject(3, 4)); // 2/35 = 0.057
    assertTrue(Stats.canReject(3, 5));
    assertTrue(Stats.canReject(4, 4));
    assertEquals(4, Stats.minForksPerSide());
    assertEquals(39, Stats.forksToReject(1), "2 / (1 + n) <= 0.05 from n = 39");
    assertEquals(8, Stats.forksToReject(2), "C(10,2) = 45 >= 40, C(9,2) = 36 < 40");
  }

  @Test
  void criticalValuesOfTheExactTest() {
    // 4+4: P(U = 0) = 1/70, two-sided 0.029; P(U <= 1) = 2/70, two-sided 0.057
    assertEquals(0, Stats.criticalU(4, 4));
    // 5+5: counts of U = 0, 1, 2, 3 are 1, 1, 2, 3 of 252; two-sided P(U <= 2) = 8/252 = 0.032,
    // P(U <= 3) = 14/252 = 0.056
    assertEquals(2, Stats.criticalU(5, 5));
    assertEquals(-1, Stats.criticalU(3, 3));
  }

  @Test
  void varianceComponentsByHand() {
    // forks [1,3] and [5,7]: fork means 2 and 6, sd sqrt(8); within-fork sd sqrt((1+1+1+1)/2);
    // between = sqrt(8 - 2/2)
    Stats.Variance v = Stats.variance(new double[][] {{1, 3}, {5, 7}});
    assertEquals(2, v.forks());
    assertEquals(4.0, v.mean(), 1e-12);
    assertEquals(Math.sqrt(8), v.forkMeanSd(), 1e-12);
    assertEquals(Math.sqrt(2), v.iterationSd(), 1e-12);
    assertEquals(Math.sqrt(7), v.betweenSd(), 1e-12);
    assertEquals(Math.sqrt(8) / 4, v.relativeForkSd(), 1e-12);
    Stats.Variance one = Stats.variance(new double[][] {{9, 10, 11}});
    assertTrue(Double.isNaN(one.forkMeanSd()), "one fork: fork-to-fork variance unknown");
    assertEquals(1.0 / Math.sqrt(3) / 10, one.relativeIterationFloor(), 1e-12);
  }

  @Test
  void twoLevelBootstrapHasTheVarianceOfItsClosedForm() {
    // Resampling k forks, then m iterations within each: Var = (V_between + mean_i(s_i^2) / m) / k
    // with population variances. Forks [1,3],[5,7]: V_between = 4, s_i^2 = 1, m = 2, k = 2: 2.25
    double[][] forks = {{1, 3}, {5, 7}};
    Well19937c rng = new Well19937c(1);
    int n = 200_000;
    double sum = 0;
    double sumSq = 0;
    for (int i = 0; i < n; i++) {
      double m = Stats.resampledMean(forks, rng);
      sum += m;
      sumSq += m * m;
    }
    double mean = sum / n;
    assertEquals(4.0, mean, 0.02);
    assertEquals(2.25, sumSq / n - mean * mean, 0.03);
  }

  @Test
  void intervalNeedsTwoForksPerSideAndCollapsesOnConstantData() {
    assertArrayEquals(new double[] {50.0, 50.0},
        Stats.hierarchicalCi95(new double[][] {{2, 2}, {2, 2}}, new double[][] {{3, 3}, {3, 3}}), 1e-12);
    assertTrue(Double.isNaN(Stats.hierarchicalCi95(new double[][] {{1, 2, 3}}, new double[][] {{4, 5}, {6, 7}})[0]),
        "one fork: the fork-to-fork variation is invisible, no interval");
    double[][] a = {{100, 101}, {99, 100}, {102, 101}};
    double[][] b = {{70, 71}, {69, 70}, {72, 71}};
    double[] ci = Stats.hierarchicalCi95(a, b);
    assertArrayEquals(ci, Stats.hierarchicalCi95(a, b), 0.0, "fixed seed");
    double point = (70.5 / 100.5 - 1) * 100;
    assertTrue(ci[0] <= point && point <= ci[1], ci[0] + ".." + ci[1]);
    assertTrue(ci[0] >= (69.0 / 102 - 1) * 100 && ci[1] <= (72.0 / 99 - 1) * 100);
  }

  @Test
  void intervalOfOneRunsMean() {
    assertArrayEquals(new double[] {5, 5}, Stats.hierarchicalMeanCi95(new double[][] {{5, 5}, {5, 5}}), 1e-12);
    double[][] f = {{10, 12}, {20, 22}, {15, 15}};
    double[] ci = Stats.hierarchicalMeanCi95(f);
    // every resample's mean lies between the smallest and largest iteration; the interval covers 15.67
    assertTrue(ci[0] >= 10 && ci[1] <= 22 && ci[0] <= 94.0 / 6 && 94.0 / 6 <= ci[1], ci[0] + ".." + ci[1]);
    assertTrue(Double.isNaN(Stats.hierarchicalMeanCi95(new double[][] {{1, 2}})[0]), "one fork");
  }

  @Test
  void powerOfFourAgainstFourMatchesItsIntegral() {
    // 4+4 rejects only on full separation: power(d) = P(min B + d > max A)
    //   = integral of 4 phi(x) Phi(x)^3 (1 - Phi(x - d))^4 dx; solve power(d) = 0.8 by bisection
    NormalDistribution z = new NormalDistribution();
    double lo = 0;
    double hi = 10;
    for (int it = 0; it < 60; it++) {
      double d = (lo + hi) / 2;
      double p = 0;
      double h = 0.001;
      for (double x = -8; x < 8 + d; x += h) {
        p += 4 * z.density(x) * Math.pow(z.cumulativeProbability(x), 3)
            * Math.pow(1 - z.cumulativeProbability(x - d), 4) * h;
      }
      if (p < Stats.POWER) {
        lo = d;
      } else {
        hi = d;
      }
    }
    assertEquals(lo, Stats.mdeFactor(4, 4), 0.03 * lo, "integral gives " + lo);
  }

  @Test
  void powerOfLargeSamplesMatchesNoether() {
    // at 20+20 the exact test is close to its normal limit: the simulated factor within 5% of Noether's
    double sim = Stats.simulatedMdeFactor(20, 20);
    double noether = Stats.noetherMdeFactor(20, 20);
    assertEquals(noether, sim, 0.05 * noether);
    // Noether by hand for 40+40: P - 1/2 = (1.959964 + 0.841621) / sqrt(12 * 0.25 * 80) = 0.180842,
    // d = sqrt 2 * Phi^-1(0.680842) = sqrt 2 * 0.470053 (Python's
    // statistics.NormalDist)
    assertEquals(Math.sqrt(2) * 0.470053, Stats.noetherMdeFactor(40, 40), 1e-4);
    assertEquals(Double.POSITIVE_INFINITY, Stats.mdeFactor(3, 3), "3+3 can never detect anything");
    assertTrue(Stats.mdeFactor(5, 5) < Stats.mdeFactor(4, 4));
  }

  @Test
  void mdeAndForksNeeded() {
    // 5+5 forks with fork means sd 2 around 100 on both sides: MDE = factor(5,5) * 2 / 100
    double[][] a = {{98}, {100}, {102}, {99}, {101}};
    double[][] b = {{98}, {100}, {102}, {99}, {101}};
    Stats.Change c = Stats.change(a, b);
    double sd = Math.sqrt(2.5);
    assertEquals(Stats.mdeFactor(5, 5) * sd / 100 * 100, c.mdePct(), 1e-9);
    assertEquals(1.0, c.p(), 1e-12);
    assertFalse(c.significant());
    assertTrue(c.judgeable());
    // forks for 10% at 2% relative noise: the first n with factor(n, n) * 2 <= 10
    int n = Stats.forksNeeded(0.02, 10);
    assertTrue(Stats.mdeFactor(n, n) * 2 <= 10 && Stats.mdeFactor(n - 1, n - 1) * 2 > 10, "n = " + n);
    assertEquals(Stats.minForksPerSide(), Stats.forksNeeded(0.001, 10), "tiny noise: the test's minimum");
    assertEquals(-1, Stats.forksNeeded(Double.NaN, 10));
  }

  @Test
  void oneForkPerSideIsNotJudgeable() {
    Stats.Change c = Stats.change(new double[][] {{1, 2, 3}}, new double[][] {{40, 50, 60}});
    assertFalse(c.judgeable());
    assertFalse(c.significant());
    assertEquals("n/a: 1 fork per side (the exact test over forks needs 4+4)", c.naReason());
    assertTrue(Double.isNaN(c.ciLow()));
    assertEquals(Double.POSITIVE_INFINITY, c.mdePct());
    assertEquals("n/a: 2+3 forks (the exact test over forks needs 4+4)",
        Stats.change(new double[][] {{1}, {2}}, new double[][] {{1}, {2}, {3}}).naReason());
  }

  @Test
  void trendTestCountsOrdersOfIterations() {
    assertArrayEquals(new long[] {1, 3, 5, 6, 5, 3, 1}, Stats.mahonian(4), "inversions of 4 items");
    // one rising fork of 3: S = 3, P(|S| >= 3) = 2 of 3! orders
    Stats.Trend one = Stats.trend(new double[][] {{1, 2, 3}});
    assertEquals(3, one.s());
    assertEquals(2.0 / 6, one.p(), 1e-12);
    assertFalse(one.flagged());
    // three rising forks: only the all-rising and all-falling orders are as extreme: 2 / 6^3
    Stats.Trend three = Stats.trend(new double[][] {{1, 2, 3}, {2, 3, 4}, {1, 2, 3}});
    assertEquals(9, three.s());
    assertEquals(2.0 / 216, three.p(), 1e-12);
    assertTrue(three.flagged());
    assertEquals("rising", three.direction());
    assertEquals(100.0, three.driftPct(), 1e-9, "median of (3-1)/2, (4-2)/3, (3-1)/2");
    Stats.Trend mixed = Stats.trend(new double[][] {{3, 2, 1}, {1, 2, 3}});
    assertEquals(0, mixed.s());
    assertEquals(1.0, mixed.p(), 1e-12);
    assertEquals(1.0, Stats.trend(new double[][] {{5}}).p(), 0, "one iteration: no trend test");
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
