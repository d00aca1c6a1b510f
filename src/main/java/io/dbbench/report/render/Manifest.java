package io.dbbench.report.render;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.Redaction;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
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
      "backend", "backend_kind", "jmh_args", "benchmarks", "results", "wall_seconds");

  private Manifest() {}

  /** Appends the manifest sections for {@code run} to {@code doc}. */
  public static void appendTo(Doc doc, Run run) {
    Doc.Section s = doc.section(2, "Run manifest");
    RunManifest env = run.manifest();
    if (env == null) {
      s.text("No env.json in " + run.source() + ": the run's machine, versions and seeds are unknown.");
    } else if (env.merged()) {
      s.text("Merged from " + env.mergedFrom().size() + " runs; each row of the tables below"
          + " names the host it was measured on.");
      for (RunManifest.MergedPart part : env.mergedFrom()) {
        Doc.Section h = doc.section(3, "Host " + part.host() + " (" + part.source() + ")");
        machine(h, part.manifest());
        families(doc, part.manifest(), 4);
      }
    } else {
      machine(s, env);
      families(doc, env, 3);
    }
    jmhOptions(doc, run.results());
  }

  private static void machine(Doc.Section s, RunManifest env) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("item").col("value");
    RunManifest.Host h = env.host() != null ? env.host()
        : new RunManifest.Host(null, null, null, null, null, null, null, null, null, null);
    RunManifest.Jdk jdk = h.jdk() != null ? h.jdk() : new RunManifest.Jdk(null, null, null, null, List.of());
    RunManifest.Os os = h.os() != null ? h.os() : new RunManifest.Os(null, null, null);
    RunManifest.Job job = env.job();
    kv(t, "date (UTC)", nz(h.timestampUtc()));
    kv(t, "host", nz(h.host()));
    kv(t, "mode", env.mode());
    kv(t, "git commit", nz(h.gitCommit()) + (Boolean.TRUE.equals(h.gitDirty()) ? " (dirty: uncommitted changes)" : ""));
    kv(t, "JDK", (nz(jdk.version()) + " " + nz(jdk.vendor()) + ", " + nz(jdk.vm())).trim());
    kv(t, "JVM flags (main job)", join(jdk.inputArguments()));
    kv(t, "JMH", nz(h.jmhVersion()));
    kv(t, "bench.include", job == null ? "" : nz(job.benchInclude()));
    kv(t, "bench.args", job == null ? "" : join(job.benchArgs()));
    if (job != null && !job.benchUnits().isEmpty()) {
      kv(t, "bench.units", job.benchUnits() + " (only the plan's units whose id matches ran)");
    }
    if (h.cores() != null || h.memoryBytes() != null) {
      kv(t, "machine", (h.cores() == null ? "" : String.valueOf(h.cores())) + " cores, "
          + String.format(Locale.ROOT, "%.1f GiB", (h.memoryBytes() == null ? 0.0 : h.memoryBytes()) / (double) (1L << 30))
          + ", " + nz(h.cpuModel()) + ", " + nz(os.name()) + " " + nz(os.version()) + " " + nz(os.arch()));
    }
    kv(t, "wall time", env.wallSeconds() != null ? env.wallSeconds() + " s" : "");
    s.add(t.build());
  }

  private static void families(Doc doc, RunManifest env, int level) {
    if (env.families().isEmpty()) {
      return;
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("family").col("status").col("backend")
        .num("results").num("wall s").col("JMH options").col("note");
    Doc.TableBuilder facts = new Doc.TableBuilder().col("family").col("fact").col("value");
    for (Map.Entry<String, RunManifest.Family> f : env.families().entrySet()) {
      RunManifest.Family v = f.getValue();
      t.row(List.of(f.getKey(), v.status() == null ? "" : v.status().words(), red(v.backend().label()),
          v.results() == null ? "" : String.valueOf(v.results()), v.wallSeconds() == null ? "" : String.valueOf(v.wallSeconds()),
          v.jmhArgs() == null ? "" : join(v.jmhArgs()), red(v.reason() != null ? v.reason() : nz(v.error()))));
      // every other key of the family's section, in the manifest's order, flattened for checking
      Map<String, String> flat = new LinkedHashMap<>();
      ManifestJson.family(v).properties().forEach(e -> {
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

  private static String nz(String s) {
    return s == null ? "" : s;
  }

  private static String join(List<String> values) {
    return red(String.join(" ", values));
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
