package io.dbbench.report.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points in a series of one finding's estimates across runs: E-Divisive means (D. S.
 * Matteson and N. A. James, "A Nonparametric Approach for Multiple Change Point Analysis of
 * Multivariate Data", JASA 109(505), 2014), the detector MongoDB's performance CI runs (D. Daly et
 * al., "Change Point Detection in Software Performance Testing", ICPE 2020; its
 * {@code signal-processing-algorithms} package is the reference {@code EDivisiveTest} matches).
 *
 * <p>For a segment {@code Z[s, e)} and a split {@code t} it takes the sample energy distance
 * between {@code X = Z[s, t)} and {@code Y = Z[t, e)} with exponent {@code alpha = 1}, in
 * Székely and Rizzo's V-statistic form (the within-sample means over all m² and n² ordered pairs,
 * as the reference implementation computes it; Matteson and James divide by m(m-1) instead),
 * <pre>  E = 2/(mn) sum|X_i - Y_j| - 1/m² sum_{i,k}|X_i - X_k| - 1/n² sum_{j,k}|Y_j - Y_k|</pre>
 * scaled to {@code Q = mn/(m+n) E} ({@link #qHat}), the reference's test statistic T; the candidate is the split with the largest
 * {@code Q} over every current segment. Its significance is a permutation test: the candidate's
 * segment shuffled {@link #permutations} times, each shuffle's largest {@code Q} against the
 * candidate's, {@code p = (1 + #{Q_perm >= Q}) / (1 + permutations)}. A candidate at
 * {@code p <= pValue} splits its segment and the search goes on over the segments; the first that
 * is not significant ends it. Deterministic for a given seed.
 *
 * @param pValue the significance level of each permutation test (e.g. 0.05)
 * @param permutations shuffles per test (e.g. 199)
 * @param minSegment the fewest points either side of a split (at least 2: a one-point segment has no
 *     within-distance)
 * @param seed the permutations' seed
 * @param alpha the distances' exponent, in (0, 2); 1 is Matteson and James's default and the reference's
 */
public record EDivisive(double pValue, int permutations, int minSegment, long seed, double alpha) {
  /**
   * The settings the history uses: p at most 0.04 (a permutation test at that level raises a false
   * alarm in at most 4% of flat series; {@code EDivisiveTest} measures it and the detection rate of
   * a step), 999 permutations (so a p near the level is resolved to about 0.006), segments of at
   * least 3 runs, exponent 1.
   */
  public static final EDivisive DEFAULT = new EDivisive(0.04, 999, 3, 20261128L, 1.0);

  /** The detector with exponent 1, the reference's. */
  public EDivisive(double pValue, int permutations, int minSegment, long seed) {
    this(pValue, permutations, minSegment, seed, 1.0);
  }

  /**
   * Validates.
   *
   * @throws IllegalArgumentException naming the value when {@code pValue} is not in (0, 1),
   *     {@code permutations < 1} or {@code minSegment < 2}
   */
  public EDivisive {
    if (!(pValue > 0 && pValue < 1)) {
      throw new IllegalArgumentException("pValue " + pValue + ": expected a level between 0 and 1");
    }
    if (permutations < 1) {
      throw new IllegalArgumentException("permutations " + permutations + ": expected 1 or more");
    }
    if (minSegment < 2) {
      throw new IllegalArgumentException("minSegment " + minSegment + ": expected 2 or more");
    }
    if (!(alpha > 0 && alpha < 2)) {
      throw new IllegalArgumentException("alpha " + alpha + ": expected an exponent between 0 and 2 (exclusive)");
    }
  }

  /**
   * One change point: the series moved between index {@code index - 1} and {@code index}.
   *
   * @param index the first point after the change
   * @param q the split's {@code Q}
   * @param p its permutation test's p-value
   */
  public record ChangePoint(int index, double q, double p) {}

  /**
   * The change points of {@code z}, in index order.
   *
   * @throws IllegalArgumentException when a value is NaN or infinite
   */
  public List<ChangePoint> changePoints(double[] z) {
    for (double v : z) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("series value " + v + ": expected finite numbers");
      }
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Integer> bounds = new ArrayList<>(List.of(0, z.length));
    List<ChangePoint> found = new ArrayList<>();
    while (true) {
      int bestSeg = -1;
      int bestT = -1;
      double bestQ = Double.NEGATIVE_INFINITY;
      for (int k = 0; k + 1 < bounds.size(); k++) {
        int s = bounds.get(k);
        int e = bounds.get(k + 1);
        double[] seg = Arrays.copyOfRange(z, s, e);
        double[] split = bestSplit(seg);
        if (split[0] > 0 && split[1] > bestQ) {
          bestQ = split[1];
          bestT = s + (int) split[0];
          bestSeg = k;
        }
      }
      if (bestSeg < 0) {
        break;
      }
      double[] seg = Arrays.copyOfRange(z, bounds.get(bestSeg), bounds.get(bestSeg + 1));
      int atLeast = 0;
      double[] shuffled = seg.clone();
      for (int i = 0; i < permutations; i++) {
        shuffle(shuffled, rnd);
        double[] split = bestSplit(shuffled);
        if (split[0] > 0 && split[1] >= bestQ) {
          atLeast++;
        }
      }
      double p = (1.0 + atLeast) / (1.0 + permutations);
      if (p > pValue) {
        break;
      }
      found.add(new ChangePoint(bestT, bestQ, p));
      bounds.add(bestSeg + 1, bestT);
    }
    found.sort((a, b) -> Integer.compare(a.index(), b.index()));
    return found;
  }

  /**
   * The split of {@code seg} with the largest {@link #qHat} and {@link #minSegment} points each
   * side, as {@code {t, Q}}; {@code {-1, -Infinity}} when the segment is too short for one.
   */
  double[] bestSplit(double[] seg) {
    double[] q = qHats(seg, alpha);
    int best = -1;
    double bestQ = Double.NEGATIVE_INFINITY;
    for (int t = minSegment; t <= seg.length - minSegment; t++) {
      if (q[t] > bestQ) {
        bestQ = q[t];
        best = t;
      }
    }
    return new double[] {best, bestQ};
  }

  /**
   * {@link #qHat} of every split of {@code seg} ({@code [t]} for the split before index t; NaN where
   * a side has fewer than 2 points), in O(n^2): moving the split one place moves one point from
   * the right side to the left, which changes each of the three sums by that point's distances.
   */
  public static double[] qHats(double[] seg) {
    return qHats(seg, 1.0);
  }

  /** {@link #qHats(double[])} with the distances raised to {@code alpha}. */
  public static double[] qHats(double[] seg, double alpha) {
    int n = seg.length;
    double[] out = new double[n + 1];
    java.util.Arrays.fill(out, Double.NaN);
    double xx = 0;
    double xy = 0;
    double yy = 0;
    for (int j = 0; j < n; j++) {
      for (int k = j + 1; k < n; k++) {
        yy += dist(seg[j], seg[k], alpha);
      }
    }
    for (int t = 1; t < n; t++) {
      // move seg[t - 1] from the right side to the left
      int p = t - 1;
      double toLeft = 0;
      double toRight = 0;
      for (int i = 0; i < p; i++) {
        toLeft += dist(seg[i], seg[p], alpha);
      }
      for (int j = p + 1; j < n; j++) {
        toRight += dist(seg[p], seg[j], alpha);
      }
      xx += toLeft;
      yy -= toRight;
      xy += toRight - toLeft;
      int m = t;
      int r = n - t;
      if (m >= 2 && r >= 2) {
        double e = 2 * xy / (m * (double) r) - 2 * xx / ((double) m * m) - 2 * yy / ((double) r * r);
        out[t] = m * (double) r / (m + r) * e;
      }
    }
    return out;
  }

  /**
   * {@code Q} of splitting {@code seg} before index {@code t}: {@code mn/(m+n)} times the sample
   * energy distance of {@code seg[0, t)} and {@code seg[t, n)} with exponent 1 (see the class
   * comment), NaN when either side has fewer than 2 points (as the reference leaves them out).
   */
  public static double qHat(double[] seg, int t) {
    int m = t;
    int n = seg.length - t;
    if (m < 2 || n < 2) {
      return Double.NaN;
    }
    double xy = 0;
    for (int i = 0; i < t; i++) {
      for (int j = t; j < seg.length; j++) {
        xy += Math.abs(seg[i] - seg[j]);
      }
    }
    double xx = 0;
    for (int i = 0; i < t; i++) {
      for (int k = i + 1; k < t; k++) {
        xx += Math.abs(seg[i] - seg[k]);
      }
    }
    double yy = 0;
    for (int j = t; j < seg.length; j++) {
      for (int k = j + 1; k < seg.length; k++) {
        yy += Math.abs(seg[j] - seg[k]);
      }
    }
    double e = 2 * xy / (m * (double) n) - 2 * xx / ((double) m * m) - 2 * yy / ((double) n * n);
    return m * (double) n / (m + n) * e;
  }

  private static double dist(double a, double b, double alpha) {
    double d = Math.abs(a - b);
    return alpha == 1.0 ? d : Math.pow(d, alpha);
  }

  private static void shuffle(double[] a, SplittableRandom rnd) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      double t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
