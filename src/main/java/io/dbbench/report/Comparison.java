package io.dbbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A significance-aware comparison of two runs, in the manner of benchstat and criterion: for every
 * benchmark and parameter combination present in both, both scores, the change in percent, a 95%
 * confidence interval of the change and the p-value of a Mann-Whitney U test over the
 * per-iteration raw data of all forks ({@link Stats}). A change with {@code p > 0.05} is shown as
 * {@code ~} and is called neither faster nor slower. The same for {@code gc.alloc.rate.norm}
 * (B/op) where both runs used {@code -prof gc}. A geometric-mean line per unit ends the table.
 */
public final class Comparison {
  /** The metric name used for the primary metric in {@link Row#metric()}. */
  public static final String PRIMARY = "primary";
  /** JMH's GC profiler metric for bytes allocated per operation. */
  public static final String ALLOC = "gc.alloc.rate.norm";

  /** How a change is judged. */
  public enum Verdict {
    /** Significantly better: faster, or fewer bytes per operation. */
    BETTER,
    /** Significantly worse: slower, or more bytes per operation. */
    WORSE,
    /** p > 0.05: no change can be claimed ({@code ~}). */
    SAME,
    /** Cannot be judged: no raw data in a run, or a zero/NaN baseline score. */
    UNKNOWN
  }

  /**
   * One compared metric of one benchmark row.
   *
   * @param key the row identity ({@link JmhResult#key()})
   * @param label readable name
   * @param metric {@link #PRIMARY} or {@link #ALLOC}
   * @param unit the metric's unit in both runs
   * @param base baseline score
   * @param contender contender score
   * @param changePct {@code (contender / base - 1) * 100}
   * @param ciLow low bound of the 95% bootstrap interval of the change, percent
   * @param ciHigh high bound, percent
   * @param p Mann-Whitney U two-sided p-value, NaN without raw data
   * @param nBase baseline samples (iterations of all forks)
   * @param nContender contender samples
   * @param higherIsBetter true for throughput units
   * @param verdict the judgement
   */
  public record Row(String key, String label, String metric, String unit, double base,
      double contender, double changePct, double ciLow, double ciHigh, double p, int nBase,
      int nContender, boolean higherIsBetter, Verdict verdict) {

    /**
     * How much worse the contender is, in percent: for time and throughput metrics the increase
     * of time per operation ({@code 1/throughput}), so that a throughput falling from 100 to
     * 76.9 ops/s is a 30% regression, as a time rising from 100 to 130 ns/op is; for B/op the
     * increase of bytes. Negative when the contender is better.
     */
    public double regressionPct() {
      return higherIsBetter ? (base / contender - 1) * 100 : (contender / base - 1) * 100;
    }

    /** The verdict word: {@code faster}/{@code slower} (time), {@code less}/{@code more} (B/op), {@code ~}, {@code ?}. */
    public String verdictWord() {
      boolean time = metric.equals(PRIMARY);
      return switch (verdict) {
        case BETTER -> time ? "faster" : "less";
        case WORSE -> time ? "slower" : "more";
        case SAME -> "~";
        case UNKNOWN -> "?";
      };
    }

    /** benchstat's significance cell: {@code -12.34% (p=0.0002 n=10+10)} or {@code ~ (p=0.5480 n=10+10)}. */
    public String significance() {
      String tail = " (p=" + Units.p(p) + " n=" + nBase + "+" + nContender + ")";
      return switch (verdict) {
        case SAME -> "~" + tail;
        case UNKNOWN -> "? (no raw data)";
        default -> Units.pct(changePct) + tail;
      };
    }
  }

  /**
   * Geometric means over the rows of one metric and unit.
   *
   * @param metric {@link #PRIMARY} or {@link #ALLOC}
   * @param unit the unit
   * @param base geometric mean of the baseline scores
   * @param contender geometric mean of the contender scores
   * @param rows rows included (both scores positive)
   */
  public record Geomean(String metric, String unit, double base, double contender, int rows) {
    /** {@code (contender / base - 1) * 100}. */
    public double changePct() {
      return (contender / base - 1) * 100;
    }
  }

  /** Baseline name for headings. */
  public final String baseLabel;
  /** Contender name for headings. */
  public final String contenderLabel;
  /** Compared metrics, primary first then B/op per benchmark row, in the contender's order. */
  public final List<Row> rows;
  /** Keys present only in the baseline. */
  public final List<String> onlyBase;
  /** Keys present only in the contender. */
  public final List<String> onlyContender;

  private Comparison(String baseLabel, String contenderLabel, List<Row> rows, List<String> onlyBase,
      List<String> onlyContender) {
    this.baseLabel = baseLabel;
    this.contenderLabel = contenderLabel;
    this.rows = rows;
    this.onlyBase = onlyBase;
    this.onlyContender = onlyContender;
  }

  /**
   * Compares two runs row by row ({@link JmhResult#key()}).
   *
   * @throws ReportException when they have no benchmark row in common
   */
  public static Comparison of(String baseLabel, List<JmhResult> base, String contenderLabel,
      List<JmhResult> contender) throws ReportException {
    Map<String, JmhResult> b = index(base);
    Map<String, JmhResult> c = index(contender);
    List<Row> rows = new ArrayList<>();
    List<String> onlyContender = new ArrayList<>();
    for (Map.Entry<String, JmhResult> e : c.entrySet()) {
      JmhResult rb = b.get(e.getKey());
      if (rb == null) {
        onlyContender.add(e.getKey());
        continue;
      }
      JmhResult rc = e.getValue();
      rows.add(row(rc, PRIMARY, rb.primary(), rc.primary()));
      JmhResult.Metric ab = rb.secondary().get(ALLOC);
      JmhResult.Metric ac = rc.secondary().get(ALLOC);
      if (ab != null && ac != null && ab.unit().equals(ac.unit())) {
        rows.add(row(rc, ALLOC, ab, ac));
      }
    }
    List<String> onlyBase = b.keySet().stream().filter(k -> !c.containsKey(k)).toList();
    if (rows.isEmpty()) {
      throw new ReportException(baseLabel + " and " + contenderLabel
          + " have no benchmark in common (same benchmark, mode, params and host expected)");
    }
    return new Comparison(baseLabel, contenderLabel, rows, onlyBase, onlyContender);
  }

  /** Compares two loaded runs. */
  public static Comparison of(Run base, Run contender) throws ReportException {
    return of(base.label(), base.results(), contender.label(), contender.results());
  }

  private static Map<String, JmhResult> index(List<JmhResult> rs) {
    Map<String, JmhResult> m = new LinkedHashMap<>();
    rs.forEach(r -> m.putIfAbsent(r.key(), r));
    return m;
  }

  private static Row row(JmhResult r, String metric, JmhResult.Metric mb, JmhResult.Metric mc) {
    boolean higher = metric.equals(PRIMARY) && Units.higherIsBetter(mc.unit());
    double[] sb = mb.samples();
    double[] sc = mc.samples();
    double change = (mc.score() / mb.score() - 1) * 100;
    double p = Stats.mannWhitneyP(sb, sc);
    double[] ci = Stats.changeCi95(sb, sc);
    Verdict v;
    if (Double.isNaN(p) || !Double.isFinite(change)) {
      v = Verdict.UNKNOWN;
    } else if (p > Stats.ALPHA || change == 0) {
      v = Verdict.SAME;
    } else {
      v = (change > 0) == higher ? Verdict.BETTER : Verdict.WORSE;
    }
    String unit = mb.unit().equals(mc.unit()) ? mc.unit() : mb.unit() + " vs " + mc.unit();
    return new Row(r.key(), r.label(), metric, unit, mb.score(), mc.score(), change, ci[0], ci[1],
        p, sb.length, sc.length, higher, v);
  }

  /** Geometric means per metric and unit, primary metrics first. */
  public List<Geomean> geomeans() {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      if (r.base() > 0 && r.contender() > 0) {
        groups.computeIfAbsent(r.metric() + "\u0000" + r.unit(), k -> new ArrayList<>()).add(r);
      }
    }
    List<Geomean> out = new ArrayList<>();
    groups.forEach((k, rs) -> out.add(new Geomean(rs.get(0).metric(), rs.get(0).unit(),
        Stats.geomean(rs.stream().mapToDouble(Row::base).toArray()),
        Stats.geomean(rs.stream().mapToDouble(Row::contender).toArray()), rs.size())));
    return out;
  }

  /** Rows of one metric. */
  public List<Row> rows(String metric) {
    return rows.stream().filter(r -> r.metric().equals(metric)).toList();
  }

  /** Appends the comparison's tables and chart to {@code doc}. */
  public void appendTo(Doc doc, int level) {
    Doc.Section s = doc.section(level, "Comparison: " + baseLabel + " → " + contenderLabel);
    s.text("Per benchmark and parameter combination: both scores, the change in percent, its 95%"
        + " bootstrap confidence interval (" + Stats.BOOTSTRAP_RESAMPLES + " resamples, seed "
        + Stats.BOOTSTRAP_SEED + ") and the two-sided Mann-Whitney U p-value over the"
        + " per-iteration raw data of all forks. A change with p > " + Stats.ALPHA
        + " is shown as ~: no difference can be claimed. For throughput (ops/time) higher is"
        + " faster; for time per operation and B/op lower is better.");
    for (String metric : List.of(PRIMARY, ALLOC)) {
      List<Row> rs = rows(metric);
      if (rs.isEmpty()) {
        continue;
      }
      Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("unit").num(baseLabel)
          .num(contenderLabel).num("change").num("95% CI").num("p").col("n").col("verdict");
      for (Row r : rs) {
        t.row(List.of(r.label(), r.unit(), Units.num(r.base()), Units.num(r.contender()),
            r.verdict() == Verdict.SAME ? "~" : Units.pct(r.changePct()),
            Double.isNaN(r.ciLow()) ? "n/a" : "[" + Units.pct(r.ciLow()) + ", " + Units.pct(r.ciHigh()) + "]",
            Units.p(r.p()), r.nBase() + "+" + r.nContender(), r.verdictWord()));
        if (r.verdict() == Verdict.SAME || r.verdict() == Verdict.UNKNOWN) {
          t.muteLast();
        }
      }
      for (Geomean g : geomeans()) {
        if (g.metric().equals(metric)) {
          t.row(List.of("geomean (" + g.rows() + " rows)", g.unit(), Units.num(g.base()),
              Units.num(g.contender()), Units.pct(g.changePct()), "", "", "", ""));
        }
      }
      Doc.Section sub = doc.section(level + 1, metric.equals(PRIMARY) ? "Score" : "Allocation (gc.alloc.rate.norm, B/op)");
      sub.add(t.build());
      sub.add(Charts.changes("changes-" + (metric.equals(PRIMARY) ? "score" : "alloc"),
          (metric.equals(PRIMARY) ? "Change of score" : "Change of B/op") + ", " + baseLabel
              + " → " + contenderLabel + " (grey: p > 0.05)", rs));
    }
    if (!onlyBase.isEmpty() || !onlyContender.isEmpty()) {
      doc.section(level + 1, "Not compared").text("Only in " + baseLabel + ": "
          + (onlyBase.isEmpty() ? "none" : String.join(", ", onlyBase)) + ". Only in "
          + contenderLabel + ": " + (onlyContender.isEmpty() ? "none" : String.join(", ", onlyContender)) + ".");
    }
  }

  /** The one-line geometric-mean summary, e.g. {@code geomean: ops/s -3.10%, B/op +0.00%}. */
  public String summaryLine() {
    List<String> parts = new ArrayList<>();
    for (Geomean g : geomeans()) {
      parts.add((g.metric().equals(ALLOC) ? "B/op " : g.unit() + " ") + Units.pct(g.changePct()));
    }
    long better = rows(PRIMARY).stream().filter(r -> r.verdict() == Verdict.BETTER).count();
    long worse = rows(PRIMARY).stream().filter(r -> r.verdict() == Verdict.WORSE).count();
    long same = rows(PRIMARY).stream().filter(r -> r.verdict() == Verdict.SAME).count();
    return "geomean: " + String.join(", ", parts) + "; " + better + " faster, " + worse
        + " slower, " + same + " ~ (p > 0.05)";
  }
}
