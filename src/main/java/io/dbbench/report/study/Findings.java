package io.dbbench.report.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.ForkSchedule;
import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Bound;
import io.dbbench.report.stats.Finding;
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
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Builds a run's findings, the data behind the report's opening table and {@code findings.json}:
 * for every study present in the run, each of its measures (from the study's resource in its
 * room, {@link StudyForm#studyResource}, with the study's source) beside dbbench's counterpart from
 * this run, with its 95% interval and an agreement read from that interval alone
 * ({@link Agreement}). It returns {@link Finding} records and writes them ({@link #write}); drawing
 * them is {@code io.dbbench.report.render.FindingsSection}'s, and this class imports nothing of the
 * renderer ({@code LayeringTest} checks it).
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
 * <p>A study is present when one of the run's benchmarks matches its {@code present} regex; its
 * measures are those of its {@link StudyForm#studyResource}.
 */
public final class Findings {
  private Findings() {}

  /** Every registered form's study ({@link StudyForm#studyResource}, {@link Study#load}), in report order. */
  public static List<Study> studies() {
    List<Study> out = new ArrayList<>();
    for (StudyForm form : StudyTables.forms()) {
      if (form.studyResource().isPresent()) {
        out.add(form.study());
      }
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

  /**
   * The findings of {@code run}: every measure of every study present in the run, in report order;
   * a comparison's verdict names the bound its form computes ({@link StudyForm#bound}) when it decides.
   */
  public static List<Finding> of(Run run) {
    List<Finding> out = new ArrayList<>();
    for (StudyForm form : StudyTables.forms()) {
      if (form.studyResource().isEmpty()) {
        continue;
      }
      Study s = form.study();
      if (run.results().stream().anyMatch(r -> s.present().matcher(r.benchmark()).find())) {
        for (Study.Measure m : s.measures()) {
          out.add(of(s, m, run, (base, other) -> form.bound(m, run, base, other), form::publishedCounterpart));
        }
      }
    }
    return out;
  }

  /**
   * Where a comparison finding gets the bound on its effect: from the two rows it reads, the
   * bound, or empty when none is known.
   */
  @FunctionalInterface
  public interface Bounds {
    /** No bound. */
    Bounds NONE = (base, other) -> Optional.empty();

    /** The bound on the comparison of {@code baseline} against {@code contender}. */
    Optional<Bound> of(JmhResult baseline, JmhResult contender);
  }

  /**
   * How a finding's question opens the provenance it carries when the study's own point was not run
   * and a fallback row stood in (quick mode): the question, then
   * {@code " (the study's point P was not run; nearest: Q)"}. Written here and read back by
   * {@link #shortQuestion} and {@link #provenance}, the one place that knows the wording.
   */
  static final String NEAREST_OPEN = " (the study's point ";

  /** A finding's question without the provenance {@link #NEAREST_OPEN} opens: what a heading shows. */
  static String shortQuestion(String question) {
    if (question == null) {
      return "";
    }
    int at = question.indexOf(NEAREST_OPEN);
    return at < 0 || !question.endsWith(")") ? question : question.substring(0, at);
  }

  /**
   * The provenance a finding's question carries ({@code the study's point P was not run; nearest: Q}),
   * without its parentheses; empty when it has none.
   */
  static String provenance(String question) {
    if (question == null) {
      return "";
    }
    int at = question.indexOf(NEAREST_OPEN);
    return at < 0 || !question.endsWith(")") ? "" : question.substring(at + 2, question.length() - 1);
  }

  /**
   * Writes {@link Finding#FILE} into {@code runDir} ({@link FindingsJson#write}).
   *
   * @throws IOException when it cannot be written
   */
  public static void write(Path runDir, List<Finding> findings) throws IOException {
    FindingsJson.write(runDir, findings.stream().map(Finding::toEntry).toList());
  }

  /** The finding of one measure of one study in {@code run} (the study need not be present), with no bound. */
  public static Finding of(Study study, Study.Measure m, Run run) {
    return of(study, m, run, Bounds.NONE);
  }

  /**
   * The finding of one measure of one study in {@code run} (the study need not be present); a
   * comparison's verdict weighs the bound {@code bounds} gives for its two rows.
   */
  public static Finding of(Study study, Study.Measure m, Run run, Bounds bounds) {
    return of(study, m, run, bounds, r -> true);
  }

  /**
   * The finding of one measure of one study in {@code run}, read only from rows that
   * {@code counterpart} accepts as the counterpart of the study's figure
   * ({@link StudyForm#publishedCounterpart}: a row of the stand-in's model of the pool study's
   * server never is); a comparison's verdict weighs the bound {@code bounds} gives for its two rows.
   */
  public static Finding of(Study study, Study.Measure m, Run run, Bounds bounds,
      Predicate<JmhResult> counterpart) {
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
      base = find(run.results().stream().filter(counterpart).toList(), run.manifest(), rows.get(i), change);
      used = i;
    }
    if (base == null) {
      return new Finding(new Finding.Subject(id, title, kind, "", "", unit, rows.get(0).params(), m.change(), question, ""),
          Finding.Measured.none(comparison ? noChange(measureKind) : Double.NaN, 0),
          new Finding.Publication(published, pubLow, pubHigh, source),
          new Agreement.Verdict("cannot tell", "not measured in this run: needs " + rows.get(0).describe()
              + (comparison ? " and its " + Study.paramsText(m.change()) + " sibling" : "")), Finding.Conditions.NONE);
    }
    String fallback = used == 0 ? "" : NEAREST_OPEN + Study.paramsText(rows.get(0).params())
        + (comparison ? " -> " + Study.paramsText(m.change()) : "") + " was not run; nearest: "
        + base.paramText().replace(",", " ") + (comparison ? " -> " + Study.paramsText(change) : "") + ")";
    String backend = backendLabel(run.manifest(), base) + study.studyBackend().map(b -> "; the study: " + b).orElse("");
    if (comparison) {
      JmhResult other = FormSupport.sibling(run.results(), base, change, false);
      return comparison(id, title, measureKind, unit, question + fallback, published, m.published().figure(), source,
          backend, run, base, other, bounds.of(base, other).orElse(null));
    }
    double[][] forks;
    String metric;
    if (measureKind.equals("rate")) {
      JmhResult.Metric counter = base.secondary().get(m.metric());
      metric = m.metric() + " counter (secondary metric) per second";
      if (counter == null) {
        return new Finding(new Finding.Subject(id, title, kind, base.benchmark(), metric, unit, base.params(), Map.of(),
            question + fallback, backend), Finding.Measured.none(Double.NaN, base.forks()),
            new Finding.Publication(published, pubLow, pubHigh, source),
            new Agreement.Verdict("cannot tell", "not measured: " + base.label() + " has no " + m.metric() + " counter"),
            Finding.Conditions.NONE);
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
    Agreement.Verdict agree = Agreement.agreeAbsolute(ci[0], ci[1], pubLow, pubHigh, forks.length);
    return new Finding(new Finding.Subject(id, title, kind, base.benchmark(), metric, unit, base.params(), Map.of(),
        question + fallback, backend), new Finding.Measured(value, ci[0], ci[1], Double.NaN, Double.NaN, forks.length, 0,
        orderOf(run.manifest(), base, null)), new Finding.Publication(published, pubLow, pubHigh, source), agree,
        new Finding.Conditions(machineMax(MachineStateProfiler.OTHER_BUSY, base), machineMax(MachineStateProfiler.STEAL, base),
            "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN));
  }

  /**
   * A comparison finding of {@code base} against {@code other}, paired when the manifest says they
   * ran interleaved: Stein's interval ({@link Stats#steinChange}) when its pairs followed
   * {@link StoppingRule}, the paired t interval when their number was fixed.
   */
  private static Finding comparison(String id, String title, String measureKind, String unit, String question,
      String published, Agreement.StudyFigure figure, String source, String backend, Run run, JmhResult base,
      JmhResult other, Bound bound) {
    double pubValue = figure.value();
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
    Finding.Conditions conditions;
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
      int n = c.judgeable() && !c.significant() && Math.abs(pct) < Agreement.EQUIVALENCE_PCT
          ? c.pairsNeededForWidth(Agreement.EQUIVALENCE_PCT - Math.abs(pct)) : c.pairsNeeded();
      need = c.pairs() < Stats.MIN_PAIRS ? "at least " + Stats.MIN_PAIRS + " forks per side"
          : n < 0 ? "more than " + Stats.MAX_FORKS_NEEDED + " forks per side (or an effect of this size is no effect)"
          : "about " + n + " forks per side at this run's pair spread";
      conditions = new Finding.Conditions(otherCpu, steal, Objects.requireNonNullElse(rule.kind(), ""), c.pairs(),
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
      conditions = new Finding.Conditions(otherCpu, steal, "", 0, -1, -1, "", "", Double.NaN, Double.NaN, Double.NaN);
    }
    double est;
    double ciLow;
    double ciHigh;
    double none = noChange(measureKind);
    if (measureKind.equals("speedup")) {
      est = 1 / (1 + pct / 100);
      ciLow = Double.isNaN(hi) ? Double.NaN : 1 / (1 + hi / 100);
      ciHigh = Double.isNaN(lo) ? Double.NaN : 1 / (1 + lo / 100);
    } else {
      est = pct;
      ciLow = lo;
      ciHigh = hi;
    }
    Agreement.Verdict agree = Agreement.agreeComparison(measureKind.equals("speedup"), est, ciLow, ciHigh, figure,
        bound, need);
    String metric = "time per op (primary metric" + (paired ? ", paired fork means)" : ", fork means)");
    return new Finding(new Finding.Subject(id, title, "comparison", base.benchmark(), metric, unit, base.params(),
        other.params(), question, backend), new Finding.Measured(est, ciLow, ciHigh, none, p, base.forks(), other.forks(),
        order), new Finding.Publication(published, pubValue, pubValue, source), agree, conditions);
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

  /** "stand-in: mongo-java-server 1.47.0 (stand-in, not MongoDB)" or "real: embedded PostgreSQL 14.22". */
  static String backendLabel(RunManifest env, JmhResult r) {
    String b = FormSupport.backend(env, r);
    if (b.isEmpty()) {
      return "unknown (no env.json)";
    }
    RunManifest.Family fam = FormSupport.family(env, r);
    return (fam != null && fam.backend().standIn() ? "stand-in: " : "real: ") + b;
  }



  /**
   * The row of {@code rs} at the study row's point {@code sel} (with a sibling at {@code ch} for a
   * comparison): of several (a sweep's point and the headline comparison's, which the study's
   * params do not tell apart, e.g. two collection sizes), the one an interleaved headline
   * comparison of the manifest ran, else the first in the results' order; null when none.
   */
  private static JmhResult find(List<JmhResult> rs, RunManifest env, Study.Row sel, Map<String, String> ch) {
    String b = sel.benchmark();
    Map<String, String> want = sel.params();
    JmhResult first = null;
    for (JmhResult r : rs) {
      if ((r.benchmark().equals(b) || r.benchmark().startsWith(b + "."))
          && want.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))) {
        JmhResult sibling = ch.isEmpty() ? null : FormSupport.sibling(rs, r, ch, false);
        if (!ch.isEmpty() && sibling == null) {
          continue;
        }
        if (comparisonOf(env, r, sibling) != null) {
          return r;
        }
        if (first == null) {
          first = r;
        }
      }
    }
    return first;
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
}
