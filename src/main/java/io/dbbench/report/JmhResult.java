package io.dbbench.report;

import java.util.List;
import java.util.Map;

/**
 * One entry of a JMH JSON result file: one benchmark method at one parameter combination.
 *
 * @param benchmark full name, {@code package.Class.method}
 * @param mode JMH mode short name ({@code thrpt}, {@code avgt}, {@code sample}, {@code ss})
 * @param threads worker threads
 * @param forks forks measured
 * @param params parameter values by name, in JMH's order (empty when none)
 * @param primary the primary metric
 * @param secondary secondary metrics by name ({@code gc.alloc.rate.norm}, aux counters, ...)
 */
public record JmhResult(
    String benchmark,
    String mode,
    int threads,
    int forks,
    Map<String, String> params,
    Metric primary,
    Map<String, Metric> secondary) {

  /**
   * A metric with its score and error. {@code scoreError} is {@link Double#NaN} when JMH wrote
   * the string {@code "NaN"} (too few samples for an interval).
   *
   * @param score the score in {@code unit}
   * @param scoreError half-width of JMH's 99.9% confidence interval, or NaN
   * @param unit e.g. {@code ns/op}, {@code ops/s}, {@code B/op}
   * @param rawData per fork, per iteration scores (may be empty)
   */
  public record Metric(double score, double scoreError, String unit, List<List<Double>> rawData) {}

  /** The class part of {@link #benchmark}, {@code package.Class}. */
  public String className() {
    int i = benchmark.lastIndexOf('.');
    return i < 0 ? benchmark : benchmark.substring(0, i);
  }

  /** The simple class name, e.g. {@code GraphjCodecBenchmark}. */
  public String simpleClassName() {
    String c = className();
    return c.substring(c.lastIndexOf('.') + 1);
  }

  /** The method name, e.g. {@code compress}. */
  public String method() {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  /** The family id taken from the package, e.g. {@code graphj} for {@code io.dbbench.graphj}. */
  public String family() {
    String c = className();
    int end = c.lastIndexOf('.');
    String pkg = end < 0 ? "" : c.substring(0, end);
    return pkg.substring(pkg.lastIndexOf('.') + 1);
  }
}
