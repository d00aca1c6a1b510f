package io.dbbench.report.stats;

import io.dbbench.core.Mode;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How many interleaved pairs a headline comparison runs: Stein's two-stage procedure over ABBA
 * blocks. The comparison first runs {@link #pilotPairs} pairs (whole ABBA blocks, {@code AB BA});
 * from their log ratios {@code d[i] = ln(B_i / A_i)} of fork means it fixes the total number of
 * pairs {@code N}, the fewest (in whole blocks) whose 95% interval
 * {@code mean(d) +- t(0.975, pilot - 1) * s_pilot / sqrt(N)} is no wider than the target on the
 * finding's own scale, at most {@link #maxPairs}; then it runs the remaining pairs and stops
 * ({@link Stop#WIDTH}: {@code width reached}; on the percent scale, where the width grows with the
 * mean, a block more while the mean of all pairs leaves it just above the target), unless another
 * block would pass the comparison's
 * time cap first ({@link Stop#CAP}), or {@code N} is {@link #maxPairs} and still too few
 * ({@link Stop#MAX_PAIRS}). When the pilot's {@code N} pairs, at the pilot's seconds per block,
 * would take longer than the cap, no pair is added at all ({@link Stop#OUT_OF_REACH}): pairs that
 * cannot reach the target are not bought, and the main job gives the seconds left to the
 * comparisons after it. Either way {@code N} depends on the pilot alone, so the interval below
 * keeps its coverage. The finding's interval is Stein's ({@link Stats#steinChange}): the mean
 * of all pairs with the pilot's spread and the pilot's degrees of freedom.
 *
 * <p>Why Stein and not "stop as soon as the interval is narrow enough" (the fixed-width rule of
 * Chow and Robbins, 1965): stopping on the running interval stops early on an unluckily small
 * spread, and on the committed runs' pairs that rule's 95% intervals covered a known effect in
 * only 89-92% of simulated comparisons (ArangoDB insert, pool, WMPayload search). Stein's
 * interval is exact for normal pairs whatever {@code N} the pilot chose, because the mean of the
 * pairs is independent of the pilot's spread; on the committed pairs it covers in at least 93% of
 * 1,000 simulated comparisons per headline comparison ({@code StoppingRuleCoverageTest}). Its
 * price is more pairs than an oracle would need (the pilot's t quantile, 2.57 for 6 pairs).
 *
 * <p>Width on the finding's scale: for a percent change ({@link Scale#PERCENT}) the half-width in
 * percentage points of {@code [expm1(m - h), expm1(m + h)] * 100}, which is
 * {@code 100 * exp(m) * sinh(h)} for the mean log ratio {@code m} and the half-width {@code h};
 * for a ratio ({@link Scale#RATIO}) the interval's high bound over its low bound,
 * {@code exp(2h)}. Targets ({@link #of}): quick mode half-width at most 10 points or high/low at
 * most 1.25; full mode 5 points or 1.10.
 *
 * <p>Source: C. Stein, "A two-sample test for a linear hypothesis whose power is independent of
 * the variance", Annals of Mathematical Statistics 16(3), 1945 (the two-stage fixed-width
 * interval); Y. S. Chow and H. Robbins, "On the asymptotic theory of fixed-width sequential
 * confidence intervals for the mean", Annals of Mathematical Statistics 36(2), 1965 (the
 * one-stage rule it replaces here).
 *
 * @param scale the finding's scale
 * @param target the widest interval accepted: half-width in points for {@link Scale#PERCENT},
 *     high/low for {@link Scale#RATIO}
 * @param pilotPairs pairs of the first stage (at least {@link Stats#MIN_PAIRS}, rounded up to
 *     whole blocks)
 * @param maxPairs most pairs in any case (a multiple of {@link #BLOCK})
 * @param capSeconds wall-clock seconds after which no further block starts (the pilot always runs)
 */
public record StoppingRule(Scale scale, double target, int pilotPairs, int maxPairs, double capSeconds) {
  /** Pairs per ABBA block: pairs are added in whole blocks only, so a linear drift cancels in each. */
  public static final int BLOCK = 2;
  /** Quick mode's target for a percent finding: half-width in percentage points. */
  public static final double QUICK_HALF_WIDTH_POINTS = 10;
  /** Quick mode's target for a ratio finding: high bound over low bound. */
  public static final double QUICK_RATIO_SPAN = 1.25;
  /** Full mode's target for a percent finding. */
  public static final double FULL_HALF_WIDTH_POINTS = 5;
  /** Full mode's target for a ratio finding. */
  public static final double FULL_RATIO_SPAN = 1.10;
  /** Quick mode's pilot: three ABBA blocks. */
  public static final int QUICK_PILOT_PAIRS = 6;
  /** Full mode's pilot. */
  public static final int FULL_PILOT_PAIRS = 10;

  /** The scale a finding is printed on, which the width is judged on. */
  public enum Scale {
    /** A change in percent (no change = 0). */
    PERCENT,
    /** A ratio such as a speed-up (no change = 1). */
    RATIO
  }

  /** Why a comparison stopped adding pairs. */
  public enum Stop {
    /** The pairs the pilot asked for ran: the interval meets the target. */
    WIDTH("width reached"),
    /** Another block would have passed the time cap before the pairs the pilot asked for. */
    CAP("cap"),
    /**
     * Right after the pilot: the pairs it asked for would pass the time cap, so none are added and
     * the seconds they would have taken are left to the comparisons after it ({@code cap}, as
     * {@link #CAP}, in the manifest and {@code findings.json}; the manifest's {@code stop_detail}
     * says which).
     */
    OUT_OF_REACH("cap"),
    /** The pilot asked for more than the largest number of pairs. */
    MAX_PAIRS("max pairs"),
    /** The user fixed the forks per side ({@code -Dbench.forks} or {@code -f}): no rule applied. */
    FIXED("fixed");

    private final String words;

    Stop(String words) {
      this.words = words;
    }

    /** As the manifest and {@code findings.json} write it. */
    public String words() {
      return words;
    }
  }

  /**
   * Validates.
   *
   * @throws IllegalArgumentException when a bound is not positive, the target is not above its
   *     scale's no-width value, or {@code maxPairs < pilotPairs}
   */
  public StoppingRule {
    if (scale == null) {
      throw new IllegalArgumentException("stopping rule: scale missing");
    }
    if (!(target > (scale == Scale.RATIO ? 1 : 0))) {
      throw new IllegalArgumentException("stopping rule target " + target + ": expected "
          + (scale == Scale.RATIO ? "a ratio span above 1, e.g. 1.25" : "a half-width above 0 points, e.g. 10"));
    }
    pilotPairs = roundUp(Math.max(pilotPairs, Stats.MIN_PAIRS));
    maxPairs = roundUp(maxPairs);
    if (maxPairs < pilotPairs) {
      throw new IllegalArgumentException("stopping rule: max pairs " + maxPairs + " below the pilot's " + pilotPairs);
    }
    if (!(capSeconds > 0)) {
      throw new IllegalArgumentException("stopping rule cap " + capSeconds + " s: expected a positive number of seconds");
    }
  }

  /**
   * The rule of a mode: quick targets ({@value #QUICK_HALF_WIDTH_POINTS} points, {@value #QUICK_RATIO_SPAN})
   * and pilot ({@value #QUICK_PILOT_PAIRS} pairs), or full ones ({@value #FULL_HALF_WIDTH_POINTS}
   * points, {@value #FULL_RATIO_SPAN}, {@value #FULL_PILOT_PAIRS} pairs).
   */
  public static StoppingRule of(Scale scale, Mode mode, int maxPairs, double capSeconds) {
    return of(scale, mode, mode == Mode.FULL ? FULL_PILOT_PAIRS : QUICK_PILOT_PAIRS, maxPairs, capSeconds);
  }

  /**
   * {@link #of(Scale, Mode, int, double)} with its own pilot ({@code pilotPairs}, at least
   * {@link Stats#MIN_PAIRS}): a family whose comparison meets the target at any pilot (a 3x effect
   * with a 3% spread) or cannot meet it within the quick budget (its pilot is all it gets) may run
   * a smaller one; {@code StoppingRuleCoverageTest} checks pilots of 4 as well as 6.
   */
  public static StoppingRule of(Scale scale, Mode mode, int pilotPairs, int maxPairs, double capSeconds) {
    boolean full = mode == Mode.FULL;
    double target = scale == Scale.RATIO ? (full ? FULL_RATIO_SPAN : QUICK_RATIO_SPAN)
        : (full ? FULL_HALF_WIDTH_POINTS : QUICK_HALF_WIDTH_POINTS);
    return new StoppingRule(scale, target, pilotPairs, maxPairs, capSeconds);
  }

  /**
   * The width on {@code scale} of an interval {@code m +- h} on the log scale: half-width in points
   * for a percent change, high/low for a ratio.
   */
  public static double width(Scale scale, double m, double h) {
    return scale == Scale.RATIO ? Math.exp(2 * h) : 100 * Math.exp(m) * Math.sinh(h);
  }

  /**
   * The total pairs the pilot asks for: the fewest, in whole blocks from {@link #pilotPairs} up to
   * {@link #maxPairs}, whose Stein interval would meet the target at the pilot's mean and spread;
   * {@link #maxPairs} when none does.
   *
   * @param d at least the pilot's log ratios (only the first {@link #pilotPairs} are read)
   * @throws IllegalArgumentException when fewer than {@link #pilotPairs} are given
   */
  public int pairsNeeded(double[] d) {
    if (d.length < pilotPairs) {
      throw new IllegalArgumentException("stopping rule: " + d.length + " pairs, the pilot needs " + pilotPairs);
    }
    double[] pilot = Arrays.copyOf(d, pilotPairs);
    double m = Stats.mean(pilot);
    double s = Math.sqrt(StatUtils.variance(pilot));
    double t = Stats.tQuantile975(pilotPairs - 1);
    for (int n = pilotPairs; n <= maxPairs; n += BLOCK) {
      if (width(scale, m, t * s / Math.sqrt(n)) <= target) {
        return n;
      }
    }
    return maxPairs;
  }

  /** Whether the pairs the pilot asks for meet the target (they may not when capped at {@link #maxPairs}). */
  public boolean meetsTarget(double[] d) {
    if (d.length < pilotPairs) {
      return false;
    }
    Stats.PairedChange c = Stats.steinChange(d, pilotPairs);
    return c.judgeable() && width(scale, Stats.mean(d), c.halfWidthLog()) <= target;
  }

  /**
   * What to do after a block.
   *
   * @param d the log ratios of every pair so far, in run order
   * @param elapsedSeconds seconds the comparison has run
   * @param blockSeconds seconds the next block is expected to take (e.g. the mean of those so far)
   * @return the reason to stop, or empty to run another block
   */
  public Optional<Stop> decide(double[] d, double elapsedSeconds, double blockSeconds) {
    if (d.length < pilotPairs) {
      return Optional.empty();
    }
    int n = pairsNeeded(d);
    if (d.length >= n) {
      if (meetsTarget(d)) {
        return Optional.of(Stop.WIDTH);
      }
      if (d.length >= maxPairs) {
        return Optional.of(Stop.MAX_PAIRS);
      }
      // the pilot judged N at the pilot's mean; a percent width scales with exp(mean), so at the
      // mean of all pairs N can fall just short (5.04 points against 5): another block, cap allowing
    }
    if (elapsedSeconds + blockSeconds > capSeconds) {
      return Optional.of(Stop.CAP);
    }
    if (d.length == pilotPairs && projectedSeconds(d.length, n, elapsedSeconds, blockSeconds) > capSeconds) {
      return Optional.of(Stop.OUT_OF_REACH);
    }
    return Optional.empty();
  }

  /**
   * Seconds the comparison would have run once {@code needed} pairs ran, at {@code blockSeconds}
   * per block of {@link #BLOCK} pairs after the {@code ran} pairs of {@code elapsedSeconds}.
   */
  public static double projectedSeconds(int ran, int needed, double elapsedSeconds, double blockSeconds) {
    return elapsedSeconds + Math.max(0, needed - ran) / (double) BLOCK * blockSeconds;
  }

  /** A width in words on {@code scale}: {@code 7.3 points} or {@code 1.18}; {@code n/a} for NaN. */
  public static String widthText(Scale scale, double w) {
    if (Double.isNaN(w)) {
      return "n/a";
    }
    return scale == Scale.RATIO ? String.format(Locale.ROOT, "%.2f", w) : String.format(Locale.ROOT, "%.1f points", w);
  }

  /** The target in words, e.g. {@code half-width <= 10 points} or {@code high/low <= 1.25}. */
  public String targetText() {
    return scale == Scale.RATIO ? String.format(Locale.ROOT, "high/low <= %.2f", target)
        : String.format(Locale.ROOT, target == Math.rint(target) ? "half-width <= %.0f points" : "half-width <= %.1f points",
            target);
  }

  private static int roundUp(int pairs) {
    return (pairs + BLOCK - 1) / BLOCK * BLOCK;
  }
}
