package io.dbbench.graphj;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Limit;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.Study;
import io.dbbench.report.study.PublishedStudyForm;
import io.dbbench.report.study.VariantTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * GraphJ in criterion's form (graphd's {@code graphj_bench}): time per operation, throughput in
 * MB/s or GB/s (aux counter {@code bytes}, bytes/s), compression ratio
 * ({@code inputBytes / outputBytes}) per {@code level}; charts of MB/s and ratio against zstd
 * level; the AEAD {@code provider} comparison in the variant form.
 */
public final class GraphjForm extends PublishedStudyForm {
  /** The form: its heading, position 10, and the benchmark classes it draws. */
  public GraphjForm() {
    super("GraphJ codecs (criterion form)", 10, c -> c.startsWith("io.dbbench.graphj."));
  }

  /**
   * graphd's criterion figures ({@code tables.graphd_ns}) row by row, each beside the dbbench row
   * that does graphd's work on graphd's input: the text corpus, {@code context=perCall} (graphd's
   * call, {@code zstd::encode_all}/{@code decode_all}), the JDK's AEAD provider; ns per operation.
   */
  @Override
  public List<PublishedRows.Point> publishedPoints() {
    List<PublishedRows.Point> out = new ArrayList<>();
    GRAPHD_NS.forEach((key, ns) -> {
      String method = key.contains("@") ? key.substring(0, key.indexOf('@')) : key;
      Map<String, String> params = new LinkedHashMap<>();
      if (!method.startsWith("GraphjHeaderBenchmark")) {
        params.put("corpus", "text");
      }
      if (method.startsWith("GraphjCompressBenchmark")) {
        params.put("context", "perCall");
      }
      if (key.contains("@")) {
        params.put("level", key.substring(key.indexOf('@') + 1));
      }
      if (method.startsWith("GraphjCryptoBenchmark")) {
        params.put("provider", "jdk");
      }
      String group = GRAPHD_GROUP.getOrDefault(method, method).replace("/L", "/" + params.getOrDefault("level", "L"));
      out.add(new PublishedRows.Point("graphd criterion", group, "io.dbbench.graphj." + method, params,
          PublishedRows.TIME, "ns/op", 1e9, ns, Units.num(ns), false));
    });
    return out;
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    graphj(doc, accepted);
    Path dir = run.directory();
    JsonNode nativeRef = null;
    String nativeNote;
    try {
      nativeRef = dir == null ? null : NativeReference.read(dir).orElse(null);
      nativeNote = nativeRef == null ? "no " + NativeReference.FILE_NAME + " beside this run (zstd/openssl not run)" : "";
    } catch (IOException e) {
      nativeNote = NativeReference.FILE_NAME + " did not parse: " + e.getMessage();
    }
    comparison(doc, accepted, nativeRef, nativeNote);
  }

  /**
   * The codecs at the machine's limit: every reused-context zstd row beside {@code zstd -b} at its
   * level on the same corpus, every AEAD row (whatever providers the run measured) beside
   * {@code openssl speed -evp chacha20-poly1305} on the same corpus (both from
   * {@code native-reference.json}; none when the file is missing or does not parse). graphd's
   * criterion figures are not limits of this run: they were measured at another time, and a ratio
   * against them mixes the two times' machine states (perCall compress at level 3 read 1.46x
   * against the 24.7 µs figure where graphd's bench run beside it read 1.04x). They stay in the
   * GraphJ section's "Beside graphd" table, named as another time's figures, and the same-time
   * ratios come from {@code scripts/graphd-vs-dbbench.sh}.
   */
  @Override
  public List<Limit> limits(Run run, List<JmhResult> accepted) {
    JsonNode ref;
    try {
      Path dir = run.directory();
      ref = dir == null ? null : NativeReference.read(dir).orElse(null);
    } catch (IOException e) {
      ref = null; // the GraphJ section already says the file did not parse
    }
    List<Limit> out = new ArrayList<>();
    for (JmhResult r : accepted) {
      boolean zstd = r.simpleClassName().equals("GraphjCompressBenchmark") && "reused".equals(r.params().get("context"));
      boolean aead = r.simpleClassName().equals("GraphjCryptoBenchmark");
      Double n = zstd || aead ? nativeNs(ref, r) : null;
      if (n != null && n > 0) {
        String tool = aead ? "openssl speed -evp chacha20-poly1305"
            : "compress".equals(r.method()) ? "zstd -b" + r.params().get("level") + " compress" : "zstd -b3 decompress";
        out.add(Limit.againstFigure(aead ? "AEAD" : "zstd", path(r), r, tool + " (corpus "
            + r.params().getOrDefault("corpus", "text") + ")", n / 1e9));
      }
    }
    return out;
  }

  private static String path(JmhResult r) {
    return r.shortName() + FormSupport.others(r, Set.of()) + FormSupport.host(r);
  }

  /**
   * graphd's own criterion figures, measured with graphd's {@code graphj_bench} built from its
   * public source on this project's 2-core build machine, interleaved with dbbench's benchmarks,
   * min across blocks (the reference measurement's table), in ns per operation on the 100-line text corpus. Keyed
   * by dbbench benchmark method and, for compress, zstd level. Groups graphd has no comparable
   * figure for here (data sizes, compaction) are absent.
   */
  static final Map<String, Double> GRAPHD_NS = new LinkedHashMap<>();

  /** Which graphd criterion group each dbbench row is set beside. */
  static final Map<String, String> GRAPHD_GROUP = new LinkedHashMap<>();

  static {
    // tables.graphd_ns and tables.graphd_group of study.json, graphd's figures beside the study's measures
    Study study = Study.load(GraphjForm.class, "study.json");
    study.table("graphd_ns").forEach((k, v) -> GRAPHD_NS.put(k, v.asDouble()));
    study.table("graphd_group").forEach((k, v) -> GRAPHD_GROUP.put(k, v.asText()));
  }

  /**
   * The graphd comparison: for every dbbench row that does graphd's work on graphd's input
   * ({@code corpus=text} where the class has a corpus), dbbench's time, graphd's figure, the
   * native tools' time on the same bytes, and the ratios (dbbench / graphd, dbbench / native).
   */
  static void comparison(Doc doc, List<JmhResult> rs, JsonNode nativeRef, String nativeNote) {
    List<JmhResult> rows = rs.stream().filter(r -> GRAPHD_GROUP.containsKey(r.simpleClassName() + "." + r.method()))
        .filter(r -> "text".equals(r.params().getOrDefault("corpus", "text"))).toList();
    if (rows.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(3, "Beside graphd and the native tools (text corpus)");
    s.text("graphd: its criterion figures measured once on this project's build machine, at another time than this run"
        + " (graphd's graphj_bench built from its public source, min across blocks interleaved with dbbench), so x graphd"
        + " mixes two times' machine states: read it as an order of magnitude; the same-time ratios, graphd's bench and"
        + " dbbench's in one run's interleaved blocks, come from scripts/graphd-vs-dbbench.sh (results/graphd-vs-dbbench-*)."
        + " native: zstd -b (one reused context) and"
        + " openssl speed -evp chacha20-poly1305 on the same corpus bytes, from " + NativeReference.FILE_NAME
        + (nativeNote.isEmpty() ? "" : " (" + nativeNote + ")") + ". Ratios are dbbench time / reference time.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("graphd group").col("params")
        .num("dbbench").num("graphd").num("x graphd").num("native").num("x native");
    for (JmhResult r : rows) {
      double ns = FormSupport.timePerOp(r) * 1e9;
      Double g = GRAPHD_NS.get(graphdKey(r));
      Double n = nativeNs(nativeRef, r);
      t.row(List.of(r.shortName() + FormSupport.host(r), GRAPHD_GROUP.get(r.simpleClassName() + "." + r.method()),
          FormSupport.others(r, Set.of("corpus")), Units.time(ns / 1e9),
          g == null ? "" : Units.time(g / 1e9), g == null ? "" : String.format(Locale.ROOT, "%.2f", ns / g),
          n == null ? "" : Units.time(n / 1e9), n == null ? "" : String.format(Locale.ROOT, "%.2f", ns / n)));
    }
    s.add(t.build());
  }

  private static String graphdKey(JmhResult r) {
    String k = r.simpleClassName() + "." + r.method();
    return k.equals("GraphjCompressBenchmark.compress") ? k + "@" + r.params().get("level") : k;
  }

  /** The native time (ns) for the same operation on the same corpus, or null. */
  static Double nativeNs(JsonNode ref, JmhResult r) {
    if (ref == null) {
      return null;
    }
    String corpus = r.params().getOrDefault("corpus", "text");
    String m = r.method();
    if (r.simpleClassName().equals("GraphjCompressBenchmark")) {
      String level = "compress".equals(m) ? r.params().get("level") : "3";
      for (JsonNode z : ref.path("zstd")) {
        if (corpus.equals(z.path("corpus").asText()) && level != null && level.equals(z.path("level").asText())) {
          return z.path("compress".equals(m) ? "compress_ns_per_op" : "decompress_ns_per_op").asDouble();
        }
      }
      return null;
    }
    if (r.simpleClassName().equals("GraphjCryptoBenchmark") && m.matches("(en|de)crypt(Into)?")) {
      for (JsonNode a : ref.path("chacha20_poly1305")) {
        if (corpus.equals(a.path("corpus").asText())) {
          return a.path("ns_per_op").asDouble();
        }
      }
    }
    return null;
  }


  static void graphj(Doc doc, List<JmhResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "GraphJ codecs (criterion form)");
    s.text("Time per operation, throughput in decimal MB/s or GB/s (the benchmark's bytes counter),"
        + " and compression ratio = inputBytes / outputBytes where the benchmark counts both.");
    Set<String> params = FormSupport.paramNames(rs);
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
    params.forEach(t::col);
    t.num("time").num("throughput").num("ratio").num("B/op");
    for (JmhResult r : rs) {
      List<String> row = new ArrayList<>();
      row.add(r.shortName() + FormSupport.host(r));
      params.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.add(Units.time(FormSupport.timePerOp(r)));
      JmhResult.Metric bytes = r.secondary().get("bytes");
      row.add(bytes == null ? "" : Units.byteRate(FormSupport.perSecond(bytes)));
      double ratio = ratio(r);
      row.add(Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.3f", ratio));
      row.add(FormSupport.alloc(r));
      t.row(row);
    }
    s.add(t.build());

    List<JmhResult> levelled = rs.stream().filter(r -> FormSupport.num(r.params().get("level")) != null).toList();
    if (!levelled.isEmpty()) {
      Map<String, Charts.Series> mbs = new LinkedHashMap<>();
      Map<String, Charts.Series> ratios = new LinkedHashMap<>();
      for (JmhResult r : levelled) {
        String name = r.shortName() + FormSupport.others(r, Set.of("level")) + FormSupport.host(r);
        double level = FormSupport.num(r.params().get("level"));
        JmhResult.Metric bytes = r.secondary().get("bytes");
        if (bytes != null) {
          FormSupport.addPoint(mbs, name, level, FormSupport.perSecond(bytes) / 1e6);
        }
        double ratio = ratio(r);
        if (!Double.isNaN(ratio)) {
          FormSupport.addPoint(ratios, name, level, ratio);
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
    List<JmhResult> providers = FormSupport.select(rs, r -> r.params().containsKey("provider"));
    if (!providers.isEmpty()) {
      Doc.Section p = doc.section(3, "AEAD provider comparison (variant form)");
      VariantTable.appendTo(doc, p, providers, "provider", "graphj-provider");
    }
  }

  static double ratio(JmhResult r) {
    JmhResult.Metric in = r.secondary().get("inputBytes");
    JmhResult.Metric out = r.secondary().get("outputBytes");
    if (in == null || out == null || !(out.score() > 0)) {
      return Double.NaN;
    }
    return in.score() / out.score();
  }
}
