package io.dbbench.report.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How one finding's runs scatter against their own intervals, over a stretch of runs in which
 * nothing is known to have moved it (a segment of its history between change points and settings
 * changes; runs under load left out). All on the effect's log scale ({@code ln} of a ratio, {@code
 * ln(1 + p/100)} of a change in time), where a 95% interval is taken as {@code estimate +- 1.96 se}.
 *
 * <ul>
 *   <li><b>Calibration</b>: of the consecutive pairs of runs, how often the later estimate lies
 *       inside the earlier run's 95% interval. When both intervals are right and nothing moved, the
 *       difference of two estimates of equal standard error {@code se} is normal with standard
 *       deviation {@code se * sqrt 2}, so the later lies inside the earlier's {@code +- 1.96 se} with
 *       probability {@code 2 Phi(1.96 / sqrt 2) - 1} = {@value #EXPECTED_INSIDE}.</li>
 *   <li><b>Between-run spread</b>: Cochran's {@code Q = sum w_i (x_i - xbar_w)^2} with {@code w_i =
 *       1 / se_i^2} is chi-squared with {@code n - 1} degrees of freedom when the runs differ only by
 *       their within-run noise; its p-value below {@value #OVERDISPERSED_P} marks a segment whose runs
 *       scatter more than their intervals allow. The host-level component is DerSimonian and Laird's
 *       method-of-moments {@code tau^2 = max(0, (Q - (n - 1)) / (sum w - sum w^2 / sum w))}
 *       (DerSimonian and Laird, "Meta-analysis in clinical trials", Controlled Clinical Trials 7, 1986):
 *       the variance between runs beyond what each run's interval holds. An interval widened to
 *       {@code +- 1.96 sqrt(se^2 + tau^2)} is what a run's estimate is good for on another day of
 *       the same host; {@code RunSpreadTest} shows by simulation that it brings the calibration back to
 *       about {@value #EXPECTED_INSIDE} where the raw intervals fall short. The finding's own interval
 *       is never widened: what "replicates" means does not loosen; the spread is shown beside it.</li>
 * </ul>
 *
 * @param from the segment's first run
 * @param to its last run
 * @param runs runs in it with an interval
 * @param pairs consecutive pairs of those runs
 * @param inside pairs whose later estimate lies inside the earlier's interval
 * @param betweenSdLog the sample standard deviation of the runs' log estimates (NaN below 2 runs)
 * @param withinSeLog the root mean square of the runs' standard errors from their intervals, log scale
 * @param q Cochran's Q (NaN below 2 runs)
 * @param p its chi-squared p-value with {@code runs - 1} degrees of freedom (NaN below 2 runs)
 * @param hostSdLog {@code tau}, the between-run standard deviation beyond the within-run noise, log scale
 *     (0 when none; NaN below 2 runs)
 */
public record RunSpread(String from, String to, int runs, int pairs, int inside, double betweenSdLog,
    double withinSeLog, double q, double p, double hostSdLog) {
  /** {@code 2 Phi(1.96 / sqrt 2) - 1}: a later estimate inside an earlier 95% interval when both are right. */
  public static final double EXPECTED_INSIDE = 0.8342;
  /** Below this p-value of Cochran's Q, a segment's runs scatter more than their intervals allow. */
  public static final double OVERDISPERSED_P = 0.01;
  /** Runs a segment needs before its spread is judged. */
  public static final int MIN_RUNS = 3;
  private static final double Z = 1.959963984540054;

  /** The share of pairs whose later estimate lies inside the earlier interval; NaN without pairs. */
  public double insideShare() {
    return pairs == 0 ? Double.NaN : (double) inside / pairs;
  }

  /** Whether the runs scatter more than their intervals allow (at least {@value #MIN_RUNS} runs, Q's p below the limit). */
  public boolean overdispersed() {
    return runs >= MIN_RUNS && p < OVERDISPERSED_P;
  }

  /**
   * The spread of one segment's runs.
   *
   * @param from the first run's name
   * @param to the last run's name
   * @param est the runs' estimates on the log scale, in run order
   * @param lo their 95% intervals' low bounds, log scale
   * @param hi their high bounds, log scale
   * @return the spread (with NaN figures below 2 runs)
   * @throws IllegalArgumentException when the arrays differ in length or an interval is not finite
   *     with {@code lo <= est <= hi}
   */
  public static RunSpread of(String from, String to, double[] est, double[] lo, double[] hi) {
    int n = est.length;
    if (lo.length != n || hi.length != n) {
      throw new IllegalArgumentException(n + " estimates, " + lo.length + " low and " + hi.length
          + " high bounds: expected one interval per estimate");
    }
    double[] se = new double[n];
    for (int i = 0; i < n; i++) {
      if (!Double.isFinite(est[i]) || !Double.isFinite(lo[i]) || !Double.isFinite(hi[i]) || lo[i] > hi[i]) {
        throw new IllegalArgumentException("run " + (i + 1) + ": estimate " + est[i] + " in [" + lo[i] + ", " + hi[i]
            + "]: expected finite bounds, low <= high");
      }
      se[i] = Math.max((hi[i] - lo[i]) / (2 * Z), 1e-12);
    }
    int inside = 0;
    for (int i = 1; i < n; i++) {
      if (est[i] >= lo[i - 1] && est[i] <= hi[i - 1]) {
        inside++;
      }
    }
    double within = 0;
    for (double s : se) {
      within += s * s;
    }
    within = n == 0 ? Double.NaN : Math.sqrt(within / n);
    if (n < 2) {
      return new RunSpread(from, to, n, 0, 0, Double.NaN, within, Double.NaN, Double.NaN, Double.NaN);
    }
    double sw = 0;
    double sw2 = 0;
    double swx = 0;
    for (int i = 0; i < n; i++) {
      double w = 1 / (se[i] * se[i]);
      sw += w;
      sw2 += w * w;
      swx += w * est[i];
    }
    double mean = swx / sw;
    double q = 0;
    for (int i = 0; i < n; i++) {
      q += (est[i] - mean) * (est[i] - mean) / (se[i] * se[i]);
    }
    double p = 1 - new ChiSquaredDistribution(n - 1).cumulativeProbability(q);
    double tau2 = Math.max(0, (q - (n - 1)) / (sw - sw2 / sw));
    return new RunSpread(from, to, n, n - 1, inside, Math.sqrt(StatUtils.variance(est)), within, q, p, Math.sqrt(tau2));
  }

  /**
   * Each run's interval widened by the host-level component: {@code est +- 1.96 sqrt(se^2 + tau^2)},
   * log scale, {@code [run][low, high]}.
   */
  public static double[][] widened(double[] est, double[] lo, double[] hi, double hostSdLog) {
    double[][] out = new double[est.length][];
    for (int i = 0; i < est.length; i++) {
      double se = (hi[i] - lo[i]) / (2 * Z);
      double h = Z * Math.sqrt(se * se + hostSdLog * hostSdLog);
      out[i] = new double[] {est[i] - h, est[i] + h};
    }
    return out;
  }

  /** {@link #EXPECTED_INSIDE} computed: {@code 2 Phi(1.96 / sqrt 2) - 1}. */
  static double expectedInside() {
    return 2 * new NormalDistribution().cumulativeProbability(Z / Math.sqrt(2)) - 1;
  }

  /** The segments' figures in words, e.g. {@code 5 of 7 later runs inside the earlier interval (83% expected)}. */
  public String insideText() {
    return inside + " of " + pairs + " later runs inside the earlier run's interval ("
        + Math.round(EXPECTED_INSIDE * 100) + "% expected)";
  }

  /** Splits runs into stretches: the names of the runs that start a new segment, applied in order. */
  public static List<int[]> segments(int n, List<Integer> starts) {
    List<int[]> out = new ArrayList<>();
    int from = 0;
    for (int s : starts.stream().filter(i -> i > 0 && i < n).distinct().sorted().toList()) {
      out.add(new int[] {from, s});
      from = s;
    }
    out.add(new int[] {from, n});
    return out;
  }
}
