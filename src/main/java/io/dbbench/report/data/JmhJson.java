package io.dbbench.report.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.Redaction;
import io.dbbench.profile.AllocationProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result format ({@code -rf json}): an array of objects with {@code benchmark},
 * {@code mode}, {@code params}, {@code primaryMetric} and {@code secondaryMetrics}. Scores and
 * errors may be numbers or the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
 */
public final class JmhJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * The field {@code merge} adds to every JMH result to keep the host it was measured on (JMH
   * itself ignores unknown fields; the rest of each entry is JMH's own).
   */
  public static final String HOST_FIELD = "dbbench_host";

  /**
   * Where one row of a point replaces another ({@link #rowKey} equal: a headline comparison's merged
   * forks replacing the sweep's fork, the record with more forks kept when shards merge), the
   * allocation pass's metrics ({@link AllocationProfiler#ALLOCS}, {@link AllocationProfiler#BYTES},
   * {@link AllocationProfiler#COVERAGE}) measured for that point stay: copied from {@code from} into
   * {@code into} when {@code into} has no allocs/op of its own. Does nothing when {@code from} has
   * none or {@code into} is not a JSON object.
   */
  public static void keepAllocations(JsonNode from, JsonNode into) {
    JsonNode sec = from.path("secondaryMetrics");
    if (!sec.has(AllocationProfiler.ALLOCS) || !(into instanceof ObjectNode target)
        || into.path("secondaryMetrics").has(AllocationProfiler.ALLOCS)) {
      return;
    }
    ObjectNode out = target.has("secondaryMetrics") && target.get("secondaryMetrics") instanceof ObjectNode o
        ? o : target.putObject("secondaryMetrics");
    for (String m : List.of(AllocationProfiler.ALLOCS, AllocationProfiler.BYTES, AllocationProfiler.COVERAGE)) {
      if (sec.has(m)) {
        out.set(m, sec.get(m));
      }
    }
  }

  /**
   * What identifies a row of JMH JSON, one key for every place that joins or replaces rows (fork
   * runs merged, shards merged, a further sweep's row replacing the main sweep's): benchmark, mode,
   * threads, the parameters in name order and the {@link #HOST_FIELD} that measured it. A row of 1
   * thread and one of 100 at the same parameters are two rows (WMPayload's one-client insert beside
   * its 100 clients); parameter order does not matter.
   */
  public static String rowKey(JsonNode r) {
    java.util.Map<String, String> params = new java.util.TreeMap<>();
    r.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
    return r.path("benchmark").asText() + "|" + r.path("mode").asText() + "|t" + r.path("threads").asText("") + "|"
        + params + "|" + r.path(HOST_FIELD).asText("");
  }

  /** JMH's per-result run options kept in {@link JmhResult#options()}. */
  static final List<String> OPTION_KEYS = List.of("jmhVersion", "jvm", "jdkVersion", "vmName",
      "vmVersion", "jvmArgs", "warmupIterations", "warmupTime", "measurementIterations",
      "measurementTime", "forks", "threads");

  private JmhJson() {}

  /** The file plain JMH writes with {@code -rf json} and no {@code -rff}. */
  public static final String JMH_DEFAULT_FILE = "jmh-result.json";

  /**
   * The JMH JSON file of {@code fileOrDir}: the file itself, or in a directory {@code jmh.json}
   * (a main-job run) or else {@value #JMH_DEFAULT_FILE} (plain JMH's default).
   */
  public static Path resultFile(Path fileOrDir) {
    if (!Files.isDirectory(fileOrDir)) {
      return fileOrDir;
    }
    Path run = fileOrDir.resolve("jmh.json");
    Path plain = fileOrDir.resolve(JMH_DEFAULT_FILE);
    return !Files.exists(run) && Files.exists(plain) ? plain : run;
  }

  /**
   * One JMH JSON file as a tree (the records of one run, as JMH writes them with {@code -rf json}),
   * for a side-by-side reader that turns its records into a script's rows.
   *
   * @throws IllegalArgumentException naming the file when it cannot be read or is not JSON
   */
  public static JsonNode tree(Path json) {
    try {
      return new ObjectMapper().readTree(json.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(json + ": not JMH's JSON (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Reads a JMH JSON file, or the one a directory holds ({@link #resultFile}).
   *
   * @throws ReportException when the file is missing, is not JSON, or is not JMH output; the
   *     message names the file and what was expected
   */
  public static List<JmhResult> read(Path fileOrRunDir) throws ReportException {
    Path file = resultFile(fileOrRunDir);
    if (!Files.isRegularFile(file)) {
      throw new ReportException(file + ": no such file (expected a JMH JSON file, or a directory holding jmh.json"
          + " or JMH's default " + JMH_DEFAULT_FILE + ")");
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new ReportException(file + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
    } catch (IOException e) {
      throw new ReportException(file + ": cannot be read (" + e.getMessage() + ")", e);
    }
    return parse(root, file.toString());
  }

  /**
   * Parses an already-read JSON tree.
   *
   * @param source name used in error messages
   * @throws ReportException when the tree is not a JMH result array
   */
  public static List<JmhResult> parse(JsonNode root, String source) throws ReportException {
    if (root == null || !root.isArray()) {
      throw new ReportException(source + ": not JMH output (expected a JSON array of benchmark results)");
    }
    List<JmhResult> out = new ArrayList<>();
    int i = 0;
    for (JsonNode n : root) {
      if (!n.isObject() || !n.hasNonNull("benchmark") || !n.hasNonNull("mode") || !n.has("primaryMetric")) {
        throw new ReportException(source + ": entry " + i
            + " is not a JMH result (expected fields benchmark, mode, primaryMetric)");
      }
      Map<String, String> params = new LinkedHashMap<>();
      JsonNode p = n.get("params");
      if (p != null && p.isObject()) {
        for (Map.Entry<String, JsonNode> e : p.properties()) {
          params.put(e.getKey(), e.getValue().asText());
        }
      }
      Map<String, JmhResult.Metric> secondary = new LinkedHashMap<>();
      JsonNode s = n.get("secondaryMetrics");
      if (s != null && s.isObject()) {
        for (Map.Entry<String, JsonNode> e : s.properties()) {
          secondary.put(e.getKey(), metric(e.getValue(), source, i));
        }
      }
      Map<String, String> options = new LinkedHashMap<>();
      for (String k : OPTION_KEYS) {
        JsonNode v = n.get(k);
        if (v != null && !v.isNull()) {
          // an old or hand-made file may hold a credential in jvmArgs: nothing read here is shown unredacted
          options.put(k, Redaction.redact(v.isArray() ? joinArray(v) : v.asText()));
        }
      }
      out.add(new JmhResult(
          n.get("benchmark").asText(),
          n.get("mode").asText(),
          n.path("threads").asInt(1),
          n.path("forks").asInt(1),
          params,
          metric(n.get("primaryMetric"), source, i),
          secondary,
          Redaction.redact(n.path(HOST_FIELD).asText("")),
          options));
      i++;
    }
    return out;
  }

  private static JmhResult.Metric metric(JsonNode m, String source, int i) throws ReportException {
    if (m == null || !m.isObject() || !m.has("score")) {
      throw new ReportException(source + ": entry " + i + " has a metric without a score");
    }
    List<List<Double>> raw = new ArrayList<>();
    JsonNode r = m.get("rawData");
    JsonNode h = m.get("rawDataHistogram");
    if (r != null && r.isArray()) {
      for (JsonNode fork : r) {
        List<Double> it = new ArrayList<>();
        fork.forEach(v -> it.add(number(v)));
        raw.add(it);
      }
    } else if (h != null && h.isArray()) {
      // sample mode: per fork, per iteration, [value, count] pairs; keep each iteration's mean so
      // that comparisons work on iterations as for the other modes
      for (JsonNode fork : h) {
        List<Double> it = new ArrayList<>();
        for (JsonNode iteration : fork) {
          double sum = 0;
          double count = 0;
          for (JsonNode pair : iteration) {
            double c = number(pair.get(1));
            sum += number(pair.get(0)) * c;
            count += c;
          }
          if (count > 0) {
            it.add(sum / count);
          }
        }
        raw.add(it);
      }
    }
    return new JmhResult.Metric(number(m.get("score")), number(m.get("scoreError")),
        m.path("scoreUnit").asText(""), raw);
  }

  private static String joinArray(JsonNode a) {
    List<String> parts = new ArrayList<>();
    a.forEach(v -> parts.add(v.asText()));
    return String.join(" ", parts);
  }

  /** A JSON number, or JMH's string forms of NaN and infinities; anything else is NaN. */
  static double number(JsonNode v) {
    if (v == null || v.isNull()) {
      return Double.NaN;
    }
    if (v.isNumber()) {
      return v.asDouble();
    }
    return switch (v.asText().trim()) {
      case "Infinity", "+Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> {
        try {
          yield Double.parseDouble(v.asText().trim());
        } catch (NumberFormatException e) {
          yield Double.NaN;
        }
      }
    };
  }
}
