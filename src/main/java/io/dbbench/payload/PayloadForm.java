package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.Study;
import io.dbbench.report.study.PublishedStudyForm;
import io.dbbench.report.study.VariantTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * WMPayload's form, for the payload service and the MongoDB driver family it builds on:
 * operation, document, index, time per request, requests/s, bytes/op ({@code gc.alloc.rate.norm}),
 * success rate ({@code ok / (ok + failed)}) and backend; then one line per document stating the
 * index speed-up of {@code search} with a 95% confidence interval ({@link #speedUp}), the open-loop
 * median latencies without and with the index, and the study's own figures for comparison.
 *
 * <p>Allocations per request: bytes from JMH's gc profiler, and the number of objects (the study's Go
 * {@code allocs/op}) from the main job's allocation pass ({@code io.dbbench.profile.AllocationProfiler},
 * separate forks with an allocation-instrumenting agent); empty where that pass did not run.
 */
public final class PayloadForm extends PublishedStudyForm {
  /** Bootstrap resamples of the speed-up interval. */
  static final int RESAMPLES = 2000;
  /** Fixed bootstrap seed, so a report is reproducible. */
  static final long SEED = 20_241_118L;

  /** The form: its heading, position 40, and the benchmark classes it draws. */
  public PayloadForm() {
    super("Payload service (WMPayload form)", 40, c -> c.startsWith("io.dbbench.payload.") || c.startsWith("io.dbbench.mongo."));
  }

  /**
   * The study's four rows (insert of flat and ReqMgr2 documents; search of both without and with
   * the index on {@code id}, at dbbench's {@value #PUBLISHED_COLLECTION} documents), each in ms per
   * request, B/op and allocs/op, from {@code tables.study_figures}; the label carries what the
   * study's row measured (a sequential insert loop, a whole-collection fetch, failed requests).
   *
   * <p>Time in the study's units (WMPayload {@code benchmark_test.go} at 3c602f4):
   * {@code BenchmarkSearch} starts b.N goroutines at once and Go divides the wall time by b.N, so
   * its ns/op is wall time per request over all clients, an inverse throughput: the search rows
   * read dbbench's {@link PublishedRows#WALL_TIME} (time per request per thread / 100 threads).
   * {@code BenchmarkInsert} is one client's sequential loop: the insert rows need a one-thread row
   * ({@code -t 1}), which the main job does not run today, and are listed as not measured until it does.
   */
  @Override
  public List<PublishedRows.Point> publishedPoints() {
    JsonNode rows = Study.load(PayloadForm.class, "study.json").table("study_figures")
        .getOrDefault("rows", MissingNode.getInstance());
    List<PublishedRows.Point> out = new ArrayList<>();
    for (JsonNode r : rows) {
      String op = r.path(0).asText();
      String doc = r.path(1).asText().toLowerCase(Locale.ROOT).startsWith("reqmgr2") ? "reqmgr2" : "flat";
      Map<String, String> params = new LinkedHashMap<>();
      params.put("doc", doc);
      if (op.equals("search")) {
        params.put("index", r.path(2).asText());
        params.put("collectionSize", PUBLISHED_COLLECTION);
      }
      String label = op + " " + r.path(1).asText() + ", index " + r.path(2).asText() + " (" + r.path(7).asText() + ")";
      String bench = "io.dbbench.payload.PayloadServiceBenchmark." + op;
      double ms = Double.parseDouble(r.path(3).asText().replace(" ms", "").trim());
      double bytes = Double.parseDouble(r.path(4).asText().replace(",", ""));
      double allocs = Double.parseDouble(r.path(5).asText().replace(",", ""));
      // in the study's units: its BenchmarkSearch starts b.N requests at once and divides the wall time by b.N
      // (an inverse throughput); its BenchmarkInsert is one client's sequential loop (a latency)
      out.add(op.equals("search")
          ? new PublishedRows.Point(op, label, bench, params, PublishedRows.WALL_TIME, "ms/request (wall)", 1e3, ms,
              r.path(3).asText(), false)
          : new PublishedRows.Point(op, label, bench, params, PublishedRows.TIME, "ms/request", 1e3, ms,
              r.path(3).asText(), false).withThreads(1, "the study's BenchmarkInsert is one sequential client;"
              + " full mode's one-client-insert sweep runs it, or PayloadServiceBenchmark.insert with -t 1"));
      out.add(new PublishedRows.Point(op, label, bench, params, "gc.alloc.rate.norm", "B/op", 1, bytes,
          r.path(4).asText(), false));
      out.add(new PublishedRows.Point(op, label, bench, params, "allocs.norm", "allocs/op", 1, allocs,
          r.path(5).asText(), false));
    }
    return out;
  }

  /** The collection size dbbench sets the study's search rows at (its headline comparison's). */
  static final String PUBLISHED_COLLECTION = "30000";

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    payload(doc, accepted, run);
  }

  static void payload(Doc doc, List<JmhResult> rs, Run run) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Payload service (WMPayload form)");
    s.text("Closed loop (the study's form): time per request and requests/s from the primary score (threads taken"
        + " into account), bytes/op from the GC profiler (gc.alloc.rate.norm), success rate = ok / (ok + failed)."
        + " With arrangement=outOfProcess the service and the stand-in run in JVMs of their own, so bytes/op are the"
        + " clients' alone (as the study's Go B/op were); with inProcess they include service, driver and stand-in."
        + " allocs/op: objects and arrays the clients allocated per request, from the main job's allocation pass (separate"
        + " forks with Google's allocation instrumenter; the timed forks run without it). Server warm-up: before"
        + " measurement the service and the stand-in ran the same operation until their CPU per request was flat and"
        + " their JIT compilers quiet, or until the cap (a row marked NOT steady measured servers still warming).");
    List<JmhResult> closed = rs.stream().filter(r -> !r.simpleClassName().equals("PayloadOpenLoopBenchmark")).toList();
    List<JmhResult> open = rs.stream().filter(r -> r.simpleClassName().equals("PayloadOpenLoopBenchmark")).toList();
    if (!closed.isEmpty()) {
      Set<String> others = FormSupport.paramNames(closed);
      others.removeAll(Set.of("doc", "index"));
      Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("operation").col("document").col("index");
      others.forEach(t::col);
      t.num("time per request").num("requests/s").num("bytes/op").col("allocs/op").num("success rate")
          .col("server warm-up").col("saturated").col("backend");
      for (JmhResult r : closed) {
        List<String> row = new ArrayList<>();
        row.add(r.simpleClassName() + FormSupport.host(r));
        row.add(r.method());
        row.add(r.params().getOrDefault("doc", ""));
        row.add(r.params().getOrDefault("index", ""));
        others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
        row.add(Units.time(FormSupport.timePerOp(r)));
        row.add(Units.num(FormSupport.opsPerSecond(r)));
        row.add(FormSupport.alloc(r));
        row.add(FormSupport.allocs(r));
        row.add(successRate(r));
        row.add(FormSupport.warmup(r));
        row.add(PayloadSaturation.of(r).map(PayloadSaturation::sentence).orElse(""));
        row.add(FormSupport.backend(run.manifest(), r));
        t.row(row);
      }
      s.add(t.build());
      s.text("Saturated: which side set the row's pace, from its own figures: the servers' cores = their CPU per"
          + " request at the end of the warm-up x the row's requests/s; the clients' = the machine's busy cores over"
          + " the fork less the servers' and other processes'. At " + Units.num(PayloadSaturation.SATURATED_PCT)
          + "% busy or more the larger of the two; below it, an unindexed search whose servers used about one core"
          + " ran one query at a time under mongo-java-server's per-collection lock (AbstractSynchronizedMongoCollection)."
          + " The machine's figures span the whole fork, so the split is an estimate.");
    }
    if (!open.isEmpty()) {
      s.text("Open loop (beyond the study): requests at a fixed rate, each timed from its scheduled start. The primary"
          + " score is the mean latency of a request from its start (its scheduled start unless it was late, when all"
          + " the dispatching threads were busy); p50 and p99 are the trial's, from the scheduled start; server CPU is"
          + " the service's and the stand-in's CPU time per measured request, their idle background work (GC, timers,"
          + " the JIT) included and not subtracted, so at a low rate it is spread over fewer requests and the figure"
          + " falls as the rate rises; p99 is '-' for a trial of under 100"
          + " requests; unsent = slots no dispatching thread reached before their iteration ended (their wait is in the"
          + " percentiles): a rate with any was not sustained. Percentile curves and the .hlog files are in the"
          + " open-loop latency section.");
      Set<String> others = FormSupport.paramNames(open);
      others.removeAll(Set.of("doc", "index", "rate"));
      Doc.TableBuilder t = new Doc.TableBuilder().col("operation").col("document").col("index");
      others.forEach(t::col);
      t.num("rate/s").num("requests").num("late").num("unsent").col("sustained").num("mean latency").num("p50").num("p99").num("server CPU/request")
          .num("bytes/op").num("success rate").col("server warm-up").col("backend");
      for (JmhResult r : open) {
        List<String> row = new ArrayList<>();
        row.add(r.method() + FormSupport.host(r));
        row.add(r.params().getOrDefault("doc", ""));
        row.add(r.params().getOrDefault("index", ""));
        others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
        row.add(r.params().getOrDefault("rate", ""));
        row.add(Units.num(sum(r, "ok") + sum(r, "failed")));
        row.add(Units.num(sum(r, "late")));
        boolean counted = r.secondary().containsKey("unsent");
        row.add(counted ? Units.num(sum(r, "unsent")) : "");
        row.add(!counted ? "not counted" : sum(r, "unsent") == 0 ? "yes" : "no");
        row.add(Units.time(FormSupport.timePerOp(r)));
        row.add(Units.time(fact(r, "p50_us") / 1e6));
        row.add(fact(r, "p99_us") > 0 ? Units.time(fact(r, "p99_us") / 1e6) : "-");
        row.add(fact(r, "server_cpu_us") > 0 ? Units.time(fact(r, "server_cpu_us") / 1e6) : "");
        row.add(FormSupport.alloc(r));
        row.add(successRate(r));
        row.add(FormSupport.warmup(r));
        row.add(FormSupport.backend(run.manifest(), r));
        t.row(row);
      }
      s.add(t.build());
    }
    indexEffect(s, rs);
    studyFigures(s);
  }

  /** {@code ok / (ok + failed)} in percent, or "" without the counters. */
  private static String successRate(JmhResult r) {
    JmhResult.Metric ok = r.secondary().get("ok");
    if (ok == null) {
      return "";
    }
    JmhResult.Metric failed = r.secondary().get("failed");
    double okN = ok.score();
    double failedN = failed == null ? 0 : failed.score();
    return String.format(Locale.ROOT, "%.2f%%", 100 * okN / (okN + failedN));
  }

  /** A per-iteration count summed over every iteration of every fork. */
  private static double sum(JmhResult r, String name) {
    JmhResult.Metric m = r.secondary().get(name);
    return m == null ? 0 : Arrays.stream(m.samples()).sum();
  }

  /** A trial fact ({@link FormSupport#trialFact}): the median over forks, 0 when absent. */
  private static double fact(JmhResult r, String name) {
    double[] v = FormSupport.trialFact(r, name);
    if (v.length == 0) {
      return 0;
    }
    Arrays.sort(v);
    return v[v.length / 2];
  }

  /** One line per closed-loop {@code search} pair (index none vs id, other params equal), and per open-loop pair. */
  static void indexEffect(Doc.Section s, List<JmhResult> rs) {
    List<String> lines = new ArrayList<>();
    for (JmhResult none : rs) {
      if (!none.method().equals("search") || !"none".equals(none.params().get("index"))) {
        continue;
      }
      JmhResult id = FormSupport.sibling(rs, none, Map.of("index", "id"), false);
      if (id == null) {
        continue;
      }
      String what = "search, " + none.params().getOrDefault("doc", "?") + FormSupport.others(none, Set.of("doc", "index"))
          + FormSupport.host(none);
      if (none.simpleClassName().equals("PayloadOpenLoopBenchmark")) {
        double a = fact(none, "p50_us");
        double b = fact(id, "p50_us");
        if (a > 0 && b > 0) {
          double ca = fact(none, "server_cpu_us");
          double cb = fact(id, "server_cpu_us");
          String cpu = ca > 0 && cb > 0
              ? "; CPU of service and stand-in per request " + Units.time(ca / 1e6) + " without, "
                  + Units.time(cb / 1e6) + " with: " + x(ca / cb)
              : "";
          lines.add("Open loop, " + what + ": median latency without index " + Units.time(a / 1e6)
              + ", with index " + Units.time(b / 1e6) + ": " + x(a / b) + cpu
              + " (one trial each; the percentile curves are in the open-loop section)");
        }
        continue;
      }
      SpeedUp u = speedUp(none, id);
      if (u == null) {
        continue;
      }
      lines.add("Closed loop (" + none.threads() + " clients), " + what + ": without index " + Units.time(u.slow())
          + ", with index " + Units.time(u.fast()) + " per request: index speed-up " + x(u.ratio())
          + (Double.isNaN(u.low()) ? " (too few samples for an interval)"
              : " (95% CI " + x(u.low()) + " to " + x(u.high()) + ", percentile bootstrap over " + u.basis() + ")")
          + serverCpuEffect(none, id).map(c -> "; " + c).orElse("")
          + saturation(none, "without") + saturation(id, "with"));
    }
    if (!lines.isEmpty()) {
      s.text("Index effect (the study: search about 35x faster with an index on id; see the README for what its runs measured)."
          + " " + COLLECTION_SIZE_CHOICE);
      lines.forEach(s::text);
    }
  }

  /**
   * Where the searches' collection size comes from, said wherever the index effect is: not the
   * study's (it states none), but dbbench's, picked to show an effect.
   */
  public static final String COLLECTION_SIZE_CHOICE = "The collection size is dbbench's choice, not the study's (WMPayload"
      + " states none; its figures imply thousands to tens of thousands of documents): " + PUBLISHED_COLLECTION
      + " documents, the smallest declared size (1,000, 10,000, 30,000) at which a warm unindexed search was at least 5x"
      + " slower than an indexed one for both documents on the stand-in. It was picked to show an effect, so the"
      + " speed-up's size follows from that choice; the servers' CPU per request, without and with the index, is the"
      + " part that carries to another machine.";

  /**
   * The index effect on the servers' CPU per request ({@code warmup_cpu_us}, the service's and the
   * stand-in's CPU time per request once flat), none -> id: "servers' CPU per request 3.2 ms without,
   * 0.41 ms with: 7.8x"; empty when either row lacks it or ran in process (wall time, not CPU).
   */
  public static Optional<String> serverCpuEffect(JmhResult none, JmhResult id) {
    if ("inProcess".equals(none.params().get("arrangement"))) {
      return Optional.empty();
    }
    double a = fact(none, FormSupport.WARMUP_CPU_US);
    double b = fact(id, FormSupport.WARMUP_CPU_US);
    if (!(a > 0 && b > 0)) {
      return Optional.empty();
    }
    return Optional.of("servers' CPU per request (service and stand-in, at the end of the warm-up) "
        + Units.time(a / 1e6) + " without, " + Units.time(b / 1e6) + " with: " + x(a / b));
  }

  /**
   * The bound on the index comparison ({@code index} headline): the side that set each row's pace
   * where one did ({@link PayloadSaturation}: the collection lock without the index, the clients' or
   * the servers' CPU on a saturated machine), with the sentences and the servers' CPU per request
   * none -> id ({@link #serverCpuEffect}) as its basis. No figure: the saturation names what bounds
   * the speed-up here, it does not compute the most it could be. Empty for other measures, or when
   * neither row was saturated.
   */
  @Override
  public Optional<io.dbbench.report.stats.Bound> bound(Study.Measure measure, Run run, JmhResult baseline,
      JmhResult contender) {
    if (!"index".equals(measure.headline())) {
      return Optional.empty();
    }
    List<String> what = new ArrayList<>();
    List<String> basis = new ArrayList<>();
    PayloadSaturation.of(baseline).filter(p -> p.side() != PayloadSaturation.Side.NONE).ifPresent(p -> {
      what.add(p.side().label + " without the index");
      basis.add("without the index, " + p.sentence());
    });
    PayloadSaturation.of(contender).filter(p -> p.side() != PayloadSaturation.Side.NONE).ifPresent(p -> {
      what.add(p.side().label + " with it");
      basis.add("with the index, " + p.sentence());
    });
    if (what.isEmpty()) {
      return Optional.empty();
    }
    serverCpuEffect(baseline, contender).ifPresent(basis::add);
    return Optional.of(new io.dbbench.report.stats.Bound(String.join(" and ", what), Double.NaN,
        String.join("; ", basis)));
  }

  private static String saturation(JmhResult r, String side) {
    return PayloadSaturation.of(r).map(p -> "; " + side + " index, " + p.sentence()).orElse("");
  }

  private static String x(double v) {
    return String.format(Locale.ROOT, "%.1fx", v);
  }

  /**
   * The index speed-up of a pair of time-per-request results and its interval.
   *
   * @param slow mean time per request without the index, in seconds
   * @param fast mean time per request with the index, in seconds
   * @param ratio {@code slow / fast}
   * @param low 2.5th percentile of the bootstrap ratios (NaN with fewer than 2 samples on a side)
   * @param high 97.5th percentile
   * @param basis what was resampled, e.g. {@code per-fork means of 2 forks}
   */
  record SpeedUp(double slow, double fast, double ratio, double low, double high, String basis) {}

  /**
   * The speed-up of {@code id} over {@code none}: ratio of mean times per request, with a 95%
   * percentile-bootstrap interval ({@value #RESAMPLES} resamples, {@code Well19937c} seeded with
   * {@value #SEED}): each side's samples are resampled with replacement and the ratio of the
   * resampled means taken. The samples are the per-fork means when both results have at least two
   * forks (forks are JMH's independent repetitions), else the per-iteration scores of the one
   * fork, which understate the run-to-run spread (said in {@code basis}).
   *
   * @return null when a result has no raw data
   */
  static SpeedUp speedUp(JmhResult none, JmhResult id) {
    double[] a = samples(none);
    double[] b = samples(id);
    if (a.length == 0 || b.length == 0) {
      return null;
    }
    boolean perFork = none.primary().rawData().size() >= 2 && id.primary().rawData().size() >= 2;
    String basis = perFork ? "per-fork means of " + a.length + " and " + b.length + " forks"
        : "per-iteration scores of one fork (" + a.length + " and " + b.length + " iterations; forks would be wider)";
    double slow = StatUtils.mean(a);
    double fast = StatUtils.mean(b);
    double[] ci = ratioCi(a, b);
    return new SpeedUp(slow, fast, slow / fast, ci[0], ci[1], basis);
  }

  /** Seconds per request: per-fork means when there are 2+ forks, else per-iteration values. */
  private static double[] samples(JmhResult r) {
    List<List<Double>> raw = r.primary().rawData();
    boolean perFork = raw.size() >= 2;
    List<Double> out = new ArrayList<>();
    for (List<Double> fork : raw) {
      if (perFork) {
        out.add(fork.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN));
      } else {
        out.addAll(fork);
      }
    }
    double[] v = out.stream().mapToDouble(Double::doubleValue).toArray();
    double[] sec = Units.toSecondsPerOp(v, r.primary().unit());
    if (Units.higherIsBetter(r.primary().unit())) {
      for (int i = 0; i < sec.length; i++) {
        sec[i] *= r.threads();
      }
    }
    return sec;
  }

  /** 95% percentile-bootstrap interval of {@code mean(slow) / mean(fast)}; NaNs with fewer than 2 samples on a side. */
  static double[] ratioCi(double[] slow, double[] fast) {
    if (slow.length < 2 || fast.length < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    RandomGenerator rng = new Well19937c(SEED);
    double[] ratios = new double[RESAMPLES];
    for (int i = 0; i < RESAMPLES; i++) {
      ratios[i] = resampledMean(slow, rng) / resampledMean(fast, rng);
    }
    Percentile p = new Percentile();
    p.setData(ratios);
    return new double[] {p.evaluate(2.5), p.evaluate(97.5)};
  }

  private static double resampledMean(double[] x, RandomGenerator rng) {
    double sum = 0;
    for (int i = 0; i < x.length; i++) {
      sum += x[rng.nextInt(x.length)];
    }
    return sum / x.length;
  }

  /** The study's published figures ({@code tables.study_figures} of {@code study.json}: WMPayload README at commit 3c602f4, Apple M2), for comparison. */
  static void studyFigures(Doc.Section s) {
    Map<String, JsonNode> fig = Study.load(PayloadForm.class, "study.json")
        .table("study_figures");
    JsonNode columns = fig.getOrDefault("columns", MissingNode.getInstance());
    JsonNode rows = fig.getOrDefault("rows", MissingNode.getInstance());
    s.text("The study's figures (WMPayload README, commit 3c602f4; Go client, Apple M2, a real MongoDB):");
    Doc.TableBuilder t = new Doc.TableBuilder();
    int i = 0;
    for (JsonNode c : columns) {
      // the operation, document and index columns are text, the figures numbers, the last one text
      if (i < 3 || i == columns.size() - 1) {
        t.col(c.asText());
      } else {
        t.num(c.asText());
      }
      i++;
    }
    for (JsonNode r : rows) {
      List<String> row = new ArrayList<>();
      r.forEach(v -> row.add(v.asText()));
      t.row(row);
    }
    s.add(t.build());
  }
}
