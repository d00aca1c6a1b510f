package io.dbbench.report.stats;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Units;

/**
 * One path set beside its reference, both measured in the same run: how far a dbbench path is from
 * what the machine does natively (zstd's own CLI, {@code openssl speed}, PostgreSQL's COPY, graphd's
 * own criterion figures). The ratio is path time / reference time (below 1: the path is faster).
 *
 * <p>The 95% interval is Stats' two-level bootstrap over forks: over both sides' forks when both
 * are JMH rows ({@link #againstRow}), over the path's forks with the reference fixed when the
 * reference is one figure ({@link #againstFigure}; its own noise is then not in the interval).
 * As in {@link Stats#change}, there is an interval only when every JMH side has at least
 * {@link Stats#minForksPerSide()} forks: with fewer, the percentile bootstrap is far narrower than
 * its nominal 95%.
 *
 * @param group what kind of path, e.g. {@code zstd}, {@code AEAD}, {@code JDBC load}
 * @param path the measured path, e.g. {@code decompress context=reused corpus=text}
 * @param reference what it is set beside, e.g. {@code zstd -b3 (decompress)}
 * @param pathSeconds the path's time per operation, seconds
 * @param referenceSeconds the reference's time per operation, seconds
 * @param ratio {@code pathSeconds / referenceSeconds}
 * @param ciLow low bound of the ratio's 95% interval, NaN without one
 * @param ciHigh high bound, NaN without one
 * @param pathForks the path's forks
 * @param referenceForks the reference's forks; 0 for a single figure
 */
public record Limit(String group, String path, String reference, double pathSeconds, double referenceSeconds,
    double ratio, double ciLow, double ciHigh, int pathForks, int referenceForks) {

  /** Whether the ratio has a 95% interval. */
  public boolean hasInterval() {
    return !Double.isNaN(ciLow) && !Double.isNaN(ciHigh);
  }

  /** Forks in words: {@code 6} for a figure reference, {@code 1+6} for two JMH rows. */
  public String forksText() {
    return referenceForks == 0 ? Integer.toString(pathForks) : pathForks + "+" + referenceForks;
  }

  /**
   * {@code measured} beside one reference figure (a native tool, a published figure).
   *
   * @param referenceSeconds the reference's seconds per operation
   * @throws IllegalArgumentException when {@code referenceSeconds} is not a positive finite number
   *     or {@code measured} is not in a JMH time or throughput unit
   */
  public static Limit againstFigure(String group, String path, JmhResult measured, String reference,
      double referenceSeconds) {
    if (!(referenceSeconds > 0) || Double.isInfinite(referenceSeconds)) {
      throw new IllegalArgumentException("reference '" + reference + "' of " + path + ": " + referenceSeconds
          + " s per operation; expected a positive finite time");
    }
    double t = seconds(measured);
    double[][] forks = measured.primary().forks();
    double low = Double.NaN;
    double high = Double.NaN;
    if (forks.length >= Stats.minForksPerSide()) {
      double[] ci = Stats.hierarchicalMeanCi95(forks);
      double a = seconds(measured, ci[0]) / referenceSeconds;
      double b = seconds(measured, ci[1]) / referenceSeconds;
      low = Math.min(a, b);
      high = Math.max(a, b);
    }
    return new Limit(group, path, reference, t, referenceSeconds, t / referenceSeconds, low, high, forks.length, 0);
  }

  /**
   * {@code measured} beside another JMH row of the same run ({@code copy} for a JDBC load).
   *
   * @throws IllegalArgumentException when the two rows' units differ or are not JMH time or
   *     throughput units
   */
  public static Limit againstRow(String group, String path, JmhResult measured, String reference, JmhResult ref) {
    String unit = measured.primary().unit();
    if (!unit.equals(ref.primary().unit())) {
      throw new IllegalArgumentException("cannot set " + measured.label() + " (" + unit + ") beside "
          + ref.label() + " (" + ref.primary().unit() + "): expected the same unit");
    }
    double t = seconds(measured);
    double r = seconds(ref);
    double[][] a = ref.primary().forks();
    double[][] b = measured.primary().forks();
    double low = Double.NaN;
    double high = Double.NaN;
    int min = Stats.minForksPerSide();
    if (a.length >= min && b.length >= min) {
      double[] ci = Stats.hierarchicalCi95(a, b); // percent change of mean(measured) / mean(ref) in the unit
      double x = 1 + ci[0] / 100;
      double y = 1 + ci[1] / 100;
      if (Units.higherIsBetter(unit)) { // a throughput ratio is the inverse of the time ratio
        low = 1 / y;
        high = 1 / x;
      } else {
        low = x;
        high = y;
      }
    }
    return new Limit(group, path, reference, t, r, t / r, low, high, b.length, a.length);
  }

  /** Seconds per operation of a row (throughput counted over its threads, as the report's forms do). */
  static double seconds(JmhResult r) {
    return seconds(r, r.primary().score());
  }

  private static double seconds(JmhResult r, double value) {
    String unit = r.primary().unit();
    double s = Units.toSecondsPerOp(value, unit);
    if (Double.isNaN(s)) {
      throw new IllegalArgumentException(r.label() + " is in " + unit + "; expected a JMH time (s/op) or"
          + " throughput (ops/s) unit");
    }
    return Units.higherIsBetter(unit) ? s * r.threads() : s;
  }
}
