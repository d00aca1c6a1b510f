package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.profile.MachineStateProfiler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Merges JMH JSON files whose every result ran one fork ({@code -f 1}, one JVM per file) into one
 * JMH JSON array in which each result (same benchmark, mode and params) holds the forks of all
 * files, in file order. This is how forks that were run one JVM at a time, interleaved with
 * another side's forks ({@code io.dbbench.run.Interleave}, {@code io.dbbench.report.stats.Calibration}), become one multi-fork
 * record per side that {@code io.dbbench.report.stats.Comparison} judges with forks as the unit.
 *
 * <p>Per metric: {@code rawData} (or, in sample mode, {@code rawDataHistogram}) arrays are
 * concatenated, one entry per fork. The primary score is recomputed as the mean of all iterations
 * and its error as JMH computes it (half-width of the 99.9% Student-t interval over all
 * iterations; {@code "NaN"} below two iterations); JMH's percentiles are dropped (they were per
 * file). A secondary metric (e.g. {@code gc.alloc.rate.norm} from {@code -prof gc}) is kept when
 * every file's result has it, with its raw data concatenated and its score the mean of its
 * iterations; otherwise it is dropped, so that no merged metric describes only some of the forks.
 * A secondary metric that a fork recorded as one scalar without iterations (an external
 * profiler's result, such as {@link MachineStateProfiler}'s {@code machine.*}, whose
 * {@code rawData} JMH writes as {@code [[]]}) keeps that fork's score as its one value, so the
 * merged record holds it fork by fork; its merged score is the largest over forks for the
 * machine's state (the profiler aggregates those with {@code AggregationPolicy.MAX}) and the mean
 * otherwise. {@code forks} is set to the number of forks merged.
 */
public final class ForkMerge {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ForkMerge() {}

  /**
   * Merges {@code files} (each a JMH JSON array) in order.
   *
   * @param timeFactor scales the time per operation of every primary iteration: values in time
   *     units are multiplied by it, throughput values divided (1.0: unchanged; the calibration's
   *     A/B experiment uses 1.10)
   * @return the merged JMH JSON array
   * @throws ReportException naming the file when one is not JSON or not JMH output
   */
  public static ArrayNode merge(List<Path> files, double timeFactor) throws ReportException {
    List<JsonNode> roots = new ArrayList<>();
    for (Path f : files) {
      JsonNode root;
      try {
        root = MAPPER.readTree(f.toFile());
      } catch (IOException e) {
        throw new ReportException(f + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
      }
      JmhJson.parse(root, f.toString()); // validates the shape
      roots.add(root);
    }
    return mergeArrays(roots, timeFactor);
  }

  /**
   * {@link #merge(List, double)} of JMH JSON arrays already read (one per fork run, in order).
   *
   * @throws ReportException when an array is not JMH output
   */
  public static ArrayNode mergeArrays(List<JsonNode> arrays, double timeFactor) throws ReportException {
    Map<String, ObjectNode> merged = new LinkedHashMap<>();
    Map<String, Integer> seen = new LinkedHashMap<>();
    int k = 0;
    for (JsonNode root : arrays) {
      JmhJson.parse(root, "fork run " + (++k)); // validates the shape
      for (JsonNode n : root) {
        // threads belong to a row's identity: a 1-thread row is not merged into a 100-thread one
        String key = JmhJson.rowKey(n);
        ObjectNode target = merged.get(key);
        boolean first = target == null;
        if (first) {
          target = n.deepCopy();
          emptyRaw((ObjectNode) target.get("primaryMetric"));
          JsonNode sec = target.path("secondaryMetrics");
          if (sec.isObject()) {
            sec.forEach(m -> emptyRaw((ObjectNode) m));
          }
          merged.put(key, target);
        }
        seen.merge(key, 1, Integer::sum);
        String unit = n.get("primaryMetric").path("scoreUnit").asText();
        double scale = Units.higherIsBetter(unit) ? 1 / timeFactor : timeFactor;
        append((ObjectNode) target.get("primaryMetric"), n.get("primaryMetric"), scale);
        JsonNode targetSec = target.path("secondaryMetrics");
        if (targetSec.isObject()) {
          Iterator<Map.Entry<String, JsonNode>> it = ((ObjectNode) targetSec).properties().iterator();
          while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode src = n.path("secondaryMetrics").get(e.getKey());
            if (src == null || !src.isObject()) {
              it.remove(); // not measured in this fork: no merged value may describe only some forks
            } else {
              append((ObjectNode) e.getValue(), src, 1.0);
              if (isForkScalar(src)) {
                ((ObjectNode) e.getValue()).put(FORK_SCALAR, true);
              }
            }
          }
        }
      }
    }
    ArrayNode out = MAPPER.createArrayNode();
    for (Map.Entry<String, ObjectNode> e : merged.entrySet()) {
      ObjectNode n = e.getValue();
      rescore((ObjectNode) n.get("primaryMetric"));
      JsonNode sec = n.path("secondaryMetrics");
      if (sec.isObject()) {
        ((ObjectNode) sec).properties().forEach(m -> {
          ObjectNode metric = (ObjectNode) m.getValue();
          boolean max = metric.has(FORK_SCALAR) && m.getKey().startsWith(MachineStateProfiler.PREFIX);
          metric.remove(FORK_SCALAR);
          rescore(metric);
          if (max) {
            rescoreMax(metric);
          }
        });
      }
      n.put("forks", forks(n.get("primaryMetric")));
      out.add(n);
    }
    return out;
  }

  /** Empties the per-fork arrays the metric has: {@code rawData}, or in sample mode {@code rawDataHistogram}. */
  private static void emptyRaw(ObjectNode metric) {
    if (metric.has("rawDataHistogram")) {
      metric.set("rawDataHistogram", MAPPER.createArrayNode());
    }
    if (metric.has("rawData") || !metric.has("rawDataHistogram")) {
      metric.set("rawData", MAPPER.createArrayNode());
    }
  }

  /** A marker on a merged metric while it is built: its forks were scalars ({@link #isForkScalar}). */
  private static final String FORK_SCALAR = "dbbench.forkScalar";

  /**
   * Whether a one-fork metric is a scalar without iterations: a numeric score and no value in its
   * {@code rawData} (JMH writes an external profiler's result as {@code rawData: [[]]}).
   */
  static boolean isForkScalar(JsonNode metric) {
    if (!metric.path("score").isNumber() || metric.has("rawDataHistogram")) {
      return false;
    }
    for (JsonNode fork : metric.path("rawData")) {
      if (!fork.isEmpty()) {
        return false;
      }
    }
    return true;
  }

  private static void append(ObjectNode target, JsonNode src, double scale) {
    if (isForkScalar(src)) {
      ArrayNode raw = target.has("rawData") ? (ArrayNode) target.get("rawData") : target.putArray("rawData");
      raw.addArray().add(src.get("score").asDouble() * scale);
      return;
    }
    if (src.has("rawData")) {
      ArrayNode raw = target.has("rawData") ? (ArrayNode) target.get("rawData") : target.putArray("rawData");
      for (JsonNode fork : src.path("rawData")) {
        ArrayNode it = raw.addArray();
        fork.forEach(v -> it.add(JmhJson.number(v) * scale));
      }
    }
    if (src.has("rawDataHistogram")) {
      ArrayNode hist = target.has("rawDataHistogram") ? (ArrayNode) target.get("rawDataHistogram")
          : target.putArray("rawDataHistogram");
      for (JsonNode fork : src.get("rawDataHistogram")) {
        ArrayNode f = hist.addArray();
        for (JsonNode iteration : fork) {
          ArrayNode i = f.addArray();
          for (JsonNode pair : iteration) {
            i.addArray().add(JmhJson.number(pair.get(0)) * scale).add(JmhJson.number(pair.get(1)));
          }
        }
      }
    }
  }

  private static int forks(JsonNode metric) {
    int raw = metric.path("rawData").size();
    return raw > 0 ? raw : metric.path("rawDataHistogram").size();
  }

  /** Score = the largest value over forks, no error (a metric aggregated as JMH's {@code AggregationPolicy.MAX}). */
  private static void rescoreMax(ObjectNode metric) {
    double max = Double.NaN;
    for (JsonNode f : metric.path("rawData")) {
      for (JsonNode v : f) {
        max = Double.isNaN(max) ? v.asDouble() : Math.max(max, v.asDouble());
      }
    }
    if (Double.isNaN(max)) {
      return;
    }
    metric.put("score", max);
    metric.put("scoreError", "NaN");
    ArrayNode conf = metric.putArray("scoreConfidence");
    conf.add(max);
    conf.add(max);
  }

  /** Score = mean of all iterations (weighted by counts in sample mode); JMH's 99.9% error. */
  private static void rescore(ObjectNode metric) {
    List<Double> all = new ArrayList<>();
    metric.path("rawData").forEach(f -> f.forEach(v -> all.add(v.asDouble())));
    double mean;
    double err;
    if (all.isEmpty() && metric.path("rawDataHistogram").size() > 0) {
      double sum = 0;
      double count = 0;
      for (JsonNode fork : metric.get("rawDataHistogram")) {
        for (JsonNode iteration : fork) {
          for (JsonNode pair : iteration) {
            sum += pair.get(0).asDouble() * pair.get(1).asDouble();
            count += pair.get(1).asDouble();
          }
        }
      }
      mean = count > 0 ? sum / count : Double.NaN;
      err = Double.NaN;
    } else {
      double[] x = all.stream().mapToDouble(Double::doubleValue).toArray();
      mean = x.length == 0 ? Double.NaN : StatUtils.mean(x);
      err = x.length < 2 ? Double.NaN : new TDistribution(x.length - 1)
          .inverseCumulativeProbability(1 - 0.001 / 2) * Math.sqrt(StatUtils.variance(x) / x.length);
    }
    if (Double.isNaN(mean)) {
      metric.put("score", "NaN");
    } else {
      metric.put("score", mean);
    }
    if (Double.isNaN(err)) {
      metric.put("scoreError", "NaN");
    } else {
      metric.put("scoreError", err);
    }
    ArrayNode conf = metric.putArray("scoreConfidence");
    conf.add(Double.isNaN(err) ? mean : mean - err);
    conf.add(Double.isNaN(err) ? mean : mean + err);
    metric.remove("scorePercentiles"); // JMH's were per file
  }
}
