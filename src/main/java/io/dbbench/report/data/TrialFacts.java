package io.dbbench.report.data;

import java.util.Arrays;

/**
 * Facts of a trial that a benchmark publishes as secondary metrics in one iteration of each fork
 * (0 in the others): the server warm-up's outcome, an open-loop trial's percentiles. Read from the
 * raw data, fork by fork, since neither JMH's score nor a merged score is the fact.
 */
public final class TrialFacts {
  private TrialFacts() {}

  /**
   * Secondary metric of the trial's server warm-up: 1 steady, 0 the cap was reached (written by
   * {@code io.dbbench.ServerWarmup} in {@code src/jmh/java}).
   */
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
  public static double[] of(JmhResult r, String name) {
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
    double[] steady = of(r, WARMUP_STEADY);
    if (steady.length == 0) {
      return "";
    }
    double[] requests = of(r, WARMUP_REQUESTS);
    double[] cpu = of(r, WARMUP_CPU_US);
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
  }}
