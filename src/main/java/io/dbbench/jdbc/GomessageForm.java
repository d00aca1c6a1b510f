package io.dbbench.jdbc;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Limit;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedRows;
import io.dbbench.report.study.PublishedStudyForm;
import io.dbbench.report.study.VariantTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * GOMESSAGE in hdbinsert's form: per {@code shape} (BATCHCOUNTxBATCHSIZE, parsed by
 * {@link Shape#parse}) and {@code strategy}: avg, max, median and min seconds over the single
 * shots, rows/s, the parallel speed-up ({@code mode=par} over {@code seq}) and the ratio to
 * {@code copy}; chart of rows/s against batch size per strategy.
 */
public final class GomessageForm extends PublishedStudyForm {
  /** The form: its heading, position 20, and the benchmark classes it draws. */
  public GomessageForm() {
    super("GOMESSAGE bulk insert (hdbinsert form)", 20, c -> c.startsWith("io.dbbench.jdbc."));
  }

  /**
   * hdbinsert's table row by row ({@code tables.hdbinsert_s}): each shape for {@code bulk} and
   * {@code many}, sequential and parallel, in seconds per insert of the shape's rows; the study's
   * average is the figure judged, its maximum, median and minimum stand beside it.
   */
  @Override
  public List<PublishedRows.Point> publishedPoints() {
    List<PublishedRows.Point> out = new ArrayList<>();
    study().table("hdbinsert_s").forEach((key, v) -> {
      String shape = key.substring(0, key.indexOf(' '));
      String test = key.substring(key.indexOf(' ') + 1);
      String strategy = test.substring(0, 4);
      String mode = test.endsWith("Seq") ? "seq" : "par";
      Map<String, String> params = new LinkedHashMap<>();
      params.put("shape", shape);
      params.put("strategy", strategy);
      params.put("mode", mode);
      double avg = v.path("avg").asDouble();
      out.add(new PublishedRows.Point(shape, test, "io.dbbench.jdbc.GomessageInsertBenchmark.insert", params,
          PublishedRows.TIME, "s", 1, avg, String.format(Locale.ROOT, "%s (max %s, med %s, min %s)", Units.num(avg),
          Units.num(v.path("max").asDouble()), Units.num(v.path("med").asDouble()), Units.num(v.path("min").asDouble())),
          false));
    });
    return out;
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    gomessage(doc, accepted);
  }

  /** The shape at which the JDBC loads are set beside COPY in the limits table: the study's 100,000-row batch. */
  static final String LIMIT_SHAPE = "1x100000";

  /**
   * The JDBC load at the machine's limit: the fastest non-COPY strategy (by mean time; {@code rowByRow}
   * included if it ran) of {@link #LIMIT_SHAPE} {@code seq} beside {@code copy} of the same shape and
   * mode in the same run; nothing when either is missing. When both rows carry the embedded
   * server's backend CPU per shot ({@link ServerCpuProfiler}), the same two again by that alone: the
   * part of the gap that lies in the server. And {@code copy} itself beside
   * {@code psql \copy} of the same rows into the embedded PostgreSQL, less psql's start-up, from
   * the run's {@value PsqlReference#FILE_NAME} ({@link PsqlReference}), when the run has one.
   */
  @Override
  public List<Limit> limits(Run run, List<JmhResult> accepted) {
    List<JmhResult> atShape = accepted.stream().filter(r -> LIMIT_SHAPE.equals(r.params().get("shape")))
        .filter(r -> "seq".equals(r.params().get("mode"))).toList();
    JmhResult copy = atShape.stream().filter(r -> "copy".equals(r.params().get("strategy"))).findFirst().orElse(null);
    JmhResult best = null;
    for (JmhResult r : atShape) {
      String strategy = r.params().get("strategy");
      if (strategy != null && !strategy.equals("copy") && r.primary().unit().equals(copy == null ? "" : copy.primary().unit())
          && (best == null || FormSupport.timePerOp(r) < FormSupport.timePerOp(best))) {
        best = r;
      }
    }
    List<Limit> out = new ArrayList<>();
    if (copy != null && best != null) {
      long others = atShape.stream().filter(r -> !"copy".equals(r.params().get("strategy"))).count();
      out.add(Limit.againstRow("JDBC load", "fastest of " + others + " non-COPY strategies: "
          + best.params().get("strategy") + " " + LIMIT_SHAPE + " seq" + FormSupport.host(best), best,
          "copy " + LIMIT_SHAPE + " seq", copy));
      JmhResult bestServer = serverCpu(best);
      JmhResult copyServer = serverCpu(copy);
      if (bestServer != null && copyServer != null) {
        out.add(Limit.againstRow("JDBC load", best.params().get("strategy") + " " + LIMIT_SHAPE + " seq, server CPU only"
            + " (" + ServerCpuProfiler.METRIC + ")" + FormSupport.host(best), bestServer,
            "copy " + LIMIT_SHAPE + " seq, server CPU only", copyServer));
      }
    }
    psqlCopySeconds(run).ifPresent(psql -> {
      if (copy != null) {
        out.add(Limit.againstFigure("JDBC load", "copy " + LIMIT_SHAPE + " seq" + FormSupport.host(copy), copy,
            "psql \\copy, less psql's start-up (" + PsqlReference.FILE_NAME + ")", psql));
      }
    });
    return out;
  }

  /**
   * {@code r} with its {@value ServerCpuProfiler#METRIC} secondary metric (the embedded server's
   * backend CPU per shot) as the primary one, or null when it has none or not in seconds per
   * operation.
   */
  static JmhResult serverCpu(JmhResult r) {
    JmhResult.Metric m = r.secondary().get(ServerCpuProfiler.METRIC);
    if (m == null || !"s/op".equals(m.unit()) || m.forks().length == 0) {
      return null;
    }
    return new JmhResult(r.benchmark(), r.mode(), r.threads(), r.forks(), r.params(), m, java.util.Map.of(), r.host(),
        r.options());
  }

  /**
   * The {@code psql \copy} reference of the run's directory, in seconds per {@link #LIMIT_SHAPE}
   * load less psql's start-up; empty when the file is absent, says psql was unavailable, or does
   * not parse (the limits table then has no such row).
   */
  static Optional<Double> psqlCopySeconds(Run run) {
    Path dir = run.directory();
    if (dir == null) {
      return Optional.empty();
    }
    try {
      return PsqlReference.read(dir).filter(n -> n.path("psql").path("available").asBoolean(false))
          .map(n -> n.path("copy_minus_startup_seconds").asDouble(Double.NaN))
          .filter(v -> v > 0 && !Double.isInfinite(v));
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
  }


  /** The shape of a result, or null when its {@code shape} parameter is absent or malformed. */
  private static Shape parseOrNull(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Shape.parse(text);
    } catch (IllegalArgumentException e) {
      return null;
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
    Set<String> others = FormSupport.paramNames(rs);
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
      Shape shape = parseOrNull(r.params().get("shape"));
      double rowsPerSecond = shape == null ? Double.NaN : shape.rows() / avg;
      String speedUp = "";
      if ("par".equals(r.params().get("mode"))) {
        JmhResult seq = FormSupport.sibling(rs, r, Map.of("mode", "seq"), false);
        if (seq != null) {
          speedUp = Units.ratio(avgSeconds(seq) / avg);
        }
      }
      String vsCopy = "";
      if (!"copy".equals(r.params().get("strategy"))) {
        // rowByRow lives in its own class: copy is looked up across the GOMESSAGE classes
        JmhResult copy = FormSupport.sibling(rs, r, Map.of("strategy", "copy"), true);
        if (copy != null) {
          vsCopy = Units.ratio(avg / avgSeconds(copy));
        }
      }
      List<String> row = new ArrayList<>();
      row.add(r.shortName() + FormSupport.host(r));
      others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.addAll(List.of(r.params().getOrDefault("shape", ""), r.params().getOrDefault("strategy", ""),
          r.params().getOrDefault("mode", ""), String.valueOf(shots.length), Units.num(avg),
          Units.num(FormSupport.max(shots)), Units.num(Stats.median(shots)), Units.num(FormSupport.min(shots)),
          Units.num(rowsPerSecond), speedUp, vsCopy));
      t.row(row);
      if (shape != null) {
        String name = r.params().getOrDefault("strategy", r.method())
            + (r.params().containsKey("mode") ? " " + r.params().get("mode") : "")
            + FormSupport.others(r, Set.of("shape", "strategy", "mode")) + FormSupport.host(r);
        FormSupport.addPoint(chart, name, shape.batchSize(), rowsPerSecond);
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
}
