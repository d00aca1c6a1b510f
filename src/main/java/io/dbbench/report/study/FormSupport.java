package io.dbbench.report.study;

import io.dbbench.core.Redaction;
import io.dbbench.profile.AllocationProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.TrialFacts;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.stats.Comparison;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Helpers that every {@link StudyForm} shares: per-operation time and rate from a JMH score,
 * allocation per operation, parameter bookkeeping, sibling lookup and chart series building.
 */
public final class FormSupport {
  private FormSupport() {}

  /** Converts an OPERATIONS aux counter (JMH reports it as ops per time unit) whose "op" is one byte or one write, to per second. */
  public static double perSecond(JmhResult.Metric bytes) {
    // JMH reports an OPERATIONS aux counter as ops/<time unit>; here one "op" is one byte
    String u = bytes.unit();
    int slash = u.indexOf('/');
    double perUnit = slash < 0 ? Double.NaN : Units.secondsIn(u.substring(slash + 1));
    return bytes.score() / perUnit;
  }


  /** The backend of r's family from the run manifest ({@code families.<id>.backend}), or "". */
  public static String backend(RunManifest env, JmhResult r) {
    RunManifest.Family f = family(env, r);
    return f == null ? "" : Redaction.redact(f.backend().label());
  }

  /**
   * The manifest section of r's family: in a merged run, the section of the part measured on r's
   * host; the family whose sweep ran r's benchmark, else the family named by r's package; null
   * when the manifest has none (or there is no manifest).
   */
  public static RunManifest.Family family(RunManifest env, JmhResult r) {
    if (env == null) {
      return null;
    }
    if (env.merged()) {
      for (RunManifest.MergedPart part : env.mergedFrom()) {
        if (part.host().equals(r.host())) {
          return family(part.manifest(), r);
        }
      }
      return null;
    }
    for (RunManifest.Family f : env.families().values()) {
      if (f.benchmarkList().contains(r.benchmark())) {
        return f;
      }
    }
    return env.families().get(r.family());
  }

  /**
   * The row of the same benchmark (or, with {@code anyClass}, the same method of any class in
   * {@code rs}) and host whose params equal r's except for {@code change}; null when absent.
   */
  public static JmhResult sibling(List<JmhResult> rs, JmhResult r, Map<String, String> change, boolean anyClass) {
    Map<String, String> want = new LinkedHashMap<>(r.params());
    want.putAll(change);
    for (JmhResult o : rs) {
      boolean same = anyClass ? o.method().equals(r.method()) : o.benchmark().equals(r.benchmark());
      if (o != r && same && o.host().equals(r.host())
          && o.mode().equals(r.mode()) && o.params().equals(want)) {
        return o;
      }
    }
    return null;
  }


  /**
   * Seconds per operation as one caller sees it: the score for time modes; for throughput,
   * threads / (ops/s), since JMH sums throughput over threads.
   */
  public static double timePerOp(JmhResult r) {
    double t = Units.toSecondsPerOp(r.primary().score(), r.primary().unit());
    return Units.higherIsBetter(r.primary().unit()) ? t * r.threads() : t;
  }

  /** Operations per second over all threads. */
  public static double opsPerSecond(JmhResult r) {
    double t = Units.toSecondsPerOp(r.primary().score(), r.primary().unit());
    return Units.higherIsBetter(r.primary().unit()) ? 1 / t : r.threads() / t;
  }

  /** {@link TrialFacts#WARMUP_STEADY}. */
  public static final String WARMUP_STEADY = TrialFacts.WARMUP_STEADY;
  /** {@link TrialFacts#WARMUP_REQUESTS}. */
  public static final String WARMUP_REQUESTS = TrialFacts.WARMUP_REQUESTS;
  /** {@link TrialFacts#WARMUP_CPU_US}. */
  public static final String WARMUP_CPU_US = TrialFacts.WARMUP_CPU_US;

  /** A fact of the trial per fork ({@link TrialFacts#of}): one value per fork, empty when absent. */
  public static double[] trialFact(JmhResult r, String name) {
    return TrialFacts.of(r, name);
  }

  /** The row's server warm-up in words, "" when it has none ({@link TrialFacts#warmup}). */
  public static String warmup(JmhResult r) {
    return TrialFacts.warmup(r);
  }


  /** allocs/op from the main job's allocation pass ({@link AllocationProfiler#ALLOCS}), or "" when it did not run. */
  public static String allocs(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(AllocationProfiler.ALLOCS);
    if (m == null || Double.isNaN(m.score())) {
      return "";
    }
    JmhResult.Metric c = r.secondary().get(AllocationProfiler.COVERAGE);
    if (c != null && c.score() < 0.95) { // the JDK's own classes went uncounted (AllocationProfiler#COVERAGE)
      return "≥ " + Units.num(m.score()) + " (" + Math.round(c.score() * 100) + "% of bytes seen)";
    }
    return Units.num(m.score());
  }

  public static String alloc(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? "" : Units.num(m.score());
  }

  public static List<JmhResult> select(List<JmhResult> rs, Predicate<JmhResult> p) {
    return rs.stream().filter(p).toList();
  }

  public static Set<String> paramNames(List<JmhResult> rs) {
    Set<String> s = new LinkedHashSet<>();
    rs.forEach(r -> s.addAll(r.params().keySet()));
    return s;
  }

  /** " a=1 b=2" for r's params other than {@code except}, or "". */
  public static String others(JmhResult r, Set<String> except) {
    StringBuilder sb = new StringBuilder();
    r.params().forEach((k, v) -> {
      if (!except.contains(k)) {
        sb.append(' ').append(k).append('=').append(v);
      }
    });
    return sb.toString();
  }

  public static String host(JmhResult r) {
    return r.host().isEmpty() ? "" : " @" + r.host();
  }

  public static Double num(String s) {
    if (s == null) {
      return null;
    }
    try {
      return Double.valueOf(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  public static double max(double[] a) {
    return Arrays.stream(a).max().orElse(Double.NaN);
  }

  public static double min(double[] a) {
    return Arrays.stream(a).min().orElse(Double.NaN);
  }

  public static void addPoint(Map<String, Charts.Series> m, String name, double x, double y) {
    Charts.Series s = m.computeIfAbsent(name, k -> new Charts.Series(k, new ArrayList<>(), new ArrayList<>()));
    // keep x ascending for line charts
    int i = 0;
    while (i < s.x().size() && s.x().get(i) < x) {
      i++;
    }
    s.x().add(i, x);
    s.y().add(i, y);
  }
}
