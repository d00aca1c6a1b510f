package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The seed studies' own tables and charts, generated from a run. Each form is produced only when
 * its benchmarks are in the run (matched by class-name prefix and parameter names), so a run of
 * one family shows only that family's study form.
 *
 * <ul>
 *   <li>GraphJ, criterion's form: time per operation, throughput in MB/s or GB/s (aux counter
 *       {@code bytes}, bytes/s), compression ratio ({@code inputBytes / outputBytes}) per
 *       {@code level}; charts of MB/s and ratio against zstd level; the AEAD {@code provider}
 *       comparison in the Go suite's variant form.</li>
 *   <li>GOMESSAGE / hdbinsert's form: per {@code shape} (BATCHCOUNTxBATCHSIZE) and
 *       {@code strategy}: avg, max, median and min seconds over the single shots, rows/s, the
 *       parallel speed-up ({@code mode=par} over {@code seq}) and the ratio to {@code copy};
 *       chart of rows/s against batch size per strategy.</li>
 *   <li>Graph (LadybugDB/Kuzu): writes/s per {@code batchSize} (aux counter {@code writes}),
 *       chart of writes/s against batch size, and the {@code journal} overhead in the variant
 *       form ({@code off} as reference when it is the first value).</li>
 *   <li>WMPayload's form: operation, document, index, time per request, requests/s, bytes/op
 *       ({@code gc.alloc.rate.norm}), success rate ({@code ok / (ok + failed)}) and backend; the
 *       open-loop percentile table and latency percentile curves from {@code openloop-*.json}.</li>
 *   <li>Any other benchmark with a {@code protocol} parameter (ArangoDB's protocols): the
 *       variant form.</li>
 * </ul>
 */
public final class StudyTables {
  static final String GRAPHJ = "io.dbbench.graphj.Graphj";
  static final String GOMESSAGE = "io.dbbench.jdbc.Gomessage";
  static final String GRAPH = "io.dbbench.graph.";
  static final Set<String> PAYLOAD = Set.of("io.dbbench.payload.PayloadServiceBenchmark",
      "io.dbbench.mongo.MongoDriverBenchmark");

  private StudyTables() {}

  /** Appends every study form whose benchmarks are in {@code run}. */
  public static void appendTo(Doc doc, Run run) {
    graphj(doc, select(run.results(), r -> r.className().startsWith(GRAPHJ)));
    gomessage(doc, select(run.results(), r -> r.className().startsWith(GOMESSAGE)));
    graph(doc, select(run.results(), r -> r.className().startsWith(GRAPH)));
    payload(doc, select(run.results(), r -> PAYLOAD.contains(r.className())), run);
    openLoop(doc, run.openLoop());
    List<JmhResult> protocols = select(run.results(), r -> r.params().containsKey("protocol"));
    if (!protocols.isEmpty()) {
      Doc.Section s = doc.section(2, "Protocol comparison");
      VariantTable.appendTo(doc, s, protocols, "protocol", "protocol");
    }
  }

  // ---------------------------------------------------------------- GraphJ (criterion form)

  static void graphj(Doc doc, List<JmhResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "GraphJ codecs (criterion form)");
    s.text("Time per operation, throughput in decimal MB/s or GB/s (the benchmark's bytes counter),"
        + " and compression ratio = inputBytes / outputBytes where the benchmark counts both.");
    Set<String> params = paramNames(rs);
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
    params.forEach(t::col);
    t.num("time").num("throughput").num("ratio").num("B/op");
    for (JmhResult r : rs) {
      List<String> row = new ArrayList<>();
      row.add(r.shortName() + host(r));
      params.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.add(Units.time(timePerOp(r)));
      JmhResult.Metric bytes = r.secondary().get("bytes");
      row.add(bytes == null ? "" : Units.byteRate(perSecond(bytes)));
      double ratio = ratio(r);
      row.add(Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.3f", ratio));
      row.add(alloc(r));
      t.row(row);
    }
    s.add(t.build());

    List<JmhResult> levelled = rs.stream().filter(r -> num(r.params().get("level")) != null).toList();
    if (!levelled.isEmpty()) {
      Map<String, Charts.Series> mbs = new LinkedHashMap<>();
      Map<String, Charts.Series> ratios = new LinkedHashMap<>();
      for (JmhResult r : levelled) {
        String name = r.shortName() + others(r, Set.of("level")) + host(r);
        double level = num(r.params().get("level"));
        JmhResult.Metric bytes = r.secondary().get("bytes");
        if (bytes != null) {
          add(mbs, name, level, perSecond(bytes) / 1e6);
        }
        double ratio = ratio(r);
        if (!Double.isNaN(ratio)) {
          add(ratios, name, level, ratio);
        }
      }
      if (!mbs.isEmpty()) {
        s.add(Charts.lines("graphj-mbs-level", "GraphJ throughput vs zstd level", "zstd level",
            "MB/s", List.copyOf(mbs.values()), false));
      }
      if (!ratios.isEmpty()) {
        s.add(Charts.lines("graphj-ratio-level", "GraphJ compression ratio vs zstd level",
            "zstd level", "inputBytes / outputBytes", List.copyOf(ratios.values()), false));
      }
    }
    List<JmhResult> providers = select(rs, r -> r.params().containsKey("provider"));
    if (!providers.isEmpty()) {
      Doc.Section p = doc.section(3, "AEAD provider comparison (variant form)");
      VariantTable.appendTo(doc, p, providers, "provider", "graphj-provider");
    }
  }

  static double perSecond(JmhResult.Metric bytes) {
    // JMH reports an OPERATIONS aux counter as ops/<time unit>; here one "op" is one byte
    String u = bytes.unit();
    int slash = u.indexOf('/');
    double perUnit = slash < 0 ? Double.NaN : Units.secondsIn(u.substring(slash + 1));
    return bytes.score() / perUnit;
  }

  static double ratio(JmhResult r) {
    JmhResult.Metric in = r.secondary().get("inputBytes");
    JmhResult.Metric out = r.secondary().get("outputBytes");
    if (in == null || out == null || !(out.score() > 0)) {
      return Double.NaN;
    }
    return in.score() / out.score();
  }

  // ---------------------------------------------------------------- GOMESSAGE (hdbinsert form)

  /** A parsed {@code BATCHCOUNTxBATCHSIZE} shape. */
  record Shape(long batches, long batchSize) {
    long rows() {
      return batches * batchSize;
    }

    static Shape parse(String s) {
      if (s == null) {
        return null;
      }
      String[] p = s.toLowerCase(Locale.ROOT).split("x");
      if (p.length != 2) {
        return null;
      }
      try {
        return new Shape(Long.parseLong(p[0].trim()), Long.parseLong(p[1].trim()));
      } catch (NumberFormatException e) {
        return null;
      }
    }
  }

  static void gomessage(Doc doc, List<JmhResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "GOMESSAGE bulk insert (hdbinsert form)");
    s.text("Seconds per insert of one shape (BATCHCOUNTxBATCHSIZE rows) over every single shot of"
        + " every fork; rows/s = rows / average; speed-up = seq average / par average for the same"
        + " shape and strategy; vs copy = average / copy's average for the same shape and mode"
        + " (above 1 is slower than copy).");
    Set<String> others = paramNames(rs);
    others.removeAll(Set.of("shape", "strategy", "mode"));
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
    others.forEach(t::col);
    t.col("shape").col("strategy").col("mode").num("shots").num("avg s").num("max s")
        .num("median s").num("min s").num("rows/s").num("par speed-up").num("vs copy");
    Map<String, Charts.Series> chart = new LinkedHashMap<>();
    for (JmhResult r : rs) {
      double[] shots = Units.toSecondsPerOp(r.primary().samples(), r.primary().unit());
      if (shots.length == 0) {
        shots = new double[] {Units.toSecondsPerOp(r.primary().score(), r.primary().unit())};
      }
      double avg = Stats.mean(shots);
      Shape shape = Shape.parse(r.params().get("shape"));
      double rowsPerSecond = shape == null ? Double.NaN : shape.rows() / avg;
      String speedUp = "";
      if ("par".equals(r.params().get("mode"))) {
        JmhResult seq = sibling(rs, r, Map.of("mode", "seq"), false);
        if (seq != null) {
          speedUp = Units.ratio(avgSeconds(seq) / avg);
        }
      }
      String vsCopy = "";
      if (!"copy".equals(r.params().get("strategy"))) {
        // rowByRow lives in its own class: copy is looked up across the GOMESSAGE classes
        JmhResult copy = sibling(rs, r, Map.of("strategy", "copy"), true);
        if (copy != null) {
          vsCopy = Units.ratio(avg / avgSeconds(copy));
        }
      }
      List<String> row = new ArrayList<>();
      row.add(r.shortName() + host(r));
      others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.addAll(List.of(r.params().getOrDefault("shape", ""), r.params().getOrDefault("strategy", ""),
          r.params().getOrDefault("mode", ""), String.valueOf(shots.length), Units.num(avg),
          Units.num(max(shots)), Units.num(Stats.median(shots)), Units.num(min(shots)),
          Units.num(rowsPerSecond), speedUp, vsCopy));
      t.row(row);
      if (shape != null) {
        String name = r.params().getOrDefault("strategy", r.method())
            + (r.params().containsKey("mode") ? " " + r.params().get("mode") : "")
            + others(r, Set.of("shape", "strategy", "mode")) + host(r);
        add(chart, name, shape.batchSize(), rowsPerSecond);
      }
    }
    s.add(t.build());
    if (!chart.isEmpty()) {
      s.add(Charts.lines("gomessage-rows-batch", "GOMESSAGE insert throughput vs batch size",
          "batch size (rows)", "rows/s", List.copyOf(chart.values()), true));
    }
  }

  private static double avgSeconds(JmhResult r) {
    double[] shots = Units.toSecondsPerOp(r.primary().samples(), r.primary().unit());
    return shots.length == 0 ? Units.toSecondsPerOp(r.primary().score(), r.primary().unit()) : Stats.mean(shots);
  }

  /**
   * The row of the same benchmark (or, with {@code anyClass}, the same method of any class in
   * {@code rs}) and host whose params equal r's except for {@code change}; null when absent.
   */
  static JmhResult sibling(List<JmhResult> rs, JmhResult r, Map<String, String> change, boolean anyClass) {
    Map<String, String> want = new LinkedHashMap<>(r.params());
    want.putAll(change);
    for (JmhResult o : rs) {
      boolean same = anyClass ? o.method().equals(r.method()) : o.benchmark().equals(r.benchmark());
      if (o != r && same && o.host().equals(r.host())
          && o.mode().equals(r.mode()) && o.params().equals(want)) {
        return o;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- Graph (LadybugDB/Kuzu)

  static void graph(Doc doc, List<JmhResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Graph database writes (LadybugDB/Kuzu)");
    List<JmhResult> batched = rs.stream().filter(r -> r.params().containsKey("batchSize")).toList();
    if (!batched.isEmpty()) {
      Set<String> others = paramNames(batched);
      others.remove("batchSize");
      Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
      others.forEach(t::col);
      t.num("batch size").num("writes/s").num("time per batch");
      Map<String, Charts.Series> chart = new LinkedHashMap<>();
      for (JmhResult r : batched) {
        JmhResult.Metric writes = r.secondary().get("writes");
        double wps = writes == null ? Double.NaN : perSecond(writes);
        List<String> row = new ArrayList<>();
        row.add(r.shortName() + host(r));
        others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
        row.add(r.params().get("batchSize"));
        row.add(writes == null ? "" : Units.num(wps));
        row.add(Units.time(timePerOp(r)));
        t.row(row);
        Double bs = num(r.params().get("batchSize"));
        if (writes != null && bs != null) {
          add(chart, r.method() + others(r, Set.of("batchSize")) + host(r), bs, wps);
        }
      }
      s.text("Writes per second per batch size (the benchmark's writes counter).");
      s.add(t.build());
      if (!chart.isEmpty()) {
        s.add(Charts.lines("graph-writes-batch", "Graph writes/s vs batch size", "batch size",
            "writes/s", List.copyOf(chart.values()), true));
      }
    }
    List<JmhResult> journal = select(rs, r -> r.params().containsKey("journal"));
    if (!journal.isEmpty()) {
      Doc.Section j = doc.section(3, "Journal overhead per write method (variant form)");
      VariantTable.appendTo(doc, j, journal, "journal", "graph-journal");
    }
  }

  // ---------------------------------------------------------------- Payload (WMPayload form)

  static void payload(Doc doc, List<JmhResult> rs, Run run) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Payload service (WMPayload form)");
    s.text("Time per request and requests/s from the primary score (threads taken into account),"
        + " bytes/op from the GC profiler (gc.alloc.rate.norm), success rate = ok / (ok + failed).");
    Set<String> others = paramNames(rs);
    others.removeAll(Set.of("doc", "index"));
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("operation").col("document")
        .col("index");
    others.forEach(t::col);
    t.num("time per request").num("requests/s").num("bytes/op").num("success rate").col("backend");
    for (JmhResult r : rs) {
      List<String> row = new ArrayList<>();
      row.add(r.simpleClassName() + host(r));
      row.add(r.method());
      row.add(r.params().getOrDefault("doc", ""));
      row.add(r.params().getOrDefault("index", ""));
      others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.add(Units.time(timePerOp(r)));
      row.add(Units.num(opsPerSecond(r)));
      row.add(alloc(r));
      JmhResult.Metric ok = r.secondary().get("ok");
      JmhResult.Metric failed = r.secondary().get("failed");
      double okN = ok == null ? Double.NaN : ok.score();
      double failedN = failed == null ? 0 : failed.score();
      row.add(ok == null ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * okN / (okN + failedN)));
      row.add(backend(run.env(), r));
      t.row(row);
    }
    s.add(t.build());
  }

  /** The backend of r's family from env.json ({@code families.<id>.backend}), or "". */
  static String backend(JsonNode env, JmhResult r) {
    if (env == null) {
      return "";
    }
    if (env.has("merged_from")) {
      for (JsonNode part : env.path("merged_from")) {
        if (part.path("host").asText().equals(r.host())) {
          return backend(part.path("env"), r);
        }
      }
      return "";
    }
    JsonNode fams = env.path("families");
    for (JsonNode f : fams) {
      for (JsonNode b : f.path("benchmarks")) {
        if (b.asText().equals(r.benchmark())) {
          return io.dbbench.Redaction.redact(f.path("backend").asText(""));
        }
      }
    }
    return io.dbbench.Redaction.redact(fams.path(r.family()).path("backend").asText(""));
  }

  // ---------------------------------------------------------------- open loop

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
      t.row(List.of(name, params, io.dbbench.Redaction.redact(f.path("backend").asText("")),
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

  // ---------------------------------------------------------------- shared helpers

  /**
   * Seconds per operation as one caller sees it: the score for time modes; for throughput,
   * threads / (ops/s), since JMH sums throughput over threads.
   */
  static double timePerOp(JmhResult r) {
    double t = Units.toSecondsPerOp(r.primary().score(), r.primary().unit());
    return Units.higherIsBetter(r.primary().unit()) ? t * r.threads() : t;
  }

  /** Operations per second over all threads. */
  static double opsPerSecond(JmhResult r) {
    double t = Units.toSecondsPerOp(r.primary().score(), r.primary().unit());
    return Units.higherIsBetter(r.primary().unit()) ? 1 / t : r.threads() / t;
  }

  static String alloc(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(Comparison.ALLOC);
    return m == null ? "" : Units.num(m.score());
  }

  static List<JmhResult> select(List<JmhResult> rs, Predicate<JmhResult> p) {
    return rs.stream().filter(p).toList();
  }

  static Set<String> paramNames(List<JmhResult> rs) {
    Set<String> s = new LinkedHashSet<>();
    rs.forEach(r -> s.addAll(r.params().keySet()));
    return s;
  }

  /** " a=1 b=2" for r's params other than {@code except}, or "". */
  static String others(JmhResult r, Set<String> except) {
    StringBuilder sb = new StringBuilder();
    r.params().forEach((k, v) -> {
      if (!except.contains(k)) {
        sb.append(' ').append(k).append('=').append(v);
      }
    });
    return sb.toString();
  }

  static String host(JmhResult r) {
    return r.host().isEmpty() ? "" : " @" + r.host();
  }

  static Double num(String s) {
    if (s == null) {
      return null;
    }
    try {
      return Double.valueOf(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static double max(double[] a) {
    return java.util.Arrays.stream(a).max().orElse(Double.NaN);
  }

  private static double min(double[] a) {
    return java.util.Arrays.stream(a).min().orElse(Double.NaN);
  }

  private static void add(Map<String, Charts.Series> m, String name, double x, double y) {
    Charts.Series s = m.computeIfAbsent(name, k -> new Charts.Series(k, new ArrayList<>(), new ArrayList<>()));
    // keep x ascending for line charts
    int i = 0;
    while (i < s.x().size() && s.x().get(i) < x) {
      i++;
    }
    s.x().add(i, x);
    s.y().add(i, y);
  }
}
