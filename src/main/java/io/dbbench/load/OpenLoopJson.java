package io.dbbench.load;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one reader and writer of an open-loop trial's file,
 * {@code openloop-<operation>-<doc>-<rate>-<epochMillis>.json} (written by
 * {@link OpenLoopResultFile}, since JMH's JSON cannot hold a histogram; read by the report, which
 * redacts the tree first, and written again by {@code report merge}). Latencies are in microseconds from each request's scheduled
 * start; a percentile the sample cannot support is {@code null}.
 */
public final class OpenLoopJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).enable(SerializationFeature.INDENT_OUTPUT);

  private OpenLoopJson() {}

  /**
   * One trial.
   *
   * @param benchmark the benchmark method, e.g. {@code io.dbbench.payload.PayloadOpenLoopBenchmark.insert}
   * @param params every {@code @Param}, as strings
   * @param backend what served it ({@code mongo-java-server 1.47.0 (stand-in, not MongoDB)})
   * @param ratePerSecond the requests issued per second
   * @param requests requests issued
   * @param ok requests answered successfully
   * @param failed requests that failed or got no answer
   * @param late requests that started behind their schedule
   * @param unsent slots of the schedule that no dispatching thread claimed before their iteration
   *     ended; with any the rate was not sustained; null in files written before it was counted
   * @param latency the summary percentiles
   * @param percentileCurve the latency at each supported percentile of {@code OpenLoopResultFile.CURVE}
   * @param hlog the HdrHistogram log beside it (one interval per measurement iteration, ns); absent without one
   * @param host the host it ran on, set by {@code report merge}; absent otherwise
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Trial(String benchmark, Map<String, String> params, String backend,
      @JsonProperty("rate_per_s") long ratePerSecond, long requests, long ok, long failed, long late, Long unsent,
      @JsonProperty("latency_us") Latency latency,
      @JsonProperty("percentile_curve") List<CurvePoint> percentileCurve,
      @JsonInclude(JsonInclude.Include.NON_NULL) String hlog,
      @JsonInclude(JsonInclude.Include.NON_NULL) String host) {
    /** Normalises absent collections to empty ones. */
    public Trial {
      params = params == null ? Map.of() : params;
      percentileCurve = percentileCurve == null ? List.of() : percentileCurve;
      latency = latency == null ? new Latency(null, null, null, null, null) : latency;
    }

    /** This trial as measured on {@code host}, its log named {@code hlog} ({@code null}: none). */
    public Trial on(String host, String hlog) {
      return new Trial(benchmark, params, backend, ratePerSecond, requests, ok, failed, late, unsent, latency,
          percentileCurve, hlog, host);
    }

    /** Whether every slot of the schedule was sent ({@link #unsent} is 0); false when it was not counted. */
    public boolean sustained() {
      return unsent != null && unsent == 0;
    }

    /**
     * {@code yes}; {@code no: N unsent} for a rate the dispatching threads could not keep; {@code not
     * counted} for a file written before unsent slots were counted.
     */
    public String sustainedText() {
      return unsent == null ? "not counted" : sustained() ? "yes" : "no: " + unsent + " unsent";
    }
  }

  /**
   * Summary latencies, microseconds; {@code null} where the sample does not support the percentile.
   *
   * @param p50 the median
   * @param p90 the 90th percentile
   * @param p99 the 99th (needs 100 requests)
   * @param p999 the 99.9th (needs 1,000)
   * @param max the largest (0 without requests)
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Latency(Double p50, Double p90, Double p99, @JsonProperty("p99.9") Double p999, Double max) {}

  /**
   * One point of the percentile curve.
   *
   * @param percentile in percent
   * @param latency microseconds
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record CurvePoint(double percentile, @JsonProperty("latency_us") double latency) {}

  /**
   * The JSON tree of one file (the report redacts it before {@link #parse}).
   *
   * @throws IOException when it cannot be read or is not JSON
   */
  public static JsonNode tree(Path file) throws IOException {
    return MAPPER.readTree(file.toFile());
  }

  /**
   * One trial from its JSON tree.
   *
   * @param source named in the error
   * @throws IllegalArgumentException when {@code n} is not an open-loop result (an object with
   *     {@code benchmark} and {@code latency_us})
   */
  public static Trial parse(JsonNode n, String source) {
    if (n == null || !n.isObject() || !n.has("benchmark") || !n.has("latency_us")) {
      throw new IllegalArgumentException(source + ": not an open-loop result (expected an object with benchmark and"
          + " latency_us)");
    }
    try {
      return MAPPER.treeToValue(n, Trial.class);
    } catch (IOException e) {
      throw new IllegalArgumentException(source + ": not an open-loop result (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Writes {@code trial} to {@code file}, indented.
   *
   * @throws IOException when it cannot be written
   */
  public static void write(Path file, Trial trial) throws IOException {
    MAPPER.writeValue(file.toFile(), trial);
  }
}
