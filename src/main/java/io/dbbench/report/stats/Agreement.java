package io.dbbench.report.stats;

import io.dbbench.report.data.Units;
import java.util.List;

/**
 * How a finding's interval is judged against the study's published figure, from the interval
 * alone, never a point estimate: {@code same direction} only when the interval excludes no change
 * on the published side, {@code opposite direction} only when it excludes it on the other side,
 * {@code no measurable difference} only when the interval lies inside the equivalence band of
 * &plusmn;{@value #EQUIVALENCE_PCT}%, else {@code cannot tell} with the forks a verdict would need;
 * {@code no published figure} when the study published none. An absolute finding is
 * {@code no measurable difference} when its interval lies inside the published range widened by
 * the band, {@code differs} when it lies wholly outside it, else {@code cannot tell}.
 */
public final class Agreement {
  /** Half-width of the equivalence band, percent: an interval inside it is "no measurable difference". */
  public static final double EQUIVALENCE_PCT = 5.0;
  /** The agreement values a finding can hold. */
  public static final List<String> AGREEMENTS = List.of("same direction", "opposite direction",
      "no measurable difference", "cannot tell", "no published figure", "differs");
  /** The band in words, {@code ±5%}. */
  public static final String BAND = "±" + Math.round(EQUIVALENCE_PCT) + "%";

  private Agreement() {}

  /**
   * An agreement and its reasoning.
   *
   * @param agreement one of {@link #AGREEMENTS}
   * @param note why, in words (for {@code cannot tell}, the forks a verdict would need)
   */
  public record Verdict(String agreement, String note) {}

  /**
   * The agreement of a comparison's interval with the published figure, and its reasoning.
   *
   * @param ratio whether figures are ratios (no change = 1) rather than percent changes (no change = 0)
   * @param lo the interval's low bound (NaN: no interval)
   * @param hi its high bound
   * @param published the published figure (NaN: none)
   * @param need the forks a verdict would need, in words
   * @return the agreement and its note
   */
  public static Verdict agreeComparison(boolean ratio, double lo, double hi, double published, String need) {
    double none = ratio ? 1 : 0;
    double bandLo = ratio ? 1 / (1 + EQUIVALENCE_PCT / 100) : -EQUIVALENCE_PCT;
    double bandHi = ratio ? 1 + EQUIVALENCE_PCT / 100 : EQUIVALENCE_PCT;
    String measured;
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      measured = "no interval at this run's forks; a verdict needs " + need;
    } else if (lo > none || hi < none) {
      measured = "the interval excludes no change (" + (lo > none ? "above" : "below") + ")";
    } else if (lo >= bandLo && hi <= bandHi) {
      measured = "the interval lies inside the " + BAND + " equivalence band";
    } else {
      measured = "the interval includes no change but reaches beyond the " + BAND
          + " equivalence band; a verdict needs " + need;
    }
    if (Double.isNaN(published)) {
      return new Verdict("no published figure", measured);
    }
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return new Verdict("cannot tell", measured);
    }
    boolean pubUp = published > none;
    if ((lo > none && pubUp) || (hi < none && !pubUp)) {
      return new Verdict("same direction", measured);
    }
    if (lo > none || hi < none) {
      return new Verdict("opposite direction", measured);
    }
    if (lo >= bandLo && hi <= bandHi) {
      return new Verdict("no measurable difference", measured);
    }
    return new Verdict("cannot tell", measured);
  }

  /**
   * The agreement of an absolute figure's interval with a published range {@code [low, high]}
   * widened by the equivalence band.
   *
   * @return the agreement and its note
   */
  public static Verdict agreeAbsolute(double lo, double hi, double low, double high, int forks) {
    if (Double.isNaN(low)) {
      return new Verdict("no published figure", Double.isNaN(lo) ? "no interval: " + forks + " fork(s)" : "");
    }
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return new Verdict("cannot tell", "no interval from " + forks + " fork" + (forks == 1 ? "" : "s")
          + "; an interval needs at least 2");
    }
    double bandLo = low * (1 - EQUIVALENCE_PCT / 100);
    double bandHi = high * (1 + EQUIVALENCE_PCT / 100);
    String range = low == high ? Units.num(low) : Units.num(low) + "-" + Units.num(high);
    if (lo >= bandLo && hi <= bandHi) {
      return new Verdict("no measurable difference", "the interval lies inside the published " + range
          + " widened by " + BAND);
    }
    if (hi < bandLo || lo > bandHi) {
      double f = hi < bandLo ? low / hi : lo / high;
      return new Verdict("differs", "the whole interval lies " + (hi < bandLo ? "below" : "above") + " the published "
          + range + " (at least " + Finding.ratio(f) + ")");
    }
    return new Verdict("cannot tell", "the interval overlaps the edge of the published " + range);
  }
}
