package io.dbbench.report.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
 * @param host the machine the row was measured on when runs were merged ({@code merge}), else ""
 * @param options JMH's per-result run options as written in its JSON ({@code jmhVersion},
 *     {@code jvm}, {@code jdkVersion}, {@code vmName}, {@code vmVersion}, {@code jvmArgs},
 *     {@code warmupIterations}, {@code warmupTime}, {@code measurementIterations},
 *     {@code measurementTime}); values as text, missing keys absent
 */
public record JmhResult(
    String benchmark,
    String mode,
    int threads,
    int forks,
    Map<String, String> params,
    Metric primary,
    Map<String, Metric> secondary,
    String host,
    Map<String, String> options) {

  /** A result without host or run options (hand-built inputs). */
  public JmhResult(String benchmark, String mode, int threads, int forks, Map<String, String> params,
      Metric primary, Map<String, Metric> secondary) {
    this(benchmark, mode, threads, forks, params, primary, secondary, "", Map.of());
  }

  /**
   * A metric with its score and error. {@code scoreError} is {@link Double#NaN} when JMH wrote
   * the string {@code "NaN"} (too few samples for an interval).
   *
   * @param score the score in {@code unit}
   * @param scoreError half-width of JMH's 99.9% confidence interval, or NaN
   * @param unit e.g. {@code ns/op}, {@code ops/s}, {@code B/op}
   * @param rawData per fork, per iteration scores in {@code unit} (may be empty); for the
   *     {@code sample} mode these are the per-iteration means of JMH's {@code rawDataHistogram}
   */
  public record Metric(double score, double scoreError, String unit, List<List<Double>> rawData) {

    /** Every iteration of every fork, fork by fork, as one array (empty when JMH kept none). */
    public double[] samples() {
      List<Double> all = new ArrayList<>();
      rawData.forEach(all::addAll);
      return all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * The iterations fork by fork, {@code [fork][iteration]}, forks without iterations left out
     * (empty when JMH kept no raw data). Forks are the unit of evidence in the statistics
     * ({@code io.dbbench.report.stats.Stats}).
     */
    public double[][] forks() {
      List<double[]> out = new ArrayList<>();
      for (List<Double> f : rawData) {
        if (!f.isEmpty()) {
          out.add(f.stream().mapToDouble(Double::doubleValue).toArray());
        }
      }
      return out.toArray(new double[0][]);
    }
  }

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

  /** {@code Class.method}, the short name used in tables. */
  public String shortName() {
    return simpleClassName() + "." + method();
  }

  /** The family id taken from the package, e.g. {@code graphj} for {@code io.dbbench.graphj}. */
  public String family() {
    String c = className();
    int end = c.lastIndexOf('.');
    String pkg = end < 0 ? "" : c.substring(0, end);
    return pkg.substring(pkg.lastIndexOf('.') + 1);
  }

  /** The parameters as {@code a=1,b=x} in JMH's order ("" when none). */
  public String paramText() {
    return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(","));
  }

  /**
   * The identity of this row across runs: benchmark, mode, parameters, threads and host, e.g.
   * {@code io.dbbench.graphj.GraphjCodecBenchmark.compress[thrpt]{level=3}@hostA}.
   */
  public String key() {
    return benchmark + "[" + mode + (threads == 1 ? "" : ",t" + threads) + "]"
        + (params.isEmpty() ? "" : "{" + paramText() + "}") + (host.isEmpty() ? "" : "@" + host);
  }

  /** A readable label: {@code Class.method level=3 @host}. */
  public String label() {
    return shortName() + (params.isEmpty() ? "" : " " + paramText().replace(",", " "))
        + (host.isEmpty() ? "" : " @" + host);
  }
}
