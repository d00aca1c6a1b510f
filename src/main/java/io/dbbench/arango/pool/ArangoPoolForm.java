package io.dbbench.arango.pool;

import io.dbbench.core.Redaction;
import io.dbbench.load.OpenLoopJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.Study;
import io.dbbench.report.study.PublishedStudyForm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The pooling study's form ("ArangoDB client side benchmarking"): the study's table (connection
 * type, options, iterations, time in ms or DNF) with each row's speed-up over the default pool
 * ({@code driver_http1_3}, arangojs 8.3's {@code maxSockets: 3}) and the study's own figure where
 * it measured the same thing; the knee (the smallest pool within 5% of the best time, per
 * iteration count and HTTP version) against the study's rule {@code max(32, 2 x server cores)};
 * and the open-loop latency percentiles per pool size. A row whose secondary metric {@code dnf} is
 * above 0 shows DNF with its failures per cause, never its time (see {@code ArangoPoolBenchmark}).
 */
public final class ArangoPoolForm extends PublishedStudyForm {
  static final String STUDY = "io.dbbench.arango.ArangoPoolBenchmark";
  static final String OPEN_LOOP = "io.dbbench.arango.ArangoPoolOpenLoopBenchmark";
  /** A pool is at the knee when its time is within this factor of the best. */
  static final double KNEE_TOLERANCE = 1.05;

  /** The study's table in ms (arangojs 8.3 on Node, ArangoDB server with 200,000 records; {@code tables.study_ms} of {@code study.json}), by connection and iterations; -1 = DNF. */
  static final Map<String, Map<Integer, Double>> STUDY_MS = new LinkedHashMap<>();

  static {
    // tables.study_ms of study.json, the study's published figures beside its other measures
    Study.load(ArangoPoolForm.class, "study.json").table("study_ms")
        .forEach((connection, v) -> {
          Map<Integer, Double> byIterations = new LinkedHashMap<>();
          v.properties().forEach(x -> byIterations.put(Integer.parseInt(x.getKey()), x.getValue().asDouble()));
          STUDY_MS.put(connection, byIterations);
        });
  }

  /** The form: its heading, position 61, and the benchmark classes it draws. */
  public ArangoPoolForm() {
    super("ArangoDB client connection pools (point-query study form)", 61, c -> c.equals(STUDY) || c.equals(OPEN_LOOP));
  }

  /**
   * The pooling study's table cell by cell: each pool (maxSockets 3, 10, 100, raw HTTP) at each
   * query count, in ms per shot, on its 200,000 records without an index; a cell of -1 is the
   * study's "did not finish", set beside whether dbbench's shots finished.
   */
  @Override
  public List<PublishedRows.Point> publishedPoints() {
    List<PublishedRows.Point> out = new ArrayList<>();
    STUDY_MS.forEach((connection, byIterations) -> byIterations.forEach((iterations, ms) -> {
      Map<String, String> params = new LinkedHashMap<>();
      params.put("connection", connection);
      params.put("iterations", Integer.toString(iterations));
      params.put("documents", "200000");
      params.put("index", "none");
      params.put("modelledServerMs", "0"); // the study's server, never the stand-in's model of it
      boolean dnf = ms < 0;
      out.add(new PublishedRows.Point(iterations + " queries", connection, STUDY + ".query", params,
          PublishedRows.TIME, "ms", 1e3, dnf ? Double.NaN : ms, dnf ? "did not finish" : Units.num(ms), dnf));
    }));
    return out;
  }

  /**
   * A row of the stand-in's model of the server ({@link #modelledMillis} above 0: set by the
   * {@code modelledServerMs} parameter or by {@code DBBENCH_ARANGO_STANDIN_WORK_MS}, whose rows keep
   * {@code modelledServerMs=0}) is never the counterpart of the study's published cells.
   */
  @Override
  public boolean publishedCounterpart(JmhResult r) {
    return modelledMillis(r) == 0;
  }

  /** One row of the study's table, as the form reads it from a JMH result. */
  record Row(JmhResult result, PoolClient.Connection connection, int iterations, String documents, String index,
      double millis, long dnfShots, int shots, Map<String, Long> failures) {
    boolean dnf() {
      return dnfShots > 0;
    }

    /** Rows compared with one another: same documents, index, modelled server time and host. */
    String group() {
      return documents + "/" + index + "/" + modelledMillis(result) + "/" + result.host();
    }

    /** The documents cell: the count, and the modelled server time for a model's row. */
    String documentsCell() {
      int ms = modelledMillis(result);
      return ms > 0 ? documents + " (model: " + ms + " ms per query)" : documents;
    }
  }

  static Row row(JmhResult r) {
    Map<String, Long> f = new LinkedHashMap<>();
    for (DnfCause c : DnfCause.values()) {
      JmhResult.Metric m = r.secondary().get(c.metric);
      if (m != null && m.score() > 0) {
        f.put(c.metric, Math.round(m.score()));
      }
    }
    JmhResult.Metric dnf = r.secondary().get("dnf");
    int shots = r.primary().samples().length;
    return new Row(r, PoolClient.Connection.parse(r.params().get("connection")),
        Integer.parseInt(r.params().getOrDefault("iterations", "0")), r.params().getOrDefault("documents", ""),
        r.params().getOrDefault("index", ""), Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) * 1000,
        dnf == null ? 0 : Math.round(dnf.score()), shots, f);
  }

  /** A latency as the table prints it: 0 where the sample does not support the percentile ({@code null}). */
  private static double zero(Double v) {
    return v == null ? 0 : v;
  }

  /** A count with thousands separators. */
  static String count(double v) {
    return String.format(Locale.ROOT, "%,d", Math.round(v));
  }

  /** "DNF (2 of 3 shots; queueFull 5904, refused 3)". */
  static String dnfText(Row r) {
    StringBuilder sb = new StringBuilder("DNF (");
    sb.append(r.dnfShots()).append(" of ").append(r.shots() == 0 ? "?" : String.valueOf(r.shots())).append(" shots");
    r.failures().forEach((k, v) -> sb.append("; ").append(k).append(' ').append(v));
    return sb.append(')').toString();
  }

  /**
   * The knee of {@code rows} (one iteration count, one HTTP version, one group): the smallest
   * {@code maxConnections} whose time is within {@link #KNEE_TOLERANCE} of the best finished time,
   * or -1 when no row finished.
   */
  static int knee(List<Row> rows) {
    double best = rows.stream().filter(r -> !r.dnf()).mapToDouble(Row::millis).min().orElse(Double.NaN);
    if (Double.isNaN(best)) {
      return -1;
    }
    return rows.stream().filter(r -> !r.dnf() && r.millis() <= best * KNEE_TOLERANCE)
        .mapToInt(r -> r.connection().maxConnections()).min().orElse(-1);
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    List<Row> rows = new ArrayList<>();
    for (JmhResult r : accepted) {
      if (r.className().equals(STUDY) && r.params().containsKey("connection")) {
        rows.add(row(r));
      }
    }
    Doc.Section s = doc.section(2, title());
    s.text("One shot = `iterations` point queries `" + PoolClient.QUERY + "` issued at once and answered as the client"
        + " allows, timed from the first request to the last answer (JMH SingleShotTime, mean over the measured shots)."
        + " Speed-up = the default pool's time (driver, HTTP/1.1, maxConnections 3 = arangojs 8.3's maxSockets) / the"
        + " row's time, same iterations, documents and index. DNF = at least one measured shot had a failed query"
        + " (counts per cause summed over the shots); its time is not shown. \"study\" is the published figure"
        + " (arangojs on Node against ArangoDB with 200,000 records) for the same pool and iteration count.");
    if (!rows.isEmpty()) {
      studyTable(s, rows, run);
      kneeTable(s, rows, run);
    }
    openLoop(doc, run);
  }

  private static void studyTable(Doc.Section s, List<Row> rows, Run run) {
    rows.sort(Comparator.comparing(Row::group).thenComparingInt(Row::iterations)
        .thenComparingInt(r -> PoolClient.Connection.NAMES.indexOf(r.connection().name()) < 0 ? 99
            : PoolClient.Connection.NAMES.indexOf(r.connection().name())));
    Doc.TableBuilder t = new Doc.TableBuilder().col("connection type").col("options").col("documents").col("index")
        .num("iterations").num("time (ms)").num("speed-up over default pool").num("study (ms)").num("peak in flight")
        .num("server CPU per query (ms)").num("bound: fastest any pool (ms)").col("backend");
    for (Row r : rows) {
      Row base = rows.stream().filter(o -> o.connection().name().equals(PoolClient.Connection.DEFAULT_POOL)
          && o.iterations() == r.iterations() && o.group().equals(r.group())).findFirst().orElse(null);
      String speedUp = base == null || base.dnf() || r.dnf() ? "" : Units.ratio(base.millis() / r.millis());
      Double study = STUDY_MS.getOrDefault(r.connection().name(), Map.of()).get(r.iterations());
      List<String> cells = new ArrayList<>();
      cells.add(r.connection().type() + FormSupport.host(r.result()));
      cells.add(r.connection().options());
      cells.add(r.documentsCell());
      cells.add(r.index());
      cells.add(String.valueOf(r.iterations()));
      cells.add(r.dnf() ? dnfText(r) : Units.num(r.millis()));
      cells.add(speedUp);
      cells.add(study == null ? "" : study < 0 ? "DNF" : Units.num(study));
      cells.add(peakText(r.result()));
      Optional<PoolBound> bound = PoolBound.of(r.result(), run.manifest());
      cells.add(bound.map(x -> Units.num(x.serverCpuMsPerQuery())).orElse(""));
      cells.add(bound.map(x -> Units.num(x.fastestMillis())).orElse(""));
      cells.add(backend(run, r.result()));
      t.row(cells);
    }
    s.add(t.build());
    s.text("Peak in flight: the most queries the stand-in held at once (received, not yet answered) in a measured"
        + " shot, each fork's largest (\"3 / 4\" when forks differ). Server CPU per query: the stand-in's CPU time over"
        + " the measured shots / their queries (else at the end of its warm-up). Bound: server CPU per query x queries"
        + " / online cores, the fastest any pool can finish when the server's work shares this machine's cores; a row"
        + " near its bound is decided by the cores, not the pool.");
    for (Row r : rows) {
      if (r.connection().name().equals(PoolClient.Connection.DEFAULT_POOL) && !r.dnf()) {
        int model = modelledMillis(r.result());
        String modelFloor = model <= 0 ? "" : String.format(Locale.ROOT, " In the model each query waits %d ms, so a"
            + " pool of %d finishes no sooner than %d x %,d / %d = %s ms.", model, r.connection().maxConnections(), model,
            r.iterations(), r.connection().maxConnections(),
            Units.num((double) model * r.iterations() / r.connection().maxConnections()));
        PoolBound.of(r.result(), run.manifest()).ifPresent(b -> s.text("documents " + r.documentsCell() + ", index "
            + r.index() + ", " + r.iterations() + " queries" + FormSupport.host(r.result()) + ": "
            + b.findingNote("the default pool (maxConnections 3)", r.millis()) + "." + modelFloor));
      }
    }
  }

  /**
   * The bound of the default pool's row ({@code driver_http1_3}) among {@code accepted} at
   * {@code iterations}, {@code documents} and {@code index}, as the note of a finding on the pool's
   * speed-up ({@link PoolBound#findingNote}); empty when that row is absent, did not finish, or has
   * no CPU figure.
   */
  public static Optional<String> defaultPoolBoundNote(Run run, List<JmhResult> accepted, int iterations,
      String documents, String index) {
    for (JmhResult r : accepted) {
      if (!r.className().equals(STUDY) || !PoolClient.Connection.DEFAULT_POOL.equals(r.params().get("connection"))) {
        continue;
      }
      Row row = row(r);
      if (row.iterations() == iterations && row.documents().equals(documents) && row.index().equals(index) && !row.dnf()) {
        return PoolBound.of(r, run.manifest()).map(b -> b.findingNote("the default pool (maxConnections 3)", row.millis()));
      }
    }
    return Optional.empty();
  }

  /**
   * The bound on the pool comparison ({@code connections} headline): the most any pool could speed
   * the baseline's shot up on this machine, {@link PoolBound#largestSpeedUpOver} its time (server CPU
   * per query x queries / cores against the default pool's shot), as {@code x}, named "N cores"; the
   * verdict says "bounded by N cores" when that lies below the study's figure. A model row
   * ({@link #modelledMillis} above 0) is bounded by its modelled waits, not the cores: it gets a bound
   * without a figure that says so. Empty for other measures, a shot that did not finish, or a row
   * without a server CPU figure (a real ArangoDB).
   */
  @Override
  public Optional<io.dbbench.report.stats.Bound> bound(Study.Measure measure, Run run, JmhResult baseline,
      JmhResult contender) {
    if (!"connections".equals(measure.headline()) || !baseline.className().equals(STUDY)) {
      return Optional.empty();
    }
    int model = modelledMillis(baseline);
    if (model > 0) {
      return Optional.of(io.dbbench.report.stats.Bound.named("a model: the stand-in waits " + model
          + " ms per point query instead of ArangoDB's work"));
    }
    Row row = row(baseline);
    if (row.dnf() || !(row.millis() > 0)) {
      return Optional.empty();
    }
    return PoolBound.of(baseline, run.manifest()).map(b -> new io.dbbench.report.stats.Bound(b.cores() + " cores",
        b.largestSpeedUpOver(row.millis()), b.findingNote("the default pool", row.millis())));
  }

  /**
   * The backend label of a row: {@link PoolSettings#modelLabel} when the row's stand-in reported
   * modelled server time ({@link #modelledMillis}) or, for a row without that metric, when the
   * family recorded one in env.json; else the label env.json gives the family.
   */
  static String backend(Run run, JmhResult r) {
    int ms = modelledMillis(r);
    RunManifest.Family family = FormSupport.family(run.manifest(), r);
    if (ms == 0 && !r.secondary().containsKey(MODELLED_METRIC) && family != null && family.backend().standIn()) {
      ms = PoolSettings.recordedStandInWorkMillis(family);
    }
    return ms > 0 ? PoolSettings.modelLabel(ms) : FormSupport.backend(run.manifest(), r);
  }

  /** The secondary metric in which each measured shot records the stand-in's modelled server time per point query, ms. */
  static final String MODELLED_METRIC = "modelledQueryMs";

  /**
   * The largest modelled server time per point query any of the row's shots ran with, ms; 0 without
   * the model. A row above 0 is a model's, not ArangoDB's nor the stand-in's own work: a row made
   * with {@code -p modelledServerMs} says so in its parameters too, but one made with
   * {@link PoolSettings#STANDIN_WORK_MS} has {@code modelledServerMs=0} and only this metric (and
   * the manifest's {@code pool.standin_work_ms}) tells it apart.
   */
  public static int modelledMillis(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(MODELLED_METRIC);
    return m == null ? 0 : (int) Math.round(Arrays.stream(m.samples()).max().orElse(0));
  }

  /**
   * Each fork's largest {@code peakInFlight} ({@link FormSupport#trialFact}), fork by fork. The
   * peaks are per shot (or, in runs recorded before that, in the trial's last shot only, 0
   * elsewhere), so neither JMH's score (a sum over shots) nor the merged score (a mean over shots:
   * 0.5 for a pool of 3 over six shots) is a peak.
   */
  static long[] peakPerFork(JmhResult r) {
    return Arrays.stream(FormSupport.trialFact(r, "peakInFlight")).mapToLong(Math::round).toArray();
  }

  /** The "peak in flight" cell: each fork's largest, one figure when the forks agree ("3"), else "3 / 4"; "" without one. */
  static String peakText(JmhResult r) {
    long[] p = peakPerFork(r);
    if (p.length == 0 || Arrays.stream(p).allMatch(v -> v <= 0)) {
      return "";
    }
    if (Arrays.stream(p).distinct().count() == 1) {
      return count(p[0]);
    }
    return String.join(" / ", Arrays.stream(p).mapToObj(ArangoPoolForm::count).toList());
  }

  private static void kneeTable(Doc.Section s, List<Row> rows, Run run) {
    RunManifest m = run.manifest();
    int cores = m == null || m.host() == null || m.host().cores() == null ? -1 : m.host().cores();
    int rule = cores < 0 ? -1 : Math.max(32, 2 * cores);
    Map<String, List<Row>> groups = new TreeMap<>();
    for (Row r : rows) {
      if (r.connection().driver()) {
        groups.computeIfAbsent(r.group() + "|" + r.connection().http() + "|" + String.format(Locale.ROOT, "%06d", r.iterations()),
            k -> new ArrayList<>()).add(r);
      }
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("documents").col("index").col("HTTP").num("iterations")
        .col("pools measured").num("knee: smallest maxConnections within 5% of the best").num("best time (ms)")
        .num("study's rule max(32, 2 x server cores)");
    for (List<Row> g : groups.values()) {
      Row first = g.get(0);
      int knee = knee(g);
      double best = g.stream().filter(r -> !r.dnf()).mapToDouble(Row::millis).min().orElse(Double.NaN);
      t.row(List.of(first.documentsCell(), first.index(), first.connection().http(), String.valueOf(first.iterations()),
          String.join(", ", g.stream().map(r -> r.connection().maxConnections() + (r.dnf() ? " (DNF)" : "")).toList()),
          knee < 0 ? "all DNF" : String.valueOf(knee), Double.isNaN(best) ? "" : Units.num(best),
          rule < 0 ? "unknown cores" : rule + " (" + cores + " cores)"));
    }
    if (!t.isEmpty()) {
      s.text("The knee per iteration count: with fewer connections the client waits; beyond it more connections only"
          + " queue at the server. Server cores are this machine's (env.json `cores`): the stand-in runs beside the"
          + " client; for a remote ArangoDB read the rule against that server's cores.");
      s.add(t.build());
    }
  }

  private static void openLoop(Doc doc, Run run) {
    List<OpenLoopJson.Trial> files = run.openLoop().stream()
        .filter(n -> n.benchmark() != null && n.benchmark().startsWith(OPEN_LOOP)).toList();
    if (files.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(3, "Open-loop latency per pool size (beyond the study)");
    s.text("A fixed request rate, each query's latency from its scheduled start (HdrHistogram, no coordinated"
        + " omission); failed = error answers or no answer after the drain; unsent = slots no dispatching thread reached"
        + " before the iteration ended (their wait counted in the latencies): a rate with any was not sustained. A pool"
        + " saturates where p99 leaves p50.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("connection type").col("options").col("index").num("rate (/s)")
        .num("requests").num("ok").num("failed").num("unsent").col("sustained").num("p50 (µs)").num("p90 (µs)").num("p99 (µs)").num("p99.9 (µs)")
        .num("max (µs)").col("backend");
    Map<String, List<Charts.Series>> curves = new TreeMap<>();
    List<OpenLoopJson.Trial> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparingLong(OpenLoopJson.Trial::ratePerSecond)
        .thenComparingInt(n -> PoolClient.Connection.NAMES.indexOf(n.params().getOrDefault("pool", ""))));
    for (OpenLoopJson.Trial f : sorted) {
      String name = f.params().getOrDefault("pool", "");
      PoolClient.Connection c;
      try {
        c = PoolClient.Connection.parse(name);
      } catch (IllegalArgumentException e) {
        continue;
      }
      OpenLoopJson.Latency lat = f.latency();
      t.row(List.of(c.type(), c.options(), f.params().getOrDefault("index", ""), count(f.ratePerSecond()),
          count(f.requests()), count(f.ok()), count(f.failed()), f.unsent() == null ? "" : count(f.unsent()), f.sustainedText(),
          Units.num(zero(lat.p50())), Units.num(zero(lat.p90())),
          Units.num(zero(lat.p99())), Units.num(zero(lat.p999())), Units.num(zero(lat.max())),
          Redaction.redact(f.backend() == null ? "" : f.backend())));
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (OpenLoopJson.CurvePoint p : f.percentileCurve()) {
        x.add(p.percentile());
        y.add(p.latency());
      }
      curves.computeIfAbsent(String.format(Locale.ROOT, "%08d", f.ratePerSecond()), k -> new ArrayList<>())
          .add(new Charts.Series(name, x, y));
    }
    s.add(t.build());
    curves.forEach((rate, series) -> {
      long r = Long.parseLong(rate);
      s.add(Charts.percentiles("arango-pool-openloop-" + r, "Open-loop latency percentiles at " + r + " queries/s, per pool", series));
    });
  }
}
