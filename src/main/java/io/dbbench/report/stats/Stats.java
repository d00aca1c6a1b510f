package io.dbbench.report.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;

/**
 * The statistics behind {@code compare}, {@code gate}, the variant tables and the study forms.
 * <b>Forks are the unit of evidence</b>: a JMH fork is one JVM run, and on a shared machine most
 * of the variation lies between JVM runs (JIT decisions, code layout, heap placement, neighbours),
 * while the iterations inside one fork are neither independent of each other nor of their fork.
 * Every sample here is therefore {@code double[fork][iteration]} in the metric's unit.
 *
 * <ul>
 *   <li><b>Test</b>: the two-sided Mann-Whitney U test over the <em>per-fork means</em>, with its
 *       exact null distribution: Apache Commons Statistics {@link MannWhitneyUTest} with
 *       {@link PValueMethod#EXACT} when the fork means hold no tie, and otherwise a full
 *       enumeration of all {@code C(n1 + n2, n1)} splits of the mid-ranks (a permutation test of
 *       the rank sum; above {@value #MAX_ENUMERATION} splits, {@value #MONTE_CARLO_PERMUTATIONS}
 *       seeded random permutations). No normal approximation is used at any sample size. Its
 *       smallest attainable p-value is {@code 2 / C(n1 + n2, n1)}: with 1 fork per side it is
 *       1, with 3+3 it is 0.10, and the test can reach {@link #ALPHA} = 0.05 only from 4+4
 *       forks (or e.g. 3+5, 2+8). Below that a row gets no verdict ({@link #canReject}).</li>
 *   <li><b>Confidence interval</b> of the change {@code mean(b) / mean(a) - 1}: the two-level
 *       (hierarchical) percentile bootstrap of Kalibera and Jones, "Rigorous benchmarking in
 *       reasonable time", ISMM 2013: each resample draws the forks with replacement,
 *       then the iterations within each drawn fork with replacement; a side's value is the mean
 *       of its resampled fork means. {@value #BOOTSTRAP_RESAMPLES} resamples, generator
 *       {@link Well19937c} seeded with {@value #BOOTSTRAP_SEED} (reproducible reports); bounds
 *       are the 2.5th and 97.5th percentiles, in percent. Shown only where the test can
 *       decide (4+4 forks and up): with one fork the fork-to-fork variation, the largest one,
 *       is invisible, and with 2 or 3 the percentile bootstrap is far narrower than 95%.</li>
 *   <li><b>Minimum detectable effect</b> (MDE): the smallest shift of the mean, in percent, that
 *       the exact test above detects with probability {@link #POWER} at level {@link #ALPHA},
 *       given the fork counts and the pooled standard deviation of the per-fork means (which
 *       holds both the fork-to-fork variance and the iteration variance divided by the
 *       iterations per fork). The power is that of the exact test under a normal model of fork
 *       means, found by simulation with common random numbers ({@value #POWER_SIMULATIONS}
 *       draws, seeded) up to {@value #MAX_SIMULATED_FORKS} forks per side, and above it by
 *       Noether's formula (G. E. Noether, "Sample size determination for some common
 *       nonparametric tests", JASA 82, 1987).</li>
 *   <li><b>Paired comparison</b> of two variants whose forks ran interleaved in one run (the main
 *       job's headline comparisons, ABBA order): {@link #pairedChange}, the Student-t interval and
 *       t-test of the fork-by-fork log ratios; the pairing removes what two neighbouring forks
 *       shared (the machine's state at that moment) from the comparison.</li>
 *   <li><b>Trend</b>: a row has not reached steady state when its iterations fall or rise
 *       monotonically beyond the noise. Tested by the Mann-Kendall statistic {@code S} (number
 *       of rising minus falling iteration pairs) summed over forks, with its exact null
 *       distribution (every order of the iterations within each fork equally likely: the
 *       convolution of the per-fork Mahonian distributions); flagged at {@link #TREND_ALPHA}.</li>
 * </ul>
 *
 * <p>The A/A and A/B calibration that shows these choices hold on this kind of machine is
 * {@code scripts/calibrate.sh}; its figures are in the README.
 */
public final class Stats {
  /** Significance level: a change with {@code p > ALPHA} is reported as {@code ~}. */
  public static final double ALPHA = 0.05;
  /** Power at which the minimum detectable effect is stated. */
  public static final double POWER = 0.8;
  /** Level at which a row's iterations are flagged as trending (not at steady state). */
  public static final double TREND_ALPHA = 0.01;
  /** Bootstrap resamples for confidence intervals. */
  public static final int BOOTSTRAP_RESAMPLES = 2000;
  /** Fixed seed of the bootstrap, permutation and power-simulation generators. */
  public static final long BOOTSTRAP_SEED = 20_240_601L;
  /** Largest number of splits the tied exact test enumerates. */
  public static final long MAX_ENUMERATION = 1_000_000L;
  /** Random permutations of the tied test above {@link #MAX_ENUMERATION} splits. */
  public static final int MONTE_CARLO_PERMUTATIONS = 100_000;
  /** Simulated draws behind each minimum-detectable-effect factor. */
  public static final int POWER_SIMULATIONS = 4000;
  /** Largest forks per side whose power is simulated; above it Noether's formula is used. */
  public static final int MAX_SIMULATED_FORKS = 20;
  /** The largest fork count {@link #forksNeeded} searches. */
  public static final int MAX_FORKS_NEEDED = 200;

  private static final Map<Long, Double> MDE_FACTORS = new ConcurrentHashMap<>();

  private Stats() {}

  // ---------------------------------------------------------------- descriptive

  /** The arithmetic mean, or NaN for an empty sample. */
  public static double mean(double[] a) {
    return a.length == 0 ? Double.NaN : StatUtils.mean(a);
  }

  /** The median (Commons Math's default percentile estimate), or NaN for an empty sample. */
  public static double median(double[] a) {
    return a.length == 0 ? Double.NaN : new Percentile().evaluate(a, 50);
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

  /** The mean of each fork, in the metric's unit. */
  public static double[] forkMeans(double[][] forks) {
    double[] m = new double[forks.length];
    for (int i = 0; i < forks.length; i++) {
      m[i] = mean(forks[i]);
    }
    return m;
  }

  /**
   * The variance components of one side, as in Kalibera and Jones's two-level model.
   *
   * @param forks forks with at least one iteration
   * @param mean mean of the fork means, in the metric's unit
   * @param forkMeanSd sample standard deviation of the fork means (n - 1 divisor); NaN with one
   *     fork. This is the noise the test over forks sees.
   * @param iterationSd pooled within-fork standard deviation of iterations; NaN when no fork
   *     has 2 iterations
   * @param betweenSd fork-to-fork standard deviation net of iteration noise,
   *     {@code sqrt(max(0, forkMeanSd^2 - iterationSd^2 / iterations))}; NaN with one fork
   * @param iterations mean iterations per fork
   */
  public record Variance(int forks, double mean, double forkMeanSd, double iterationSd,
      double betweenSd, double iterations) {

    /** {@code forkMeanSd / mean}, the relative noise of one fork mean; NaN with one fork. */
    public double relativeForkSd() {
      return forkMeanSd / Math.abs(mean);
    }

    /**
     * A lower bound of {@link #relativeForkSd()} from the iterations alone ({@code iterationSd
     * / sqrt(iterations) / mean}), usable when only one fork was run.
     */
    public double relativeIterationFloor() {
      return iterationSd / Math.sqrt(iterations) / Math.abs(mean);
    }
  }

  /** The variance components of {@code forks} ({@link Variance}). */
  public static Variance variance(double[][] forks) {
    double[] means = forkMeans(forks);
    double grand = mean(means);
    double sd = means.length < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(means));
    double ss = 0;
    int df = 0;
    int iters = 0;
    for (int i = 0; i < forks.length; i++) {
      iters += forks[i].length;
      for (double v : forks[i]) {
        ss += (v - means[i]) * (v - means[i]);
      }
      df += forks[i].length - 1;
    }
    double within = df == 0 ? Double.NaN : Math.sqrt(ss / df);
    double m = forks.length == 0 ? Double.NaN : (double) iters / forks.length;
    double between = Double.NaN;
    if (means.length >= 2) {
      double w = Double.isNaN(within) ? 0 : within * within / m;
      between = Math.sqrt(Math.max(0, sd * sd - w));
    }
    return new Variance(forks.length, grand, sd, within, between, m);
  }

  // ---------------------------------------------------------------- the test

  /**
   * The smallest two-sided p-value the exact rank test can give with {@code n1} and {@code n2}
   * forks: {@code min(1, 2 / C(n1 + n2, n1))}.
   */
  public static double minAttainableP(int n1, int n2) {
    if (n1 < 1 || n2 < 1) {
      return 1;
    }
    return Math.min(1.0, 2.0 / binomial(n1 + n2, n1));
  }

  /** Whether {@code n1} against {@code n2} forks can ever reach {@link #ALPHA}. */
  public static boolean canReject(int n1, int n2) {
    return minAttainableP(n1, n2) <= ALPHA + 1e-12;
  }

  /**
   * The fewest forks the other side needs so that the test can reach {@link #ALPHA} against
   * {@code n} forks, or -1 when none up to {@link #MAX_FORKS_NEEDED} suffices.
   */
  public static int forksToReject(int n) {
    for (int m = 1; m <= MAX_FORKS_NEEDED; m++) {
      if (canReject(n, m)) {
        return m;
      }
    }
    return -1;
  }

  /** The fewest forks per side (equal on both) for which the test can reach {@link #ALPHA}: 4. */
  public static int minForksPerSide() {
    int n = 1;
    while (!canReject(n, n)) {
      n++;
    }
    return n;
  }

  /**
   * The exact two-sided p-value of the Mann-Whitney U (Wilcoxon rank-sum) test of {@code a}
   * against {@code b} (see the class comment; for forks pass {@link #forkMeans}).
   *
   * @return the p-value in (0, 1], 1 when every value ties, or NaN when a sample is empty or
   *     holds a NaN
   */
  public static double exactMannWhitneyP(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0 || hasNaN(a) || hasNaN(b)) {
      return Double.NaN;
    }
    double[] pooled = concat(a, b);
    double[] sorted = pooled.clone();
    Arrays.sort(sorted);
    boolean ties = false;
    for (int i = 1; i < sorted.length; i++) {
      ties |= sorted[i] == sorted[i - 1];
    }
    if (!ties) {
      return MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT).test(a, b).getPValue();
    }
    return permutationRankSumP(midRanks(pooled), a.length);
  }

  /**
   * The two-sided permutation p-value of the rank sum of the first {@code n1} of {@code ranks}:
   * the share of all splits of the ranks into {@code n1} and the rest whose rank sum lies at
   * least as far from its mean as the observed one.
   */
  static double permutationRankSumP(double[] ranks, int n1) {
    int n = ranks.length;
    double expected = n1 * (n + 1) / 2.0;
    double observed = 0;
    for (int i = 0; i < n1; i++) {
      observed += ranks[i];
    }
    double dev = Math.abs(observed - expected) - 1e-9;
    if (binomial(n, n1) <= MAX_ENUMERATION) {
      long[] hits = {0, 0};
      enumerate(ranks, n1, 0, 0.0, expected, dev, hits);
      return (double) hits[0] / hits[1];
    }
    RandomGenerator rng = new Well19937c(BOOTSTRAP_SEED);
    double[] r = ranks.clone();
    int hits = 0;
    for (int k = 0; k < MONTE_CARLO_PERMUTATIONS; k++) {
      double sum = 0;
      for (int i = 0; i < n1; i++) {
        int j = i + rng.nextInt(n - i);
        double t = r[i];
        r[i] = r[j];
        r[j] = t;
        sum += r[i];
      }
      if (Math.abs(sum - expected) >= dev) {
        hits++;
      }
    }
    return (hits + 1.0) / (MONTE_CARLO_PERMUTATIONS + 1.0);
  }

  private static void enumerate(double[] ranks, int left, int from, double sum, double expected,
      double dev, long[] hits) {
    if (left == 0) {
      hits[1]++;
      if (Math.abs(sum - expected) >= dev) {
        hits[0]++;
      }
      return;
    }
    for (int i = from; i <= ranks.length - left; i++) {
      enumerate(ranks, left - 1, i + 1, sum + ranks[i], expected, dev, hits);
    }
  }

  /** Ranks 1..n of {@code x} in its order, ties given their average rank. */
  static double[] midRanks(double[] x) {
    Integer[] idx = new Integer[x.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (p, q) -> Double.compare(x[p], x[q]));
    double[] r = new double[x.length];
    int i = 0;
    while (i < idx.length) {
      int j = i;
      while (j + 1 < idx.length && x[idx[j + 1]] == x[idx[i]]) {
        j++;
      }
      double avg = (i + j) / 2.0 + 1;
      for (int k = i; k <= j; k++) {
        r[idx[k]] = avg;
      }
      i = j + 1;
    }
    return r;
  }

  // ---------------------------------------------------------------- interval

  /**
   * The 95% two-level bootstrap interval of the change {@code mean(b) / mean(a) - 1}, in
   * percent (see the class comment).
   *
   * @param a baseline {@code [fork][iteration]}
   * @param b contender {@code [fork][iteration]}
   * @return {@code {low, high}}, or {@code {NaN, NaN}} when a side has fewer than 2 forks or
   *     holds a NaN
   */
  public static double[] hierarchicalCi95(double[][] a, double[][] b) {
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

  /**
   * The 95% two-level bootstrap interval of one run's mean (forks, then iterations within forks,
   * resampled; see the class comment), in the metric's unit: what a study form shows beside a
   * single measured figure.
   *
   * @param forks {@code [fork][iteration]}
   * @return {@code {low, high}}, or {@code {NaN, NaN}} with fewer than 2 forks (the fork-to-fork
   *     variation, the largest, would be invisible) or a NaN value; with few forks the interval
   *     is narrower than its nominal 95%
   */
  public static double[] hierarchicalMeanCi95(double[][] forks) {
    if (forks.length < 2 || hasNaN(forks)) {
      return new double[] {Double.NaN, Double.NaN};
    }
    RandomGenerator rng = new Well19937c(BOOTSTRAP_SEED);
    double[] means = new double[BOOTSTRAP_RESAMPLES];
    for (int i = 0; i < means.length; i++) {
      means[i] = resampledMean(forks, rng);
    }
    Percentile p = new Percentile();
    p.setData(means);
    return new double[] {p.evaluate(2.5), p.evaluate(97.5)};
  }

  /** One two-level resample of {@code forks}: forks with replacement, then iterations. */
  static double resampledMean(double[][] forks, RandomGenerator rng) {
    double sum = 0;
    for (int f = 0; f < forks.length; f++) {
      double[] fork = forks[rng.nextInt(forks.length)];
      double s = 0;
      for (int i = 0; i < fork.length; i++) {
        s += fork[rng.nextInt(fork.length)];
      }
      sum += s / fork.length;
    }
    return sum / forks.length;
  }

  // ---------------------------------------------------------------- power

  /**
   * The minimum detectable shift, in standard deviations of one fork mean, of the exact test
   * with {@code n1} and {@code n2} forks at {@link #ALPHA} and {@link #POWER}.
   *
   * @return the factor, or {@code +Infinity} when the fork counts can never reach the level
   */
  public static double mdeFactor(int n1, int n2) {
    if (!canReject(n1, n2)) {
      return Double.POSITIVE_INFINITY;
    }
    int lo = Math.min(n1, n2);
    int hi = Math.max(n1, n2);
    return MDE_FACTORS.computeIfAbsent(((long) lo << 32) | hi, k -> hi <= MAX_SIMULATED_FORKS
        ? simulatedMdeFactor(lo, hi) : noetherMdeFactor(lo, hi));
  }

  /**
   * The factor by simulation: with standard normal fork means {@code a} (n1) and {@code b}
   * (n2), the exact test rejects for B shifted up by {@code d} once {@code #{a_i < b_j + d}}
   * reaches the critical count T, i.e. once {@code d} exceeds the T-th smallest difference
   * {@code a_i - b_j}; the factor is the {@link #POWER} quantile of that threshold over the
   * draws (rejections in the other tail, negligible for a positive shift, are not counted).
   */
  static double simulatedMdeFactor(int n1, int n2) {
    int critical = criticalU(n1, n2);
    int t = n1 * n2 - critical;
    RandomGenerator rng = new Well19937c(BOOTSTRAP_SEED);
    double[] thresholds = new double[POWER_SIMULATIONS];
    double[] a = new double[n1];
    double[] b = new double[n2];
    double[] diffs = new double[n1 * n2];
    for (int s = 0; s < POWER_SIMULATIONS; s++) {
      for (int i = 0; i < n1; i++) {
        a[i] = rng.nextGaussian();
      }
      for (int j = 0; j < n2; j++) {
        b[j] = rng.nextGaussian();
      }
      int k = 0;
      for (double x : a) {
        for (double y : b) {
          diffs[k++] = x - y;
        }
      }
      Arrays.sort(diffs);
      thresholds[s] = diffs[t - 1];
    }
    Arrays.sort(thresholds);
    return thresholds[(int) Math.ceil(POWER * POWER_SIMULATIONS) - 1];
  }

  /**
   * Noether's large-sample factor: the shift {@code d} with {@code P(B > A) = Phi(d / sqrt 2)}
   * such that {@code N = (z(1 - alpha/2) + z(power))^2 / (12 c (1 - c) (P - 1/2)^2)}.
   */
  static double noetherMdeFactor(int n1, int n2) {
    NormalDistribution z = new NormalDistribution();
    double n = n1 + n2;
    double c = n1 / n;
    double zsum = z.inverseCumulativeProbability(1 - ALPHA / 2) + z.inverseCumulativeProbability(POWER);
    double pMinusHalf = zsum / Math.sqrt(12 * c * (1 - c) * n);
    return Math.sqrt(2) * z.inverseCumulativeProbability(Math.min(0.5 + pMinusHalf, 1 - 1e-12));
  }

  /**
   * The largest {@code u} such that the exact two-sided p-value of {@code U = u} is at most
   * {@link #ALPHA} (Commons Statistics, exact), or -1 when there is none.
   */
  static int criticalU(int n1, int n2) {
    int crit = -1;
    for (int u = 0; u <= n1 * n2 / 2; u++) {
      double p = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT)
          .test(sampleWithU(u, n1, n2), evenInts(n2)).getPValue();
      if (p <= ALPHA + 1e-12) {
        crit = u;
      } else {
        break;
      }
    }
    return crit;
  }

  /** n1 distinct values that exceed exactly {@code u} of {@link #evenInts} (n2) in total. */
  private static double[] sampleWithU(int u, int n1, int n2) {
    double[] x = new double[n1];
    int left = u;
    for (int i = 0; i < n1; i++) {
      int below = Math.min(left, n2);
      left -= below;
      x[i] = 2 * below + 1 + i * 1e-3;
    }
    return x;
  }

  private static double[] evenInts(int n) {
    double[] y = new double[n];
    for (int j = 0; j < n; j++) {
      y[j] = 2 * (j + 1);
    }
    return y;
  }

  /**
   * The minimum detectable change in percent of the baseline mean, for two sides whose fork
   * means have the given variance components.
   *
   * @return the MDE in percent; {@code +Infinity} when the fork counts can never reach the
   *     level; NaN when a side has one fork (its fork-to-fork variance is unknown)
   */
  public static double mdePct(Variance a, Variance b) {
    if (!canReject(a.forks(), b.forks())) {
      return Double.POSITIVE_INFINITY;
    }
    if (a.forks() < 2 || b.forks() < 2) {
      return Double.NaN;
    }
    double pooled = Math.sqrt(((a.forks() - 1) * sq(a.forkMeanSd()) + (b.forks() - 1) * sq(b.forkMeanSd()))
        / (a.forks() + b.forks() - 2));
    return mdeFactor(a.forks(), b.forks()) * pooled / Math.abs(a.mean()) * 100;
  }

  /**
   * The fewest forks per side (equal on both) that detect a change of {@code targetPct} with
   * {@link #POWER} at {@link #ALPHA}, given the relative standard deviation of one fork mean
   * ({@link Variance#relativeForkSd()}).
   *
   * @return the forks, or -1 when more than {@link #MAX_FORKS_NEEDED} would be needed or the
   *     noise is unknown (NaN)
   */
  public static int forksNeeded(double relativeForkSd, double targetPct) {
    if (!(relativeForkSd >= 0) || !(targetPct > 0)) {
      return -1;
    }
    for (int n = minForksPerSide(); n <= MAX_FORKS_NEEDED; n++) {
      if (mdeFactor(n, n) * relativeForkSd * 100 <= targetPct) {
        return n;
      }
    }
    return -1;
  }

  // ---------------------------------------------------------------- trend

  /**
   * Whether the iterations of a row still move in one direction (warm-up not reached).
   *
   * @param s the Mann-Kendall statistic summed over forks: rising minus falling iteration pairs
   * @param p the exact two-sided p-value of {@code s}; 1 when no fork has 2 iterations
   * @param driftPct median over forks of {@code (last - first) / fork mean}, in percent
   */
  public record Trend(long s, double p, double driftPct) {
    /** True when {@code p <= TREND_ALPHA}. */
    public boolean flagged() {
      return p <= TREND_ALPHA;
    }

    /** {@code rising} or {@code falling}. */
    public String direction() {
      return s > 0 ? "rising" : "falling";
    }
  }

  /** The trend test of {@code forks} ({@link Trend}, see the class comment). */
  public static Trend trend(double[][] forks) {
    long s = 0;
    long[] dist = {1};
    int offset = 0;
    List<Double> drifts = new ArrayList<>();
    for (double[] f : forks) {
      if (f.length < 2 || hasNaN(f)) {
        continue;
      }
      for (int i = 0; i < f.length; i++) {
        for (int j = i + 1; j < f.length; j++) {
          s += Double.compare(f[j], f[i]) > 0 ? 1 : f[j] < f[i] ? -1 : 0;
        }
      }
      long[] inv = mahonian(f.length);
      dist = convolve(dist, inv);
      offset += f.length * (f.length - 1) / 2;
      drifts.add((f[f.length - 1] - f[0]) / Math.abs(mean(f)) * 100);
    }
    if (drifts.isEmpty()) {
      return new Trend(0, 1, 0);
    }
    // S = pairs - 2 * inversions summed over forks; the distribution of total inversions is dist
    double total = 0;
    for (long c : dist) {
      total += c;
    }
    double hit = 0;
    for (int k = 0; k < dist.length; k++) {
      long sk = offset - 2L * k;
      if (Math.abs(sk) >= Math.abs(s)) {
        hit += dist[k];
      }
    }
    double drift = median(drifts.stream().mapToDouble(Double::doubleValue).toArray());
    return new Trend(s, Math.min(1, hit / total), drift);
  }

  /** Permutations of n items by number of inversions (Mahonian numbers), index 0..n(n-1)/2. */
  static long[] mahonian(int n) {
    long[] d = {1};
    for (int k = 2; k <= n; k++) {
      long[] step = new long[k];
      Arrays.fill(step, 1);
      d = convolve(d, step);
    }
    return d;
  }

  private static long[] convolve(long[] x, long[] y) {
    long[] r = new long[x.length + y.length - 1];
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < y.length; j++) {
        r[i + j] += x[i] * y[j];
      }
    }
    return r;
  }

  // ---------------------------------------------------------------- one change

  /**
   * The comparison of one metric between two runs, forks as the unit.
   *
   * @param changePct {@code (mean(b) / mean(a) - 1) * 100} over the fork means
   * @param ciLow low bound of the 95% two-level bootstrap interval, percent (NaN when the fork
   *     counts cannot reach the level, see {@link #canReject})
   * @param ciHigh high bound, percent
   * @param p exact Mann-Whitney U p-value over fork means (NaN without data)
   * @param a baseline variance components
   * @param b contender variance components
   * @param mdePct minimum detectable change at these fork counts, percent ({@link #mdePct})
   * @param forkMeansA per-fork means of the baseline (for per-fork points in charts)
   * @param forkMeansB per-fork means of the contender
   * @param trendA trend of the baseline's iterations
   * @param trendB trend of the contender's iterations
   */
  public record Change(double changePct, double ciLow, double ciHigh, double p, Variance a,
      Variance b, double mdePct, double[] forkMeansA, double[] forkMeansB, Trend trendA,
      Trend trendB) {

    /** Whether the fork counts let the test reach {@link #ALPHA} at all. */
    public boolean judgeable() {
      return canReject(a.forks(), b.forks()) && !Double.isNaN(p);
    }

    /** Whether the change is significant ({@code p <= ALPHA}) and not zero. */
    public boolean significant() {
      return judgeable() && p <= ALPHA && changePct != 0;
    }

    /**
     * The fork counts of the two sides in words: {@code 1 fork per side}, {@code 2+3 forks}, or
     * {@code no per-iteration raw data} when a side has none.
     */
    public String forkCounts() {
      if (a.forks() == 0 || b.forks() == 0) {
        return "no per-iteration raw data";
      }
      return a.forks() == b.forks() ? a.forks() + " fork" + (a.forks() == 1 ? "" : "s") + " per side"
          : a.forks() + "+" + b.forks() + " forks";
    }

    /**
     * Why there is no verdict, e.g. {@code n/a: 1 fork per side} or {@code n/a: 2+3 forks (the
     * exact test needs 4+4)}; empty when judgeable.
     */
    public String naReason() {
      if (a.forks() == 0 || b.forks() == 0) {
        return "n/a: no per-iteration raw data";
      }
      if (judgeable()) {
        return "";
      }
      int need = minForksPerSide();
      if (a.forks() == b.forks()) {
        return "n/a: " + a.forks() + " fork" + (a.forks() == 1 ? "" : "s") + " per side (the exact"
            + " test over forks needs " + need + "+" + need + ")";
      }
      return "n/a: " + a.forks() + "+" + b.forks() + " forks (the exact test over forks needs "
          + need + "+" + need + ")";
    }

    /**
     * The forks per side (equal on both) these runs' noise needs to detect a change of {@code
     * targetPct} percent ({@link #forksNeeded}), as text: {@code 6}; {@code ≥ 5} when a side had
     * one fork, so its fork-to-fork variance is unknown and the count is a lower bound from the
     * iteration noise alone; {@code > 200 or unknown}.
     */
    public String forksNeededText(double targetPct) {
      int min = minForksPerSide();
      if (a.forks() >= 2 && b.forks() >= 2) {
        int n = forksNeeded(Math.sqrt((sq(a.relativeForkSd()) + sq(b.relativeForkSd())) / 2), targetPct);
        return n < 0 ? "> " + MAX_FORKS_NEEDED + " or unknown" : String.valueOf(n);
      }
      double floor = Math.max(zeroIfNaN(a.relativeIterationFloor()), zeroIfNaN(b.relativeIterationFloor()));
      int n = forksNeeded(floor, targetPct);
      return n < 0 ? "> " + MAX_FORKS_NEEDED : "≥ " + Math.max(min, n);
    }
  }

  /**
   * Compares the forks of two runs of one metric ({@link Change}).
   *
   * @param a baseline {@code [fork][iteration]}, in the metric's unit
   * @param b contender {@code [fork][iteration]}
   */
  public static Change change(double[][] a, double[][] b) {
    double[] ma = forkMeans(a);
    double[] mb = forkMeans(b);
    Variance va = variance(a);
    Variance vb = variance(b);
    double change = (mean(mb) / mean(ma) - 1) * 100;
    double p = ma.length == 0 || mb.length == 0 ? Double.NaN : exactMannWhitneyP(ma, mb);
    // an interval only where the test can decide: with fewer forks the percentile bootstrap is far
    // narrower than its nominal 95% (3+3 fully separated forks give an interval excluding 0
    // while the exact p is 0.10)
    double[] ci = canReject(a.length, b.length) ? hierarchicalCi95(a, b) : new double[] {Double.NaN, Double.NaN};
    return new Change(change, ci[0], ci[1], p, va, vb, mdePct(va, vb), ma, mb, trend(a), trend(b));
  }

  /** Fewest pairs (forks per side) for which a paired comparison gives an interval and a verdict. */
  public static final int MIN_PAIRS = 4;

  /**
   * A comparison of two variants whose forks ran interleaved in pairs ({@code io.dbbench.core.ForkSchedule}):
   * fork {@code i} of the baseline and fork {@code i} of the contender ran next to each other.
   *
   * @param changePct {@code exp(mean(d)) - 1} in percent, where {@code d[i] = ln(contender fork
   *     mean i / baseline fork mean i)}: the geometric-mean change of the metric
   * @param ciLow low bound of the 95% Student-t interval of {@code mean(d)}, mapped to percent
   *     (NaN below {@link #MIN_PAIRS} pairs)
   * @param ciHigh high bound, percent
   * @param p two-sided p-value of the one-sample t-test of {@code d} against 0 (NaN below {@link #MIN_PAIRS})
   * @param pairs number of pairs used
   * @param sdLog standard deviation of {@code d} (relative spread of a pair difference)
   * @param logRatios {@code d}, one per pair, in run order
   */
  public record PairedChange(double changePct, double ciLow, double ciHigh, double p, int pairs, double sdLog,
      double[] logRatios) {

    /** Whether there are enough pairs for an interval ({@link #MIN_PAIRS}). */
    public boolean judgeable() {
      return pairs >= MIN_PAIRS && !Double.isNaN(ciLow);
    }

    /** Half the interval's width on the log scale ({@code ln}); NaN without an interval. */
    public double halfWidthLog() {
      return (Math.log1p(ciHigh / 100) - Math.log1p(ciLow / 100)) / 2;
    }

    /** Whether the interval excludes no change. */
    public boolean significant() {
      return judgeable() && (ciLow > 0 || ciHigh < 0);
    }

    /**
     * Pairs needed for the 95% interval to exclude no change if the true change were this run's
     * estimate and the pair spread this run's {@link #sdLog}: the smallest {@code n} with
     * {@code t(0.975, n-1) * sd / sqrt(n) < |mean(d)|}; {@code -1} when above {@link #MAX_FORKS_NEEDED}
     * or unknown (fewer than 2 pairs, or no change at all).
     */
    public int pairsNeeded() {
      double m = Math.abs(Math.log1p(changePct / 100));
      return pairsNeeded(sdLog, m);
    }

    /**
     * Pairs needed for the interval's half-width to fall below {@code halfWidthPct} percent at
     * this run's pair spread ({@code -1} when above {@link #MAX_FORKS_NEEDED} or unknown).
     */
    public int pairsNeededForWidth(double halfWidthPct) {
      return pairsNeeded(sdLog, Math.log1p(halfWidthPct / 100));
    }

    private static int pairsNeeded(double sd, double target) {
      if (Double.isNaN(sd) || Double.isNaN(target) || target <= 0) {
        return -1;
      }
      for (int n = Math.max(2, MIN_PAIRS); n <= MAX_FORKS_NEEDED; n++) {
        if (tQuantile975(n - 1) * sd / Math.sqrt(n) < target) {
          return n;
        }
      }
      return -1;
    }
  }

  /**
   * {@link #pairedChange(double[][], double[][])} over blocks holding one measurement a side: each
   * element is one block's {@code {baseline, contender}}, in block order.
   *
   * @throws IllegalArgumentException when an element does not hold two values
   */
  public static PairedChange pairedChange(Collection<double[]> blocks) {
    double[][] a = new double[blocks.size()][];
    double[][] b = new double[blocks.size()][];
    int i = 0;
    for (double[] p : blocks) {
      if (p.length != 2) {
        throw new IllegalArgumentException("a block of " + p.length + " values: expected {baseline, contender}");
      }
      a[i] = new double[] {p[0]};
      b[i++] = new double[] {p[1]};
    }
    return pairedChange(a, b);
  }

  /** Slot {@code side} (0 the baseline, 1 the contender) of every block's pair, in block order. */
  public static double[] side(Collection<double[]> blocks, int side) {
    return blocks.stream().mapToDouble(p -> p[side]).toArray();
  }

  /**
   * The paired comparison of forks that ran interleaved: pair {@code i} is {@code a[i]} and
   * {@code b[i]} (see {@link PairedChange}). Pairing removes what the two forks of one block
   * shared (the machine's state at that time) from the comparison, which an unpaired test over
   * forks run as two consecutive blocks cannot do: there, a drift of the machine during the run
   * reads as a difference between the variants. The interval is the Student-t interval of the
   * mean log ratio (Kalibera and Jones, "Rigorous benchmarking in reasonable time", ISMM 2013,
   * use the same ratio-of-means framing; the log makes a ratio's interval symmetric).
   *
   * @param a baseline {@code [fork][iteration]} in run order, in the metric's unit
   * @param b contender {@code [fork][iteration]} in run order
   * @throws IllegalArgumentException when the sides have different fork counts
   */
  public static PairedChange pairedChange(double[][] a, double[][] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("paired comparison: " + a.length + " baseline forks against " + b.length
          + " contender forks; interleaved pairs need equal counts");
    }
    double[] ma = forkMeans(a);
    double[] mb = forkMeans(b);
    int n = ma.length;
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = Math.log(mb[i] / ma[i]);
    }
    double mean = n == 0 ? Double.NaN : mean(d);
    double sd = n < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(d));
    double lo = Double.NaN;
    double hi = Double.NaN;
    double p = Double.NaN;
    if (n >= MIN_PAIRS && !hasNaN(d)) {
      double half = tQuantile975(n - 1) * sd / Math.sqrt(n);
      lo = Math.expm1(mean - half) * 100;
      hi = Math.expm1(mean + half) * 100;
      p = sd == 0 ? (mean == 0 ? 1.0 : 0.0) : org.apache.commons.statistics.inference.TTest.withDefaults().test(d).getPValue();
    }
    return new PairedChange(Math.expm1(mean) * 100, lo, hi, p, n, sd, d);
  }

  /**
   * Stein's two-stage interval of pairs whose number {@code d.length} was chosen from the first
   * {@code pilot} of them ({@link StoppingRule}): {@code mean(d) +- t(0.975, pilot - 1) * s_pilot /
   * sqrt(n)} on the log scale, mapped to percent like {@link #pairedChange}; the p-value is the
   * two-sided tail of {@code mean(d) * sqrt(n) / s_pilot} in Student's t with {@code pilot - 1}
   * degrees of freedom, exact for normal pairs whatever {@code n} the pilot chose (C. Stein, Annals
   * of Mathematical Statistics 16(3), 1945). {@link PairedChange#sdLog} is the pilot's spread.
   *
   * @param d every pair's log ratio {@code ln(B_i / A_i)}, in run order, the pilot's first
   * @param pilot the first stage's pairs (at least {@link #MIN_PAIRS})
   * @throws IllegalArgumentException when {@code pilot} is below {@link #MIN_PAIRS} or above {@code d.length}
   */
  public static PairedChange steinChange(double[] d, int pilot) {
    if (pilot < MIN_PAIRS || pilot > d.length) {
      throw new IllegalArgumentException("Stein interval: pilot of " + pilot + " pairs for " + d.length
          + " pairs; expected " + MIN_PAIRS + " to " + d.length);
    }
    int n = d.length;
    double mean = mean(d);
    double s0 = Math.sqrt(StatUtils.variance(Arrays.copyOf(d, pilot)));
    double lo = Double.NaN;
    double hi = Double.NaN;
    double p = Double.NaN;
    if (!hasNaN(d)) {
      double half = tQuantile975(pilot - 1) * s0 / Math.sqrt(n);
      lo = Math.expm1(mean - half) * 100;
      hi = Math.expm1(mean + half) * 100;
      p = s0 == 0 ? (mean == 0 ? 1.0 : 0.0) : 2 * org.apache.commons.statistics.distribution.TDistribution.of(pilot - 1)
          .survivalProbability(Math.abs(mean) * Math.sqrt(n) / s0);
    }
    return new PairedChange(Math.expm1(mean) * 100, lo, hi, p, n, s0, d.clone());
  }

  /** {@link #steinChange(double[], int)} of fork means paired as in {@link #pairedChange(double[][], double[][])}. */
  public static PairedChange steinChange(double[][] a, double[][] b, int pilot) {
    return steinChange(pairedChange(a, b).logRatios(), pilot);
  }

  /**
   * The mean of paired differences {@code b[i] - a[i]} with its 95% Student-t interval, in the
   * values' own unit: the absolute counterpart of {@link #pairedChange(double[][], double[][])} for a
   * cost that adds rather than multiplies (e.g. ns per row that one client spends more than another
   * on the same rows, block by block).
   *
   * @param mean the mean difference
   * @param low the interval's low end (NaN below {@link #MIN_PAIRS} pairs)
   * @param high the interval's high end (NaN likewise)
   * @param pairs the number of pairs
   */
  public record PairedDifference(double mean, double low, double high, int pairs) {}

  /**
   * {@link PairedDifference} of {@code b[i] - a[i]} over pairs in run order.
   *
   * @throws IllegalArgumentException when the arrays differ in length
   */
  public static PairedDifference pairedDifference(double[] a, double[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("paired difference: " + a.length + " baseline values against " + b.length
          + " contender values; pairs need equal counts");
    }
    int n = a.length;
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = b[i] - a[i];
    }
    double mean = n == 0 ? Double.NaN : mean(d);
    if (n < MIN_PAIRS || hasNaN(d)) {
      return new PairedDifference(mean, Double.NaN, Double.NaN, n);
    }
    double half = tQuantile975(n - 1) * Math.sqrt(StatUtils.variance(d)) / Math.sqrt(n);
    return new PairedDifference(mean, mean - half, mean + half, n);
  }

  /** The 97.5th percentile of Student's t with {@code df} degrees of freedom. */
  static double tQuantile975(int df) {
    return org.apache.commons.statistics.distribution.TDistribution.of(df).inverseCumulativeProbability(0.975);
  }

  // ---------------------------------------------------------------- helpers

  static double binomial(int n, int k) {
    double r = 1;
    for (int i = 1; i <= k; i++) {
      r = r * (n - k + i) / i;
    }
    return Math.rint(r);
  }

  private static double zeroIfNaN(double x) {
    return Double.isNaN(x) ? 0 : x;
  }

  private static double sq(double x) {
    return x * x;
  }

  private static double[] concat(double[] a, double[] b) {
    double[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static boolean hasNaN(double[] a) {
    for (double v : a) {
      if (Double.isNaN(v)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasNaN(double[][] a) {
    for (double[] f : a) {
      if (hasNaN(f)) {
        return true;
      }
    }
    return false;
  }
}
