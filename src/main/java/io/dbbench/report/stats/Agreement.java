package io.dbbench.report.stats;

import io.dbbench.report.data.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How a finding's interval is judged against the study's published figure, from the interval
 * alone, never a point estimate, weighing magnitude as well as direction.
 *
 * <p><b>Comparisons.</b> Figures are speed-ups ({@code x}: baseline time / contender time, no
 * change = 1) or changes in time ({@code %}: contender time / baseline time - 1, no change = 0).
 * Each is read on its <em>effect scale</em>: a speed-up {@code v} as {@code ln v} (so 2x and 0.5x
 * are equal and opposite effects), a change in time {@code p} as {@code p} itself, in points. Two
 * bands on that scale:
 * <ul>
 *   <li>the <em>equivalence band</em> of no change: &plusmn;{@value #EQUIVALENCE_PCT}%, i.e.
 *       {@code [1/1.05, 1.05]} for a speed-up and {@code [-5, +5]} points for a change in time;</li>
 *   <li>the study's figure <em>widened</em> the same way: {@code [F/(1+b), F*(1+b)]} for a
 *       speed-up {@code F}, {@code [P-b, P+b]} points for a change {@code P}, where {@code b} is
 *       {@link #EQUIVALENCE_PCT} unless the study declares a band of its own
 *       ({@link StudyFigure#bandPct}, with its reason); the note says which.</li>
 * </ul>
 * The verdict, in this order:
 * <ol>
 *   <li>{@value #NO_FIGURE} when the study published no figure;</li>
 *   <li>{@value #CANNOT_TELL} when the forks give no interval;</li>
 *   <li>{@value #OPPOSITE} when the interval excludes no change on the side away from the figure;</li>
 *   <li>when it excludes no change on the figure's side: {@value #REPRODUCED} when it overlaps the
 *       widened figure, else {@code same direction, N x smaller} ({@value #SMALLER}) or
 *       {@code same direction, N x larger} ({@value #LARGER}), where {@code N} is a ratio of effects
 *       taken at the ends nearest each other: smaller, {@code N = e(widened figure's end nearest no
 *       change) / e(interval's end farthest from no change)}; larger, {@code N = e(interval's end
 *       nearest no change) / e(widened figure's end farthest from no change)}. So N is the least
 *       factor by which the effects differ: 1.03x [1.01, 1.05] against 4.64x (widened
 *       [4.42, 4.87]) is {@code ln 4.42 / ln 1.05 = 30.5}, "30.5x smaller"; a change of
 *       [-20, -5]% against -43.7% (widened [-48.7, -38.7]) is {@code 38.7 / 20 = 1.9}, "1.94x
 *       smaller";</li>
 *   <li>when the interval lies inside the equivalence band: {@value #NO_EFFECT} when the widened
 *       figure lies outside it (the study found an effect), {@value #REPRODUCED} when it does not;</li>
 *   <li>when the interval includes no change and reaches past the band but stays below the widened
 *       figure's end nearest no change: {@code not reproduced, N x smaller or none}
 *       ({@value #NOT_REPRODUCED}), N as for smaller (HTTP/1.1 -> HTTP/2 at [-1.0, +8.2]% against
 *       the Go study's -43.7% is "38.7x smaller or none": the study's effect is not here);</li>
 *   <li>else {@value #CANNOT_TELL}, with the forks a verdict would need.</li>
 * </ol>
 * A {@value #CANNOT_TELL} verdict still weighs the magnitude of the run's point estimate when it
 * is given ({@link Verdict#pointReading}): where the point lies against the band of no change and
 * against the study's widened figure, with the ratio of the two point effects
 * ({@code F / e(point)} or {@code e(point) / F} on the effect scale, {@code F} the study's figure
 * unwidened): "point estimate in the opposite direction", "point estimate 2.35x larger", "point
 * estimate at the study's figure", "point estimate inside the band of no change". It never decides
 * the verdict, which an interval alone does; it says which way a verdict would likely fall, so a
 * reader does not take "cannot tell" as agreement (a one-fork +10.9% against the Go study's -43.7%
 * reads "cannot tell; point estimate in the opposite direction").
 *
 * <p>A study figure that measured something other than the effect its question names carries a
 * {@link StudyFigure#caveat} (WMPayload's 35x came from indexed requests that all failed); its
 * verdict is {@value #NOT_COMPARABLE} with the caveat, the verdict on the figure alone in the note.
 *
 * <p><b>Bounds.</b> When a {@link Bound} is given and the verdict is {@value #SMALLER} or
 * {@value #NO_EFFECT}, the bound decides it (and the verdict says "bounded by ...") when it has no
 * figure (the form's word), or when its figure lies below the widened study figure's end nearest no
 * change on the figure's side: this machine cannot show the study's effect. Otherwise the note
 * says that the bound does not explain the gap.
 *
 * <p><b>Absolute figures.</b> {@value #NO_DIFFERENCE} when the interval lies inside the published
 * range widened by the band, {@value #DIFFERS} when it lies wholly outside it, else
 * {@value #CANNOT_TELL}.
 */
public final class Agreement {
  /** Half-width of the equivalence band, percent: an interval inside it is no change. */
  public static final double EQUIVALENCE_PCT = 5.0;
  /** The interval overlaps the study's widened figure (and is not no change, unless the study's is neither). */
  public static final String REPRODUCED = "reproduced";
  /** Same direction, an effect at least {@link Verdict#factor} times smaller than the study's. */
  public static final String SMALLER = "same direction, smaller";
  /** Same direction, an effect at least {@link Verdict#factor} times larger than the study's. */
  public static final String LARGER = "same direction, larger";
  /**
   * The interval includes no change but lies wholly below the study's widened figure: whatever the
   * effect here, it is at least {@link Verdict#factor} times smaller than the study's, or none.
   */
  public static final String NOT_REPRODUCED = "not reproduced, smaller or none";
  /** The interval excludes no change on the other side of the study's figure. */
  public static final String OPPOSITE = "opposite direction";
  /** The interval lies inside the equivalence band while the study found an effect. */
  public static final String NO_EFFECT = "no effect here";
  /** The study's figure does not measure the effect its question names ({@link StudyFigure#caveat}). */
  public static final String NOT_COMPARABLE = "not comparable";
  /** The interval does not decide (or there is none). */
  public static final String CANNOT_TELL = "cannot tell";
  /** The study published no figure. */
  public static final String NO_FIGURE = "no published figure";
  /** Absolute figures: inside the published range widened by the band. */
  public static final String NO_DIFFERENCE = "no measurable difference";
  /** Absolute figures: wholly outside the widened range. */
  public static final String DIFFERS = "differs";
  /** The agreement values a finding can hold now ({@code findings.json} schema 2): a closed set. */
  public static final List<String> AGREEMENTS = List.of(REPRODUCED, SMALLER, LARGER, NOT_REPRODUCED, OPPOSITE, NO_EFFECT,
      NOT_COMPARABLE, CANNOT_TELL, NO_FIGURE, NO_DIFFERENCE, DIFFERS);
  /**
   * The values files of schema 1 (written before magnitude was weighed) hold: {@code same direction}
   * for any magnitude, {@code no measurable difference} also for comparisons.
   */
  public static final List<String> SCHEMA_1_AGREEMENTS = List.of("same direction", OPPOSITE, NO_DIFFERENCE,
      CANNOT_TELL, NO_FIGURE, DIFFERS);
  /** The band in words, {@code ±5%}. */
  public static final String BAND = band(EQUIVALENCE_PCT);

  private Agreement() {}

  /**
   * Whether {@code agreement} is a value a {@code findings.json} of {@code schemaVersion} can hold
   * (1: {@link #SCHEMA_1_AGREEMENTS}; 2 and later: {@link #AGREEMENTS}).
   */
  public static boolean known(String agreement, int schemaVersion) {
    return (schemaVersion <= 1 ? SCHEMA_1_AGREEMENTS : AGREEMENTS).contains(agreement);
  }

  /**
   * The study's figure as a verdict reads it.
   *
   * @param value the figure in the finding's unit (NaN: none published)
   * @param bandPct the half-width the figure is widened by, percent ({@link #EQUIVALENCE_PCT} unless
   *     the study declares its own)
   * @param bandWhy why the study's own band, with its source; empty for dbbench's equivalence band
   * @param caveat why the figure is not the effect the question names, in a few words; empty when it is
   * @param caveatSource the caveat's detail and source, for the note; empty when none
   */
  public record StudyFigure(double value, double bandPct, String bandWhy, String caveat, String caveatSource) {
    /**
     * Checks the band.
     *
     * @throws IllegalArgumentException when {@code bandPct} is negative or not a number
     */
    public StudyFigure {
      Objects.requireNonNull(bandWhy, "bandWhy");
      Objects.requireNonNull(caveat, "caveat");
      Objects.requireNonNull(caveatSource, "caveatSource");
      if (!(bandPct >= 0) || Double.isInfinite(bandPct)) {
        throw new IllegalArgumentException("band " + bandPct + "%: expected a finite half-width of at least 0 percent");
      }
    }

    /** {@code value} widened by dbbench's equivalence band, with no caveat. */
    public static StudyFigure of(double value) {
      return new StudyFigure(value, EQUIVALENCE_PCT, "", "", "");
    }

    /** Which band widens the figure, in words. */
    public String bandText() {
      return band(bandPct) + (bandWhy.isEmpty() ? " (dbbench's equivalence band)" : " (the study's band: " + bandWhy + ")");
    }
  }

  /**
   * An agreement and its reasoning.
   *
   * @param agreement one of {@link #AGREEMENTS} (or, read from an old file, {@link #SCHEMA_1_AGREEMENTS})
   * @param factor for {@link #SMALLER} and {@link #LARGER}, the least ratio of the effects (at least
   *     1); for {@link #OPPOSITE}, how many times at least the study's effect exceeds this run's
   *     largest in the other direction (NaN when this run's may be as large); NaN otherwise
   * @param bound the bound that decides the verdict, or null when none does
   * @param caveat for {@link #NOT_COMPARABLE}, why the study's figure is not the effect; empty otherwise
   * @param note why, in words (for {@code cannot tell}, the forks a verdict would need)
   * @param pointReading for {@link #CANNOT_TELL}, where the point estimate lies against no change and
   *     the study's figure, in words ({@code point estimate 2.35x larger}); empty when no point was
   *     given or the interval decides
   */
  public record Verdict(String agreement, double factor, Bound bound, String caveat, String note,
      String pointReading) {
    /**
     * Checks the agreement.
     *
     * @throws IllegalArgumentException when {@code agreement} is in neither closed set
     */
    public Verdict {
      Objects.requireNonNull(caveat, "caveat");
      Objects.requireNonNull(note, "note");
      Objects.requireNonNull(pointReading, "pointReading");
      if (!AGREEMENTS.contains(agreement) && !SCHEMA_1_AGREEMENTS.contains(agreement)) {
        throw new IllegalArgumentException("agreement '" + agreement + "': expected one of " + AGREEMENTS);
      }
    }

    /** A verdict without a point reading. */
    public Verdict(String agreement, double factor, Bound bound, String caveat, String note) {
      this(agreement, factor, bound, caveat, note, "");
    }

    /** A verdict without magnitude, bound or caveat. */
    public Verdict(String agreement, String note) {
      this(agreement, Double.NaN, null, "", note);
    }

    /**
     * The verdict as the report prints it: the agreement, with the factor for {@link #SMALLER},
     * {@link #LARGER} and {@link #OPPOSITE} ({@code same direction, 30.5x smaller}, {@code opposite
     * direction, 3.65x smaller}), the caveat for {@link #NOT_COMPARABLE},
     * {@code ; bounded by ...} when a bound decides it, and the point reading after {@code cannot tell}
     * ({@code cannot tell; point estimate in the opposite direction}).
     */
    public String text() {
      String t = switch (agreement) {
        case SMALLER -> "same direction, " + Finding.ratio(factor) + " smaller";
        case LARGER -> "same direction, " + Finding.ratio(factor) + " larger";
        case NOT_REPRODUCED -> "not reproduced, " + Finding.ratio(factor) + " smaller or none";
        case OPPOSITE -> Double.isNaN(factor) ? OPPOSITE : OPPOSITE + ", " + Finding.ratio(factor) + " smaller";
        case NOT_COMPARABLE -> NOT_COMPARABLE + (caveat.isEmpty() ? "" : ": " + caveat);
        default -> agreement;
      };
      t = bound == null ? t : t + "; bounded by " + bound.what();
      return pointReading.isEmpty() ? t : t + "; " + pointReading;
    }
  }

  /**
   * {@link #agreeComparison(boolean, double, double, StudyFigure, Bound, String)} with the figure
   * widened by the equivalence band, no caveat and no bound.
   */
  public static Verdict agreeComparison(boolean ratio, double lo, double hi, double published, String need) {
    return agreeComparison(ratio, Double.NaN, lo, hi, StudyFigure.of(published), null, need);
  }

  /**
   * {@link #agreeComparison(boolean, double, double, double, StudyFigure, Bound, String)} without a
   * point estimate: a {@value #CANNOT_TELL} verdict carries no point reading.
   */
  public static Verdict agreeComparison(boolean ratio, double lo, double hi, StudyFigure figure, Bound bound,
      String need) {
    return agreeComparison(ratio, Double.NaN, lo, hi, figure, bound, need);
  }

  /**
   * The agreement of a comparison's interval with the study's figure, and its reasoning (the rules
   * in the class comment).
   *
   * @param ratio whether figures are speed-ups (no change = 1) rather than changes in time (no change = 0)
   * @param point the run's point estimate, for the point reading of a {@value #CANNOT_TELL} verdict (NaN: none)
   * @param lo the interval's low bound (NaN: no interval)
   * @param hi its high bound
   * @param figure the study's figure, its band and caveat
   * @param bound what bounds the effect on this machine, or null
   * @param need the forks a verdict would need, in words
   * @return the agreement and its note
   * @throws IllegalArgumentException when a speed-up interval, point or figure is not above 0, or {@code lo > hi}
   */
  public static Verdict agreeComparison(boolean ratio, double point, double lo, double hi, StudyFigure figure,
      Bound bound, String need) {
    String u = ratio ? "x" : "%";
    double none = ratio ? 1 : 0;
    double bandLo = ratio ? 1 / (1 + EQUIVALENCE_PCT / 100) : -EQUIVALENCE_PCT;
    double bandHi = ratio ? 1 + EQUIVALENCE_PCT / 100 : EQUIVALENCE_PCT;
    boolean interval = !Double.isNaN(lo) && !Double.isNaN(hi);
    if (interval && (lo > hi || ratio && lo <= 0)) {
      throw new IllegalArgumentException("interval [" + lo + ", " + hi + "]" + (ratio ? " of a speed-up" : "")
          + ": expected low <= high" + (ratio ? ", both above 0" : ""));
    }
    if (ratio && point <= 0) {
      throw new IllegalArgumentException("point estimate " + point + " of a speed-up: expected a ratio above 0");
    }
    String measured;
    if (!interval) {
      measured = "no interval at this run's forks; a verdict needs " + need;
    } else if (lo > none || hi < none) {
      measured = "the interval excludes no change (" + (lo > none ? "above" : "below") + ")";
    } else if (lo >= bandLo && hi <= bandHi) {
      measured = "the interval lies inside the " + BAND + " equivalence band";
    } else {
      measured = "the interval includes no change but reaches beyond the " + BAND
          + " equivalence band; a verdict needs " + need;
    }
    double published = figure.value();
    if (Double.isNaN(published)) {
      return new Verdict(NO_FIGURE, measured);
    }
    if (ratio && published <= 0) {
      throw new IllegalArgumentException("published speed-up " + published + ": expected a ratio above 0");
    }
    if (!interval) {
      if (!figure.caveat().isEmpty()) {
        return notComparable(figure, measured);
      }
      String reading = pointReading(ratio, point, published, figure.bandPct());
      return new Verdict(CANNOT_TELL, Double.NaN, null, "", measured, reading);
    }
    double b = figure.bandPct() / 100;
    double wLo = ratio ? published / (1 + b) : published - figure.bandPct();
    double wHi = ratio ? published * (1 + b) : published + figure.bandPct();
    List<String> why = new ArrayList<>(List.of(measured));
    why.add("the study's " + Finding.figure(published, u) + " widened by " + figure.bandText() + " is ["
        + Finding.figure(wLo, u) + ", " + Finding.figure(wHi, u) + "]");
    // orient the effect scale so that the study's figure lies on the positive side
    double s = published >= none ? 1 : -1;
    double l = Math.min(s * effect(lo, ratio), s * effect(hi, ratio));
    double h = Math.max(s * effect(lo, ratio), s * effect(hi, ratio));
    double fLo = Math.min(s * effect(wLo, ratio), s * effect(wHi, ratio));
    double fHi = Math.max(s * effect(wLo, ratio), s * effect(wHi, ratio));
    double nLo = Math.min(s * effect(bandLo, ratio), s * effect(bandHi, ratio));
    double nHi = Math.max(s * effect(bandLo, ratio), s * effect(bandHi, ratio));
    boolean studyFoundEffect = fLo > nHi;
    String agreement;
    double factor = Double.NaN;
    if (h < 0) {
      agreement = OPPOSITE;
      if (-l < fLo) {
        factor = fLo / -l;
        why.add(studysAtLeast(factor, "this run's largest, in the other direction", fLo, -l, s, ratio));
      }
    } else if (l > 0) {
      if (h >= fLo && l <= fHi) {
        agreement = REPRODUCED;
      } else if (h < fLo) {
        agreement = SMALLER;
        factor = fLo / h;
        why.add(studysAtLeast(factor, "this run's", fLo, h, s, ratio));
      } else {
        agreement = LARGER;
        factor = l / fHi;
        why.add("as effects (" + scale(ratio) + ") this run's is at least " + Finding.ratio(factor)
            + " the study's: " + effectText(l, s, ratio) + " against " + effectText(fHi, s, ratio));
      }
    } else if (l >= nLo && h <= nHi) {
      agreement = studyFoundEffect ? NO_EFFECT : REPRODUCED;
    } else if (h > 0 && h < fLo) {
      agreement = NOT_REPRODUCED;
      factor = fLo / h;
      why.add(studysAtLeast(factor, "this run's largest", fLo, h, s, ratio));
    } else {
      agreement = CANNOT_TELL;
    }
    Bound deciding = null;
    if (bound != null) {
      if (!bound.hasLimit()) {
        boolean decides = agreement.equals(SMALLER) || agreement.equals(NOT_REPRODUCED) || agreement.equals(NO_EFFECT);
        deciding = decides ? bound : null;
        why.add("bounded by " + bound.what() + (decides ? "" : ", which does not decide this verdict")
            + (bound.basis().isEmpty() ? "" : " (" + bound.basis() + ")"));
      } else {
        double bEffect = s * effect(bound.limit(), ratio);
        boolean outOfReach = bEffect < fLo;
        boolean decides = outOfReach && (agreement.equals(SMALLER) || agreement.equals(NOT_REPRODUCED)
            || agreement.equals(NO_EFFECT));
        deciding = decides ? bound : null;
        why.add("bounded by " + bound.what() + ": the most it can show here is " + Finding.figure(bound.limit(), u)
            + (bound.basis().isEmpty() ? "" : " (" + bound.basis() + ")")
            + (outOfReach ? ", below the study's widened figure: this machine cannot show it"
                : ", which leaves the study's widened figure within reach: the bound does not explain the gap"));
      }
    }
    String note = String.join("; ", why);
    if (!figure.caveat().isEmpty()) {
      return notComparable(figure, note + "; on the figure alone: "
          + new Verdict(agreement, factor, deciding, "", "").text());
    }
    String reading = agreement.equals(CANNOT_TELL) ? pointReading(ratio, point, published, figure.bandPct()) : "";
    return new Verdict(agreement, factor, deciding, "", note, reading);
  }

  /**
   * Where a point estimate lies against no change and the study's figure, in words (the class
   * comment's point reading); empty when {@code point} is NaN.
   */
  static String pointReading(boolean ratio, double point, double published, double bandPct) {
    if (Double.isNaN(point)) {
      return "";
    }
    double none = ratio ? 1 : 0;
    double s = published >= none ? 1 : -1;
    double e = s * effect(point, ratio);
    double band = effect(ratio ? 1 + EQUIVALENCE_PCT / 100 : EQUIVALENCE_PCT, ratio);
    double f = s * effect(published, ratio);
    double b = bandPct / 100;
    double fLo = Math.min(s * effect(ratio ? published / (1 + b) : published - bandPct, ratio),
        s * effect(ratio ? published * (1 + b) : published + bandPct, ratio));
    double fHi = Math.max(s * effect(ratio ? published / (1 + b) : published - bandPct, ratio),
        s * effect(ratio ? published * (1 + b) : published + bandPct, ratio));
    String at = "point estimate " + Finding.figure(point, ratio ? "x" : "%");
    if (Math.abs(e) <= band) {
      return at + " inside the " + BAND + " band of no change";
    }
    if (e < 0) {
      return at + " in the opposite direction";
    }
    if (f <= band) {
      return at + ", an effect where the study's figure shows none";
    }
    if (e >= fLo && e <= fHi) {
      return at + " at the study's figure";
    }
    return e < fLo ? at + ", " + Finding.ratio(f / e) + " smaller" : at + ", " + Finding.ratio(e / f) + " larger";
  }

  private static Verdict notComparable(StudyFigure figure, String note) {
    return new Verdict(NOT_COMPARABLE, Double.NaN, null, figure.caveat(), figure.caveat()
        + (figure.caveatSource().isEmpty() ? "" : " (" + figure.caveatSource() + ")") + "; " + note);
  }

  /** A figure on the effect scale: {@code ln v} for a speed-up, the points themselves for a change in time. */
  static double effect(double v, boolean ratio) {
    return ratio ? Math.log(v) : v;
  }

  private static String scale(boolean ratio) {
    return ratio ? "logs of the speed-ups" : "changes in time, points";
  }

  /**
   * Why the study's effect is larger: {@code as effects (<scale>) the study's is at least <factor> <whose>:
   * <study's> against <this run's>}, for oriented effects {@code study} and {@code run}.
   */
  private static String studysAtLeast(double factor, String whose, double study, double run, double s, boolean ratio) {
    return "as effects (" + scale(ratio) + ") the study's is at least " + Finding.ratio(factor) + " " + whose + ": "
        + effectText(study, s, ratio) + " against " + effectText(run, s, ratio);
  }

  /** An oriented effect back in words: {@code ln 4.42} or {@code 38.7 points}. */
  private static String effectText(double oriented, double s, boolean ratio) {
    double e = s * oriented;
    return ratio ? "ln " + Finding.ratio(Math.exp(e)).replace("x", "") : String.format(Locale.ROOT, "%.1f points",
        Math.abs(e));
  }

  private static String band(double pct) {
    return "±" + (pct == Math.rint(pct) ? String.valueOf(Math.round(pct)) : String.format(Locale.ROOT, "%.1f", pct))
        + "%";
  }

  /**
   * The agreement of an absolute figure's interval with a published range {@code [low, high]}
   * widened by the equivalence band.
   *
   * @return the agreement and its note
   */
  public static Verdict agreeAbsolute(double lo, double hi, double low, double high, int forks) {
    if (Double.isNaN(low)) {
      return new Verdict(NO_FIGURE, Double.isNaN(lo) ? "no interval: " + forks + " fork(s)" : "");
    }
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return new Verdict(CANNOT_TELL, "no interval from " + forks + " fork" + (forks == 1 ? "" : "s")
          + "; an interval needs at least 2");
    }
    double bandLo = low * (1 - EQUIVALENCE_PCT / 100);
    double bandHi = high * (1 + EQUIVALENCE_PCT / 100);
    String range = low == high ? Units.num(low) : Units.num(low) + "-" + Units.num(high);
    if (lo >= bandLo && hi <= bandHi) {
      return new Verdict(NO_DIFFERENCE, "the interval lies inside the published " + range + " widened by " + BAND);
    }
    if (hi < bandLo || lo > bandHi) {
      double f = hi < bandLo ? low / hi : lo / high;
      return new Verdict(DIFFERS, "the whole interval lies " + (hi < bandLo ? "below" : "above") + " the published "
          + range + " (at least " + Finding.ratio(f) + ")");
    }
    return new Verdict(CANNOT_TELL, "the interval overlaps the edge of the published " + range);
  }
}
