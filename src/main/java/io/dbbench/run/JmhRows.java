package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.FamilySettings;
import io.dbbench.profile.AllocationProfiler;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The main job's edits of JMH JSON records (one row per benchmark, mode and parameters): finding a
 * row, putting a headline comparison's merged record in place of the sweep's, removing a failed
 * comparison's rows, copying the allocation pass's metrics, and checking what a fork actually ran.
 */
final class JmhRows {
  private JmhRows() {}

  /** Whether a row of {@code benchmark} at exactly {@code point}'s values exists. */
  static boolean hasRow(ArrayNode rows, String benchmark, Map<String, String> point) {
    for (JsonNode r : rows) {
      if (r.path("benchmark").asText().equals(benchmark) && matches(r, point)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the sweep's own parameter values already include {@code point} (so its pass measured it). */
  static boolean covered(Map<String, String> point, FamilySettings settings) {
    for (Map.Entry<String, String> e : point.entrySet()) {
      List<String> swept = settings.params().get(e.getKey());
      if (swept != null && !swept.contains(e.getValue())) {
        return false;
      }
    }
    return true;
  }

  static boolean matches(JsonNode row, Map<String, String> point) {
    for (Map.Entry<String, String> e : point.entrySet()) {
      if (!row.path("params").path(e.getKey()).asText().equals(e.getValue())) {
        return false;
      }
    }
    return true;
  }

  /** Copies the allocation pass's two metrics into the row of the same benchmark, mode and parameters. */
  static boolean copyAllocations(ArrayNode rows, JsonNode record) {
    JsonNode sec = record.path("secondaryMetrics");
    if (!sec.has(AllocationProfiler.ALLOCS)) {
      return false;
    }
    for (JsonNode r : rows) {
      if (r.path("benchmark").equals(record.path("benchmark")) && r.path("mode").equals(record.path("mode"))
          && r.path("params").equals(record.path("params"))) {
        ObjectNode target = r.has("secondaryMetrics")
            ? (ObjectNode) r.get("secondaryMetrics")
            : ((ObjectNode) r).putObject("secondaryMetrics");
        target.set(AllocationProfiler.ALLOCS, sec.get(AllocationProfiler.ALLOCS));
        for (String m : List.of(AllocationProfiler.BYTES, AllocationProfiler.COVERAGE)) {
          if (sec.has(m)) {
            target.set(m, sec.get(m));
          }
        }
        return true;
      }
    }
    return false;
  }

  /**
   * {@code null} when every record in {@code got} is {@code benchmark} at {@code point} (the
   * parameters JMH recorded, not the ones meant), else what differs.
   */
  static String ranWith(JsonNode got, String benchmark, Map<String, String> point) {
    for (JsonNode r : got) {
      if (!r.path("benchmark").asText().equals(benchmark)) {
        return "a comparison fork meant for " + benchmark + " ran " + r.path("benchmark").asText();
      }
      for (Map.Entry<String, String> e : point.entrySet()) {
        String recorded = r.path("params").path(e.getKey()).asText(null);
        if (!e.getValue().equals(recorded)) {
          return "a comparison fork of " + benchmark + " meant " + e.getKey() + "=" + e.getValue()
              + " but JMH recorded " + e.getKey() + "=" + recorded;
        }
      }
    }
    return null;
  }

  /**
   * What is wrong with the rows a further sweep's JMH run wrote, against the parameter values it
   * was meant to run ({@code params}, name to values): the first row whose recorded value of a
   * named parameter lies outside them, or {@code null} when every row ran at the sweep's points.
   * JMH's JSON records what each fork ran with; this reads it rather than trusting the command line.
   */
  static String ranWithin(JsonNode rows, String sweep, Map<String, List<String>> params) {
    for (JsonNode r : rows) {
      for (Map.Entry<String, List<String>> e : params.entrySet()) {
        JsonNode recorded = r.path("params").path(e.getKey());
        if (!recorded.isMissingNode() && !e.getValue().contains(recorded.asText())) {
          return "sweep " + sweep + " meant " + e.getKey() + " in " + e.getValue() + " but JMH recorded "
              + r.path("benchmark").asText() + " at " + e.getKey() + "=" + recorded.asText();
        }
      }
    }
    return null;
  }

  /**
   * Puts {@code record} in place of the record in {@code rows} with the same row key
   * ({@link io.dbbench.report.data.JmhJson#rowKey}: benchmark, mode, threads, params, host), else
   * appends it (a sweep's 1-thread row stands beside the 100-thread row of the same params); the
   * replaced record's allocs/op stay ({@link io.dbbench.report.data.JmhJson#keepAllocations}).
   */
  static void replaceRow(ArrayNode rows, JsonNode record) {
    String key = io.dbbench.report.data.JmhJson.rowKey(record);
    for (int i = 0; i < rows.size(); i++) {
      if (io.dbbench.report.data.JmhJson.rowKey(rows.get(i)).equals(key)) {
        io.dbbench.report.data.JmhJson.keepAllocations(rows.get(i), record);
        rows.set(i, record);
        return;
      }
    }
    rows.add(record);
  }

  /** Removes the records of {@code benchmark} whose params include every value of {@code point}. */
  static void removeRows(ArrayNode rows, String benchmark, Map<String, String> point) {
    for (int i = rows.size() - 1; i >= 0; i--) {
      JsonNode r = rows.get(i);
      boolean same = r.path("benchmark").asText().equals(benchmark) && point.entrySet().stream()
          .allMatch(e -> r.path("params").path(e.getKey()).asText().equals(e.getValue()));
      if (same) {
        rows.remove(i);
      }
    }
  }

  /** The distinct fork JVM argument lists JMH recorded, per benchmark class. */
  static Map<String, List<String>> recordedJvmArgs(JsonNode records) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (JsonNode r : records) {
      String b = r.path("benchmark").asText();
      String cls = b.contains(".") ? b.substring(0, b.lastIndexOf('.')) : b;
      Set<String> args = new LinkedHashSet<>();
      r.path("jvmArgs").forEach(a -> args.add(a.asText()));
      out.putIfAbsent(cls, List.copyOf(args));
    }
    return out;
  }

}
