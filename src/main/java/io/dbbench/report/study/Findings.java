package io.dbbench.report.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.ForkSchedule;
import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.MeasurementWarnings;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.stats.StoppingRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The report's opening table and {@code findings.json}: for every study present in the run, each
 * of its measures (from the study's resource in its family's room, {@link StudyForm#studyResource},
 * with the study's source) beside dbbench's counterpart from this run, with its 95% interval and
 * an agreement read from that interval alone.
 *
 * <p>The studies are typed {@link Study} values read from each form's resource: a measure names
 * the dbbench rows that are its counterpart (first match in run order; later rows are fallbacks
 * tried when the study's own point was not run, as in quick mode, and say so). A measure with a
 * {@code change} is a comparison (contender = the baseline row with those params); one without is
 * an absolute figure.
 *
 * <p>Two kinds of finding:
 * <ul>
 *   <li>{@code comparison}: a change or ratio between two variants of one benchmark (journal off
 *       and on, HTTP/1.1 and HTTP/2). When the manifest records that the two sides ran as an
 *       interleaved headline comparison ({@code families.<id>.comparisons[]} with its
 *       {@code order}), the interval is the paired one ({@link Stats#pairedChange}); otherwise
 *       (older runs, sweep rows) the unpaired one over forks ({@link Stats#change}).</li>
 *   <li>{@code absolute}: one figure (MB/s, rows/s) held against a published range; interval
 *       {@link Stats#hierarchicalMeanCi95} over forks.</li>
 * </ul>
 *
 * <p>Agreement ({@link #agreeComparison}, {@link #agreeAbsolute}) never reads a point estimate:
 * {@code same direction} only when the interval excludes no change on the published side,
 * {@code opposite direction} only when it excludes it on the other side, {@code no measurable
 * difference} only when the interval lies inside the equivalence band of
 * &plusmn;{@value #EQUIVALENCE_PCT}%, else {@code cannot tell} with the forks a verdict would need;
 * {@code no published figure} when the study published none. An absolute finding is
 * {@code no measurable difference} when its interval lies inside the published range widened by
 * the band, {@code differs} when it lies wholly outside it, else {@code cannot tell}.
 *
 * <p>A study is present when one of the run's benchmarks matches its {@code present} regex; its
 * measures are those of its {@link StudyForm#studyResource}.
 */
public final class Findings {
  /** The file written beside {@code report.md}. */
  public static final String FILE = "findings.json";
  /** Half-width of the equivalence band, percent: an interval inside it is "no measurable difference". */
  public static final double EQUIVALENCE_PCT = 5.0;
  /** The agreement values of a comparison finding. */
  public static final List<String> AGREEMENTS = List.of("same direction", "opposite direction",
      "no measurable difference", "cannot tell", "no published figure", "differs");

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String BAND = "±" + Math.round(EQUIVALENCE_PCT) + "%";

  private Findings() {}

  /**
   * One finding: one row of the opening table and one object of {@code findings.json}.
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
   * @param agreement one of {@link #AGREEMENTS}
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

    /** dbbench's figure in words, as the table shows it, with the parameter point(s) it measured. */
    public String measured() {
      if (baseline.isEmpty()) {
        return question + ": " + figure(estimate, unit);
      }
      StringBuilder at = new StringBuilder(" (measured at");
      baseline.forEach((k, v) -> at.append(' ').append(k).append('=').append(v));
      contender.forEach((k, v) -> {
        if (!v.equals(baseline.get(k))) {
          at.append(" -> ").append(k).append('=').append(v);
        }
      });
      return question + ": " + figure(estimate, unit) + at.append(')');
    }

    /**
     * The interval in words, or {@code n/a: <why>}; headed by {@code UNDER LOAD} when its forks
     * shared their cores ({@link Conditions#underLoad}).
     */
    public String interval() {
      String load = conditions.underLoad() ? "UNDER LOAD (" + conditions.loadText() + ") " : "";
      if (Double.isNaN(ciLow)) {
        return load + "n/a: " + forksText();
      }
      String sampling = conditions.samplingText();
      return load + "[" + figure(ciLow, unit) + ", " + figure(ciHigh, unit) + "]"
          + (Double.isNaN(p) ? "" : ", p=" + Units.p(p)) + "; " + forksText() + (sampling.isEmpty() ? "" : "; " + sampling);
    }

    private String forksText() {
      String f = kind.equals("comparison") ? forksBaseline + "+" + forksContender + " forks" : forksBaseline + " fork"
          + (forksBaseline == 1 ? "" : "s");
      return f + (order.isEmpty() ? (kind.equals("comparison") ? ", not interleaved" : "") : ", order " + order);
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
  }

  /**
   * What a finding was measured under: the machine's state during its forks
   * ({@link MachineStateProfiler}), how its pairs were chosen ({@link StoppingRule}) and where the
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

    /** {@code measured under load: ...} in words, or empty when not under load. */
    public String loadText() {
      if (!underLoad()) {
        return "";
      }
      List<String> why = new ArrayList<>();
      if (otherCpuMax > MeasurementWarnings.OTHER_BUSY_LIMIT_PCT) {
        why.add(String.format(Locale.ROOT, "other processes used up to %.0f%% of the CPUs", otherCpuMax));
      }
      if (stealMax > STEAL_LIMIT_PCT) {
        why.add(String.format(Locale.ROOT, "the hypervisor stole up to %.0f%%", stealMax));
      }
      return "measured under load: " + String.join(", ", why) + " during its forks";
    }

    /** {@code 12 pairs, 96 s, width reached (half-width <= 10 points)} or empty. */
    public String samplingText() {
      if (pairs <= 0) {
        return "";
      }
      return pairs + " pairs" + (seconds >= 0 ? ", " + seconds + " s" : "") + (stop.isEmpty() ? "" : ", " + stop)
          + (target.isEmpty() ? "" : " (" + target + ")");
    }
  }

  /** Every registered form's study ({@link StudyForm#studyResource}, {@link Study#load}), in report order. */
  public static List<Study> studies() {
    List<Study> out = new ArrayList<>();
    for (StudyForm form : StudyTables.forms()) {
      form.studyResource().ifPresent(name -> out.add(Study.load(form.getClass(), name)));
    }
    return out;
  }

  /**
   * The scale a headline comparison's finding is printed on, so its interval's width can be judged
   * on it ({@link StoppingRule}): {@link StoppingRule.Scale#RATIO} when a study's {@code speedup}
   * measure has {@code benchmark} as its first row and {@code param=contender} as its change,
   * otherwise {@link StoppingRule.Scale#PERCENT} (a change in time).
   */
  public static StoppingRule.Scale scaleOf(List<Study> studies, String benchmark, String param, String contender) {
    for (Study s : studies) {
      for (Study.Measure m : s.measures()) {
        if (m.comparison() && m.kind().equals("speedup") && m.rows().get(0).benchmark().equals(benchmark)
            && contender.equals(m.change().get(param))) {
          return StoppingRule.Scale.RATIO;
        }
      }
    }
    return StoppingRule.Scale.PERCENT;
  }

  /** The findings of {@code run}: every measure of every study present in the run, in report order. */
  public static List<Finding> of(Run run) {
    List<Finding> out = new ArrayList<>();
    for (Study s : studies()) {
      if (run.results().stream().anyMatch(r -> s.present().matcher(r.benchmark()).find())) {
        for (Study.Measure m : s.measures()) {
          out.add(of(s, m, run));
        }
      }
    }
    return out;
  }

  /**
   * Writes {@link #FILE} into {@code runDir}: a JSON array of {@link Finding#toJson} objects.
   *
   * @throws IOException when it cannot be written
   */
  public static void write(Path runDir, List<Finding> findings) throws IOException {
    List<Map<String, Object>> out = findings.stream().map(Finding::toJson).toList();
    MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(runDir.resolve(FILE).toFile(), out);
  }

  /** The finding of one measure of one study in {@code run} (the study need not be present). */
  public static Finding of(Study study, Study.Measure m, Run run) {
    String measureKind = m.kind();
    boolean comparison = m.comparison();
    String kind = comparison ? "comparison" : "absolute";
    String title = study.title();
    String id = study.id();
    String source = study.source();
    String published = m.published().text();
    String question = m.question();
    String unit = m.unit();
    double pubLow = m.published().low();
    double pubHigh = m.published().high();
    JmhResult base = null;
    int used = -1;
    List<Study.Row> rows = m.rows();
    Map<String, String> change = m.change();
    for (int i = 0; i < rows.size() && base == null; i++) {
      // a fallback row may name its own contender (quick mode's nearest pool size)
      change = rows.get(i).change().isEmpty() ? m.change() : rows.get(i).change();
      base = find(run.results(), rows.get(i), change);
      used = i;
    }
    if (base == null) {
      return new Finding(id, title, kind, "", "", unit, rows.get(0).params(), m.change(),
          Double.NaN, Double.NaN, Double.NaN, comparison ? noChange(measureKind) : Double.NaN, Double.NaN, 0, 0, "",
          published, pubLow, pubHigh, source, "cannot tell", "not measured in this run: needs " + rows.get(0).describe()
          + (comparison ? " and its " + Study.paramsText(m.change()) + " sibling" : ""), question, "");
    }
    String fallback = used == 0 ? "" : " (the study's point " + Study.paramsText(rows.get(0).params())
        + (comparison ? " -> " + Study.paramsText(m.change()) : "") + " was not run; nearest: "
        + base.paramText().replace(",", " ") + (comparison ? " -> " + Study.paramsText(change) : "") + ")";
    String backend = backendLabel(run.manifest(), base) + study.studyBackend().map(b -> "; the study: " + b).orElse("");
    if (comparison) {
      JmhResult other = FormSupport.sibling(run.results(), base, change, false);
      return comparison(id, title, measureKind, unit, question + fallback, published, pubLow, source, backend, run,
          base, other);
    }
    double[][] forks;
    String metric;
    if (measureKind.equals("rate")) {
      JmhResult.Metric counter = base.secondary().get(m.metric());
      metric = m.metric() + " counter (secondary metric) per second";
      if (counter == null) {
        return new Finding(id, title, kind, base.benchmark(), metric, unit, base.params(), Map.of(), Double.NaN,
            Double.NaN, Double.NaN, Double.NaN, Double.NaN, base.forks(), 0, "", published, pubLow, pubHigh, source,
            "cannot tell", "not measured: " + base.label() + " has no " + m.metric() + " counter",
            question + fallback, backend);
      }
      double factor = FormSupport.perSecond(counter) / counter.score() * m.scale();
      forks = scale(counter.forks(), factor);
      if (forks.length == 0) {
        forks = new double[][] {{counter.score() * factor}};
      }
    } else {
      metric = "rows of the shape param / time per op (primary metric)";
      double rowsPerOp = shapeRows(base.params().get("shape"));
      double[][] sec = secondsForks(base);
      forks = new double[sec.length][];
      for (int f = 0; f < sec.length; f++) {
        forks[f] = new double[sec[f].length];
        for (int i = 0; i < sec[f].length; i++) {
          forks[f][i] = rowsPerOp / sec[f][i];
        }
      }
    }
    double value = Stats.mean(Stats.forkMeans(forks));
    double[] ci = Stats.hierarchicalMeanCi95(forks);
    String[] agree = agreeAbsolute(ci[0], ci[1], pubLow, pubHigh, forks.length);
    return new Finding(id, title, kind, base.benchmark(), metric, unit, base.params(), Map.of(), value, ci[0], ci[1],
        Double.NaN, Double.NaN, forks.length, 0, orderOf(run.manifest(), base, null), published, pubLow, pubHigh, source,
        agree[0], agree[1], question + fallback, backend, new Conditions(machineMax(MachineStateProfiler.OTHER_BUSY, base),
            machineMax(MachineStateProfiler.STEAL, base), "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN));
  }

  /**
   * A comparison finding of {@code base} against {@code other}, paired when the manifest says they
   * ran interleaved: Stein's interval ({@link Stats#steinChange}) when its pairs followed
   * {@link StoppingRule}, the paired t interval when their number was fixed.
   */
  private static Finding comparison(String id, String title, String measureKind, String unit, String question,
      String published, double pubValue, String source, String backend, Run run, JmhResult base, JmhResult other) {
    double[][] a = secondsForks(base);
    double[][] b = secondsForks(other);
    RunManifest.Comparison manifest = comparisonOf(run.manifest(), base, other);
    String order = manifest == null ? "" : manifest.order();
    boolean paired = !order.isEmpty() && a.length == b.length;
    double pct;
    double lo;
    double hi;
    double p;
    String need;
    Conditions conditions;
    double otherCpu = machineMax(MachineStateProfiler.OTHER_BUSY, base, other);
    double steal = machineMax(MachineStateProfiler.STEAL, base, other);
    if (paired) {
      RunManifest.Rule rule = manifest.rule() != null ? manifest.rule()
          : new RunManifest.Rule("", null, null, null, "", null, null, null);
      int pilot = rule.pilotPairs() == null ? 0 : rule.pilotPairs();
      boolean stein = "stein".equals(rule.kind()) && pilot >= Stats.MIN_PAIRS
          && pilot <= a.length;
      Stats.PairedChange c = stein ? Stats.steinChange(a, b, pilot) : Stats.pairedChange(a, b);
      pct = c.changePct();
      lo = c.ciLow();
      hi = c.ciHigh();
      p = c.p();
      int n = c.judgeable() && !c.significant() && Math.abs(pct) < EQUIVALENCE_PCT
          ? c.pairsNeededForWidth(EQUIVALENCE_PCT - Math.abs(pct)) : c.pairsNeeded();
      need = c.pairs() < Stats.MIN_PAIRS ? "at least " + Stats.MIN_PAIRS + " forks per side"
          : n < 0 ? "more than " + Stats.MAX_FORKS_NEEDED + " forks per side (or an effect of this size is no effect)"
          : "about " + n + " forks per side at this run's pair spread";
      conditions = new Conditions(otherCpu, steal, Objects.requireNonNullElse(rule.kind(), ""), c.pairs(),
          manifest.pairsNeeded() == null ? -1 : manifest.pairsNeeded(),
          manifest.wallSeconds() == null ? -1 : manifest.wallSeconds(),
          Objects.requireNonNullElse(manifest.stop(), ""), Objects.requireNonNullElse(rule.targetText(), ""),
          manifest.width() == null ? Double.NaN : manifest.width(), c.sdLog(),
          withinForkShare(a, b, c.sdLog()));
    } else {
      Stats.Change c = Stats.change(a, b);
      pct = c.changePct();
      lo = c.judgeable() ? c.ciLow() : Double.NaN;
      hi = c.judgeable() ? c.ciHigh() : Double.NaN;
      p = c.judgeable() ? c.p() : Double.NaN;
      need = "interleaved forks (the sides ran as separate blocks), " + c.forksNeededText(Math.max(1, Math.abs(pct)))
          + " per side";
      conditions = new Conditions(otherCpu, steal, "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN);
    }
    double est;
    double ciLow;
    double ciHigh;
    double none = noChange(measureKind);
    double pubEst;
    if (measureKind.equals("speedup")) {
      est = 1 / (1 + pct / 100);
      ciLow = Double.isNaN(hi) ? Double.NaN : 1 / (1 + hi / 100);
      ciHigh = Double.isNaN(lo) ? Double.NaN : 1 / (1 + lo / 100);
      pubEst = pubValue;
    } else {
      est = pct;
      ciLow = lo;
      ciHigh = hi;
      pubEst = pubValue;
    }
    String[] agree = agreeComparison(measureKind.equals("speedup"), ciLow, ciHigh, pubEst, need);
    String metric = "time per op (primary metric" + (paired ? ", paired fork means)" : ", fork means)");
    return new Finding(id, title, "comparison", base.benchmark(), metric, unit, base.params(), other.params(), est,
        ciLow, ciHigh, none, p, base.forks(), other.forks(), order, published, pubValue, pubValue, source, agree[0],
        agree[1], question, backend, conditions);
  }

  /**
   * The largest value over the forks of {@code rows} of a machine-state metric
   * ({@link MachineStateProfiler}, recorded per fork); NaN when no row has it.
   */
  static double machineMax(String metric, JmhResult... rows) {
    double max = Double.NaN;
    for (JmhResult r : rows) {
      JmhResult.Metric m = r.secondary().get(metric);
      if (m == null) {
        continue;
      }
      double[][] forks = m.forks();
      boolean any = false;
      for (double[] f : forks) {
        for (double v : f) {
          if (!Double.isNaN(v)) {
            max = Double.isNaN(max) ? v : Math.max(max, v);
            any = true;
          }
        }
      }
      if (!any && !Double.isNaN(m.score())) {
        max = Double.isNaN(max) ? m.score() : Math.max(max, m.score());
      }
    }
    return max;
  }

  /**
   * The share of the pair differences' variance ({@code sdLog}^2) that the iterations inside the
   * forks explain: the mean over pairs of the two fork means' relative variances (each fork's
   * iteration variance over its iteration count and squared mean), capped at 1; NaN when a fork
   * has fewer than two iterations or the spread is unknown.
   */
  static double withinForkShare(double[][] a, double[][] b, double sdLog) {
    int n = Math.min(a.length, b.length);
    if (n == 0 || Double.isNaN(sdLog) || sdLog == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += relativeVarianceOfMean(a[i]) + relativeVarianceOfMean(b[i]);
    }
    return Math.min(1, sum / n / (sdLog * sdLog));
  }

  private static double relativeVarianceOfMean(double[] x) {
    if (x.length < 2) {
      return Double.NaN;
    }
    double m = Stats.mean(x);
    return StatUtils.variance(x) / x.length / (m * m);
  }

  /** 1 for a time ratio, 0 for a percent change. */
  private static double noChange(String measureKind) {
    return measureKind.equals("speedup") ? 1 : 0;
  }

  /**
   * The agreement of a comparison's interval with the published figure, and its reasoning.
   *
   * @param ratio whether figures are ratios (no change = 1) rather than percent changes (no change = 0)
   * @param lo the interval's low bound (NaN: no interval)
   * @param hi its high bound
   * @param published the published figure (NaN: none)
   * @param need the forks a verdict would need, in words
   * @return {agreement, note}
   */
  static String[] agreeComparison(boolean ratio, double lo, double hi, double published, String need) {
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
      return new String[] {"no published figure", measured};
    }
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return new String[] {"cannot tell", measured};
    }
    boolean pubUp = published > none;
    if ((lo > none && pubUp) || (hi < none && !pubUp)) {
      return new String[] {"same direction", measured};
    }
    if (lo > none || hi < none) {
      return new String[] {"opposite direction", measured};
    }
    if (lo >= bandLo && hi <= bandHi) {
      return new String[] {"no measurable difference", measured};
    }
    return new String[] {"cannot tell", measured};
  }

  /**
   * The agreement of an absolute figure's interval with a published range {@code [low, high]}
   * widened by the equivalence band.
   *
   * @return {agreement, note}
   */
  static String[] agreeAbsolute(double lo, double hi, double low, double high, int forks) {
    if (Double.isNaN(low)) {
      return new String[] {"no published figure", Double.isNaN(lo) ? "no interval: " + forks + " fork(s)" : ""};
    }
    if (Double.isNaN(lo) || Double.isNaN(hi)) {
      return new String[] {"cannot tell", "no interval from " + forks + " fork" + (forks == 1 ? "" : "s")
          + "; an interval needs at least 2"};
    }
    double bandLo = low * (1 - EQUIVALENCE_PCT / 100);
    double bandHi = high * (1 + EQUIVALENCE_PCT / 100);
    String range = low == high ? Units.num(low) : Units.num(low) + "-" + Units.num(high);
    if (lo >= bandLo && hi <= bandHi) {
      return new String[] {"no measurable difference", "the interval lies inside the published " + range
          + " widened by " + BAND};
    }
    if (hi < bandLo || lo > bandHi) {
      double f = hi < bandLo ? low / hi : lo / high;
      return new String[] {"differs", "the whole interval lies " + (hi < bandLo ? "below" : "above") + " the published "
          + range + " (at least " + ratio(f) + ")"};
    }
    return new String[] {"cannot tell", "the interval overlaps the edge of the published " + range};
  }

  /**
   * The fork order the manifest records for an interleaved headline comparison whose baseline
   * point {@code a} and contender point {@code b} hold (for an absolute finding, {@code b} null:
   * either side whose point {@code a} holds); empty when none does or the order does not alternate.
   */
  static String orderOf(RunManifest env, JmhResult a, JmhResult b) {
    RunManifest.Comparison c = comparisonOf(env, a, b);
    return c == null ? "" : c.order();
  }

  /**
   * The manifest's record of the interleaved headline comparison ({@code families.<id>.comparisons[]})
   * whose baseline point {@code a} and contender point {@code b} hold (for {@code b} null: either
   * side whose point {@code a} holds) and whose order alternates; null when none.
   */
  static RunManifest.Comparison comparisonOf(RunManifest env, JmhResult a, JmhResult b) {
    RunManifest.Family fam = env == null ? null : env.families().get(a.family());
    if (fam == null) {
      return null;
    }
    for (RunManifest.Comparison c : fam.comparisonList()) {
      if (!a.benchmark().equals(c.benchmark()) || !ForkSchedule.alternates(c.order())) {
        continue;
      }
      if (b == null) {
        if (holds(a, c.baseline()) || holds(a, c.contender())) {
          return c;
        }
      } else if (holds(a, c.baseline()) && holds(b, c.contender())) {
        return c;
      }
    }
    return null;
  }

  private static boolean holds(JmhResult r, Map<String, String> point) {
    if (point.isEmpty()) {
      return false;
    }
    for (Map.Entry<String, String> e : point.entrySet()) {
      if (!e.getValue().equals(r.params().get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static String figure(double v, String unit) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return switch (unit) {
      case "%" -> Units.pct(v);
      case "x" -> ratio(v);
      default -> Units.num(v) + " " + unit;
    };
  }

  /** "stand-in: mongo-java-server 1.47.0 (stand-in, not MongoDB)" or "real: embedded PostgreSQL 14.22". */
  static String backendLabel(RunManifest env, JmhResult r) {
    String b = FormSupport.backend(env, r);
    if (b.isEmpty()) {
      return "unknown (no env.json)";
    }
    RunManifest.Family fam = FormSupport.family(env, r);
    return (fam != null && fam.backend().standIn() ? "stand-in: " : "real: ") + b;
  }



  private static JmhResult find(List<JmhResult> rs, Study.Row sel, Map<String, String> ch) {
    String b = sel.benchmark();
    Map<String, String> want = sel.params();
    for (JmhResult r : rs) {
      if ((r.benchmark().equals(b) || r.benchmark().startsWith(b + "."))
          && want.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))
          && (ch.isEmpty() || FormSupport.sibling(rs, r, ch, false) != null)) {
        return r;
      }
    }
    return null;
  }

  /**
   * The mean seconds per operation of {@code benchmark} in one fork's JMH JSON array (a
   * {@code -f 1} run), as a finding reads a fork ({@link #secondsForks}); NaN when the array holds
   * no row of it.
   *
   * @throws ReportException when {@code forkRun} is not JMH output
   */
  public static double forkSecondsPerOp(JsonNode forkRun, String benchmark) throws ReportException {
    for (JmhResult r : JmhJson.parse(forkRun, "fork of " + benchmark)) {
      if (r.benchmark().equals(benchmark)) {
        double[] m = Stats.forkMeans(secondsForks(r));
        return m.length == 0 ? Double.NaN : Stats.mean(m);
      }
    }
    return Double.NaN;
  }

  /** The primary metric fork by fork as seconds per operation. */
  static double[][] secondsForks(JmhResult r) {
    double[][] f = r.primary().forks();
    if (f.length == 0) {
      return new double[][] {{FormSupport.timePerOp(r)}};
    }
    double[][] out = new double[f.length][];
    boolean thrpt = Units.higherIsBetter(r.primary().unit());
    for (int i = 0; i < f.length; i++) {
      out[i] = Units.toSecondsPerOp(f[i], r.primary().unit());
      if (thrpt) {
        for (int j = 0; j < out[i].length; j++) {
          out[i][j] *= r.threads();
        }
      }
    }
    return out;
  }

  private static double[][] scale(double[][] f, double k) {
    double[][] out = new double[f.length][];
    for (int i = 0; i < f.length; i++) {
      out[i] = new double[f[i].length];
      for (int j = 0; j < f[i].length; j++) {
        out[i][j] = f[i][j] * k;
      }
    }
    return out;
  }

  private static double shapeRows(String shape) {
    if (shape == null) {
      return Double.NaN;
    }
    String[] p = shape.toLowerCase(Locale.ROOT).split("x");
    try {
      return p.length == 2 ? Double.parseDouble(p[0]) * Double.parseDouble(p[1]) : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String ratio(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 10 ? "%.1fx" : "%.2fx", v);
  }

  /**
   * The first screen: one short line per finding (the study, its question, dbbench's estimate and
   * interval, the study's figure, the verdict with its marks: {@code UNDER LOAD}, {@code cap}) and
   * a forest plot of the comparison findings' intervals beside the published figures
   * ({@link Charts#forest}); sources and reasoning follow in "Findings in detail".
   */
  static void appendGlance(Doc.Section s, List<Finding> fs) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("question").col("dbbench [95%]").col("study's figure")
        .col("verdict");
    List<String> labels = new ArrayList<>();
    List<Double> est = new ArrayList<>();
    List<Double> lo = new ArrayList<>();
    List<Double> hi = new ArrayList<>();
    List<Double> pub = new ArrayList<>();
    for (Finding f : fs) {
      String interval = Double.isNaN(f.ciLow()) ? "" : " [" + figure(f.ciLow(), f.unit()) + ", " + figure(f.ciHigh(), f.unit())
          + "]";
      List<String> marks = new ArrayList<>();
      if (f.conditions().underLoad()) {
        marks.add(String.format(Locale.ROOT, "UNDER LOAD (other processes %.0f%%)", f.conditions().otherCpuMax()));
      }
      if (f.conditions().stop().equals(StoppingRule.Stop.CAP.words())
          || f.conditions().stop().equals(StoppingRule.Stop.MAX_PAIRS.words())) {
        marks.add(f.conditions().stop() + " at " + f.conditions().pairs() + " pairs");
      }
      String published = Double.isNaN(f.publishedValue()) ? "none published" : figure(f.publishedValue(), f.unit())
          + (f.publishedHigh() != f.publishedValue() && !Double.isNaN(f.publishedHigh()) ? " to "
          + figure(f.publishedHigh(), f.unit()) : "");
      t.row(List.of(f.studyId(), f.question(), figure(f.estimate(), f.unit()) + interval, published,
          f.agreement() + (marks.isEmpty() ? "" : "; " + String.join("; ", marks))));
      if (f.kind().equals("comparison")) {
        labels.add(f.studyId() + ": " + changeText(f));
        est.add(speedUp(f.estimate(), f.unit()));
        // a speed-up's order flips when the unit is a change in time
        double a = speedUp(f.ciLow(), f.unit());
        double b = speedUp(f.ciHigh(), f.unit());
        lo.add(Math.min(a, b));
        hi.add(Math.max(a, b));
        pub.add(speedUp(f.publishedValue(), f.unit()));
      }
    }
    s.add(t.build());
    if (lo.stream().anyMatch(Double::isFinite)) {
      s.add(Charts.forest("findings-forest", "Comparison findings: 95% intervals and the studies' figures",
          labels, est, lo, hi, pub));
    }
  }

  /** The parameter the two sides differ in, {@code name a->b}, for a short label; the question when none differs. */
  static String changeText(Finding f) {
    for (Map.Entry<String, String> e : f.contender().entrySet()) {
      String a = f.baseline().get(e.getKey());
      if (a != null && !a.equals(e.getValue())) {
        return e.getKey() + " " + a + "->" + e.getValue();
      }
    }
    return Charts.shorten(f.question());
  }

  /** A comparison figure as a speed-up (baseline time / contender time): {@code x} as is, a percent change in time inverted. */
  static double speedUp(double v, String unit) {
    if (Double.isNaN(v)) {
      return Double.NaN;
    }
    return unit.equals("%") ? 1 / (1 + v / 100) : v;
  }

  /** Appends the "Findings" section: one row per finding, with a short legend. */
  public static void appendTo(Doc doc, Run run) {
    List<Finding> fs = of(run);
    Doc.Section s = doc.section(2, "Findings");
    s.id = "findings";
    if (fs.isEmpty()) {
      s.text("No benchmark of a reproduced study ran in this run.");
      return;
    }
    appendGlance(s, fs);
    s = doc.section(3, "Findings in detail");
    s.id = "findings-detail";
    s.text("Above, at a glance: dbbench's estimate with its 95% interval beside each study's figure. Here, each"
        + " study's published figure with its source beside dbbench's counterpart from this run (also in " + FILE
        + "). Interval:"
        + " 95%; for a comparison whose forks ran interleaved (order ABBA...) the paired Student-t interval of the"
        + " fork-by-fork log ratio, otherwise a two-level bootstrap over forks (Kalibera and Jones). Agreement reads"
        + " only the interval: same or opposite direction when it excludes no change, no measurable difference when"
        + " it lies inside " + BAND + ", otherwise cannot tell. The backends and machines"
        + " differ, as the backend column says.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("published (source)").col("dbbench, this run")
        .col("95% interval").col("agreement").col("backend");
    for (Finding f : fs) {
      t.row(List.of(f.study(), f.published() + ". Source: " + f.source(), f.measured(), f.interval(),
          f.agreement() + (f.note().isEmpty() ? "" : ": " + f.note()), f.backend()));
    }
    s.add(t.build());
  }
}
