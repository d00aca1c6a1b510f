package io.dbbench.arango.bulk;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.Study;
import io.dbbench.report.study.PublishedStudyForm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Go driver's benchmark table (go-driver v2/BENCHMARKS.md) for {@code ArangoBulkBenchmark}:
 * per operation, one row per protocol and client with ns/op (mean of the single shots) and B/op
 * (the benchmark's {@code shotAllocatedBytes}, mean per shot, client JVM only), each with its delta against {@code HTTP_JSON}
 * (the Go V1 analogue) of the same client and document count, and the backend label; the Go
 * study's own V1 -> V2 figures beside it; and a chart per operation of time and B/op by protocol.
 * allocs/op comes from the main job's allocation pass ({@code io.dbbench.profile.AllocationProfiler}), so that
 * column is absent and the text says so.
 */
public final class ArangoBulkForm extends PublishedStudyForm {
  static final String CLASS = "io.dbbench.arango.ArangoBulkBenchmark";
  static final List<String> OPERATIONS = List.of("insert", "read", "readByKeys", "update", "delete");
  static final List<String> PROTOCOLS = List.of("HTTP_JSON", "HTTP2_JSON", "HTTP_VPACK", "HTTP2_VPACK");
  /**
   * The Go study's table (go-driver v2/BENCHMARKS.md, 4 CPUs, one run each; {@code tables.go} of
   * {@code study.json}): V1 ns/op, V2 ns/op, V1 B/op, V2 B/op, V1 allocs/op, V2 allocs/op.
   */
  static final Map<String, long[]> GO = new LinkedHashMap<>();
  /** The Go benchmark's name per operation. */
  static final Map<String, String> GO_NAME = new LinkedHashMap<>();

  static {
    // tables.go of study.json, the study's published figures beside its other measures
    Study.load(ArangoBulkForm.class, "study.json").table("go")
        .forEach((op, v) -> {
          GO_NAME.put(op, v.path("name").asText());
          if (!v.has("v1_ns")) {
            return; // a Go benchmark without published figures (readByKeys)
          }
          GO.put(op, new long[] {v.path("v1_ns").asLong(), v.path("v2_ns").asLong(), v.path("v1_bytes").asLong(),
              v.path("v2_bytes").asLong(), v.path("v1_allocs").asLong(), v.path("v2_allocs").asLong()});
        });
  }

  /** The form: its heading, position 60, and the benchmark classes it draws. */
  public ArangoBulkForm() {
    super("ArangoDB bulk CRUD across protocols (Go driver benchmark form)", 60, CLASS::equals);
  }

  /**
   * The Go study's table row by row: per operation, V1 (dbbench's counterpart: the driver over
   * HTTP/1.1 JSON) and V2 (HTTP/2 JSON), each in ns/op, B/op ({@value #SHOT_ALLOC}, the shot's own
   * client allocation) and allocs/op (the allocation pass), at the study's 100,000 documents.
   */
  @Override
  public List<PublishedRows.Point> publishedPoints() {
    List<PublishedRows.Point> out = new ArrayList<>();
    String[] versions = {"V1 (HTTP/1.1, JSON)", "V2 (HTTP/2, JSON)"};
    String[] protocols = {"HTTP_JSON", "HTTP2_JSON"};
    GO.forEach((op, v) -> {
      String group = op + " (Go: " + GO_NAME.get(op) + ")";
      for (int k = 0; k < 2; k++) {
        Map<String, String> point = Map.of("client", "driver", "protocol", protocols[k], "docs", "100000");
        out.add(point(group, versions[k], op, point, PublishedRows.TIME, "ns/op", 1e9, v[k]));
        out.add(point(group, versions[k], op, point, SHOT_ALLOC, "B/op", 1, v[2 + k]));
        out.add(point(group, versions[k], op, point, "allocs.norm", "allocs/op", 1, v[4 + k]));
      }
    });
    return out;
  }

  private static PublishedRows.Point point(String group, String label, String op, Map<String, String> params,
      String metric, String unit, double factor, long published) {
    Map<String, String> ordered = new LinkedHashMap<>();
    ordered.put("client", params.get("client"));
    ordered.put("protocol", params.get("protocol"));
    ordered.put("docs", params.get("docs"));
    return new PublishedRows.Point(group, label, CLASS + "." + op, ordered, metric, unit, factor, published,
        Units.num(published), false);
  }

  /** Mean seconds per shot over every shot of every fork. */
  static double seconds(JmhResult r) {
    double[] shots = Units.toSecondsPerOp(r.primary().samples(), r.primary().unit());
    return shots.length == 0 ? Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) : Stats.mean(shots);
  }

  /** The benchmark's per-shot allocation counter (an EVENTS aux counter: one value per shot in rawData). */
  static final String SHOT_ALLOC = "shotAllocatedBytes";

  /**
   * B/op: the mean of {@value #SHOT_ALLOC} over every shot (JMH's score for an EVENTS counter is
   * the sum over shots); NaN when the run has no such counter. {@code gc.alloc.rate.norm} is not
   * used: it also counts the per-shot preparation and verification.
   */
  static double bytes(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(SHOT_ALLOC);
    if (m == null) {
      return Double.NaN;
    }
    double[] shots = m.samples();
    return shots.length == 0 ? Double.NaN : Stats.mean(shots);
  }

  private static String delta(double v, double base) {
    return Double.isFinite(v) && Double.isFinite(base) && base != 0 ? Units.pct((v - base) / base * 100) : "";
  }

  private static int order(List<String> l, String v) {
    int i = l.indexOf(v);
    return i < 0 ? l.size() : i;
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    Doc.Section s = doc.section(2, title());
    Set<String> backends = new LinkedHashSet<>();
    accepted.forEach(r -> backends.add(FormSupport.backend(run.manifest(), r)));
    boolean standIn = accepted.stream().map(r -> FormSupport.family(run.manifest(), r))
        .anyMatch(f -> f != null && f.backend().standIn());
    backends.remove("");
    s.text("One shot = one bulk operation on `docs` documents as one request (read: one cursor, server batches of 1000;"
        + " readByKeys: PUT /_api/document/{collection}?onlyget=true with every key, the documents in key order);"
        + " ns/op is the mean over every measured shot of every fork; B/op is the mean of shotAllocatedBytes, the bytes"
        + " every thread of the client JVM allocated during the shot alone (the server runs in its own JVM, as Go's"
        + " -benchmem counted only the client; JMH's gc.alloc.rate.norm would add the per-shot truncate, re-load and"
        + " verification). Deltas are against HTTP_JSON"
        + " (HTTP/1.1 + JSON, the Go V1 analogue) of the same client and document count. allocs/op: objects and arrays"
        + " the client allocated per shot, from the main job's allocation pass (separate forks with Google's allocation"
        + " instrumenter; the timed forks run without it); empty where that pass did not run. Backend: " + (backends.isEmpty() ? "(not recorded)" : String.join("; ", backends))
        + (standIn ? ": " + STAND_IN_TIMINGS : ".")
        + " Client CPU/shot and server CPU/shot: the CPU time the client JVM (every thread) and the server JVM"
        + " (the stand-in's; empty for a server this machine cannot see) used during the shot, mean over the measured"
        + " shots (secondary metrics shotClientCpuNs and shotServerCpuNs, counted in the kernel's 10 ms clock ticks, so"
        + " a shot of a few ticks reads coarsely), beside the shot's wall time (ns/op).");
    for (String op : OPERATIONS) {
      List<JmhResult> rows = new ArrayList<>(accepted.stream().filter(r -> r.method().equals(op)).toList());
      if (rows.isEmpty()) {
        continue;
      }
      rows.sort((a, b) -> {
        int c = a.params().getOrDefault("docs", "").compareTo(b.params().getOrDefault("docs", ""));
        if (c != 0) {
          return c;
        }
        c = Integer.compare(order(List.of("driver", "rawHttp"), a.params().get("client")),
            order(List.of("driver", "rawHttp"), b.params().get("client")));
        return c != 0 ? c : Integer.compare(order(PROTOCOLS, a.params().get("protocol")), order(PROTOCOLS, b.params().get("protocol")));
      });
      Doc.Section sub = doc.section(3, op + " (Go: " + GO_NAME.get(op) + ")");
      long[] go = GO.get(op);
      if (go == null) {
        sub.text("Go driver: " + GO_NAME.get(op) + "; no published figure (the study's table timed ReadAllDocsOnce"
            + " through an AQL cursor: the read section).");
      } else {
        sub.text("Go driver study (4 CPUs, 100,000 documents): V1 HTTP/1.1 " + Units.num(go[0]) + " ns/op, " + Units.num(go[2])
            + " B/op; V2 HTTP/2 " + Units.num(go[1]) + " ns/op (" + Units.pct((go[1] - go[0]) * 100.0 / go[0]) + "), "
            + Units.num(go[3]) + " B/op (" + Units.pct((go[3] - go[2]) * 100.0 / go[2]) + "); allocs/op V1 "
            + Units.num(go[4]) + ", V2 " + Units.num(go[5]) + ".");
      }
      Doc.TableBuilder t = new Doc.TableBuilder().col("client").col("protocol").num("docs").num("shots").num("ns/op")
          .num("Δ ns/op vs HTTP_JSON").num("client CPU/shot (ms)").num("server CPU/shot (ms)").num("B/op")
          .num("Δ B/op vs HTTP_JSON").num("allocs/op").col("backend");
      Map<String, List<Double>> time = new LinkedHashMap<>();
      Map<String, List<Double>> alloc = new LinkedHashMap<>();
      List<String> categories = new ArrayList<>();
      for (JmhResult r : rows) {
        String protocol = r.params().getOrDefault("protocol", "");
        if (!categories.contains(protocol)) {
          categories.add(protocol);
        }
      }
      for (JmhResult r : rows) {
        double sec = seconds(r);
        double b = bytes(r);
        JmhResult base = "HTTP_JSON".equals(r.params().get("protocol")) ? r
            : FormSupport.sibling(rows, r, Map.of("protocol", "HTTP_JSON"), false);
        String dt = base == null || base == r ? "" : delta(sec, seconds(base));
        String db = base == null || base == r ? "" : delta(b, bytes(base));
        t.row(List.of(r.params().getOrDefault("client", ""), r.params().getOrDefault("protocol", ""),
            r.params().getOrDefault("docs", ""), String.valueOf(Math.max(1, r.primary().samples().length)),
            Units.num(sec * 1e9), dt, cpuMillis(r, CLIENT_CPU), cpuMillis(r, SERVER_CPU),
            Double.isFinite(b) ? Units.num(b) : "", db, FormSupport.allocs(r),
            FormSupport.backend(run.manifest(), r) + FormSupport.host(r)));
        String series = r.params().getOrDefault("client", "") + (rows.stream().map(x -> x.params().get("docs")).distinct().count() > 1
            ? " docs=" + r.params().get("docs") : "") + FormSupport.host(r);
        int at = categories.indexOf(r.params().getOrDefault("protocol", ""));
        put(time, series, categories.size(), at, sec * 1e3);
        put(alloc, series, categories.size(), at, Double.isFinite(b) ? b / 1e6 : Double.NaN);
      }
      sub.add(t.build());
      sub.add(Charts.bars("arango-bulk-" + op + "-time", "ArangoDB bulk " + op + ": time per operation by protocol",
          "ms/op", "protocol", categories, time, Map.of()));
      if (alloc.values().stream().flatMap(List::stream).anyMatch(Double::isFinite)) {
        sub.add(Charts.bars("arango-bulk-" + op + "-alloc", "ArangoDB bulk " + op + ": client allocation by protocol",
            "MB/op", "protocol", categories, alloc, Map.of()));
      }
    }
  }

  /**
   * What the stand-in's timings are, said once (the report and the manifest): the stand-in serves
   * the client's requests on the same cores, so its own CPU is inside every shot's time.
   */
  public static final String STAND_IN_TIMINGS = "the stand-in (dbbench's, not ArangoDB) runs on the same cores as the"
      + " client, so each shot's time holds the client's work, the protocol's and the stand-in's own CPU (about as much"
      + " CPU per insert shot as the shot's wall time on two cores: see server CPU/shot); it is not ArangoDB's storage"
      + " or query engine, nor the client and protocol alone.";
  /**
   * The share of a shot's wall time the stand-in's own CPU takes at or above which the stand-in, not
   * the protocol, bounds the protocol comparison: from one half on, the server's work on the same two
   * cores holds at least as much of the shot as everything the client and the protocol do.
   */
  static final double SERVER_SHARE_BOUND = 0.5;

  /**
   * The bound on the protocol comparison ({@code protocol} headline) on the stand-in: when the
   * stand-in's CPU per shot (secondary metric {@value #SERVER_CPU}) is at least {@link
   * #SERVER_SHARE_BOUND} of the baseline shot's wall time, the finding is bounded by the stand-in's
   * CPU on the same cores, a bound without a figure (the protocol's share of the shot is not
   * separable from the server's here); its basis gives both sides' server CPU, client CPU and wall
   * time per shot, in ms. Empty for other measures, a real server (no server CPU figure) or a
   * stand-in that takes less than that share.
   */
  @Override
  public java.util.Optional<io.dbbench.report.stats.Bound> bound(Study.Measure measure, Run run, JmhResult baseline,
      JmhResult contender) {
    if (!"protocol".equals(measure.headline())) {
      return java.util.Optional.empty();
    }
    double server = meanCpuNs(baseline, SERVER_CPU);
    double wall = Units.toSecondsPerOp(baseline.primary().score(), baseline.primary().unit()) * 1e9;
    if (!(server > 0) || !(wall > 0) || server / wall < SERVER_SHARE_BOUND) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new io.dbbench.report.stats.Bound("the stand-in's CPU on the same cores", Double.NaN,
        side(baseline) + "; " + side(contender)));
  }

  /** "HTTP_JSON: stand-in CPU 194 ms, client CPU 150 ms per 207 ms shot", or its parts the row has. */
  private static String side(JmhResult r) {
    String server = cpuMillis(r, SERVER_CPU);
    String client = cpuMillis(r, CLIENT_CPU);
    double wall = Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) * 1e3;
    return r.params().getOrDefault("protocol", r.label()) + ": stand-in CPU " + (server.isEmpty() ? "?" : server)
        + " ms, client CPU " + (client.isEmpty() ? "?" : client) + " ms per " + Units.num(wall) + " ms shot";
  }

  /** The mean of a per-shot CPU metric over the shots that have one, ns; NaN when none does. */
  private static double meanCpuNs(JmhResult r, String metric) {
    JmhResult.Metric m = r.secondary().get(metric);
    if (m == null) {
      return Double.NaN;
    }
    return java.util.Arrays.stream(m.samples()).filter(x -> x >= 0).average().orElse(Double.NaN);
  }

  /** The secondary metric of the client JVM's CPU time per shot, ns. */
  static final String CLIENT_CPU = "shotClientCpuNs";
  /** The secondary metric of the server JVM's CPU time per shot, ns. */
  static final String SERVER_CPU = "shotServerCpuNs";

  /**
   * The mean of a per-shot CPU metric over the measured shots that have one (0 counts: a shot below
   * one clock tick; -1 is unknown), in ms; "" when the row has none.
   */
  static String cpuMillis(JmhResult r, String metric) {
    double ns = meanCpuNs(r, metric);
    return Double.isNaN(ns) ? "" : Units.num(ns / 1e6);
  }

  private static void put(Map<String, List<Double>> m, String series, int size, int at, double v) {
    List<Double> l = m.computeIfAbsent(series, k -> {
      List<Double> x = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        x.add(Double.NaN);
      }
      return x;
    });
    l.set(at, v);
  }
}
