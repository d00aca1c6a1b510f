package io.dbbench.report.study;

import io.dbbench.core.Mode;
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
  /**
   * The metric name of a row's primary score as time per operation, as each thread saw it: a
   * latency ({@code avgt}'s score; for a throughput mode, threads / score).
   */
  public static final String TIME = "time";
  /**
   * The metric name of a row's primary score as wall time per operation over all its threads: the
   * inverse of the row's throughput, {@link #TIME} / threads. A Go benchmark that starts b.N
   * requests at once and divides its wall time by b.N (WMPayload's {@code BenchmarkSearch}) reports
   * this, not one client's latency.
   */
  public static final String WALL_TIME = "wall time";
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
   * @param metric {@link #TIME} (the primary score as seconds per operation per thread, times
   *     {@code factor}), {@link #WALL_TIME} (seconds of wall time per operation over all threads,
   *     times {@code factor}), or the name of a secondary metric (its per-iteration values times
   *     {@code factor}), e.g. {@code shotAllocatedBytes}, {@code gc.alloc.rate.norm}, {@code allocs.norm}
   * @param unit the unit both figures are in, e.g. {@code ns/op}, {@code ms}, {@code B/op}
   * @param factor what turns dbbench's metric into {@code unit} (1e9 for seconds to ns)
   * @param published the study's figure in {@code unit}, NaN for none or a row that did not finish
   * @param publishedText the study's figure as printed beside the row
   * @param publishedDnf whether the study's row did not finish
   * @param threads the JMH threads the counterpart must have run with (1 for a study's one sequential
   *     client), or 0 for any
   * @param threadsWhy why those threads, and how to run the row (e.g. {@code -t 1}); empty for any
   */
  public record Point(String group, String label, String benchmark, Map<String, String> params, String metric,
      String unit, double factor, double published, String publishedText, boolean publishedDnf, int threads,
      String threadsWhy) {
    /**
     * Copies the parameters, keeping their order.
     *
     * @throws IllegalArgumentException when {@code threads} is negative
     */
    public Point {
      params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
      Objects.requireNonNull(metric, "metric");
      Objects.requireNonNull(threadsWhy, "threadsWhy");
      if (threads < 0) {
        throw new IllegalArgumentException("threads " + threads + ": expected 0 (any) or the JMH threads the row needs");
      }
    }

    /** A point any thread count measures. */
    public Point(String group, String label, String benchmark, Map<String, String> params, String metric,
        String unit, double factor, double published, String publishedText, boolean publishedDnf) {
      this(group, label, benchmark, params, metric, unit, factor, published, publishedText, publishedDnf, 0, "");
    }

    /** This point, measured only by a row of {@code threads} JMH threads, for the reason {@code why}. */
    public Point withThreads(int threads, String why) {
      return new Point(group, label, benchmark, params, metric, unit, factor, published, publishedText, publishedDnf,
          threads, why);
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
      List<JmhResult> counterparts = run.results().stream().filter(form::publishedCounterpart).toList();
      for (Point p : points) {
        out.add(judge(study, p, counterparts, run.manifest() == null ? Mode.QUICK : run.manifest().jobMode()));
      }
    }
    return out;
  }

  /** One point against {@code results}; {@code mode} says which mode ran (for the not-measured note). */
  static PublishedRow judge(String study, Point p, List<JmhResult> results, Mode mode) {
    JmhResult r = find(results, p);
    if (r == null && p.threads() > 0) {
      JmhResult other = find(results, p.withThreads(0, ""));
      if (other != null) {
        return PublishedRow.notMeasured(study, p.group(), p.label(), p.where(), p.unit(), p.published(),
            p.publishedText(), "needs a row of " + p.threads() + " thread" + (p.threads() == 1 ? "" : "s") + " ("
                + p.threadsWhy() + "); this run's " + other.label() + " ran " + other.threads() + " threads");
      }
    }
    if (r == null) {
      return PublishedRow.notMeasured(study, p.group(), p.label(), p.where(), p.unit(), p.published(),
          p.publishedText(), mode == Mode.FULL ? "this full run has no such row (see its failures)"
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

  /**
   * The first result of the point's benchmark that has every one of its parameters (and its threads,
   * when it names them), or {@code null}.
   */
  static JmhResult find(List<JmhResult> results, Point p) {
    for (JmhResult r : results) {
      if (r.benchmark().equals(p.benchmark()) && (p.threads() == 0 || r.threads() == p.threads())
          && p.params().entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))) {
        return r;
      }
    }
    return null;
  }

  /**
   * The point's metric of {@code r} per fork and iteration, in the point's unit; empty when absent.
   * {@link #WALL_TIME} divides each iteration's time per operation per thread by the row's threads:
   * with every thread busy all the time, that is the iteration's wall time over its operations.
   */
  static double[][] forks(JmhResult r, Point p) {
    double[][] raw;
    if (p.metric().equals(TIME)) {
      raw = Findings.secondsForks(r);
    } else if (p.metric().equals(WALL_TIME)) {
      double[][] perThread = Findings.secondsForks(r);
      raw = new double[perThread.length][];
      for (int f = 0; f < perThread.length; f++) {
        raw[f] = new double[perThread[f].length];
        for (int i = 0; i < perThread[f].length; i++) {
          raw[f][i] = perThread[f][i] / r.threads();
        }
      }
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
