package io.dbbench.report.render;

import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Finding;
import io.dbbench.report.stats.MeasurementWarnings;
import io.dbbench.report.stats.StoppingRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws the findings into the report: the opening table with its forest plot, then the findings in
 * detail. It lays out the {@link Finding}s it is given, which {@code io.dbbench.report.study.Findings}
 * built and judged ({@link Agreement}); it computes no interval and judges nothing.
 */
public final class FindingsSection {
  private FindingsSection() {}

  /**
   * The first screen: one short line per finding (the study, its question, dbbench's estimate and
   * interval, its answer with {@code cap at N pairs} when it stopped short of its target, the study's
   * figure, the verdict with its magnitude, bound and {@code UNDER LOAD} mark) and
   * a forest plot of the comparison findings' intervals beside the published figures
   * ({@link Charts#forest}); sources and reasoning follow in "Findings in detail".
   */
  static void appendGlance(Doc.Section s, List<Finding> fs) {
    appendGlance(s, fs, List.of());
  }

  static void appendGlance(Doc.Section s, List<Finding> fs, List<String> history) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("question").col("dbbench [95%]").col("answer")
        .col("study's figure").col("verdict");
    if (!history.isEmpty()) {
      t.col("over time");
    }
    int at = 0;
    List<String> labels = new ArrayList<>();
    List<Double> est = new ArrayList<>();
    List<Double> lo = new ArrayList<>();
    List<Double> hi = new ArrayList<>();
    List<Double> pub = new ArrayList<>();
    for (Finding f : fs) {
      String interval = Double.isNaN(f.ciLow()) ? ""
          : " [" + Finding.figure(f.ciLow(), f.unit()) + ", " + Finding.figure(f.ciHigh(), f.unit()) + "]";
      List<String> marks = new ArrayList<>();
      if (f.conditions().underLoad()) {
        // name what marked it: other processes on the cores, or the hypervisor's steal
        marks.add(String.format(Locale.ROOT, "UNDER LOAD (other processes %.0f%%, stolen %.0f%%)",
            f.conditions().otherCpuMax(), f.conditions().stealMax()));
      }
      // a comparison stopped short of its target says so beside its answer (the pairs its target would need are in the
      // detail below, samplingText), unless the answer already names the pairs it ran: the verdict cell keeps its room
      // for the verdict's magnitude and bound
      String answer = f.answer();
      if ((f.conditions().stop().equals(StoppingRule.Stop.CAP.words())
          || f.conditions().stop().equals(StoppingRule.Stop.MAX_PAIRS.words())) && !answer.contains("(ran ")) {
        answer = answer + (answer.isEmpty() ? "" : "; ") + f.conditions().stop() + " at " + f.conditions().pairs()
            + " pairs";
      }
      String published = Double.isNaN(f.publishedValue()) ? "none published" : Finding.figure(f.publishedValue(), f.unit())
          + (f.publishedHigh() != f.publishedValue() && !Double.isNaN(f.publishedHigh()) ? " to "
          + Finding.figure(f.publishedHigh(), f.unit()) : "");
      List<String> cells = new ArrayList<>(List.of(f.studyId(), f.question(), Finding.figure(f.estimate(), f.unit())
          + interval, answer, published, f.verdictText() + (marks.isEmpty() ? "" : "; " + String.join("; ", marks))));
      if (!history.isEmpty()) {
        cells.add(history.get(at));
      }
      at++;
      t.row(cells);
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
  public static double speedUp(double v, String unit) {
    if (Double.isNaN(v)) {
      return Double.NaN;
    }
    return unit.equals("%") ? 1 / (1 + v / 100) : v;
  }

  /**
   * Appends the "Findings" section of {@code fs} (built by {@code io.dbbench.report.study.Findings},
   * in report order): the first screen ({@link #appendGlance}), then "Findings in detail", one row
   * per finding with its source, interval, agreement and backend; one sentence when {@code fs} is empty.
   */
  public static void appendTo(Doc doc, List<Finding> fs) {
    appendTo(doc, fs, List.of());
  }

  /**
   * {@link #appendTo(Doc, List)} with one history cell per finding ({@link Doc#historyLink} to its
   * series, saying when it moved since the previous comparable run), or none when {@code history}
   * is empty (no history beside the run).
   */
  public static void appendTo(Doc doc, List<Finding> fs, List<String> history) {
    Doc.Section s = doc.section(2, "Findings");
    s.id = "findings";
    if (fs.isEmpty()) {
      s.text("No benchmark of a reproduced study ran in this run.");
      return;
    }
    appendGlance(s, fs, history.size() == fs.size() ? history : List.of());
    s = doc.section(3, "Findings in detail");
    s.id = "findings-detail";
    s.text("Above, at a glance: dbbench's estimate with its 95% interval beside each study's figure. Here, each"
        + " study's published figure with its source beside dbbench's counterpart from this run (also in " + Finding.FILE
        + "). Interval:"
        + " 95%; for a comparison whose forks ran interleaved (order ABBA...) the paired Student-t interval of the"
        + " fork-by-fork log ratio, otherwise a two-level bootstrap over forks (Kalibera and Jones). Agreement reads"
        + " only the interval and weighs magnitude: reproduced when it excludes no change and overlaps the study's"
        + " figure widened by " + Agreement.BAND + " (or the study's own band, named in the note); otherwise same"
        + " direction, N x smaller or larger (N: the least ratio of the two effects, logs of speed-ups or points of"
        + " change), opposite direction (N x smaller: the study's effect against this run's largest in the other"
        + " direction), no effect here (inside " + Agreement.BAND + " of no change while the study"
        + " found an effect), or cannot tell; bounded by ... when this machine or a stand-in keeps the study's figure"
        + " out of reach; not comparable when the study's figure is not the effect its question names. The backends"
        + " and machines differ, as the backend column says.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("published (source)").col("dbbench, this run")
        .col("95% interval").col("agreement").col("backend");
    for (Finding f : fs) {
      t.row(List.of(f.study(), f.published() + ". Source: " + f.source(), measured(f), interval(f),
          f.verdictText() + (f.note().isEmpty() ? "" : ": " + f.note()), f.backend()));
    }
    s.add(t.build());
  }

  /** dbbench's figure in words, as the table shows it, with the parameter point(s) it measured. */
  public static String measured(Finding f) {
    if (f.baseline().isEmpty()) {
      return f.question() + ": " + Finding.figure(f.estimate(), f.unit());
    }
    StringBuilder at = new StringBuilder(" (measured at");
    f.baseline().forEach((k, v) -> at.append(' ').append(k).append('=').append(v));
    f.contender().forEach((k, v) -> {
      if (!v.equals(f.baseline().get(k))) {
        at.append(" -> ").append(k).append('=').append(v);
      }
    });
    return f.question() + ": " + Finding.figure(f.estimate(), f.unit()) + at.append(')');
  }

  /**
   * The interval in words, or {@code n/a: <why>}; headed by {@code UNDER LOAD} when its forks
   * shared their cores ({@link Finding.Conditions#underLoad}).
   */
  public static String interval(Finding f) {
    String load = f.conditions().underLoad() ? "UNDER LOAD (" + loadText(f.conditions()) + ") " : "";
    if (Double.isNaN(f.ciLow())) {
      return load + "n/a: " + forksText(f);
    }
    String sampling = samplingText(f.conditions());
    return load + "[" + Finding.figure(f.ciLow(), f.unit()) + ", " + Finding.figure(f.ciHigh(), f.unit()) + "]"
        + (Double.isNaN(f.p()) ? "" : ", p=" + Units.p(f.p())) + "; " + forksText(f)
        + (sampling.isEmpty() ? "" : "; " + sampling);
  }

  private static String forksText(Finding f) {
    String forks = f.kind().equals("comparison") ? f.forksBaseline() + "+" + f.forksContender() + " forks"
        : f.forksBaseline() + " fork" + (f.forksBaseline() == 1 ? "" : "s");
    return forks + (f.order().isEmpty() ? (f.kind().equals("comparison") ? ", not interleaved" : "") : ", order " + f.order());
  }

  /** {@code measured under load: ...} in words, or empty when not under load. */
  static String loadText(Finding.Conditions c) {
    if (!c.underLoad()) {
      return "";
    }
    List<String> why = new ArrayList<>();
    if (c.otherCpuMax() > MeasurementWarnings.OTHER_BUSY_LIMIT_PCT) {
      why.add(String.format(Locale.ROOT, "other processes used up to %.0f%% of the CPUs", c.otherCpuMax()));
    }
    if (c.stealMax() > Finding.Conditions.STEAL_LIMIT_PCT) {
      why.add(String.format(Locale.ROOT, "the hypervisor stole up to %.0f%%", c.stealMax()));
    }
    return "measured under load: " + String.join(", ", why) + " during its forks";
  }

  /** {@code 12 pairs, 96 s, width reached (half-width <= 10 points)} or empty. */
  static String samplingText(Finding.Conditions c) {
    if (c.pairs() <= 0) {
      return "";
    }
    return c.pairs() + " pairs" + (c.seconds() >= 0 ? ", " + c.seconds() + " s" : "")
        + (c.stop().isEmpty() ? "" : ", " + c.stop())
        + (c.target().isEmpty() ? "" : " (" + c.target() + ")")
        + (c.pairsNeeded() > c.pairs() && !c.target().isEmpty() ? "; the target needs about " + c.pairsNeeded() + " pairs"
            : "");
  }
}
