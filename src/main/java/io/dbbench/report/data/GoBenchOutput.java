package io.dbbench.report.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result lines of {@code go test -bench} ({@code testing}'s benchmark format:
 * {@code BenchmarkName-P  ITERATIONS  V ns/op  V B/op  V allocs/op ...}, each value followed by
 * its unit; the Go documentation's "Benchmark Data Format" proposal, golang.org/design/14313),
 * as the studies' own Go clients print them (go-driver's V1 and V2 suites, WMPayload's
 * {@code benchmark_test.go}).
 */
public final class GoBenchOutput {
  private GoBenchOutput() {}

  /**
   * One benchmark's line.
   *
   * @param name the benchmark's name as go prints it, with its {@code -P} suffix and sub-benchmark path
   * @param iterations {@code b.N}, as printed
   * @param values each value by its unit ({@code ns/op}, {@code B/op}, {@code allocs/op}, custom
   *     metrics), as printed
   */
  public record Line(String name, String iterations, Map<String, String> values) {
    /** Copies the map. */
    public Line {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The value printed with {@code unit}, or {@code ""} when the line has none. */
    public String value(String unit) {
      return values.getOrDefault(unit, "");
    }
  }

  /** Every line of {@code output} that starts with {@code Benchmark} and reports {@code ns/op}, in order. */
  public static List<Line> parse(String output) {
    List<Line> out = new ArrayList<>();
    for (String l : output.lines().toList()) {
      if (!l.startsWith("Benchmark") || !l.contains(" ns/op")) {
        continue;
      }
      String[] f = l.trim().split("\\s+");
      if (f.length < 4) {
        continue;
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (int i = 2; i + 1 < f.length; i += 2) {
        values.put(f[i + 1], f[i]);
      }
      out.add(new Line(f[0], f[1], values));
    }
    return out;
  }
}
