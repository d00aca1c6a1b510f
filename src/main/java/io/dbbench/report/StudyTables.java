package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The seed studies' own tables and charts, generated from a run: every {@link StudyForm} found
 * through {@link ServiceLoader} whose results are in the run, in {@link StudyForm#order()}, then
 * the open-loop latency section from the run's {@code openloop-*.json} files (the shared
 * load-generation format of {@code io.dbbench.load.OpenLoopResultFile}).
 */
public final class StudyTables {
  private StudyTables() {}

  /** Every registered form, in report order. */
  public static List<StudyForm> forms() {
    List<StudyForm> forms = new ArrayList<>();
    ServiceLoader.load(StudyForm.class, StudyForm.class.getClassLoader()).forEach(forms::add);
    forms.sort(Comparator.comparingInt(StudyForm::order).thenComparing(StudyForm::title));
    return forms;
  }

  /** Appends every study form whose benchmarks are in {@code run}, then the open-loop section. */
  public static void appendTo(Doc doc, Run run) {
    for (StudyForm form : forms()) {
      List<JmhResult> accepted = run.results().stream().filter(form::accepts).toList();
      if (!accepted.isEmpty()) {
        form.appendTo(doc, run, accepted);
      }
    }
    openLoop(doc, run.openLoop());
  }


  static void openLoop(Doc doc, List<JsonNode> files) {
    if (files.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Open-loop latency");
    s.text("Requests issued at a fixed rate, each timed from its scheduled start (no coordinated"
        + " omission); latencies in microseconds; late = requests that started behind schedule.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("params").col("backend")
        .num("rate/s").num("requests").num("ok").num("failed").num("late").num("p50 µs")
        .num("p90 µs").num("p99 µs").num("p99.9 µs").num("max µs");
    List<Charts.Series> curves = new ArrayList<>();
    for (JsonNode f : files) {
      String name = shortBenchmark(f.path("benchmark").asText())
          + (f.path("host").asText("").isEmpty() ? "" : " @" + f.path("host").asText());
      String params = paramsText(f.path("params"));
      JsonNode l = f.path("latency_us");
      t.row(List.of(name, params, io.dbbench.core.Redaction.redact(f.path("backend").asText("")),
          Units.num(f.path("rate_per_s").asDouble(Double.NaN)), f.path("requests").asText(""),
          f.path("ok").asText(""), f.path("failed").asText(""), f.path("late").asText(""),
          Units.num(l.path("p50").asDouble(Double.NaN)), Units.num(l.path("p90").asDouble(Double.NaN)),
          Units.num(l.path("p99").asDouble(Double.NaN)), Units.num(l.path("p99.9").asDouble(Double.NaN)),
          Units.num(l.path("max").asDouble(Double.NaN))));
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (JsonNode p : f.path("percentile_curve")) {
        x.add(p.path("percentile").asDouble(Double.NaN));
        y.add(p.path("latency_us").asDouble(Double.NaN));
      }
      if (!x.isEmpty()) {
        curves.add(new Charts.Series(name + (params.isEmpty() ? "" : " " + params)
            + " @" + Units.num(f.path("rate_per_s").asDouble(Double.NaN)) + "/s", x, y));
      }
    }
    s.add(t.build());
    if (!curves.isEmpty()) {
      s.add(Charts.percentiles("openloop-percentiles", "Open-loop latency percentile curves", curves));
    }
  }

  private static String shortBenchmark(String full) {
    String[] p = full.split("\\.");
    return p.length >= 2 ? p[p.length - 2] + "." + p[p.length - 1] : full;
  }

  private static String paramsText(JsonNode params) {
    List<String> parts = new ArrayList<>();
    params.properties().forEach(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
    return String.join(" ", parts);
  }
}
