package io.dbbench.report.stats;

import io.dbbench.core.BenchConfig;
import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ParamDiff;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A significance-aware comparison of two runs, in the manner of benchstat and criterion, with
 * forks as the unit of evidence ({@link Stats}): for every benchmark and parameter combination
 * present in both, both scores, the change in percent, its 95% two-level bootstrap interval, the
 * exact Mann-Whitney U p-value over the per-fork means, the fork counts and the minimum
 * detectable change (MDE). A change with {@code p > 0.05} is shown as {@code ~}; a row whose fork
 * counts can never reach {@code p <= 0.05} (1 fork per side, as JMH's quick settings and old
 * result files have) is shown as {@code n/a} and gets no verdict. The same for
 * {@code gc.alloc.rate.norm} (B/op) where both runs used {@code -prof gc}. A geometric-mean line
 * per unit and a per-family resolution (MDE, forks needed for 5% and 10%) end it.
 *
 * <p>This is the judgement only: its numbers and verdicts. Its tables and charts in a report are
 * drawn by {@code io.dbbench.report.render.ComparisonSection}.
 *
 * @param baseLabel baseline name for headings
 * @param contenderLabel contender name for headings
 * @param rows compared metrics, primary first then B/op per benchmark row, in the contender's order
 * @param driftPct the between-run drift allowance in percent: a significant change whose 95%
 *     interval reaches into {@code [-driftPct, +driftPct]} is {@link Verdict#WITHIN_DRIFT}; 0 for
 *     sides whose forks were interleaved
 * @param interleaved true when the two sides are the interleaved sides of one run
 *     ({@code io.dbbench.run.Interleave})
 * @param onlyBase keys ({@link JmhResult#key()}) present only in the baseline
 * @param onlyContender keys present only in the contender
 */
public record Comparison(String baseLabel, String contenderLabel, List<Row> rows, double driftPct,
    boolean interleaved, List<String> onlyBase, List<String> onlyContender) {
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
    /**
     * p <= 0.05, but the runs were recorded separately and the change's 95% interval reaches
     * into the between-run drift allowance ({@link #driftPct}): the machine alone could have
     * made it, so no faster/slower can be claimed ({@code ~ drift}). Interleaving the two sides'
     * forks ({@code io.dbbench.run.Interleave}) is how to judge it.
     */
    WITHIN_DRIFT,
    /**
     * Cannot be judged from this evidence: the fork counts can never reach p <= 0.05 (e.g. 1
     * fork per side); shown as {@code n/a}.
     */
    INSUFFICIENT,
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
   * @param base baseline score (JMH's score, the mean of all iterations)
   * @param contender contender score
   * @param changePct {@code (contender / base - 1) * 100}
   * @param stats the fork-level statistics: interval, p-value, variance, MDE, per-fork means,
   *     trends ({@link Stats.Change})
   * @param higherIsBetter true for throughput units
   * @param verdict the judgement
   * @param notes warnings about the measurement: iterations still trending (not at steady state)
   *     in either run, or a run measured while the load exceeded the online CPUs
   *     ({@link MachineStateProfiler}); empty when none
   */
  public record Row(String key, String label, String metric, String unit, double base,
      double contender, double changePct, Stats.Change stats, boolean higherIsBetter,
      Verdict verdict, List<String> notes) {

    /** Low bound of the 95% two-level bootstrap interval of the change, percent (NaN below 2+2 forks). */
    public double ciLow() {
      return stats.ciLow();
    }

    /** High bound of the interval, percent. */
    public double ciHigh() {
      return stats.ciHigh();
    }

    /** Exact Mann-Whitney U two-sided p-value over per-fork means; NaN without raw data. */
    public double p() {
      return stats.p();
    }

    /** Forks of the baseline. */
    public int forksBase() {
      return stats.a().forks();
    }

    /** Forks of the contender. */
    public int forksContender() {
      return stats.b().forks();
    }

    /** Minimum detectable change at these forks, percent; +Infinity or NaN as {@link Stats#mdePct}. */
    public double mdePct() {
      return stats.mdePct();
    }

    /**
     * How much worse the contender is, in percent: for time and throughput metrics the increase
     * of time per operation ({@code 1/throughput}), so that a throughput falling from 100 to
     * 76.9 ops/s is a 30% regression, as a time rising from 100 to 130 ns/op is; for B/op the
     * increase of bytes. Negative when the contender is better.
     */
    public double regressionPct() {
      return higherIsBetter ? (base / contender - 1) * 100 : (contender / base - 1) * 100;
    }

    /**
     * The verdict word: {@code faster}/{@code slower} (time), {@code less}/{@code more} (B/op),
     * {@code ~}, {@code ~ drift} (significant, but within the between-run drift allowance),
     * {@code n/a} (too few forks), {@code ?} (no raw data).
     */
    public String verdictWord() {
      boolean time = metric.equals(PRIMARY);
      return switch (verdict) {
        case BETTER -> time ? "faster" : "less";
        case WORSE -> time ? "slower" : "more";
        case SAME -> "~";
        case WITHIN_DRIFT -> "~ drift";
        case INSUFFICIENT -> "n/a";
        case UNKNOWN -> "?";
      };
    }

    /**
     * benchstat's significance cell: {@code -12.34% (p=0.0079 n=5+5 forks)},
     * {@code ~ (p=0.5480 n=5+5 forks)} or {@code n/a: 1 fork per side (...)}.
     */
    public String significance() {
      String tail = " (p=" + Units.p(p()) + " n=" + forksBase() + "+" + forksContender() + " forks)";
      return switch (verdict) {
        case SAME -> "~" + tail;
        case WITHIN_DRIFT -> "~ drift: " + Units.pct(changePct) + " within the between-run drift allowance" + tail;
        case INSUFFICIENT -> stats.naReason();
        case UNKNOWN -> "? (no raw data)";
        default -> Units.pct(changePct) + tail;
      };
    }

    /**
     * The forks per side this row needs to detect a change of {@code pct} percent, as text:
     * {@code 6}, {@code ≥ 5} (one fork on a side: a lower bound from iteration noise alone), or
     * {@code > 200 or unknown}.
     */
    public String forksNeededText(double pct) {
      return stats.forksNeededText(pct);
    }

    private static void trendNote(String side, Stats.Trend t, List<String> out) {
      if (t.flagged()) {
        out.add(side + " iterations " + t.direction() + " (" + Units.pct(t.driftPct())
            + " first to last, p=" + Units.p(t.p()) + "): not at steady state");
      }
    }

    private static void loadNote(String side, JmhResult r, List<String> out) {
      double other = MeasurementWarnings.sharedCoresPct(r);
      if (!Double.isNaN(other)) {
        out.add(side + " shared its cores: other processes used " + String.format(Locale.ROOT, "%.1f%%",
            other) + " of the CPUs during a fork");
      }
    }
  }

  /**
   * How finely one family's rows can resolve a change.
   *
   * @param family the family id ({@link JmhResult#family()})
   * @param rows primary-metric rows compared
   * @param medianMdePct median MDE over rows, percent (NaN when no row has one)
   * @param maxMdePct largest MDE, percent
   * @param forksFor10 forks per side for the median row to detect 10%, -1 above
   *     {@link Stats#MAX_FORKS_NEEDED} or unknown
   * @param forksFor10All forks per side for every row to detect 10%
   * @param forksFor5 forks per side for the median row to detect 5%
   * @param forksFor5All forks per side for every row to detect 5%
   * @param lowerBound true when some rows had one fork, so their fork-to-fork variance is unknown
   *     and the fork counts are lower bounds from iteration noise alone
   */
  public record Resolution(String family, int rows, double medianMdePct, double maxMdePct,
      int forksFor10, int forksFor10All, int forksFor5, int forksFor5All, boolean lowerBound) {}

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

  /**
   * The default between-run drift allowance, percent: the largest change measured between two
   * separately recorded runs of the same code on the 2-core VM, rounded up (README "Between
   * runs": +26.4% between two quick runs 28 minutes apart, +30.8% between two calibrations 1 h
   * 45 min apart). {@code DBBENCH_DRIFT} or {@code --drift} set another (measure yours: compare two
   * runs of the same jar with {@code --drift 0}).
   */
  public static final int DEFAULT_DRIFT_PCT = 30;

  /**
   * Compares two sides whose forks were interleaved (no drift allowance) row by row ({@link
   * JmhResult#key()}, or across a param one side lacks: {@link #pairAcrossAddedParams}).
   *
   * @throws ReportException when they have no benchmark row in common
   */
  public static Comparison of(String baseLabel, List<JmhResult> base, String contenderLabel,
      List<JmhResult> contender) throws ReportException {
    return of(baseLabel, base, contenderLabel, contender, 0, true);
  }

  /**
   * Compares two runs row by row ({@link JmhResult#key()}; a row without an exact counterpart is
   * paired across a param one side lacks, {@link #pairAcrossAddedParams}, and its row says so).
   *
   * @param driftPct the between-run drift allowance, percent (0: none): a significant change
   *     whose 95% interval reaches into {@code [-driftPct, +driftPct]} gets {@link
   *     Verdict#WITHIN_DRIFT} instead of a verdict
   * @param interleaved whether the sides' forks were interleaved (for the comparison's text)
   * @throws ReportException when they have no benchmark row in common
   * @throws IllegalArgumentException when {@code driftPct} is negative or not finite
   */
  public static Comparison of(String baseLabel, List<JmhResult> base, String contenderLabel,
      List<JmhResult> contender, double driftPct, boolean interleaved) throws ReportException {
    if (!(driftPct >= 0) || Double.isInfinite(driftPct)) {
      throw new IllegalArgumentException("drift allowance " + driftPct + "%: expected a percentage >= 0");
    }
    Map<String, JmhResult> b = index(base);
    Map<String, JmhResult> c = index(contender);
    Map<String, String> across = new LinkedHashMap<>();
    Map<String, String> pairedBase = pairAcrossAddedParams(b, c, across);
    List<Row> rows = new ArrayList<>();
    List<String> onlyContender = new ArrayList<>();
    for (Map.Entry<String, JmhResult> e : c.entrySet()) {
      JmhResult rb = b.get(pairedBase.getOrDefault(e.getKey(), e.getKey()));
      if (rb == null) {
        onlyContender.add(e.getKey());
        continue;
      }
      JmhResult rc = e.getValue();
      Row primary = row(rc, PRIMARY, rb.primary(), rc.primary(), driftPct);
      if (across.containsKey(e.getKey())) {
        primary.notes().add("matched across " + across.get(e.getKey()));
      }
      Row.loadNote("baseline", rb, primary.notes());
      Row.loadNote("contender", rc, primary.notes());
      rows.add(primary);
      JmhResult.Metric ab = rb.secondary().get(ALLOC);
      JmhResult.Metric ac = rc.secondary().get(ALLOC);
      if (ab != null && ac != null && ab.unit().equals(ac.unit())) {
        rows.add(row(rc, ALLOC, ab, ac, driftPct));
      }
    }
    java.util.Set<String> matchedBase = new java.util.HashSet<>(pairedBase.values());
    List<String> onlyBase = b.keySet().stream().filter(k -> !c.containsKey(k) && !matchedBase.contains(k)).toList();
    if (rows.isEmpty()) {
      throw new ReportException(baseLabel + " and " + contenderLabel
          + " have no benchmark in common (same benchmark, mode, params and host expected; a param one side"
          + " lacks is matched across)");
    }
    return new Comparison(baseLabel, contenderLabel, List.copyOf(rows), driftPct, interleaved, onlyBase,
        List.copyOf(onlyContender));
  }

  /**
   * Compares two loaded runs with the drift allowance {@link #driftFor} gives them (none when
   * they are the two sides of one interleaved run).
   */
  public static Comparison of(Run base, Run contender) throws ReportException {
    return of(base.label(), base.results(), contender.label(), contender.results(),
        driftFor(base, contender, null), interleaved(base, contender));
  }

  /**
   * Whether two runs are the two sides of one interleaved run: both {@code env.json} carry an
   * {@code interleaved} block with the same {@code id} and different {@code side}s.
   */
  public static boolean interleaved(Run a, Run b) {
    if (a.manifest() == null || b.manifest() == null || a.manifest().interleaved() == null
        || b.manifest().interleaved() == null) {
      return false;
    }
    RunManifest.Interleaved x = a.manifest().interleaved();
    RunManifest.Interleaved y = b.manifest().interleaved();
    return !x.id().isEmpty() && x.id().equals(y.id()) && !x.side().equals(y.side());
  }

  /**
   * The drift allowance for comparing {@code a} with {@code b}: {@code option} when given, 0 for
   * the two sides of one interleaved run, else {@code DBBENCH_DRIFT} or {@link
   * #DEFAULT_DRIFT_PCT}.
   *
   * @throws IllegalArgumentException when {@code DBBENCH_DRIFT} is not a percentage >= 0
   */
  public static double driftFor(Run a, Run b, Double option) {
    if (option != null) {
      return option;
    }
    if (interleaved(a, b)) {
      return 0;
    }
    String env = BenchConfig.get("DBBENCH_DRIFT", "");
    if (env.isBlank()) {
      return DEFAULT_DRIFT_PCT;
    }
    try {
      return Percent.parse(env, "DBBENCH_DRIFT");
    } catch (ReportException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * Pairs the rows without an exact counterpart ({@link JmhResult#key()}) that are the same
   * benchmark, mode, threads and host and agree on every param both hold, differing only by params
   * one side's rows lack: a {@code @Param} added between the two jars (such as {@code
   * modelledServerMs=0} beside a jar that predates it) at the value the other jar measured without
   * naming it. A row pairs only when it and its counterpart each have exactly one such candidate.
   *
   * @param across filled with each paired contender key's {@code name=value} params that one side
   *     lacks, and which side ({@code "modelledServerMs=0, which the baseline's rows lack"})
   * @return contender key to baseline key, for the pairs found
   */
  static Map<String, String> pairAcrossAddedParams(Map<String, JmhResult> b, Map<String, JmhResult> c,
      Map<String, String> across) {
    List<String> lonelyB = b.keySet().stream().filter(k -> !c.containsKey(k)).toList();
    List<String> lonelyC = c.keySet().stream().filter(k -> !b.containsKey(k)).toList();
    Map<String, String> out = new LinkedHashMap<>();
    for (String kc : lonelyC) {
      List<String> fits = lonelyB.stream().filter(kb -> addedParams(b.get(kb), c.get(kc)) != null).toList();
      if (fits.size() != 1) {
        continue;
      }
      String kb = fits.get(0);
      long back = lonelyC.stream().filter(k -> addedParams(b.get(kb), c.get(k)) != null).count();
      if (back == 1) {
        out.put(kc, kb);
        across.put(kc, addedParams(b.get(kb), c.get(kc)));
      }
    }
    return out;
  }

  /**
   * How {@code rb} and {@code rc} differ when they are one row but for params one side lacks
   * ({@code "x=1, which the baseline's rows lack"}, {@code "; "} between the two sides' lists), else
   * null: another benchmark, mode, thread count or host, a param both hold with two values, or no
   * difference at all.
   */
  static String addedParams(JmhResult rb, JmhResult rc) {
    if (!rb.benchmark().equals(rc.benchmark()) || !rb.mode().equals(rc.mode()) || rb.threads() != rc.threads()
        || !rb.host().equals(rc.host())) {
      return null;
    }
    ParamDiff d = ParamDiff.of(rc.params(), rb.params());
    if (d == null || d.isEmpty()) {
      return null;
    }
    List<String> said = new ArrayList<>();
    if (!d.onlyA().isEmpty()) {
      said.add(String.join(", ", d.onlyA()) + ", which the baseline's rows lack");
    }
    if (!d.onlyB().isEmpty()) {
      said.add(String.join(", ", d.onlyB()) + ", which the contender's rows lack");
    }
    return String.join("; ", said);
  }

  private static Map<String, JmhResult> index(List<JmhResult> rs) {
    Map<String, JmhResult> m = new LinkedHashMap<>();
    rs.forEach(r -> m.putIfAbsent(r.key(), r));
    return m;
  }

  /**
   * Judges one metric of one row: {@link Verdict#UNKNOWN} without raw data or with a zero/NaN
   * change, {@link Verdict#INSUFFICIENT} when the forks cannot reach the level, {@link
   * Verdict#SAME} when {@code p > 0.05}, else better or worse by the unit's direction.
   */
  static Verdict judge(Stats.Change s, double changePct, boolean higherIsBetter) {
    return judge(s, changePct, higherIsBetter, 0);
  }

  /**
   * {@link #judge(Stats.Change, double, boolean)}, then a significant change whose 95% interval
   * does not lie wholly beyond {@code ±driftPct} (or has none) is {@link Verdict#WITHIN_DRIFT}.
   */
  static Verdict judge(Stats.Change s, double changePct, boolean higherIsBetter, double driftPct) {
    Verdict v = judge0(s, changePct, higherIsBetter);
    if (driftPct > 0 && (v == Verdict.BETTER || v == Verdict.WORSE)
        && !(s.ciLow() > driftPct || s.ciHigh() < -driftPct)) {
      return Verdict.WITHIN_DRIFT;
    }
    return v;
  }

  private static Verdict judge0(Stats.Change s, double changePct, boolean higherIsBetter) {
    if (s.a().forks() == 0 || s.b().forks() == 0 || !Double.isFinite(changePct)) {
      return Verdict.UNKNOWN;
    }
    if (!s.judgeable()) {
      return Verdict.INSUFFICIENT;
    }
    if (!s.significant()) {
      return Verdict.SAME;
    }
    return (changePct > 0) == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
  }

  private static Row row(JmhResult r, String metric, JmhResult.Metric mb, JmhResult.Metric mc, double driftPct) {
    boolean higher = metric.equals(PRIMARY) && Units.higherIsBetter(mc.unit());
    Stats.Change s = Stats.change(mb.forks(), mc.forks());
    double change = (mc.score() / mb.score() - 1) * 100;
    String unit = mb.unit().equals(mc.unit()) ? mc.unit() : mb.unit() + " vs " + mc.unit();
    List<String> notes = new ArrayList<>();
    Row.trendNote("baseline", s.trendA(), notes);
    Row.trendNote("contender", s.trendB(), notes);
    return new Row(r.key(), r.label(), metric, unit, mb.score(), mc.score(), change, s, higher,
        judge(s, change, higher, driftPct), notes);
  }

  /** Primary-metric rows that cannot be judged ({@link Verdict#INSUFFICIENT} or {@link Verdict#UNKNOWN}). */
  public List<Row> unjudged() {
    return rows(PRIMARY).stream()
        .filter(r -> r.verdict() == Verdict.INSUFFICIENT || r.verdict() == Verdict.UNKNOWN).toList();
  }

  /**
   * The resolution per family over the primary-metric rows: median and largest MDE, and the
   * forks per side needed to detect 10% and 5% for the median row and for every row. Rows with
   * one fork on a side contribute a lower bound from their iteration noise.
   */
  public List<Resolution> resolution() {
    Map<String, List<Row>> byFamily = new LinkedHashMap<>();
    for (Row r : rows(PRIMARY)) {
      byFamily.computeIfAbsent(familyOf(r.key()), k -> new ArrayList<>()).add(r);
    }
    List<Resolution> out = new ArrayList<>();
    byFamily.forEach((fam, rs) -> {
      List<Double> mdes = new ArrayList<>();
      List<Double> noise = new ArrayList<>();
      boolean lower = false;
      for (Row r : rs) {
        if (Double.isFinite(r.mdePct())) {
          mdes.add(r.mdePct());
        }
        Stats.Variance a = r.stats().a();
        Stats.Variance b = r.stats().b();
        double rel;
        if (a.forks() >= 2 && b.forks() >= 2) {
          rel = Math.sqrt((a.relativeForkSd() * a.relativeForkSd() + b.relativeForkSd() * b.relativeForkSd()) / 2);
        } else {
          lower = true;
          rel = Math.max(nanToZero(a.relativeIterationFloor()), nanToZero(b.relativeIterationFloor()));
        }
        if (Double.isFinite(rel)) {
          noise.add(rel);
        }
      }
      double[] m = mdes.stream().mapToDouble(Double::doubleValue).toArray();
      double[] n = noise.stream().mapToDouble(Double::doubleValue).toArray();
      double med = Stats.median(n);
      double max = n.length == 0 ? Double.NaN : Arrays.stream(n).max().getAsDouble();
      out.add(new Resolution(fam, rs.size(), Stats.median(m),
          m.length == 0 ? Double.NaN : Arrays.stream(m).max().getAsDouble(),
          Stats.forksNeeded(med, 10), Stats.forksNeeded(max, 10), Stats.forksNeeded(med, 5),
          Stats.forksNeeded(max, 5), lower));
    });
    return out;
  }

  private static double nanToZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  private static String familyOf(String key) {
    String bench = key.substring(0, key.indexOf('['));
    String cls = bench.substring(0, Math.max(0, bench.lastIndexOf('.')));
    String pkg = cls.substring(0, Math.max(0, cls.lastIndexOf('.')));
    return pkg.substring(pkg.lastIndexOf('.') + 1);
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

  /**
   * The one-line summary, e.g. {@code geomean: ops/s -3.10%, B/op +0.00%; 1 faster, 0 slower,
   * 3 ~ (p > 0.05)}, and when rows could not be judged, how many and why.
   */
  public String summaryLine() {
    List<String> parts = new ArrayList<>();
    for (Geomean g : geomeans()) {
      parts.add((g.metric().equals(ALLOC) ? "B/op " : g.unit() + " ") + Units.pct(g.changePct()));
    }
    List<Row> primary = rows(PRIMARY);
    long better = primary.stream().filter(r -> r.verdict() == Verdict.BETTER).count();
    long worse = primary.stream().filter(r -> r.verdict() == Verdict.WORSE).count();
    long same = primary.stream().filter(r -> r.verdict() == Verdict.SAME).count();
    long drift = primary.stream().filter(r -> r.verdict() == Verdict.WITHIN_DRIFT).count();
    long na = primary.stream().filter(r -> r.verdict() == Verdict.INSUFFICIENT).count();
    long unknown = primary.stream().filter(r -> r.verdict() == Verdict.UNKNOWN).count();
    String line = "geomean: " + String.join(", ", parts) + "; " + better + " faster, " + worse
        + " slower, " + same + " ~ (p > 0.05)"
        + (drift > 0 ? ", " + drift + " ~ drift (p ≤ " + Stats.ALPHA + " but within the ±" + Units.plain(driftPct)
            + "% between-run drift allowance)" : "");
    if (na > 0) {
      String why = primary.stream().filter(r -> r.verdict() == Verdict.INSUFFICIENT)
          .map(r -> r.stats().naReason()).distinct().findFirst().orElse("");
      line += ", " + na + " n/a (" + (na == primary.size() ? "every row: " : "e.g. ")
          + why.replaceFirst("^n/a: ", "") + ")";
      if (better + worse + same + drift == 0) {
        line += "; no faster/slower verdict is possible: with fewer than "
            + Stats.minForksPerSide() + " forks per side even a complete separation of the runs"
            + " has p > " + Stats.ALPHA + " (re-run with -f " + Stats.minForksPerSide() + " or more, or"
            + " io.dbbench.run.Interleave --forks " + Stats.minForksPerSide() + " or more)";
      }
    }
    if (unknown > 0) {
      line += ", " + unknown + " ? (no raw data)";
    }
    return line;
  }
}
