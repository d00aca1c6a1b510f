package io.dbbench.graphj;

import io.dbbench.report.Charts;
import io.dbbench.report.Doc;
import io.dbbench.report.FormSupport;
import io.dbbench.report.JmhResult;
import io.dbbench.report.Run;
import io.dbbench.report.Stats;
import io.dbbench.report.StudyForm;
import io.dbbench.report.Units;
import io.dbbench.report.VariantTable;
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
public final class GraphjForm implements StudyForm {
  @Override
  public String title() {
    return "GraphJ codecs (criterion form)";
  }

  @Override
  public int order() {
    return 10;
  }

  @Override
  public boolean accepts(JmhResult r) {
    return r.className().startsWith("io.dbbench.graphj.");
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    graphj(doc, accepted);
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
