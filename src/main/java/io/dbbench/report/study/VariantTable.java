package io.dbbench.report.study;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Comparison;
import io.dbbench.report.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Go suite's protocol/variant comparison form: one table per operation (benchmark method and
 * the other parameters fixed), one row per variant, columns ns/op, delta %, its 95% interval, the
 * minimum detectable change (MDE), B/op, delta % and the significance column; the first variant
 * met in the run is the reference. The statistics are those of {@code compare} ({@link
 * Stats#change}: forks are the unit, exact Mann-Whitney U over per-fork means, two-level
 * bootstrap interval): a delta with p > 0.05 is shown as {@code ~}, as benchstat does. Rows whose
 * fork counts can never reach p ≤ 0.05 (1 fork per variant) show the delta alone, with '-' for
 * interval, MDE and significance, and one note above their table says why. A horizontal bar
 * chart of the change of ns/op per operation against the reference follows the tables (sorted by
 * change, with the 95% interval and per-fork means).
 */
public final class VariantTable {
  private VariantTable() {}

  /**
   * Appends the tables and chart for {@code rs} split by parameter {@code variant}.
   *
   * @param doc the document (subsections are added as level-4 headings)
   * @param s the section that receives the chart and notes
   * @param rs results that carry {@code variant}
   * @param variant the parameter that names the variant ({@code protocol}, {@code provider},
   *     {@code journal})
   * @param chartName file-safe chart name prefix
   */
  public static void appendTo(Doc doc, Doc.Section s, List<JmhResult> rs, String variant, String chartName) {
    Map<String, List<JmhResult>> groups = new LinkedHashMap<>();
    List<String> variants = new ArrayList<>();
    for (JmhResult r : rs) {
      String v = r.params().get(variant);
      if (!variants.contains(v)) {
        variants.add(v);
      }
      groups.computeIfAbsent(r.shortName() + "[" + r.mode() + "]" + FormSupport.others(r, Set.of(variant))
          + FormSupport.host(r), k -> new ArrayList<>()).add(r);
    }
    s.text("Reference: the first " + variant + " of each operation. delta = (variant / reference - 1)"
        + " in percent of ns/op, with its 95% two-level bootstrap interval (forks, then iterations);"
        + " ~ where the exact Mann-Whitney U p-value over per-fork means is above " + Stats.ALPHA
        + "; where the forks are too few for that test to ever reach " + Stats.ALPHA + " (it needs "
        + Stats.minForksPerSide() + " per variant), a note above the table says so and its rows show the"
        + " delta alone, with '-' for interval, MDE and significance. MDE: the smallest change these forks detect with "
        + Math.round(Stats.POWER * 100) + "% power.");
    // the chart: one row per operation, one bar per non-reference variant (change of ns/op against
    // the reference), sorted by the first variant's change; labels and values are built together
    List<String> categories = new ArrayList<>();
    List<List<Double>> deltas = new ArrayList<>();
    List<List<double[]>> cis = new ArrayList<>();
    List<List<List<Double>>> points = new ArrayList<>();
    List<String> others = new ArrayList<>();
    boolean any = false;
    for (Map.Entry<String, List<JmhResult>> g : groups.entrySet()) {
      List<JmhResult> members = g.getValue();
      if (members.size() < 2) {
        continue;
      }
      any = true;
      JmhResult ref = members.get(0);
      double refAlloc = allocScore(ref);
      Doc.TableBuilder t = new Doc.TableBuilder().col(variant).num("ns/op").num("delta %")
          .num("95% CI").num("MDE").num("B/op").num("delta %").col("significance");
      Set<String> unjudged = new TreeSet<>();
      for (JmhResult r : members) {
        double ns = Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) * 1e9;
        double alloc = allocScore(r);
        if (r == ref) {
          t.row(List.of(r.params().get(variant) + " (reference)", Units.num(ns), "", "", "", alloc(alloc), "",
              "reference (" + nsForks(r).length + (nsForks(r).length == 1 ? " fork)" : " forks)")));
          continue;
        }
        Stats.Change time = Stats.change(nsForks(ref), nsForks(r));
        Stats.Change mem = Stats.change(allocForks(ref), allocForks(r));
        double refNsScore = Units.toSecondsPerOp(ref.primary().score(), ref.primary().unit()) * 1e9;
        String dTime = delta(ns, refNsScore, time);
        String dAlloc = Double.isNaN(alloc) || Double.isNaN(refAlloc) ? "" : delta(alloc, refAlloc, mem);
        String ci = Double.isNaN(time.ciLow()) ? "-"
            : "[" + Units.pct(time.ciLow()) + ", " + Units.pct(time.ciHigh()) + "]";
        String sig = time.judgeable()
            ? "time p=" + Units.p(time.p()) + " (n=" + time.a().forks() + "+" + time.b().forks() + " forks)"
            : "-";
        if (!time.judgeable()) {
          unjudged.add(time.forkCounts());
        }
        if (mem.judgeable()) {
          sig += "; B/op p=" + Units.p(mem.p());
        }
        String mde = time.judgeable() && Double.isFinite(time.mdePct()) ? Units.mde(time.mdePct()) : "-";
        t.row(List.of(r.params().get(variant), Units.num(ns), dTime, ci, mde, alloc(alloc), dAlloc, sig));
        if (!time.significant()) {
          t.muteLast();
        }
      }
      Doc.Section table = doc.section(4, g.getKey());
      if (!unjudged.isEmpty()) {
        table.text(unjudgedNote(unjudged));
      }
      table.add(t.build());
      String cat = ref.method() + FormSupport.others(ref, Set.of(variant)) + FormSupport.host(ref);
      categories.add(categories.contains(cat) ? ref.simpleClassName() + "." + cat : cat);
      List<Double> d = new ArrayList<>();
      List<double[]> ci = new ArrayList<>();
      List<List<Double>> pts = new ArrayList<>();
      double refNs = Stats.mean(Stats.forkMeans(nsForks(ref)));
      if (!(refNs > 0)) {
        refNs = Units.toSecondsPerOp(ref.primary().score(), ref.primary().unit()) * 1e9;
      }
      for (String v : variants) {
        if (v.equals(ref.params().get(variant))) {
          continue;
        }
        if (!others.contains(v)) {
          others.add(v);
        }
        JmhResult m = members.stream().filter(r -> v.equals(r.params().get(variant))).findFirst().orElse(null);
        if (m == null) {
          d.add(Double.NaN);
          ci.add(new double[] {Double.NaN, Double.NaN});
          pts.add(List.of());
          continue;
        }
        Stats.Change c = Stats.change(nsForks(ref), nsForks(m));
        // the change of the fork means, as Stats.change computes it, so bars and per-fork dots agree
        d.add(c.changePct());
        ci.add(new double[] {c.ciLow(), c.ciHigh()});
        List<Double> p = new ArrayList<>();
        for (double fm : c.forkMeansB()) {
          p.add((fm / refNs - 1) * 100);
        }
        pts.add(p);
      }
      deltas.add(d);
      cis.add(ci);
      points.add(pts);
    }
    if (!any) {
      s.text("(no operation was run with more than one " + variant + ")");
      return;
    }
    // a variant missing from an operation is a NaN bar; rows sorted by the first variant's change
    Integer[] order = new Integer[categories.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> {
      double v = deltas.get(i).isEmpty() ? Double.NaN : deltas.get(i).get(0);
      return Double.isNaN(v) ? Double.MAX_VALUE : -v;
    }));
    List<String> labels = new ArrayList<>();
    List<Charts.Bars> bars = new ArrayList<>();
    for (int v = 0; v < others.size(); v++) {
      List<Double> vals = new ArrayList<>();
      List<Double> lo = new ArrayList<>();
      List<Double> hi = new ArrayList<>();
      List<List<Double>> pts = new ArrayList<>();
      for (int i : order) {
        boolean has = v < deltas.get(i).size();
        vals.add(has ? deltas.get(i).get(v) : Double.NaN);
        lo.add(has ? cis.get(i).get(v)[0] : Double.NaN);
        hi.add(has ? cis.get(i).get(v)[1] : Double.NaN);
        pts.add(has ? points.get(i).get(v) : List.of());
      }
      bars.add(new Charts.Bars(others.get(v), vals, lo, hi, pts, null));
    }
    for (int i : order) {
      labels.add(categories.get(i));
    }
    String refName = variants.get(0);
    doc.section(4, "Change of ns/op per operation against " + variant + "=" + refName)
        .text("Bars: change of the mean ns/op of the fork means against " + variant + "=" + refName + "; black line:"
            + " its 95% interval where the forks allow one; dots: each fork's mean. Sorted by change.")
        .add(Charts.hbars(chartName + "-change", variant + ": change of ns/op against " + refName,
        "change of ns/op against " + refName + " (%; negative = faster)", "operation (" + variant + " varies)",
        labels, bars, false));
  }

  /**
   * The one note above a table with rows the exact test cannot judge, e.g. {@code Rows with 1 fork
   * per side: no interval, MDE or significance ('-'), the delta is the point estimate alone; the
   * exact test over forks needs 4 forks per side.}
   *
   * @param forks the unjudged rows' fork counts as {@link Stats.Change#forkCounts} words them
   */
  static String unjudgedNote(Set<String> forks) {
    return "Rows with " + String.join(" or ", forks) + ": no interval, MDE or significance ('-'), the delta"
        + " is the point estimate alone; the exact test over forks needs " + Stats.minForksPerSide()
        + " forks per side.";
  }

  private static String delta(double v, double ref, Stats.Change c) {
    if (c.a().forks() == 0 || c.b().forks() == 0) {
      return Units.pct((v / ref - 1) * 100) + " (untested)";
    }
    // with raw data the change of the fork means (as the test and the chart use), else of the scores
    double pct = Double.isFinite(c.changePct()) ? c.changePct() : (v / ref - 1) * 100;
    if (!c.judgeable()) {
      // the table's note says why there is no verdict
      return Units.pct(pct);
    }
    return c.significant() ? Units.pct(pct) : "~";
  }

  /** The primary metric's iterations fork by fork, in ns/op. */
  private static double[][] nsForks(JmhResult r) {
    double[][] forks = r.primary().forks();
    double[][] out = new double[forks.length][];
    for (int f = 0; f < forks.length; f++) {
      out[f] = Units.toSecondsPerOp(forks[f], r.primary().unit());
      for (int i = 0; i < out[f].length; i++) {
        out[f][i] *= 1e9;
      }
    }
    return out;
  }

  private static double allocScore(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? Double.NaN : m.score();
  }

  private static double[][] allocForks(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? new double[0][] : m.forks();
  }

  private static String alloc(double v) {
    return Double.isNaN(v) ? "" : Units.num(v);
  }
}
