package io.dbbench.report.study;

import io.dbbench.core.Spelling;
import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.data.ReportException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether the comparison findings of two runs of the same code replicate: the two runs'
 * {@code findings.json} (written by {@link Findings#write}) matched finding by finding, each pair
 * judged from its intervals only.
 *
 * <p>A pair of comparison findings (same study, benchmark, metric, unit, baseline and contender
 * parameters) <em>replicates</em> when (1) it is not significant in both runs with opposite signs
 * (each interval excluding {@code no_change} on a different side) and (2) the two 95% intervals
 * overlap. A pair whose intervals are missing on either side cannot be judged, and a pair either
 * of whose findings was measured under load ({@code under_load} in {@code findings.json}: other
 * processes used more than 10% of the CPUs, or the hypervisor stole more than 5%, during one of
 * its forks) is not comparable: the load can change a result's size, not only its noise. The rule is the
 * one the interleaving work set for the suite's headline comparisons: a finding that a second run
 * of the same code cannot reproduce is not a finding.
 */
public final class Replication {

  private Replication() {}

  /** The verdict on one matched pair. */
  public enum Verdict implements Spelling.LowerWords {
    /** Not significant with opposite signs, and the intervals overlap. */
    REPLICATES,
    /** Significant in both runs with opposite signs, or the intervals do not overlap. */
    DOES_NOT_REPLICATE,
    /** An interval is missing on a side, or the finding is in one run only. */
    CANNOT_JUDGE,
    /** Either run's finding was measured under load. */
    NOT_COMPARABLE
  }

  /**
   * One comparison finding in both runs.
   *
   * @param key the study, benchmark and parameter points that identify it
   * @param unit the estimate's unit ({@code %} change in time or {@code x} speed-up)
   * @param a the first run's finding object, or null when absent
   * @param b the second run's finding object, or null when absent
   * @param verdict the judgement
   * @param why the reason in words
   */
  public record Pair(String key, String unit, FindingsJson.Entry a, FindingsJson.Entry b, Verdict verdict, String why) {}

  /**
   * Matches the comparison findings of two run directories and judges each pair. A finding matches
   * the other run's with the same study, benchmark, unit and parameter points; failing that, the
   * one finding of the other run that differs only by parameters one run lacks and the other holds
   * fixed on both sides of its comparison (a {@code @Param} added between the runs, such as the graph
   * family's {@code engine=kuzu}); the pair's reason then names those parameters.
   *
   * @param runA the first run directory (holding {@code findings.json})
   * @param runB the second run directory
   * @return one pair per comparison finding present in either run, in the first run's order
   * @throws ReportException when either run has no readable {@code findings.json}
   */
  public static List<Pair> of(Path runA, Path runB) throws ReportException {
    Map<String, FindingsJson.Entry> a = comparisons(runA);
    Map<String, FindingsJson.Entry> b = comparisons(runB);
    Map<String, FindingsJson.Entry[]> both = new LinkedHashMap<>();
    a.forEach((k, v) -> both.computeIfAbsent(k, x -> new FindingsJson.Entry[2])[0] = v);
    b.forEach((k, v) -> both.computeIfAbsent(k, x -> new FindingsJson.Entry[2])[1] = v);
    Map<String, String> addedParams = new LinkedHashMap<>();
    for (String ka : new ArrayList<>(both.keySet())) {
      FindingsJson.Entry[] va = both.get(ka);
      if (va == null || va[1] != null) {
        continue;
      }
      List<String> fits = new ArrayList<>();
      both.forEach((kb, vb) -> {
        if (vb[0] == null && vb[1] != null && addedParam(va[0], vb[1]) != null) {
          fits.add(kb);
        }
      });
      if (fits.size() == 1) {
        FindingsJson.Entry eb = both.remove(fits.get(0))[1];
        va[1] = eb;
        addedParams.put(ka, addedParam(va[0], eb));
      }
    }
    List<Pair> out = new ArrayList<>();
    both.forEach((k, v) -> {
      Pair p = judge(k, v[0], v[1]);
      String added = addedParams.get(k);
      out.add(added == null ? p : new Pair(p.key(), p.unit(), p.a(), p.b(), p.verdict(),
          p.why() + " (matched across " + added + ", which one run's rows lack)"));
    });
    return out;
  }

  /**
   * The parameters by which {@code a} and {@code b} differ, as {@code name=value}, when they are the
   * same comparison but for parameters one of them lacks and holds fixed on both of its sides
   * (its baseline and contender agree on them); else null. The rule is the history's
   * ({@link History#addedParams}), so a finding replicates across the runs its series continues over.
   */
  static String addedParam(FindingsJson.Entry a, FindingsJson.Entry b) {
    if (!java.util.Objects.equals(a.study(), b.study()) || !java.util.Objects.equals(a.benchmark(), b.benchmark())
        || !java.util.Objects.equals(a.unit(), b.unit()) || !History.comparedOf(a).equals(History.comparedOf(b))) {
      return null;
    }
    String added = History.addedParams(History.fixedOf(a), History.fixedOf(b));
    return added == null || added.isEmpty() ? null : added;
  }

  /** Judges one pair; either side may be null (the finding is in one run only). */
  static Pair judge(String key, FindingsJson.Entry a, FindingsJson.Entry b) {
    String unit = (a != null ? a : b).unit();
    if (a == null || b == null) {
      return new Pair(key, unit, a, b, Verdict.CANNOT_JUDGE, "in one run only");
    }
    if (a.underLoad() || b.underLoad()) {
      String which = a.underLoad() && b.underLoad() ? "both runs" : a.underLoad() ? "the first run" : "the second run";
      return new Pair(key, unit, a, b, Verdict.NOT_COMPARABLE, "measured under load in " + which + " (other processes "
          + "used more than 10% of the CPUs or the hypervisor stole more than 5% during a fork)");
    }
    if (!a.hasInterval() || !b.hasInterval()) {
      return new Pair(key, unit, a, b, Verdict.CANNOT_JUDGE, "no interval in " + (a.hasInterval() ? "the second" : "the first") + " run");
    }
    int sa = side(a);
    int sb = side(b);
    if (sa != 0 && sb != 0 && sa != sb) {
      return new Pair(key, unit, a, b, Verdict.DOES_NOT_REPLICATE, "significant in both runs with opposite signs");
    }
    double lo = Math.max(a.ciLow(), b.ciLow());
    double hi = Math.min(a.ciHigh(), b.ciHigh());
    if (lo > hi) {
      return new Pair(key, unit, a, b, Verdict.DOES_NOT_REPLICATE, "the intervals do not overlap");
    }
    String signs = sa != 0 && sa == sb ? "significant in both runs, same sign; " : sa == 0 && sb == 0
        ? "significant in neither run; " : "significant in one run only; ";
    return new Pair(key, unit, a, b, Verdict.REPLICATES, signs + "the intervals overlap");
  }

  /** -1, 0 or +1: the interval lies below, includes or lies above {@code no_change}. */
  static int side(FindingsJson.Entry f) {
    double none = f.noChange();
    if (f.ciLow() > none) {
      return 1;
    }
    return f.ciHigh() < none ? -1 : 0;
  }

  private static Map<String, FindingsJson.Entry> comparisons(Path run) throws ReportException {
    Map<String, FindingsJson.Entry> out = new LinkedHashMap<>();
    for (FindingsJson.Entry f : FindingsJson.read(run)) {
      if (f.comparison()) {
        out.put(key(f), f);
      }
    }
    return out;
  }

  /** study benchmark {baseline} -> {contender} unit; parameter maps in key order. */
  static String key(FindingsJson.Entry f) {
    String bench = f.benchmark() == null ? "" : f.benchmark();
    bench = bench.substring(bench.lastIndexOf('.', bench.lastIndexOf('.') - 1) + 1);
    return f.study() + " " + bench + " " + params(f.baseline()) + " -> " + params(f.contender()) + " " + f.unit();
  }

  private static String params(Map<String, String> m) {
    return (m == null ? new TreeMap<String, String>() : new TreeMap<>(m)).toString();
  }

  /**
   * The pairs as a Markdown table: finding, each run's estimate with its interval, forks and
   * order, and the verdict.
   */
  public static String markdown(String nameA, String nameB, List<Pair> pairs) {
    StringBuilder sb = new StringBuilder();
    sb.append("| finding | ").append(nameA).append(" | ").append(nameB).append(" | verdict |\n");
    sb.append("|---|---|---|---|\n");
    for (Pair p : pairs) {
      sb.append("| ").append(p.key().replace("|", "\\|")).append(" | ").append(cell(p.a(), p.unit()))
          .append(" | ").append(cell(p.b(), p.unit())).append(" | ").append(p.verdict().words()).append(": ")
          .append(p.why()).append(" |\n");
    }
    return sb.toString();
  }

  private static String cell(FindingsJson.Entry f, String unit) {
    if (f == null) {
      return "absent";
    }
    double estimate = f.estimate() == null ? 0 : f.estimate(); // as the untyped reader printed a missing one
    if (f.ciLow() == null) {
      return fmt(estimate, unit) + ", no interval";
    }
    return fmt(estimate, unit) + " [" + fmt(f.ciLow(), unit) + ", " + fmt(f.ciHigh() == null ? 0 : f.ciHigh(), unit)
        + "], " + f.forksBaseline() + "+" + f.forksContender() + " forks " + (f.order() == null ? "" : f.order());
  }

  private static String fmt(double v, String unit) {
    return unit.equals("%") ? String.format(Locale.ROOT, "%+.1f%%", v) : String.format(Locale.ROOT, "%.2f%s", v, unit);
  }
}
