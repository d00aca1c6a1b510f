package io.dbbench.report.study;

import io.dbbench.core.Mode;
import io.dbbench.core.Redaction;
import io.dbbench.load.OpenLoopJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Limit;
import io.dbbench.report.stats.Stats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The seed studies' own tables and charts, generated from a run: every {@link StudyForm} of the
 * registered rooms ({@link StudyRoom}) whose results are in the run, in {@link StudyForm#order()}, then
 * the open-loop latency section from the run's {@code openloop-*.json} files (the shared
 * load-generation format of {@code io.dbbench.load.OpenLoopResultFile}).
 */
public final class StudyTables {
  private StudyTables() {}

  /** Every registered room's forms ({@link StudyRoom#all}), in report order ({@link StudyForm#order()}, then title). */
  public static List<StudyForm> forms() {
    List<StudyForm> forms = new ArrayList<>();
    StudyRoom.all().forEach(room -> forms.addAll(room.forms()));
    forms.sort(Comparator.comparingInt(StudyForm::order).thenComparing(StudyForm::title));
    return forms;
  }

  /**
   * Every form's {@link StudyForm#limits} rows for {@code run}, forms in report order: the data of
   * the report's "At the machine's limit" table.
   */
  public static List<Limit> limits(Run run) {
    List<Limit> out = new ArrayList<>();
    for (StudyForm form : forms()) {
      List<JmhResult> accepted = run.results().stream().filter(form::accepts).toList();
      if (!accepted.isEmpty()) {
        out.addAll(form.limits(run, accepted));
      }
    }
    return out;
  }

  /** Appends every study form whose benchmarks are in {@code run}, then the open-loop section. */
  public static void appendTo(Doc doc, Run run) {
    for (StudyForm form : forms()) {
      List<JmhResult> accepted = run.results().stream().filter(form::accepts).toList();
      if (!accepted.isEmpty()) {
        int first = doc.sections.size();
        form.appendTo(doc, run, accepted);
        List<String> notes = settingsNotes(run, accepted);
        if (first < doc.sections.size() && !notes.isEmpty()) {
          doc.sections.get(first).blocks.add(0, new Doc.Text("Settings that change what these figures mean: "
              + String.join("; ", notes) + "."));
        }
      }
    }
    openLoop(doc, run.openLoop());
  }


  /**
   * What changes the meaning of {@code rs}' figures, from the manifest and the JMH options: the
   * backend when it is a stand-in, durability switched off (PostgreSQL {@code fsync},
   * {@code synchronous_commit}), quick-mode reductions ({@code reduced_params}) and the forks and
   * iterations per row when too few for an interval or a verdict. Empty when nothing applies.
   */
  public static List<String> settingsNotes(Run run, List<JmhResult> rs) {
    List<String> out = new ArrayList<>();
    Set<String> families = new LinkedHashSet<>();
    rs.forEach(r -> families.add(r.family()));
    RunManifest env = run.manifest();
    for (String f : families) {
      RunManifest.Family fam = env == null ? null : env.families().get(f);
      if (fam == null) {
        continue;
      }
      String backend = Redaction.redact(fam.backend().label());
      if (fam.backend().standIn()) {
        out.add(f + ": measured on a stand-in (" + backend + "), not the product: its timings say nothing about"
            + " the product's speed");
      } else if (!backend.isEmpty()) {
        out.add(f + ": backend " + backend);
      }
      Set<RunManifest.Caveat> caveats = fam.backend().caveats();
      if (caveats.contains(RunManifest.Caveat.PG_FSYNC_OFF)) {
        out.add(f + ": PostgreSQL fsync=off" + (caveats.contains(RunManifest.Caveat.PG_SYNCHRONOUS_COMMIT_OFF)
            ? " and synchronous_commit=off" : "") + ": no commit waits for the disk, so every insert figure is"
            + " optimistic against a durable server");
      }
      if (!fam.reductions().isEmpty()) {
        List<String> parts = new ArrayList<>();
        fam.reductions().forEach((k, v) -> parts.add(k + " (" + v + ")"));
        out.add(f + ": quick-mode reductions of the study's sweep: " + String.join(", ", parts));
      } else if (env.job() != null && env.job().mode() == Mode.QUICK) {
        out.add(f + ": quick mode (fewer parameter points, forks and iterations than the study's full sweep)");
      }
    }
    // how many rows ran with how many forks; only the thin ones are called too thin
    Map<String, Integer> thin = new TreeMap<>();
    Map<String, Integer> enough = new TreeMap<>();
    for (JmhResult r : rs) {
      int forks = r.primary().forks().length;
      String shape = forks + " fork" + (forks == 1 ? "" : "s") + " x "
          + r.options().getOrDefault("measurementIterations", "?") + " iterations";
      (forks < Stats.minForksPerSide() ? thin : enough).merge(shape, 1, Integer::sum);
    }
    if (!thin.isEmpty()) {
      out.add(counted(thin) + ": too few forks for an interval or a verdict (a comparison needs "
          + Stats.minForksPerSide() + " per side)" + (enough.isEmpty() ? ""
              : "; " + counted(enough) + " (headline rows): enough for a verdict, see each row's MDE"));
    }
    return out;
  }

  /** {@code 12 rows ran 1 fork x 2 iterations, 1 row ran 6 forks x 2 iterations}. */
  private static String counted(Map<String, Integer> shapes) {
    List<String> parts = new ArrayList<>();
    shapes.forEach((shape, n) -> parts.add(n + (n == 1 ? " row ran " : " rows ran ") + shape));
    return String.join(", ", parts);
  }

  static void openLoop(Doc doc, List<OpenLoopJson.Trial> files) {
    if (files.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Open-loop latency");
    s.text("Requests issued at a fixed rate, each timed from its scheduled start (no coordinated"
        + " omission); latencies in microseconds; late = requests that started behind schedule; unsent = slots of the"
        + " schedule no dispatching thread reached before the iteration ended, their wait up to that end counted in the"
        + " latencies (sustained: no unsent slot; a rate with any was not kept). A percentile"
        + " the requests cannot support (p99 needs 100, p99.9 1,000) is '-'. Each trial's latencies are also an"
        + " HdrHistogram log (one interval per measurement iteration, ns), readable by HdrHistogram's"
        + " HistogramLogProcessor.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("params").col("backend")
        .num("rate/s").num("requests").num("ok").num("failed").num("late").num("unsent").col("sustained").num("p50 µs")
        .num("p90 µs").num("p99 µs").num("p99.9 µs").num("max µs").col("HdrHistogram log");
    List<Charts.Series> curves = new ArrayList<>();
    for (OpenLoopJson.Trial f : files) {
      String name = shortBenchmark(f.benchmark() == null ? "" : f.benchmark())
          + (f.host() == null || f.host().isEmpty() ? "" : " @" + f.host());
      String params = Study.paramsText(f.params());
      OpenLoopJson.Latency l = f.latency();
      t.row(List.of(name, params, Redaction.redact(f.backend() == null ? "" : f.backend()),
          Units.num(f.ratePerSecond()), String.valueOf(f.requests()), String.valueOf(f.ok()), String.valueOf(f.failed()),
          String.valueOf(f.late()), f.unsent() == null ? "" : String.valueOf(f.unsent()), f.sustainedText(), pct(l.p50()), pct(l.p90()), pct(l.p99()), pct(l.p999()),
          Units.num(l.max() == null ? Double.NaN : l.max()),
          f.hlog() == null || f.hlog().isEmpty() ? "" : Doc.fileLink(f.hlog())));
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (OpenLoopJson.CurvePoint p : f.percentileCurve()) {
        x.add(p.percentile());
        y.add(p.latency());
      }
      if (!x.isEmpty()) {
        curves.add(new Charts.Series(name + (params.isEmpty() ? "" : " " + params)
            + " @" + Units.num(f.ratePerSecond()) + "/s", x, y));
      }
    }
    s.add(t.build());
    if (!curves.isEmpty()) {
      s.add(Charts.percentiles("openloop-percentiles", "Open-loop latency percentile curves", curves));
    }
  }

  /** A percentile of {@code latency_us}: '-' when the file marks it unsupported (null), "" when absent. */
  /** A percentile's latency, or {@code -} where the sample does not support it ({@code null}). */
  private static String pct(Double v) {
    return v == null ? "-" : Units.num(v);
  }

  private static String shortBenchmark(String full) {
    String[] p = full.split("\\.");
    return p.length >= 2 ? p[p.length - 2] + "." + p[p.length - 1] : full;
  }
}
