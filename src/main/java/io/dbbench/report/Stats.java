package io.dbbench.report;

import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

/**
 * The statistics behind {@code compare}, {@code gate} and the variant tables, all from Apache
 * Commons Math 3.
 *
 * <ul>
 *   <li>Significance: the two-sided Mann-Whitney U test ({@link MannWhitneyUTest}, ties given
 *       their average rank) over the per-iteration raw data of all forks. Commons Math computes
 *       the p-value from the normal approximation {@code z = (Umin - n1 n2 / 2) /
 *       sqrt(n1 n2 (n1 + n2 + 1) / 12)}, {@code p = 2 Phi(z)}, without tie or continuity
 *       correction. benchstat uses the same test and the same 0.05 level.</li>
 *   <li>Confidence interval of a change: a percentile bootstrap of the ratio of means
 *       ({@value #BOOTSTRAP_RESAMPLES} resamples, each sample resampled with replacement on its
 *       own, generator {@link Well19937c} seeded with {@value #BOOTSTRAP_SEED} so a report is
 *       reproducible), expressed in percent; the bounds are the 2.5th and 97.5th percentiles.</li>
 * </ul>
 */
public final class Stats {
  /** Significance level: a change with {@code p > ALPHA} is reported as {@code ~}. */
  public static final double ALPHA = 0.05;
  /** Bootstrap resamples for confidence intervals. */
  public static final int BOOTSTRAP_RESAMPLES = 2000;
  /** Fixed seed of the bootstrap generator. */
  public static final long BOOTSTRAP_SEED = 20_240_601L;

  private Stats() {}

  /**
   * Two-sided p-value of the Mann-Whitney U test of {@code a} against {@code b}.
   *
   * @return the p-value in [0, 1], or NaN when either sample is empty or holds a NaN
   */
  public static double mannWhitneyP(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0 || hasNaN(a) || hasNaN(b)) {
      return Double.NaN;
    }
    return Math.min(1.0, new MannWhitneyUTest().mannWhitneyUTest(a, b));
  }

  /** The larger of the two U statistics, {@code max(U1, U2)}, as Commons Math reports it. */
  public static double mannWhitneyU(double[] a, double[] b) {
    return new MannWhitneyUTest().mannWhitneyU(a, b);
  }

  /** The arithmetic mean, or NaN for an empty sample. */
  public static double mean(double[] a) {
    return a.length == 0 ? Double.NaN : StatUtils.mean(a);
  }

  /** The median (Commons Math's default percentile estimate), or NaN for an empty sample. */
  public static double median(double[] a) {
    return a.length == 0 ? Double.NaN : new Percentile().evaluate(a, 50);
  }

  /**
   * A 95% percentile-bootstrap interval of the change {@code mean(b) / mean(a) - 1}, in percent.
   *
   * @return {@code {low, high}}, or {@code {NaN, NaN}} when a sample has fewer than 2 values
   */
  public static double[] changeCi95(double[] a, double[] b) {
    if (a.length < 2 || b.length < 2 || hasNaN(a) || hasNaN(b)) {
      return new double[] {Double.NaN, Double.NaN};
    }
    RandomGenerator rng = new Well19937c(BOOTSTRAP_SEED);
    double[] changes = new double[BOOTSTRAP_RESAMPLES];
    for (int i = 0; i < changes.length; i++) {
      changes[i] = (resampledMean(b, rng) / resampledMean(a, rng) - 1) * 100;
    }
    Percentile p = new Percentile();
    p.setData(changes);
    return new double[] {p.evaluate(2.5), p.evaluate(97.5)};
  }

  private static double resampledMean(double[] x, RandomGenerator rng) {
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += x[rng.nextInt(x.length)];
    }
    return sum / x.length;
  }

  /**
   * The geometric mean of positive values (non-positive and NaN values are left out).
   *
   * @return NaN when no value is positive
   */
  public static double geomean(double[] values) {
    double[] pos = Arrays.stream(values).filter(v -> v > 0 && Double.isFinite(v)).toArray();
    return pos.length == 0 ? Double.NaN : StatUtils.geometricMean(pos);
  }

  private static boolean hasNaN(double[] a) {
    for (double v : a) {
      if (Double.isNaN(v)) {
        return true;
      }
    }
    return false;
  }
}
