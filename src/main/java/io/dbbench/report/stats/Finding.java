package io.dbbench.report.stats;

import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.data.Units;
import java.util.Locale;
import java.util.Map;

/**
 * One finding: a study's published figure beside dbbench's counterpart from one run, with its
 * interval and the agreement judged from it ({@link Agreement}); one object of {@code findings.json}
 * ({@link #toEntry}) and one row of the report's opening table. A record of numbers and words: it is
 * built by {@code io.dbbench.report.study.Findings} and drawn by
 * {@code io.dbbench.report.render.FindingsSection}, and draws nothing itself.
 *
 * <p>Built from named parts: {@link Subject} (what was measured), {@link Measured} (dbbench's
 * figure), {@link Publication} (the study's), {@link Agreement.Verdict} and {@link Conditions};
 * the accessors below read through them.
 *
 * @param subject what was measured: the study, the benchmark and its rows
 * @param measured dbbench's figure with its interval, forks and fork order
 * @param publication the study's figure
 * @param verdict the agreement judged from the interval and the published figure, with its reasoning
 * @param conditions what the machine did during its forks, how many pairs it used and why it
 *     stopped, and where its variance lies ({@link Conditions#NONE} when unknown)
 */
public record Finding(Subject subject, Measured measured, Publication publication, Agreement.Verdict verdict,
    Conditions conditions) {
  /** The file the findings of a run are written to, beside {@code report.md} ({@link FindingsJson}). */
  public static final String FILE = FindingsJson.FILE;

  /**
   * What a finding is about.
   *
   * @param studyId the study's id (e.g. {@code graphj})
   * @param study the study's title
   * @param kind {@code comparison} or {@code absolute}
   * @param benchmark full benchmark method name, or empty when not measured
   * @param metric what the estimate measures, e.g. {@code time per op (primary)}
   * @param unit the estimate's unit: {@code %} (change in time), {@code x} (time ratio baseline /
   *     contender) or the absolute unit ({@code MB/s}, {@code rows/s})
   * @param baseline the baseline row's parameters (the measured row for an absolute finding)
   * @param contender the contender row's parameters, empty for an absolute finding
   * @param question what was measured, in words
   * @param backend what it was measured on, {@code stand-in: ...} or {@code real: ...}
   */
  public record Subject(String studyId, String study, String kind, String benchmark, String metric, String unit,
      Map<String, String> baseline, Map<String, String> contender, String question, String backend) {}

  /**
   * dbbench's figure.
   *
   * @param estimate the measured figure in the subject's unit (NaN when not measured)
   * @param ciLow 95% interval low bound, NaN when the forks give none
   * @param ciHigh 95% interval high bound
   * @param noChange the estimate that means no difference (0 for %, 1 for x), NaN for absolute
   * @param p the test's p-value, NaN when none
   * @param forksBaseline forks of the baseline row
   * @param forksContender forks of the contender row (0 for absolute)
   * @param order the fork sequence as run, e.g. {@code ABBAABBA}, or empty when the sides were not interleaved
   */
  public record Measured(double estimate, double ciLow, double ciHigh, double noChange, double p, int forksBaseline,
      int forksContender, String order) {
    /** Nothing measured: NaN figures, {@code noChange} as the kind has it, {@code forksBaseline} forks. */
    public static Measured none(double noChange, int forksBaseline) {
      return new Measured(Double.NaN, Double.NaN, Double.NaN, noChange, Double.NaN, forksBaseline, 0, "");
    }
  }

  /**
   * The study's figure.
   *
   * @param text in words
   * @param value in the finding's unit (NaN when none; the low end of a range)
   * @param high the high end of a published range ({@code value} when one figure)
   * @param source where it was published
   */
  public record Publication(String text, double value, double high, String source) {}

  /** The study's id. */
  public String studyId() {
    return subject.studyId();
  }

  /** The study's title. */
  public String study() {
    return subject.study();
  }

  /** {@code comparison} or {@code absolute}. */
  public String kind() {
    return subject.kind();
  }

  /** The benchmark method, or empty when not measured. */
  public String benchmark() {
    return subject.benchmark();
  }

  /** What the estimate measures. */
  public String metric() {
    return subject.metric();
  }

  /** The estimate's unit. */
  public String unit() {
    return subject.unit();
  }

  /** The baseline row's parameters. */
  public Map<String, String> baseline() {
    return subject.baseline();
  }

  /** The contender row's parameters. */
  public Map<String, String> contender() {
    return subject.contender();
  }

  /** What was measured, in words. */
  public String question() {
    return subject.question();
  }

  /** What it was measured on. */
  public String backend() {
    return subject.backend();
  }

  /** The measured figure (NaN when not measured). */
  public double estimate() {
    return measured.estimate();
  }

  /** The 95% interval's low bound. */
  public double ciLow() {
    return measured.ciLow();
  }

  /** The 95% interval's high bound. */
  public double ciHigh() {
    return measured.ciHigh();
  }

  /** The estimate meaning no difference. */
  public double noChange() {
    return measured.noChange();
  }

  /** The test's p-value. */
  public double p() {
    return measured.p();
  }

  /** Forks of the baseline row. */
  public int forksBaseline() {
    return measured.forksBaseline();
  }

  /** Forks of the contender row. */
  public int forksContender() {
    return measured.forksContender();
  }

  /** The fork sequence as run. */
  public String order() {
    return measured.order();
  }

  /** The study's figure in words. */
  public String published() {
    return publication.text();
  }

  /** The study's figure in the unit. */
  public double publishedValue() {
    return publication.value();
  }

  /** The high end of a published range. */
  public double publishedHigh() {
    return publication.high();
  }

  /** Where it was published. */
  public String source() {
    return publication.source();
  }

  /** One of {@link Agreement#AGREEMENTS}. */
  public String agreement() {
    return verdict.agreement();
  }

  /** The verdict as the report prints it ({@link Agreement.Verdict#text}). */
  public String verdictText() {
    return verdict.text();
  }

  /** The agreement's reasoning. */
  public String note() {
    return verdict.note();
  }

  /**
   * What a comparison answers, from its interval alone, whatever the study published:
   * {@code faster} or {@code slower} (the contender against the baseline) when the interval
   * excludes no change, {@code no practical difference} when it lies inside the ±5% equivalence
   * band ({@link Agreement#EQUIVALENCE_PCT}), else {@code cannot tell} with the pairs it would need
   * (its pilot's count when the comparison stopped short of it, else the forks the note names).
   * Empty for an absolute finding.
   */
  public String answer() {
    if (!kind().equals("comparison")) {
      return "";
    }
    boolean ratio = unit().equals("x");
    double bandLo = ratio ? 1 / (1 + Agreement.EQUIVALENCE_PCT / 100) : -Agreement.EQUIVALENCE_PCT;
    double bandHi = ratio ? 1 + Agreement.EQUIVALENCE_PCT / 100 : Agreement.EQUIVALENCE_PCT;
    double none = ratio ? 1 : 0;
    if (!Double.isNaN(ciLow()) && !Double.isNaN(ciHigh())) {
      // a speed-up above 1, or a change in time below 0, is the contender being faster
      if (ratio ? ciLow() > none : ciHigh() < none) {
        return "faster";
      }
      if (ratio ? ciHigh() < none : ciLow() > none) {
        return "slower";
      }
      if (ciLow() >= bandLo && ciHigh() <= bandHi) {
        return "no practical difference";
      }
    }
    if (conditions.pairsNeeded() > conditions.pairs() && conditions.pairs() > 0) {
      return "cannot tell: needs about " + conditions.pairsNeeded() + " pairs (ran " + conditions.pairs() + ")";
    }
    // the forks a verdict needs, from the note's first clause that names them (the study's figure follows it)
    int at = note().indexOf("needs ");
    if (at < 0) {
      return "cannot tell";
    }
    int end = note().indexOf("; ", at);
    return "cannot tell: " + note().substring(at, end < 0 ? note().length() : end);
  }

  /** The finding as {@code findings.json} holds it ({@link FindingsJson.Entry}; keys documented in the README). */
  public FindingsJson.Entry toEntry() {
    FindingsJson.Published pub = new FindingsJson.Published(published(), num(publishedValue()),
        publishedHigh() != publishedValue() && !Double.isNaN(publishedHigh()) ? num(publishedHigh()) : null, source());
    FindingsJson.Sampling sampling = conditions.pairs() > 0 ? new FindingsJson.Sampling(conditions.rule(),
        conditions.pairs(), conditions.pairsNeeded(), conditions.seconds(), conditions.stop(), conditions.target(),
        num(conditions.width())) : null;
    FindingsJson.Variance variance = Double.isNaN(conditions.pairSdLog()) ? null : new FindingsJson.Variance(
        num(conditions.pairSdLog()), num(conditions.withinForkShare()),
        num(Double.isNaN(conditions.withinForkShare()) ? Double.NaN : 1 - conditions.withinForkShare()));
    Bound b = verdict.bound();
    FindingsJson.Bound bound = b == null ? null : new FindingsJson.Bound(b.what(), num(b.limit()), b.basis());
    return new FindingsJson.Entry(FindingsJson.SCHEMA_VERSION, studyId(), study(), kind(), benchmark(), metric(), unit(), baseline(), contender(),
        num(estimate()), num(ciLow()), num(ciHigh()), num(noChange()), num(p()), forksBaseline(), forksContender(),
        order(), pub, answer(), agreement(), verdict.text(), num(verdict.factor()), bound, note(), question(), backend(), num(conditions.otherCpuMax()),
        num(conditions.stealMax()), conditions.underLoad(), sampling, variance);
  }

  private static Double num(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }

  /**
   * What a finding was measured under: the machine's state during its forks
   * ({@code io.dbbench.profile.MachineStateProfiler}), how its pairs were chosen ({@link StoppingRule}) and where the
   * spread of its pair differences comes from.
   *
   * @param otherCpuMax the largest share of all CPUs' time, percent, that processes other than the
   *     benchmark's own used during any of its forks; NaN when not recorded
   * @param stealMax the largest share of CPU time, percent, the hypervisor stole during any fork; NaN when not recorded
   * @param rule {@code stein} (pairs chosen by the pilot), {@code fixed} (the user's count) or empty
   * @param pairs pairs it used (0 for a finding that is not an interleaved comparison)
   * @param pairsNeeded pairs its pilot asked for, -1 when none
   * @param seconds the comparison's wall-clock seconds, -1 when unknown
   * @param stop why it stopped adding pairs ({@link StoppingRule.Stop#words}), or empty
   * @param target the width it aimed for in words, or empty
   * @param width the width its interval reached on its scale (points or high/low), NaN when none
   * @param pairSdLog the standard deviation of its pairs' log ratios, NaN when none
   * @param withinForkShare the part of the pair differences' variance that the iterations inside
   *     the forks explain (their variance over the iterations of each fork mean, relative), from 0
   *     to 1; the rest lies between pairs (JIT, layout, the machine). NaN when unknown
   */
  public record Conditions(double otherCpuMax, double stealMax, String rule, int pairs, int pairsNeeded, long seconds,
      String stop, String target, double width, double pairSdLog, double withinForkShare) {
    /** Nothing known. */
    public static final Conditions NONE = new Conditions(Double.NaN, Double.NaN, "", 0, -1, -1, "", "", Double.NaN,
        Double.NaN, Double.NaN);
    /** Percent of CPU time the hypervisor may steal during a fork before a finding counts as measured under load. */
    public static final double STEAL_LIMIT_PCT = 5;

    /**
     * Whether other processes used more than {@value MeasurementWarnings#OTHER_BUSY_LIMIT_PCT}% of
     * the CPUs during a fork, or the hypervisor stole more than {@value #STEAL_LIMIT_PCT}%: the
     * finding was measured under load and says so.
     */
    public boolean underLoad() {
      return underLoad(otherCpuMax, stealMax);
    }

    /**
     * The main job's rule for a stretch of work (a fork, a side of a block): under load when
     * processes other than the work's own used more than {@value MeasurementWarnings#OTHER_BUSY_LIMIT_PCT}%
     * of all CPUs' time or the hypervisor stole more than {@value #STEAL_LIMIT_PCT}%; NaN (not
     * known) counts as not under load.
     *
     * @param otherCpuPct percent of all CPUs' time other processes were busy
     * @param stealPct percent of CPU time stolen
     */
    public static boolean underLoad(double otherCpuPct, double stealPct) {
      return otherCpuPct > MeasurementWarnings.OTHER_BUSY_LIMIT_PCT || stealPct > STEAL_LIMIT_PCT;
    }
  }

  /**
   * {@code v} in {@code unit} as the findings print it: {@code -47.2%} for {@code %}, {@code 5.49x}
   * for {@code x} ({@link #ratio}), else the number and the unit ({@code 485 MB/s}); {@code n/a} for NaN.
   */
  public static String figure(double v, String unit) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return switch (unit) {
      case "%" -> Units.pct(v);
      case "x" -> ratio(v);
      default -> Units.num(v) + " " + unit;
    };
  }

  /** A ratio as the findings print it: {@code 11.2x} from 10 up, {@code 1.36x} below; {@code n/a} for NaN. */
  public static String ratio(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 10 ? "%.1fx" : "%.2fx", v);
  }
}
