package io.dbbench.load;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one open-loop trial as {@code <runDir>/openloop-<operation>-<doc>-<rate>-<epochMillis>.json},
 * since JMH's JSON cannot hold a histogram, and beside it the same latencies as an HdrHistogram
 * log ({@code .hlog}, one interval histogram per measurement iteration, values in ns), readable by
 * HdrHistogram's {@code HistogramLogProcessor} ({@code java -cp HdrHistogram.jar
 * org.HdrHistogram.HistogramLogProcessor -i FILE.hlog}: ms, the default output unit ratio of 1e6).
 * The JSON shape ({@link OpenLoopJson}, the one reader and writer, shared with the report):
 *
 * <pre>{@code
 * {"benchmark": "io.dbbench.payload.PayloadOpenLoopBenchmark.insert",
 *  "params": {"doc": "flat", "rate": "200", ...},   // every @Param, as strings
 *  "backend": "mongo-java-server 1.47.0 (stand-in, not MongoDB)",
 *  "rate_per_s": 200, "requests": N, "ok": N, "failed": N, "late": N, "unsent": N,
 *  "latency_us": {"p50": x, "p90": x, "p99": x, "p99.9": x|null, "max": x},
 *  "percentile_curve": [{"percentile": 50.0, "latency_us": x}, ...],
 *  "hlog": "openloop-....hlog"}                      // when intervals were given
 * }</pre>
 *
 * Latencies are in microseconds, measured from each request's scheduled start. A percentile is
 * given only when the sample supports it, at least one recorded request beyond it
 * ({@link #supported}: p99 needs 100 requests, p99.9 1,000, p99.99 10,000); otherwise
 * {@code latency_us} holds {@code null} for it and the curve leaves it out. {@code max} is always
 * given.
 */
public final class OpenLoopResultFile {
  /** Percentiles of {@code percentile_curve}, in percent. */
  public static final double[] CURVE = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100};

  private OpenLoopResultFile() {}

  /** The file's content ({@link OpenLoopJson.Trial}, without its log). */
  public static OpenLoopJson.Trial trial(String benchmark, Map<String, String> params, String backend,
      long ratePerSecond, OpenLoopScheduler.Snapshot s) {
    Histogram h = s.latencyNanos();
    long n = h.getTotalCount();
    OpenLoopJson.Latency lat = new OpenLoopJson.Latency(supported(50, n) ? us(h, 50) : null,
        supported(90, n) ? us(h, 90) : null, supported(99, n) ? us(h, 99) : null,
        supported(99.9, n) ? us(h, 99.9) : null, n == 0 ? 0.0 : h.getMaxValue() / 1e3);
    List<OpenLoopJson.CurvePoint> curve = new ArrayList<>();
    for (double p : CURVE) {
      if (p < 100 && !supported(p, n)) {
        continue;
      }
      curve.add(new OpenLoopJson.CurvePoint(p, us(h, p)));
    }
    return new OpenLoopJson.Trial(benchmark, new LinkedHashMap<>(params), backend, ratePerSecond, s.requests(), s.ok(),
        s.failed(), s.late(), s.unsent(), lat, curve, null, null);
  }

  /**
   * Whether {@code count} samples support percentile {@code p} (in percent): at least one sample
   * lies beyond it, {@code count * (1 - p/100) >= 1}. The maximum (100) is always supported.
   */
  public static boolean supported(double p, long count) {
    return p >= 100 || count * (1 - p / 100) >= 1 - 1e-9;
  }

  /** The latency at percentile {@code p} in microseconds; 0 for an empty histogram. */
  public static double us(Histogram h, double p) {
    return h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(p) / 1e3;
  }

  /**
   * One measurement iteration's latencies, for the {@code .hlog}.
   *
   * @param startEpochMillis when the iteration began, ms since the epoch
   * @param endEpochMillis when it ended
   * @param latencyNanos the iteration's latencies alone, in ns
   */
  public record Interval(long startEpochMillis, long endEpochMillis, Histogram latencyNanos) {}

  /** {@link #write(Path, String, String, Map, String, long, OpenLoopScheduler.Snapshot, List)} without an hlog. */
  public static Path write(Path runDir, String benchmark, String operation, Map<String, String> params,
      String backend, long ratePerSecond, OpenLoopScheduler.Snapshot s) throws IOException {
    return write(runDir, benchmark, operation, params, backend, ratePerSecond, s, List.of());
  }

  /**
   * Writes the JSON file into {@code runDir} (created if needed) and, when {@code intervals} is not
   * empty, the {@code .hlog} of the same name beside it.
   *
   * @param operation the benchmark method, e.g. {@code insert}
   * @param intervals the measurement iterations' latencies, in order (may be empty)
   * @return the JSON file written
   * @throws IOException when a file cannot be written
   */
  public static Path write(Path runDir, String benchmark, String operation, Map<String, String> params,
      String backend, long ratePerSecond, OpenLoopScheduler.Snapshot s, List<Interval> intervals) throws IOException {
    Files.createDirectories(runDir);
    String stem = "openloop-" + operation + "-" + params.getOrDefault("doc", "na") + "-"
        + ratePerSecond + "-" + System.currentTimeMillis();
    Path f = runDir.resolve(stem + ".json");
    OpenLoopJson.Trial content = trial(benchmark, params, backend, ratePerSecond, s);
    if (!intervals.isEmpty()) {
      Path hlog = runDir.resolve(stem + ".hlog");
      writeHlog(hlog, benchmark + " " + params, intervals);
      content = content.on(null, hlog.getFileName().toString());
    }
    OpenLoopJson.write(f, content);
    return f;
  }

  /** An HdrHistogram log: start time, legend, one interval histogram per iteration (ns; max column in ms). */
  static void writeHlog(Path file, String comment, List<Interval> intervals) throws IOException {
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false,
        java.nio.charset.StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      long base = intervals.get(0).startEpochMillis();
      w.outputComment("dbbench open-loop latencies from each request's scheduled start, ns: " + comment);
      w.outputLogFormatVersion();
      w.outputStartTime(base);
      w.setBaseTime(base);
      w.outputLegend();
      for (Interval i : intervals) {
        Histogram h = i.latencyNanos().copy();
        h.setStartTimeStamp(i.startEpochMillis());
        h.setEndTimeStamp(i.endEpochMillis());
        w.outputIntervalHistogram((i.startEpochMillis() - base) / 1e3, (i.endEpochMillis() - base) / 1e3, h, 1e6);
      }
      if (out.checkError()) {
        throw new IOException("cannot write " + file);
      }
    }
  }
}
