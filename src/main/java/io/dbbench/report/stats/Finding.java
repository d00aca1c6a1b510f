package io.dbbench.report.stats;

import io.dbbench.report.data.Units;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One finding: a study's published figure beside dbbench's counterpart from one run, with its
 * interval and the agreement judged from it ({@link Agreement}); one object of {@code findings.json}
 * ({@link #toJson}) and one row of the report's opening table. A record of numbers and words: it is
 * built by {@code io.dbbench.report.study.Findings} and drawn by
 * {@code io.dbbench.report.render.FindingsSection}, and draws nothing itself.
 *
 * @param studyId the study's id (e.g. {@code graphj})
 * @param study the study's title
 * @param kind {@code comparison} or {@code absolute}
 * @param benchmark full benchmark method name, or empty when not measured
 * @param metric what the estimate measures, e.g. {@code time per op (primary)} or {@code bytes/s (secondary bytes)}
 * @param unit the estimate's unit: {@code %} (change in time), {@code x} (time ratio baseline /
 *     contender) or the absolute unit ({@code MB/s}, {@code rows/s})
 * @param baseline the baseline row's parameters (the measured row for an absolute finding)
 * @param contender the contender row's parameters, empty for an absolute finding
 * @param estimate the measured figure in {@code unit} (NaN when not measured)
 * @param ciLow 95% interval low bound in {@code unit}, NaN when the forks give none
 * @param ciHigh 95% interval high bound
 * @param noChange the estimate that means no difference (0 for %, 1 for x), NaN for absolute
 * @param p the test's p-value, NaN when none
 * @param forksBaseline forks of the baseline row
 * @param forksContender forks of the contender row (0 for absolute)
 * @param order the fork sequence as run, e.g. {@code ABBAABBA}, or empty when the sides were not
 *     interleaved (their forks ran in separate blocks)
 * @param published the study's figure in words
 * @param publishedValue the study's figure in {@code unit} (NaN when none; the low end for a range)
 * @param publishedHigh the high end of a published range ({@code publishedValue} when one figure)
 * @param source where it was published
 * @param agreement one of {@link Agreement#AGREEMENTS}
 * @param note the agreement's reasoning and, for {@code cannot tell}, the forks a verdict would need
 * @param question what was measured, in words
 * @param backend what it was measured on, {@code stand-in: ...} or {@code real: ...}
 * @param conditions what the machine did during its forks, how many pairs it used and why it
 *     stopped, and where its variance lies ({@link Conditions#NONE} when unknown)
 */
public record Finding(String studyId, String study, String kind, String benchmark, String metric, String unit,
    Map<String, String> baseline, Map<String, String> contender, double estimate, double ciLow, double ciHigh,
    double noChange, double p, int forksBaseline, int forksContender, String order, String published,
    double publishedValue, double publishedHigh, String source, String agreement, String note, String question,
    String backend, Conditions conditions) {
  /** The file the findings of a run are written to, beside {@code report.md}: a JSON array of {@link #toJson} objects. */
  public static final String FILE = "findings.json";

  /** A finding whose conditions are unknown ({@link Conditions#NONE}). */
  public Finding(String studyId, String study, String kind, String benchmark, String metric, String unit,
      Map<String, String> baseline, Map<String, String> contender, double estimate, double ciLow, double ciHigh,
      double noChange, double p, int forksBaseline, int forksContender, String order, String published,
      double publishedValue, double publishedHigh, String source, String agreement, String note, String question,
      String backend) {
    this(studyId, study, kind, benchmark, metric, unit, baseline, contender, estimate, ciLow, ciHigh, noChange, p,
        forksBaseline, forksContender, order, published, publishedValue, publishedHigh, source, agreement, note,
        question, backend, Conditions.NONE);
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
    if (!kind.equals("comparison")) {
      return "";
    }
    boolean ratio = unit.equals("x");
    double bandLo = ratio ? 1 / (1 + Agreement.EQUIVALENCE_PCT / 100) : -Agreement.EQUIVALENCE_PCT;
    double bandHi = ratio ? 1 + Agreement.EQUIVALENCE_PCT / 100 : Agreement.EQUIVALENCE_PCT;
    double none = ratio ? 1 : 0;
    if (!Double.isNaN(ciLow) && !Double.isNaN(ciHigh)) {
      // a speed-up above 1, or a change in time below 0, is the contender being faster
      if (ratio ? ciLow > none : ciHigh < none) {
        return "faster";
      }
      if (ratio ? ciHigh < none : ciLow > none) {
        return "slower";
      }
      if (ciLow >= bandLo && ciHigh <= bandHi) {
        return "no practical difference";
      }
    }
    if (conditions.pairsNeeded() > conditions.pairs() && conditions.pairs() > 0) {
      return "cannot tell: needs about " + conditions.pairsNeeded() + " pairs (ran " + conditions.pairs() + ")";
    }
    int at = note.indexOf("needs ");
    return at >= 0 ? "cannot tell: " + note.substring(at) : "cannot tell";
  }

  /** The finding as the {@code findings.json} object (keys documented in the README). */
  public Map<String, Object> toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("study", studyId);
    m.put("title", study);
    m.put("kind", kind);
    m.put("benchmark", benchmark);
    m.put("metric", metric);
    m.put("unit", unit);
    m.put("baseline", baseline);
    m.put("contender", contender);
    m.put("estimate", num(estimate));
    m.put("ci_low", num(ciLow));
    m.put("ci_high", num(ciHigh));
    m.put("no_change", num(noChange));
    m.put("p", num(p));
    m.put("forks_baseline", forksBaseline);
    m.put("forks_contender", forksContender);
    m.put("order", order);
    Map<String, Object> pub = new LinkedHashMap<>();
    pub.put("text", published);
    pub.put("value", num(publishedValue));
    if (publishedHigh != publishedValue && !Double.isNaN(publishedHigh)) {
      pub.put("high", num(publishedHigh));
    }
    pub.put("source", source);
    m.put("published", pub);
    m.put("answer", answer());
    m.put("agreement", agreement);
    m.put("note", note);
    m.put("question", question);
    m.put("backend", backend);
    m.put("other_cpu_max", num(conditions.otherCpuMax()));
    m.put("steal_max", num(conditions.stealMax()));
    m.put("under_load", conditions.underLoad());
    if (conditions.pairs() > 0) {
      Map<String, Object> sampling = new LinkedHashMap<>();
      sampling.put("rule", conditions.rule());
      sampling.put("pairs", conditions.pairs());
      sampling.put("pairs_needed", conditions.pairsNeeded());
      sampling.put("seconds", conditions.seconds());
      sampling.put("stop", conditions.stop());
      sampling.put("target", conditions.target());
      sampling.put("width", num(conditions.width()));
      m.put("sampling", sampling);
    }
    if (!Double.isNaN(conditions.pairSdLog())) {
      Map<String, Object> variance = new LinkedHashMap<>();
      variance.put("pair_sd_log", num(conditions.pairSdLog()));
      variance.put("within_fork_share", num(conditions.withinForkShare()));
      variance.put("between_pairs_share", num(Double.isNaN(conditions.withinForkShare()) ? Double.NaN
          : 1 - conditions.withinForkShare()));
      m.put("variance", variance);
    }
    return m;
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
      return otherCpuMax > MeasurementWarnings.OTHER_BUSY_LIMIT_PCT || stealMax > STEAL_LIMIT_PCT;
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
