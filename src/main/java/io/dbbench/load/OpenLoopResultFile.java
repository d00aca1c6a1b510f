package io.dbbench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes one open-loop trial as {@code <runDir>/openloop-<operation>-<doc>-<rate>-<epochMillis>.json},
 * since JMH's JSON cannot hold a histogram. The shape (the contract with the report module):
 *
 * <pre>{@code
 * {"benchmark": "io.dbbench.payload.PayloadOpenLoopBenchmark.insert",
 *  "params": {"doc": "flat", "rate": "200", ...},   // every @Param, as strings
 *  "backend": "mongo-java-server 1.47.0 (stand-in, not MongoDB)",
 *  "rate_per_s": 200, "requests": N, "ok": N, "failed": N, "late": N,
 *  "latency_us": {"p50": x, "p90": x, "p99": x, "p99.9": x, "max": x},
 *  "percentile_curve": [{"percentile": 50.0, "latency_us": x}, ...]}
 * }</pre>
 *
 * Latencies are in microseconds, measured from each request's scheduled start.
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
    lat.put("p50", us(h, 50));
    lat.put("p90", us(h, 90));
    lat.put("p99", us(h, 99));
    lat.put("p99.9", us(h, 99.9));
    lat.put("max", h.getTotalCount() == 0 ? 0.0 : h.getMaxValue() / 1e3);
    m.put("latency_us", lat);
    List<Map<String, Object>> curve = new ArrayList<>();
    for (double p : CURVE) {
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("percentile", p);
      pt.put("latency_us", us(h, p));
      curve.add(pt);
    }
    m.put("percentile_curve", curve);
    return m;
  }

  /** The latency at percentile {@code p} in microseconds; 0 for an empty histogram. */
  public static double us(Histogram h, double p) {
    return h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(p) / 1e3;
  }

  /**
   * Writes the file into {@code runDir} (created if needed).
   *
   * @param operation the benchmark method, e.g. {@code insert}
   * @return the file written
   * @throws IOException when it cannot be written
   */
  public static Path write(Path runDir, String benchmark, String operation, Map<String, String> params,
      String backend, long ratePerSecond, OpenLoopScheduler.Snapshot s) throws IOException {
    Files.createDirectories(runDir);
    Path f = runDir.resolve("openloop-" + operation + "-" + params.getOrDefault("doc", "na") + "-"
        + ratePerSecond + "-" + System.currentTimeMillis() + ".json");
    JSON.writeValue(f.toFile(), content(benchmark, params, backend, ratePerSecond, s));
    return f;
  }
}
