package io.dbbench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Go suite's protocol/variant comparison form: one table per operation (benchmark method and
 * the other parameters fixed), one row per variant, columns ns/op, delta %, B/op, delta % and the
 * significance column; the first variant met in the run is the reference. A delta whose
 * Mann-Whitney U p-value (over the per-iteration raw data of all forks, {@link Stats}) is above
 * 0.05 is shown as {@code ~}, as benchstat does. A bar chart of ns/op per variant per operation
 * with JMH's error bars follows the tables.
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
      groups.computeIfAbsent(r.shortName() + "[" + r.mode() + "]" + FormSupport.others(r, java.util.Set.of(variant))
          + FormSupport.host(r), k -> new ArrayList<>()).add(r);
    }
    s.text("Reference: the first " + variant + " of each operation. delta = (variant / reference - 1)"
        + " in percent; ~ where the Mann-Whitney U p-value over all iterations of all forks is above "
        + Stats.ALPHA + ".");
    List<String> categories = new ArrayList<>();
    Map<String, List<Double>> values = new LinkedHashMap<>();
    Map<String, List<Double>> errors = new LinkedHashMap<>();
    variants.forEach(v -> {
      values.put(v, new ArrayList<>());
      errors.put(v, new ArrayList<>());
    });
    boolean any = false;
    for (Map.Entry<String, List<JmhResult>> g : groups.entrySet()) {
      List<JmhResult> members = g.getValue();
      if (members.size() < 2) {
        continue;
      }
      any = true;
      JmhResult ref = members.get(0);
      double[] refNs = ns(ref);
      double refAlloc = allocScore(ref);
      Doc.TableBuilder t = new Doc.TableBuilder().col(variant).num("ns/op").num("delta %")
          .num("B/op").num("delta %").col("significance");
      for (JmhResult r : members) {
        double ns = Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) * 1e9;
        double alloc = allocScore(r);
        if (r == ref) {
          t.row(List.of(r.params().get(variant) + " (reference)", Units.num(ns), "", alloc(alloc), "", "reference"));
          continue;
        }
        double refNsScore = Units.toSecondsPerOp(ref.primary().score(), ref.primary().unit()) * 1e9;
        double p = Stats.mannWhitneyP(refNs, ns(r));
        double pAlloc = Stats.mannWhitneyP(allocSamples(ref), allocSamples(r));
        String dTime = delta(ns, refNsScore, p);
        String dAlloc = Double.isNaN(alloc) || Double.isNaN(refAlloc) ? "" : delta(alloc, refAlloc, pAlloc);
        String sig = "time p=" + Units.p(p) + " (n=" + refNs.length + "+" + ns(r).length + ")"
            + (Double.isNaN(pAlloc) ? "" : "; B/op p=" + Units.p(pAlloc));
        t.row(List.of(r.params().get(variant), Units.num(ns), dTime, alloc(alloc), dAlloc, sig));
        if (!(p <= Stats.ALPHA)) {
          t.muteLast();
        }
      }
      doc.section(4, g.getKey()).add(t.build());
      String cat = ref.method() + FormSupport.others(ref, java.util.Set.of(variant)) + FormSupport.host(ref);
      categories.add(categories.contains(cat) ? ref.simpleClassName() + "." + cat : cat);
      for (String v : variants) {
        JmhResult m = members.stream().filter(r -> v.equals(r.params().get(variant))).findFirst().orElse(null);
        values.get(v).add(m == null ? 0.0 : Units.toSecondsPerOp(m.primary().score(), m.primary().unit()) * 1e9);
        errors.get(v).add(m == null ? 0.0 : nsError(m));
      }
    }
    if (!any) {
      s.text("(no operation was run with more than one " + variant + ")");
      return;
    }
    doc.section(4, "ns/op per " + variant + " per operation").add(Charts.bars(chartName + "-nsop",
        "ns/op per " + variant + " per operation (error bars: JMH 99.9% interval)", "ns/op",
        categories, values, errors));
  }

  private static String delta(double v, double ref, double p) {
    if (Double.isNaN(p)) {
      return Units.pct((v / ref - 1) * 100) + " (untested)";
    }
    return p > Stats.ALPHA ? "~" : Units.pct((v / ref - 1) * 100);
  }

  private static double[] ns(JmhResult r) {
    double[] s = Units.toSecondsPerOp(r.primary().samples(), r.primary().unit());
    for (int i = 0; i < s.length; i++) {
      s[i] *= 1e9;
    }
    return s;
  }

  private static double nsError(JmhResult r) {
    double sc = r.primary().score();
    double e = r.primary().scoreError();
    if (!Double.isFinite(e) || sc - e <= 0) {
      return 0;
    }
    String u = r.primary().unit();
    return Math.abs(Units.toSecondsPerOp(sc + e, u) - Units.toSecondsPerOp(sc - e, u)) / 2 * 1e9;
  }

  private static double allocScore(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? Double.NaN : m.score();
  }

  private static double[] allocSamples(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? new double[0] : m.samples();
  }

  private static String alloc(double v) {
    return Double.isNaN(v) ? "" : Units.num(v);
  }
}
