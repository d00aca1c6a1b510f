package io.dbbench.report.study;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.PublishedRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every row the studies published beside dbbench's counterpart from one run: each form declares its
 * study's rows and their dbbench points ({@link StudyForm#publishedPoints}, from the study's own
 * tables in its {@code study.json}); this class finds each point among the run's results, reads the
 * metric per fork and judges it ({@link PublishedRow#judge}). A point the run did not measure is
 * listed as such, with the mode that measures it.
 */
public final class PublishedRows {
  /** The metric name of a row's primary score, as time per operation. */
  public static final String TIME = "time";
  /** The secondary metric a benchmark counts failed requests in (the pooling study's "did not finish"). */
  public static final String DNF_COUNTER = "dnf";

  private PublishedRows() {}

  /**
   * One published row and its dbbench counterpart.
   *
   * @param group the study's table or operation, e.g. {@code insert (Go: Create)}
   * @param label the row in the study's words
   * @param benchmark dbbench's benchmark, {@code package.Class.method}
   * @param params the counterpart's parameters (a result matches when it has every one of them)
   * @param metric {@link #TIME} (the primary score as seconds per operation, times {@code factor}), or
   *     the name of a secondary metric (its per-iteration values times {@code factor}), e.g.
   *     {@code shotAllocatedBytes}, {@code gc.alloc.rate.norm}, {@code allocs.norm}
   * @param unit the unit both figures are in, e.g. {@code ns/op}, {@code ms}, {@code B/op}
   * @param factor what turns dbbench's metric into {@code unit} (1e9 for seconds to ns)
   * @param published the study's figure in {@code unit}, NaN for none or a row that did not finish
   * @param publishedText the study's figure as printed beside the row
   * @param publishedDnf whether the study's row did not finish
   */
  public record Point(String group, String label, String benchmark, Map<String, String> params, String metric,
      String unit, double factor, double published, String publishedText, boolean publishedDnf) {
    /** Copies the parameters, keeping their order. */
    public Point {
      params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
      Objects.requireNonNull(metric, "metric");
    }

    /** {@code Class.method k=v ...}: where dbbench measures it. */
    public String where() {
      String cls = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
      return params.isEmpty() ? cls : cls + " " + Study.paramsText(params);
    }
  }

  /**
   * The published rows of every study present in {@code run} (a form with points and at least one
   * accepted result), in report order.
   */
  public static List<PublishedRow> of(Run run) {
    List<PublishedRow> out = new ArrayList<>();
    for (StudyForm form : StudyTables.forms()) {
      List<Point> points = form.publishedPoints();
      if (points.isEmpty() || run.results().stream().noneMatch(form::accepts)) {
        continue;
      }
      String study = form.studyResource().isPresent() ? form.study().id() : form.title();
      for (Point p : points) {
        out.add(judge(study, p, run.results(), run.manifest() != null && run.manifest().job() != null
            && "full".equals(run.manifest().job().mode())));
      }
    }
    return out;
  }

  /** One point against {@code results}; {@code full} says which mode ran (for the not-measured note). */
  static PublishedRow judge(String study, Point p, List<JmhResult> results, boolean full) {
    JmhResult r = find(results, p);
    if (r == null) {
      return PublishedRow.notMeasured(study, p.group(), p.label(), p.where(), p.unit(), p.published(),
          p.publishedText(), full ? "this full run has no such row (see its failures)"
              : "quick mode does not measure it; full mode does (-Dbench.full=true)");
    }
    double[][] forks = forks(r, p);
    if (forks.length == 0) {
      return PublishedRow.notMeasured(study, p.group(), p.label(), p.where(), p.unit(), p.published(),
          p.publishedText(), r.label() + " has no " + p.metric() + " metric in this run");
    }
    JmhResult.Metric dnf = r.secondary().get(DNF_COUNTER);
    boolean measuredDnf = dnf != null && dnf.score() > 0;
    return PublishedRow.judge(study, p.group(), p.label(), p.where(), p.unit(), p.published(), p.publishedText(),
        p.publishedDnf(), measuredDnf, forks);
  }

  /** The first result of the point's benchmark that has every one of its parameters, or {@code null}. */
  static JmhResult find(List<JmhResult> results, Point p) {
    for (JmhResult r : results) {
      if (r.benchmark().equals(p.benchmark())
          && p.params().entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))) {
        return r;
      }
    }
    return null;
  }

  /** The point's metric of {@code r} per fork and iteration, in the point's unit; empty when absent. */
  static double[][] forks(JmhResult r, Point p) {
    double[][] raw;
    if (p.metric().equals(TIME)) {
      raw = Findings.secondsForks(r);
    } else {
      JmhResult.Metric m = r.secondary().get(p.metric());
      if (m == null) {
        return new double[0][];
      }
      raw = m.forks();
      if (raw.length == 0) {
        raw = new double[][] {{m.score()}};
      }
    }
    double[][] out = new double[raw.length][];
    for (int f = 0; f < raw.length; f++) {
      out[f] = new double[raw[f].length];
      for (int i = 0; i < raw[f].length; i++) {
        out[f][i] = raw[f][i] * p.factor();
      }
    }
    return out;
  }
}
