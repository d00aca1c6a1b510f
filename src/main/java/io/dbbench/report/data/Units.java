package io.dbbench.report.data;

import java.util.Locale;

/**
 * Unit conversion and number formatting for report tables. JMH writes time units as {@code ns},
 * {@code us}, {@code ms}, {@code s}, {@code min} in {@code X/op} (average time, sample,
 * single-shot) and {@code ops/X} (throughput).
 */
public final class Units {
  private Units() {}

  /**
   * Seconds in one JMH time unit.
   *
   * @return NaN when {@code u} is not a JMH time unit
   */
  public static double secondsIn(String u) {
    return switch (u.trim()) {
      case "ns" -> 1e-9;
      case "us", "µs", "μs" -> 1e-6;
      case "ms" -> 1e-3;
      case "s" -> 1;
      case "min" -> 60;
      case "hr", "h" -> 3600;
      case "day" -> 86400;
      default -> Double.NaN;
    };
  }

  /**
   * A value of a JMH time metric converted to seconds per operation: {@code 5 us/op} gives
   * {@code 5e-6}, {@code 2000 ops/s} gives {@code 5e-4}.
   *
   * @return NaN when {@code unit} is neither {@code X/op} nor {@code ops/X}
   */
  public static double toSecondsPerOp(double value, String unit) {
    int slash = unit.indexOf('/');
    if (slash < 0) {
      return Double.NaN;
    }
    String num = unit.substring(0, slash);
    String den = unit.substring(slash + 1);
    if (den.equals("op")) {
      return value * secondsIn(num);
    }
    if (num.equals("ops")) {
      return secondsIn(den) / value;
    }
    return Double.NaN;
  }

  /** Converts every value with {@link #toSecondsPerOp}. */
  public static double[] toSecondsPerOp(double[] values, String unit) {
    double[] out = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = toSecondsPerOp(values[i], unit);
    }
    return out;
  }

  /** Whether a larger value of this unit is better (throughput, {@code ops/X}). */
  public static boolean higherIsBetter(String unit) {
    return unit.startsWith("ops/");
  }

  /** A score with 4 significant digits, thousands separated. */
  public static String num(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    double a = Math.abs(v);
    if (a >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.3f", v);
    }
    if (a == 0) {
      return "0";
    }
    return String.format(Locale.ROOT, "%.4g", v);
  }

  /** A duration in seconds shown in the largest unit that keeps it at least 1: {@code 12.35 µs}. */
  public static String time(double seconds) {
    if (!Double.isFinite(seconds)) {
      return "n/a";
    }
    double a = Math.abs(seconds);
    if (a >= 1 || a == 0) {
      return num(seconds) + " s";
    }
    if (a >= 1e-3) {
      return num(seconds * 1e3) + " ms";
    }
    if (a >= 1e-6) {
      return num(seconds * 1e6) + " µs";
    }
    return num(seconds * 1e9) + " ns";
  }

  /** A byte rate in decimal units: {@code 512.0 MB/s}, {@code 1.234 GB/s} (1 MB = 10^6 bytes). */
  public static String byteRate(double bytesPerSecond) {
    if (!Double.isFinite(bytesPerSecond)) {
      return "n/a";
    }
    if (Math.abs(bytesPerSecond) >= 1e9) {
      return num(bytesPerSecond / 1e9) + " GB/s";
    }
    return num(bytesPerSecond / 1e6) + " MB/s";
  }

  /** A signed percentage with two decimals: {@code +12.34%}; "n/a" when not finite. */
  public static String pct(double p) {
    return Double.isFinite(p) ? String.format(Locale.ROOT, "%+.2f%%", p) : "n/a";
  }

  /** A p-value with four decimals, {@code 0.0495} (so values near 0.05 are not rounded across it); "n/a" when NaN. */
  public static String p(double p) {
    return Double.isNaN(p) ? "n/a" : String.format(Locale.ROOT, "%.4f", p);
  }

  /** A ratio with two decimals, e.g. {@code 3.41x}; "n/a" when not finite. */
  public static String ratio(double r) {
    return Double.isFinite(r) ? String.format(Locale.ROOT, "%.2fx", r) : "n/a";
  }

  /** A minimum detectable change: {@code 4.2%}, or {@code n/a} when infinite (too few forks) or unknown. */
  public static String mde(double pct) {
    return Double.isFinite(pct) ? String.format(Locale.ROOT, "%.1f%%", pct) : "n/a";
  }

  /** A percentage as typed, without its sign: {@code 30} for 30.0, {@code 12.5} for 12.5. */
  public static String plain(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
