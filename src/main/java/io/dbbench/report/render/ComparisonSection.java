package io.dbbench.report.render;

import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Comparison;
import io.dbbench.report.stats.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A {@link Comparison} drawn into a report: per metric, the change table of the rows with a
 * verdict (scores, change, 95% interval, p, forks, MDE, verdict, notes) and its chart, the rows
 * without one folded per family, the resolution per family and the keys only one side has. The
 * numbers and verdicts are {@link Comparison}'s; this class only lays them out.
 */
public final class ComparisonSection {
  private ComparisonSection() {}

  /**
   * Appends the comparison's tables, resolution table and charts to {@code doc}: a section
   * "Comparison: BASE → CONTENDER" at {@code level}, its tables one level below.
   */
  public static void appendTo(Comparison c, Doc doc, int level) {
    Doc.Section s = doc.section(level, "Comparison: " + c.baseLabel() + " → " + c.contenderLabel());
    int need = Stats.minForksPerSide();
    s.text("Per benchmark and parameter combination: both scores, the change in percent, its 95%"
        + " two-level bootstrap interval (forks, then iterations within forks, resampled;"
        + " Kalibera and Jones, ISMM 2013; " + Stats.BOOTSTRAP_RESAMPLES + " resamples, seed "
        + Stats.BOOTSTRAP_SEED + "), the exact two-sided Mann-Whitney U p-value over the per-fork"
        + " means (forks are the unit: iterations of one JVM are not independent), the forks on each"
        + " side and the minimum detectable change (MDE: the change these forks detect with "
        + Math.round(Stats.POWER * 100) + "% power at p ≤ " + Stats.ALPHA + "). A change with p > "
        + Stats.ALPHA + " is shown as ~: no difference can be claimed, and the MDE says how large a"
        + " difference could have hidden. The exact test cannot reach p ≤ " + Stats.ALPHA
        + " with fewer than " + need + " forks per side: such rows get no verdict; they are listed per"
        + " family under a heading that says why once, with '-' for interval, p, MDE and verdict. For"
        + " throughput (ops/time) higher is faster; for time per operation and B/op lower is better."
        + " " + sidesText(c));
    for (String metric : List.of(Comparison.PRIMARY, Comparison.ALLOC)) {
      List<Comparison.Row> rs = c.rows(metric);
      if (rs.isEmpty()) {
        continue;
      }
      // rows the forks cannot judge are folded per family below the table, so the verdicts lead
      List<Comparison.Row> judged = rs.stream()
          .filter(r -> r.verdict() != Comparison.Verdict.INSUFFICIENT && r.verdict() != Comparison.Verdict.UNKNOWN)
          .toList();
      Map<String, List<Comparison.Row>> unjudged = new TreeMap<>();
      rs.stream().filter(r -> !judged.contains(r))
          .forEach(r -> unjudged.computeIfAbsent(family(r), k -> new ArrayList<>()).add(r));
      String name = metric.equals(Comparison.PRIMARY) ? "Score" : "Allocation (gc.alloc.rate.norm, B/op)";
      Doc.Section sub = doc.section(level + 1, name);
      if (judged.isEmpty()) {
        sub.text("No row has a verdict: every row ran too few forks on a side (listed per family below).");
      } else {
        Doc.TableBuilder t = changeTable(c, judged);
        for (Comparison.Geomean g : c.geomeans()) {
          if (g.metric().equals(metric)) {
            List<String> cells = new ArrayList<>(List.of("geomean (" + g.rows() + " rows)", g.unit(),
                Units.num(g.base()), Units.num(g.contender()), Units.pct(g.changePct()), "", "", "", "", ""));
            if (judged.stream().anyMatch(r -> !r.notes().isEmpty())) {
              cells.add("");
            }
            t.row(cells);
          }
        }
        sub.add(t.build());
        sub.add(Charts.changes("changes-" + (metric.equals(Comparison.PRIMARY) ? "score" : "alloc"),
            (metric.equals(Comparison.PRIMARY) ? "Change of score" : "Change of B/op") + ", " + c.baseLabel()
                + " → " + c.contenderLabel() + " (grey: p > 0.05 or ~ drift)", judged, changeAxis(metric, judged)));
      }
      for (Map.Entry<String, List<Comparison.Row>> e : unjudged.entrySet()) {
        Set<String> why = new TreeSet<>();
        e.getValue().forEach(r -> why.add(whyNoVerdict(r)));
        Doc.Section fold = doc.section(level + 2, e.getKey() + ": " + e.getValue().size() + " "
            + (metric.equals(Comparison.PRIMARY) ? "" : "B/op ") + "row" + (e.getValue().size() == 1 ? "" : "s")
            + " without a verdict (" + String.join("; ", why) + ")");
        fold.collapsed = true;
        // one reason: the heading says it once and every row's verdict cell is '-'
        fold.add(changeTable(c, e.getValue(), why.size() == 1).build());
      }
    }
    appendResolution(c, doc.section(level + 1, "Resolution per family"));
    if (!c.onlyBase().isEmpty() || !c.onlyContender().isEmpty()) {
      doc.section(level + 1, "Not compared").text("Only in " + c.baseLabel() + ": "
          + (c.onlyBase().isEmpty() ? "none" : String.join(", ", c.onlyBase())) + ". Only in "
          + c.contenderLabel() + ": "
          + (c.onlyContender().isEmpty() ? "none" : String.join(", ", c.onlyContender())) + ".");
    }
  }

  /**
   * Why {@code r} has no verdict, e.g. {@code 1 fork per side (the exact test over forks needs
   * 4+4)}, or {@code untested} (no raw data).
   */
  static String whyNoVerdict(Comparison.Row r) {
    if (r.verdict() != Comparison.Verdict.INSUFFICIENT) {
      return "untested";
    }
    String forks = r.stats().forkCounts();
    int need = Stats.minForksPerSide();
    return r.stats().a().forks() == 0 || r.stats().b().forks() == 0 ? forks
        : forks + " (the exact test over forks needs " + need + "+" + need + ")";
  }

  /** {@link #changeTable(Comparison, List, boolean)} with each unjudged row's reason in its verdict cell. */
  private static Doc.TableBuilder changeTable(Comparison c, List<Comparison.Row> rows) {
    return changeTable(c, rows, false);
  }

  /**
   * The change table of {@code rows}: both scores, change, interval, p, forks, MDE, verdict, and
   * notes when any. A row without a verdict has '-' for interval, p and MDE, and in its verdict
   * cell its reason, or '-' when {@code reasonSaidAbove} (the table's heading says it once).
   */
  private static Doc.TableBuilder changeTable(Comparison c, List<Comparison.Row> rows, boolean reasonSaidAbove) {
    boolean anyNotes = rows.stream().anyMatch(r -> !r.notes().isEmpty());
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("unit").num(c.baseLabel())
        .num(c.contenderLabel()).num("change").num("95% CI").num("p").col("forks").num("MDE")
        .col("verdict");
    if (anyNotes) {
      t.col("notes");
    }
    for (Comparison.Row r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.label(), r.unit(), Units.num(r.base()),
          Units.num(r.contender()),
          r.verdict() == Comparison.Verdict.SAME ? "~" : Units.pct(r.changePct()),
          Double.isNaN(r.ciLow()) ? "-" : "[" + Units.pct(r.ciLow()) + ", " + Units.pct(r.ciHigh()) + "]",
          r.verdict() == Comparison.Verdict.INSUFFICIENT || Double.isNaN(r.p()) ? "-" : Units.p(r.p()),
          r.forksBase() + "+" + r.forksContender(),
          r.verdict() == Comparison.Verdict.INSUFFICIENT || !Double.isFinite(r.mdePct()) ? "-" : Units.mde(r.mdePct()),
          r.verdict() == Comparison.Verdict.INSUFFICIENT ? (reasonSaidAbove ? "-" : whyNoVerdict(r)) : r.verdictWord()));
      if (anyNotes) {
        cells.add(String.join("; ", r.notes()));
      }
      t.row(cells);
      if (r.verdict() != Comparison.Verdict.BETTER && r.verdict() != Comparison.Verdict.WORSE) {
        t.muteLast();
      }
    }
    return t;
  }

  /** The family of a row: the package after {@code io.dbbench.} in its benchmark's name, else "other". */
  static String family(Comparison.Row r) {
    String[] parts = r.key().split("\\.");
    return parts.length > 3 && parts[0].equals("io") && parts[1].equals("dbbench") ? parts[2] : "other";
  }

  /**
   * The change chart's value-axis title, saying which way is better: lower for B/op and time per
   * operation, higher for throughput (rows of both kinds: both said).
   */
  static String changeAxis(String metric, List<Comparison.Row> rows) {
    if (metric.equals(Comparison.ALLOC)) {
      return "change of B/op (%; lower is better)";
    }
    if (rows.stream().allMatch(Comparison.Row::higherIsBetter)) {
      return "change of score (%; higher is better: throughput)";
    }
    if (rows.stream().noneMatch(Comparison.Row::higherIsBetter)) {
      return "change of score (%; lower is better: time per operation)";
    }
    return "change of score (%; higher is better for throughput, lower for time per operation)";
  }

  /** What the comparison's preamble says of how the two sides were recorded, and the drift rule. */
  static String sidesText(Comparison c) {
    String why = "the forks of one run share that run's machine, so a change between two separately"
        + " recorded runs covers the code and whatever changed on the machine between them, which no"
        + " fork count removes (on the 2-core VM, quiet runs of the same code differed by up to +26%"
        + " 28 minutes apart and +31% 1 h 45 min apart, README \"Between runs\")";
    if (c.interleaved()) {
      return "The two sides' forks were interleaved (ABBA, io.dbbench.run.Interleave): both saw the same"
          + " machine, so no between-run drift allowance applies" + (c.driftPct() > 0 ? " by default; this"
          + " comparison was given one of ±" + Units.plain(c.driftPct()) + "% all the same." : ".");
    }
    if (c.driftPct() > 0) {
      return "These are separately recorded runs: " + why + ". A significant change is therefore called"
          + " faster or slower only when its whole 95% interval lies beyond the between-run drift"
          + " allowance of ±" + Units.plain(c.driftPct()) + "% (--drift, DBBENCH_DRIFT); a significant change"
          + " within it says ~ drift. To judge smaller changes, run both builds with their forks"
          + " interleaved: java -cp target/benchmarks.jar io.dbbench.run.Interleave --baseline OLD.jar"
          + " --candidate NEW.jar -- REGEX.";
    }
    return "No between-run drift allowance was applied (--drift 0): " + why + "; a verdict here is"
        + " about the code only if both sides ran interleaved or beside each other.";
  }

  private static void appendResolution(Comparison c, Doc.Section s) {
    List<Comparison.Resolution> res = c.resolution();
    s.text("How small a change each family's rows can detect (" + Math.round(Stats.POWER * 100)
        + "% power, p ≤ " + Stats.ALPHA + ", exact test over forks), and the forks per side a run"
        + " would need to detect 10% and 5%, for the family's median row and for all its rows"
        + " (from the measured noise of one fork mean: fork-to-fork plus iteration variance)."
        + (res.stream().anyMatch(Comparison.Resolution::lowerBound) ? " ≥: some rows had one fork per side,"
            + " so their fork-to-fork variance is unknown and the counts are lower bounds from"
            + " iteration noise alone." : ""));
    Doc.TableBuilder t = new Doc.TableBuilder().col("family").num("rows").num("median MDE")
        .num("largest MDE").num("forks for 10% (median row)").num("forks for 10% (all rows)")
        .num("forks for 5% (median row)").num("forks for 5% (all rows)");
    for (Comparison.Resolution r : res) {
      String ge = r.lowerBound() ? "≥ " : "";
      t.row(List.of(r.family(), String.valueOf(r.rows()), Units.mde(r.medianMdePct()), Units.mde(r.maxMdePct()),
          forks(ge, r.forksFor10()), forks(ge, r.forksFor10All()), forks(ge, r.forksFor5()),
          forks(ge, r.forksFor5All())));
    }
    s.add(t.build());
  }

  private static String forks(String prefix, int n) {
    return n < 0 ? "> " + Stats.MAX_FORKS_NEEDED + " or unknown" : prefix + n;
  }
}
