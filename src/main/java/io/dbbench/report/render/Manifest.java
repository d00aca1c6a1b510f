package io.dbbench.report.render;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.Redaction;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run manifest at the top of a report: from {@code env.json} the suite's git commit, JDK and
 * JVM flags, JMH version and the main job's knobs, the machine, every family's status and
 * backend, and every family fact (seeds, dataset sizes and checksums, driver and server
 * versions); from the JMH JSON the options each benchmark class actually ran with (forks,
 * warm-up and measurement iterations and times, threads, the forked JVM and its flags). Every
 * value passes through {@link Redaction#redact} on its way into the report.
 */
public final class Manifest {
  /** Family keys shown in the family table rather than the facts table. */
  private static final Set<String> FAMILY_COLUMNS = Set.of("title", "status", "reason", "error",
      "backend", "jmh_args", "benchmarks", "results", "wall_seconds");

  private Manifest() {}

  /** Appends the manifest sections for {@code run} to {@code doc}. */
  public static void appendTo(Doc doc, Run run) {
    Doc.Section s = doc.section(2, "Run manifest");
    JsonNode env = run.env();
    if (env == null) {
      s.text("No env.json in " + run.source() + ": the run's machine, versions and seeds are unknown.");
    } else if (env.has("merged_from")) {
      s.text("Merged from " + env.path("merged_from").size() + " runs; each row of the tables below"
          + " names the host it was measured on.");
      for (JsonNode part : env.path("merged_from")) {
        Doc.Section h = doc.section(3, "Host " + part.path("host").asText() + " (" + part.path("source").asText() + ")");
        machine(h, part.path("env"));
        families(doc, part.path("env"), 4);
      }
    } else {
      machine(s, env);
      families(doc, env, 3);
    }
    jmhOptions(doc, run.results());
  }

  private static void machine(Doc.Section s, JsonNode env) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("item").col("value");
    kv(t, "date (UTC)", env.path("timestamp_utc").asText());
    kv(t, "host", env.path("host").asText());
    kv(t, "mode", env.path("mode").asText());
    kv(t, "git commit", env.path("git_commit").asText()
        + (env.path("git_dirty").asBoolean(false) ? " (dirty: uncommitted changes)" : ""));
    JsonNode jdk = env.path("jdk");
    kv(t, "JDK", (jdk.path("version").asText() + " " + jdk.path("vendor").asText() + ", "
        + jdk.path("vm").asText()).trim());
    kv(t, "JVM flags (main job)", join(jdk.path("input_arguments")));
    kv(t, "JMH", env.path("jmh_version").asText());
    kv(t, "bench.include", env.path("bench_include").asText());
    kv(t, "bench.args", join(env.path("bench_args")));
    if (env.has("cores") || env.has("memory_bytes")) {
      kv(t, "machine", env.path("cores").asText() + " cores, "
          + String.format(Locale.ROOT, "%.1f GiB", env.path("memory_bytes").asDouble() / (1L << 30))
          + ", " + env.path("cpu_model").asText() + ", " + env.path("os").path("name").asText()
          + " " + env.path("os").path("version").asText() + " " + env.path("os").path("arch").asText());
    }
    kv(t, "wall time", env.has("wall_seconds") ? env.path("wall_seconds").asText() + " s" : "");
    s.add(t.build());
  }

  private static void families(Doc doc, JsonNode env, int level) {
    JsonNode fams = env.path("families");
    if (!fams.isObject() || fams.isEmpty()) {
      return;
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("family").col("status").col("backend")
        .num("results").num("wall s").col("JMH options").col("note");
    Doc.TableBuilder facts = new Doc.TableBuilder().col("family").col("fact").col("value");
    for (Map.Entry<String, JsonNode> f : fams.properties()) {
      JsonNode v = f.getValue();
      t.row(List.of(f.getKey(), v.path("status").asText(), red(v.path("backend").asText("")),
          v.path("results").asText(""), v.path("wall_seconds").asText(""), join(v.path("jmh_args")),
          red(v.path("reason").asText(v.path("error").asText("")))));
      Map<String, String> flat = new LinkedHashMap<>();
      v.properties().forEach(e -> {
        if (!FAMILY_COLUMNS.contains(e.getKey())) {
          flatten(e.getKey(), e.getValue(), flat);
        }
      });
      flat.forEach((k, val) -> facts.row(List.of(f.getKey(), k, val)));
    }
    doc.section(level, "Families").add(t.build());
    if (!facts.isEmpty()) {
      doc.section(level, "Family facts (seeds, datasets, versions)").add(facts.build());
    }
  }

  private static void jmhOptions(Doc doc, List<JmhResult> results) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (JmhResult r : results) {
      Map<String, String> o = r.options();
      List<String> row = List.of(r.simpleClassName() + (r.host().isEmpty() ? "" : " @" + r.host()),
          r.mode(), String.valueOf(r.forks()),
          o.getOrDefault("warmupIterations", "") + " × " + o.getOrDefault("warmupTime", ""),
          o.getOrDefault("measurementIterations", "") + " × " + o.getOrDefault("measurementTime", ""),
          String.valueOf(r.threads()),
          (o.getOrDefault("jdkVersion", "") + " " + o.getOrDefault("vmName", "")).trim(),
          red(o.getOrDefault("jvmArgs", "")));
      rows.putIfAbsent(String.join("\u0000", row), row);
    }
    if (rows.isEmpty()) {
      return;
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("class").col("mode").num("forks")
        .col("warm-up").col("measurement").num("threads").col("forked JVM").col("JVM flags (forks)");
    rows.values().forEach(t::row);
    doc.section(3, "JMH options as run (from the JMH JSON)").add(t.build());
  }

  private static void flatten(String prefix, JsonNode v, Map<String, String> out) {
    if (v.isObject()) {
      v.properties().forEach(e -> flatten(prefix + "." + e.getKey(), e.getValue(), out));
    } else if (v.isArray() && v.size() > 0 && v.get(0).isContainerNode()) {
      for (int i = 0; i < v.size(); i++) {
        flatten(prefix + "[" + i + "]", v.get(i), out);
      }
    } else {
      out.put(prefix, v.isArray() ? join(v) : red(v.asText()));
    }
  }

  private static void kv(Doc.TableBuilder t, String k, String v) {
    if (v != null && !v.isBlank()) {
      t.row(List.of(k, red(v)));
    }
  }

  private static String join(JsonNode arr) {
    if (arr == null || !arr.isArray()) {
      return arr == null || arr.isMissingNode() || arr.isNull() ? "" : red(arr.asText());
    }
    List<String> parts = new ArrayList<>();
    arr.forEach(a -> parts.add(a.asText()));
    return red(String.join(" ", parts));
  }

  private static String red(String s) {
    return Redaction.redact(s);
  }
}
