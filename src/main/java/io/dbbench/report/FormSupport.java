package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.Redaction;
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


  /** The backend of r's family from env.json ({@code families.<id>.backend}), or "". */
  public static String backend(JsonNode env, JmhResult r) {
    if (env == null) {
      return "";
    }
    if (env.has("merged_from")) {
      for (JsonNode part : env.path("merged_from")) {
        if (part.path("host").asText().equals(r.host())) {
          return backend(part.path("env"), r);
        }
      }
      return "";
    }
    JsonNode fams = env.path("families");
    for (JsonNode f : fams) {
      for (JsonNode b : f.path("benchmarks")) {
        if (b.asText().equals(r.benchmark())) {
          return Redaction.redact(f.path("backend").asText(""));
        }
      }
    }
    return Redaction.redact(fams.path(r.family()).path("backend").asText(""));
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

  /** Secondary metric of the trial's server warm-up: 1 steady, 0 the cap was reached (see {@code io.dbbench.ServerWarmup}). */
  public static final String WARMUP_STEADY = "warmup_steady";
  /** Secondary metric: warm-up requests. */
  public static final String WARMUP_REQUESTS = "warmup_requests";
  /** Secondary metric: the servers' CPU per request at the end of the warm-up, µs. */
  public static final String WARMUP_CPU_US = "warmup_cpu_us";

  /**
   * A fact of the trial published as a secondary metric in one iteration and 0 in the others (the
   * warm-up's, an open-loop trial's percentiles), per fork: the largest iteration of each fork.
   * JMH sums such a metric over iterations in one fork's score, and {@link ForkMerge} averages
   * iterations over merged forks, so neither score is the fact; the raw data is.
   *
   * @return one value per fork, empty when the result does not have the metric or its raw data
   */
  public static double[] trialFact(JmhResult r, String name) {
    JmhResult.Metric m = r.secondary().get(name);
    if (m == null) {
      return new double[0];
    }
    return m.rawData().stream().filter(f -> !f.isEmpty())
        .mapToDouble(f -> f.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)).toArray();
  }

  /**
   * The row's server warm-up in words: {@code steady after 24,745 requests (401 µs CPU/req)} (the
   * median over forks), {@code NOT steady in 1 of 4 forks (cap reached at 4,165 µs CPU/req)}, or
   * "" when the row has no out-of-process server warm-up.
   */
  public static String warmup(JmhResult r) {
    double[] steady = trialFact(r, WARMUP_STEADY);
    if (steady.length == 0) {
      return "";
    }
    double[] requests = trialFact(r, WARMUP_REQUESTS);
    double[] cpu = trialFact(r, WARMUP_CPU_US);
    long notSteady = Arrays.stream(steady).filter(v -> v < 0.5).count();
    double cpuMedian = median(cpu);
    if (notSteady > 0) {
      return "NOT steady in " + notSteady + " of " + steady.length + " fork" + (steady.length == 1 ? "" : "s")
          + " (cap reached at " + Units.num(cpuMedian) + " µs per request)";
    }
    return "steady after " + Units.num(median(requests)) + " requests (" + Units.num(cpuMedian) + " µs per request)";
  }

  private static double median(double[] a) {
    if (a.length == 0) {
      return Double.NaN;
    }
    double[] c = a.clone();
    Arrays.sort(c);
    return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
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
