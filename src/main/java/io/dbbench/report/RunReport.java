package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.Redaction;
import io.dbbench.report.data.Baselines;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.ComparisonSection;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.FindingsSection;
import io.dbbench.report.render.LimitsSection;
import io.dbbench.report.render.PublishedRowsSection;
import io.dbbench.report.render.Manifest;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.render.WarningsSection;
import io.dbbench.report.stats.Comparison;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.History;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.StudyTables;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds the report of one run: the run manifest, the seed studies' tables and charts
 * ({@link StudyTables}), one generic table per benchmark class, and a comparison with a baseline
 * ({@code DBBENCH_REPORT_BASELINE=NAME}, looked up under the run's sibling {@code baselines/}
 * directory) or else with the previous run of the same mode in the same results directory, when they share
 * benchmarks.
 */
public final class RunReport {
  /** Environment variable (or system property {@code dbbench.report.baseline}) naming the baseline to compare with. */
  public static final String BASELINE_ENV = "DBBENCH_REPORT_BASELINE";

  private RunReport() {}

  /**
   * The report document of {@code run}.
   *
   * @throws ReportException when the configured baseline does not exist or cannot be read
   */
  public static Doc build(Run run) throws ReportException {
    return build(run, true);
  }

  /**
   * The report document of {@code run}, with or without the comparison section.
   *
   * @throws ReportException when the configured baseline does not exist or cannot be read
   */
  public static Doc build(Run run, boolean compare) throws ReportException {
    Doc doc = new Doc("dbbench report: " + run.label());
    failures(doc, run);
    if (run.results().isEmpty()) {
      doc.section(2, "Results").text("No benchmark results in this run (jmh.json is empty).");
      io.dbbench.report.render.StudyClientsSection.appendTo(doc, 2, io.dbbench.report.data.StudyClientRuns.read(run.directory()));
      manifest(doc, run);
      return doc;
    }
    // findings first, then the studies' details and how far their paths are from the machine's
    // limit, every result, the comparison, the manifest last
    List<io.dbbench.report.stats.Finding> findings = Findings.of(run);
    FindingsSection.appendTo(doc, findings, History.cells(run, findings));
    flameGraphs(doc, run);
    StudyTables.appendTo(doc, run);
    PublishedRowsSection.appendTo(doc, 2, PublishedRows.of(run));
    io.dbbench.report.render.StudyClientsSection.appendTo(doc, 2, io.dbbench.report.data.StudyClientRuns.read(run.directory()));
    LimitsSection.appendTo(doc, 2, StudyTables.limits(run));
    WarningsSection.appendTo(doc, 2, run.results());
    genericTables(doc, run.results());
    if (compare) {
      comparison(doc, run);
    }
    manifest(doc, run);
    return doc;
  }

  /**
   * The flame graphs a {@code -Dbench.profile=async} run made for its headline comparisons
   * ({@code env.json} {@code families.<id>.profiles}), linked, beside the findings they explain;
   * nothing when the run made none.
   */
  static void flameGraphs(Doc doc, Run run) {
    if (run.manifest() == null) {
      return;
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("family").col("headline comparison").col("side").col("event")
        .col("flame graph");
    int[] rows = {0};
    run.manifest().families().forEach((id, f) -> f.profileList().forEach(p -> {
      List<String> graphs = p.graphs() == null ? List.of() : p.graphs();
      String link = graphs.stream().filter(g -> g.contains("forward")).findFirst()
          .orElse(graphs.isEmpty() ? "" : graphs.get(0));
      String cell;
      try {
        cell = link.isEmpty() ? "not made: " + (p.error() == null ? "the profiler wrote nothing" : p.error())
            : Doc.fileLink(link);
      } catch (IllegalArgumentException e) {
        cell = link;
      }
      t.row(List.of(id, nz(p.comparison()), nz(p.side()) + " " + ManifestJson.tree(p.point()), nz(p.event()), cell));
      rows[0]++;
    }));
    if (rows[0] == 0) {
      return;
    }
    Doc.Section s = doc.section(2, "Flame graphs of the headline comparisons");
    s.text("One extra fork per side under async-profiler (-Dbench.profile=async; its scores are not used): where the"
        + " time (cpu) and the allocated bytes (alloc) go, for the findings above. Open the HTML files from the run"
        + " directory.");
    s.add(t.build());
  }

  /** The run manifest and family facts, folded in HTML (they are for checking, not for reading first). */
  private static void manifest(Doc doc, Run run) {
    int first = doc.sections.size();
    Manifest.appendTo(doc, run);
    for (int i = first; i < doc.sections.size(); i++) {
      doc.sections.get(i).collapsed = true;
    }
  }

  /**
   * The families that failed, first: each with its reason and those of its benchmarks that have no
   * score in this run (a failed benchmark is listed as failed, never left out or shown fast); rows
   * the family published before it failed (a merged run's other shards, a unit that finished)
   * stay in the report, and the section says how many.
   */
  static void failures(Doc doc, Run run) {
    if (run.manifest() == null) {
      return;
    }
    Set<String> scored = new java.util.HashSet<>();
    run.results().forEach(r -> scored.add(r.benchmark()));
    Doc.TableBuilder t = new Doc.TableBuilder().col("family").col("reason").col("benchmarks without a score")
        .num("rows it published");
    run.manifest().families().forEach((id, f) -> {
      if (f.failed()) {
        List<String> names = new ArrayList<>();
        f.benchmarkList().stream().filter(b -> !scored.contains(b))
            .forEach(b -> names.add(b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1)));
        long published = run.results().stream().filter(r -> id.equals(r.family())).count();
        t.row(List.of(id, Redaction.redact(f.error() == null ? "" : f.error()),
            names.isEmpty() ? "none listed: the failed unit's benchmarks are named in the reason" : String.join(", ", names),
            String.valueOf(published)));
      }
    });
    if (!t.isEmpty()) {
      doc.section(2, "Failed").text("These families failed and the main job exited non-zero. A benchmark listed has no"
          + " score in this run; the rows a family published before it failed (units that finished, other shards)"
          + " are in the report below.").add(t.build());
    }
  }

  /** One table per benchmark class: every row with score, error, unit and secondary metrics. */
  static void genericTables(Doc doc, List<JmhResult> results) {
    Doc.Section all = doc.section(2, "All results by class");
    all.text("JMH's scores; error is the half-width of JMH's 99.9% confidence interval ('-' where JMH"
        + " gives none: too few iterations); secondary metrics are bytes/op (gc.alloc.rate.norm) and the benchmarks'"
        + " own counters.");
    Map<String, List<JmhResult>> byClass = new LinkedHashMap<>();
    results.forEach(r -> byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r));
    for (Map.Entry<String, List<JmhResult>> e : byClass.entrySet()) {
      doc.section(3, e.getKey()).add(table(e.getValue()));
    }
  }

  /** The generic table of one class's results. */
  static Doc.Table table(List<JmhResult> rs) {
    Set<String> params = FormSupport.paramNames(rs);
    Set<String> secondary = new LinkedHashSet<>();
    boolean hosts = rs.stream().anyMatch(r -> !r.host().isEmpty());
    rs.forEach(r -> r.secondary().keySet().stream().filter(RunReport::shown).forEach(secondary::add));
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
    if (hosts) {
      t.col("host");
    }
    params.forEach(t::col);
    t.col("JMH mode").num("threads").num("score").num("error").col("unit");
    secondary.forEach(t::num);
    for (JmhResult r : rs) {
      List<String> row = new ArrayList<>();
      row.add(r.method());
      if (hosts) {
        row.add(r.host());
      }
      params.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.addAll(List.of(r.mode(), String.valueOf(r.threads()), Units.num(r.primary().score()),
          Double.isNaN(r.primary().scoreError()) ? "-" : "± " + Units.num(r.primary().scoreError()),
          r.primary().unit()));
      for (String s : secondary) {
        JmhResult.Metric m = r.secondary().get(s);
        row.add(m == null ? "" : Units.num(m.score()) + " " + m.unit());
      }
      t.row(row);
    }
    return t.build();
  }

  /** Secondary metrics worth a column: bytes/op from the GC profiler and every non-GC metric. */
  static boolean shown(String name) {
    return name.equals(Comparison.ALLOC) || !(name.startsWith("gc.") || name.startsWith("·gc"));
  }

  private static void comparison(Doc doc, Run run) throws ReportException {
    Path parent = run.source().toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(run.source())) {
      return;
    }
    Optional<String> baseline = BenchConfig.get(BASELINE_ENV);
    Run base;
    String why;
    if (baseline.isPresent()) {
      base = Run.load(Baselines.resolve(parent.resolve(Baselines.DIR), baseline.get()));
      why = "baseline " + baseline.get();
    } else {
      Path prev = previousRun(parent, run.source().toAbsolutePath(),
          run.manifest() == null ? "" : run.manifest().mode());
      if (prev == null) {
        doc.section(2, "Comparison").text("No earlier run in " + parent + " and no baseline named"
            + " (set " + BASELINE_ENV + "=NAME, or run: report compare BASELINE " + run.label() + ").");
        return;
      }
      try {
        base = Run.load(prev);
      } catch (ReportException e) {
        doc.section(2, "Comparison").text("The previous run could not be read: " + e.getMessage());
        return;
      }
      why = "the previous run in " + parent.getFileName();
    }
    try {
      Comparison c = Comparison.of(base, run);
      doc.section(2, "Changes against " + why).text(c.summaryLine());
      ComparisonSection.appendTo(c, doc, 3);
    } catch (ReportException e) {
      doc.section(2, "Comparison").text("Not compared with " + why + ": " + e.getMessage());
    }
  }

  /** The newest sibling run directory (by name, i.e. UTC timestamp) older than {@code runDir}, or null. */
  static Path previousRun(Path parent, Path runDir, String mode) {
    String me = runDir.getFileName().toString();
    List<Path> earlier = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, Files::isDirectory)) {
      for (Path p : ds) {
        String n = p.getFileName().toString();
        if (n.compareTo(me) < 0 && !n.equals(Baselines.DIR) && Files.isRegularFile(p.resolve("jmh.json"))) {
          earlier.add(p);
        }
      }
    } catch (IOException e) {
      return null;
    }
    // newest first: only as many manifests are read as it takes to find one of the same mode
    earlier.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
    return earlier.stream().filter(p -> sameMode(p, mode)).findFirst().orElse(null);
  }

  /**
   * Whether the run in {@code dir} ran in {@code mode} (a quick run is compared with the quick run
   * before it, not with a full run merged in between); true when either mode is unknown.
   */
  private static boolean sameMode(Path dir, String mode) {
    if (mode == null || mode.isEmpty() || !Files.isRegularFile(dir.resolve("env.json"))) {
      return true;
    }
    try {
      String other = ManifestJson.read(dir.resolve("env.json")).mode();
      return other.isEmpty() || other.equals(mode);
    } catch (ReportException e) {
      return true;
    }
  }

  /**
   * The report of a run given as parsed results, without files: manifest (when {@code env} is
   * given), study tables and the generic per-class tables, charts listed by title only. No
   * comparison with other runs is made.
   *
   * @param results the run's JMH results
   * @param env the run's {@code env.json}, or {@code null}
   */
  public static String markdown(List<JmhResult> results, JsonNode env) {
    try {
      return MarkdownReport.write(build(Run.of(Path.of("(in memory)"), results, env, List.of()), false), null);
    } catch (IOException | ReportException e) {
      throw new IllegalStateException("no file is read or written here: " + e.getMessage(), e);
    }
  }

  private static String nz(String s) {
    return s == null ? "" : s;
  }
}
