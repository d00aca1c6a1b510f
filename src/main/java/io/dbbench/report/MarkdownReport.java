package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders one run as Markdown: the run manifest's headline facts, then one table per benchmark
 * class with one row per method and parameter combination: score, error, unit and the secondary
 * metrics (bytes/op from {@code -prof gc} as {@code gc.alloc.rate.norm}, and every non-GC
 * secondary metric such as compression ratio or bytes/s).
 */
public final class MarkdownReport {
  private MarkdownReport() {}

  /**
   * The report text.
   *
   * @param results the run's JMH results
   * @param env the run's {@code env.json}, or {@code null}
   */
  public static String render(List<JmhResult> results, JsonNode env) {
    StringBuilder sb = new StringBuilder();
    sb.append("# dbbench report\n\n");
    if (env != null) {
      sb.append(manifest(env));
    }
    Map<String, List<JmhResult>> byClass = new LinkedHashMap<>();
    for (JmhResult r : results) {
      byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
    }
    if (byClass.isEmpty()) {
      sb.append("No benchmark results in this run.\n");
    }
    for (Map.Entry<String, List<JmhResult>> e : byClass.entrySet()) {
      sb.append("## ").append(e.getKey()).append("\n\n");
      sb.append(table(e.getValue())).append('\n');
    }
    return sb.toString();
  }

  /** Headline facts from env.json: commit, JDK, machine, mode, family statuses. */
  static String manifest(JsonNode env) {
    StringBuilder sb = new StringBuilder();
    sb.append("| run | |\n|---|---|\n");
    row(sb, "date (UTC)", env.path("timestamp_utc").asText());
    row(sb, "mode", env.path("mode").asText());
    row(sb, "git commit", env.path("git_commit").asText() + (env.path("git_dirty").asBoolean() ? " (dirty)" : ""));
    row(sb, "JDK", env.path("jdk").path("version").asText() + " " + env.path("jdk").path("vendor").asText());
    row(sb, "JMH", env.path("jmh_version").asText());
    row(sb, "machine", env.path("cores").asText() + " cores, "
        + String.format(Locale.ROOT, "%.1f GiB", env.path("memory_bytes").asDouble() / (1L << 30))
        + ", " + env.path("cpu_model").asText() + ", " + env.path("os").path("name").asText()
        + " " + env.path("os").path("version").asText());
    sb.append('\n');
    JsonNode fams = env.path("families");
    if (fams.isObject() && fams.size() > 0) {
      sb.append("| family | status | backend | note |\n|---|---|---|---|\n");
      fams.fields().forEachRemaining(f -> sb.append("| ").append(f.getKey()).append(" | ")
          .append(f.getValue().path("status").asText()).append(" | ")
          .append(f.getValue().path("backend").asText("")).append(" | ")
          .append(cell(f.getValue().path("reason").asText(f.getValue().path("error").asText(""))))
          .append(" |\n"));
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void row(StringBuilder sb, String k, String v) {
    sb.append("| ").append(k).append(" | ").append(cell(v)).append(" |\n");
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  /** One Markdown table for results of one benchmark class. */
  static String table(List<JmhResult> rs) {
    Set<String> params = new LinkedHashSet<>();
    Set<String> secondary = new LinkedHashSet<>();
    for (JmhResult r : rs) {
      params.addAll(r.params().keySet());
      for (String s : r.secondary().keySet()) {
        if (shown(s)) {
          secondary.add(s);
        }
      }
    }
    StringBuilder sb = new StringBuilder("| Benchmark |");
    params.forEach(p -> sb.append(' ').append(p).append(" |"));
    sb.append(" Mode | Threads | Score | Error | Unit |");
    for (String s : secondary) {
      sb.append(' ').append(s).append(" |");
    }
    sb.append('\n').append("|---|");
    params.forEach(p -> sb.append("---|"));
    sb.append("---|---:|---:|---:|---|");
    secondary.forEach(s -> sb.append("---:|"));
    sb.append('\n');
    for (JmhResult r : rs) {
      sb.append("| ").append(r.method()).append(" |");
      for (String p : params) {
        sb.append(' ').append(cell(r.params().getOrDefault(p, ""))).append(" |");
      }
      sb.append(' ').append(r.mode()).append(" | ").append(r.threads()).append(" | ")
          .append(fmt(r.primary().score())).append(" | ").append(err(r.primary().scoreError()))
          .append(" | ").append(r.primary().unit()).append(" |");
      for (String s : secondary) {
        JmhResult.Metric m = r.secondary().get(s);
        sb.append(' ').append(m == null ? "" : fmt(m.score()) + " " + m.unit()).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Secondary metrics worth a column: bytes/op from the GC profiler and every non-GC metric. */
  static boolean shown(String name) {
    return name.equals("gc.alloc.rate.norm") || !(name.startsWith("gc.") || name.startsWith("·gc"));
  }

  /** A score with 4 significant digits, thousands kept readable. */
  public static String fmt(double v) {
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
    return String.format(Locale.ROOT, "%.4g", v);
  }

  /** The error column: "± x", or "n/a" when JMH had too few samples ("NaN"). */
  static String err(double e) {
    return Double.isNaN(e) ? "n/a" : "± " + fmt(e);
  }
}
