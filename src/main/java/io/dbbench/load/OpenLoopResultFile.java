package io.dbbench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
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
 * The JSON shape (the contract with the report module):
 *
 * <pre>{@code
 * {"benchmark": "io.dbbench.payload.PayloadOpenLoopBenchmark.insert",
 *  "params": {"doc": "flat", "rate": "200", ...},   // every @Param, as strings
 *  "backend": "mongo-java-server 1.47.0 (stand-in, not MongoDB)",
 *  "rate_per_s": 200, "requests": N, "ok": N, "failed": N, "late": N,
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

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private OpenLoopResultFile() {}

  /** The file's content as an ordered map (also used by the tests). */
  public static Map<String, Object> content(String benchmark, Map<String, String> params, String backend,
      long ratePerSecond, OpenLoopScheduler.Snapshot s) {
    Histogram h = s.latencyNanos();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("benchmark", benchmark);
    m.put("params", new LinkedHashMap<>(params));
    m.put("backend", backend);
    m.put("rate_per_s", ratePerSecond);
    m.put("requests", s.requests());
    m.put("ok", s.ok());
    m.put("failed", s.failed());
    m.put("late", s.late());
    Map<String, Object> lat = new LinkedHashMap<>();
    for (double p : new double[] {50, 90, 99, 99.9}) {
      lat.put("p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)),
          supported(p, h.getTotalCount()) ? us(h, p) : null);
    }
    lat.put("max", h.getTotalCount() == 0 ? 0.0 : h.getMaxValue() / 1e3);
    m.put("latency_us", lat);
    List<Map<String, Object>> curve = new ArrayList<>();
    for (double p : CURVE) {
      if (p < 100 && !supported(p, h.getTotalCount())) {
        continue;
      }
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("percentile", p);
      pt.put("latency_us", us(h, p));
      curve.add(pt);
    }
    m.put("percentile_curve", curve);
    return m;
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
    Map<String, Object> content = content(benchmark, params, backend, ratePerSecond, s);
    if (!intervals.isEmpty()) {
      Path hlog = runDir.resolve(stem + ".hlog");
      writeHlog(hlog, benchmark + " " + params, intervals);
      content.put("hlog", hlog.getFileName().toString());
    }
    JSON.writeValue(f.toFile(), content);
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
