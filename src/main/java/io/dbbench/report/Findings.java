package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The report's opening table: for every study present in the run, the study's own headline as
 * published (from {@code io/dbbench/report/studies.json}, with its source), dbbench's measured
 * counterpart from this run with its 95% interval ({@link Stats#hierarchicalMeanCi95} for one
 * figure, {@link Stats#change} for a pair: forks are the unit, so a 1-fork run gets {@code n/a}
 * and the reason), whether direction and rough size agree, and the backend it was measured on.
 *
 * <p>A study is present when one of the run's benchmarks matches its {@code present} regex. A
 * {@link StudyForm} may supply its own findings ({@link StudyForm#findings}); a study id a form
 * answered is not looked up again from the data file.
 */
public final class Findings {
  /** The study-figures data file on the class path. */
  public static final String RESOURCE = "/io/dbbench/report/studies.json";
  /** Within this factor of the published figure (either way) counts as the same rough size. */
  public static final double SIZE_FACTOR = 2.0;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Findings() {}

  /**
   * One finding: one row of the opening table.
   *
   * @param studyId the data file's id (e.g. {@code graphj})
   * @param study the study's title
   * @param published the published headline, in words with its figure
   * @param source where it was published
   * @param measured dbbench's counterpart, in words with its figure and unit (or why none)
   * @param interval the 95% interval, or {@code n/a: <reason>}
   * @param agreement whether direction and rough size agree, in words
   * @param backend what it was measured on, {@code stand-in: ...} or {@code real: ...}
   */
  public record Finding(String studyId, String study, String published, String source, String measured,
      String interval, String agreement, String backend) {}

  /** The studies of the data file, in file order. */
  public static List<JsonNode> studies() {
    try (InputStream in = Findings.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the class path");
      }
      List<JsonNode> out = new ArrayList<>();
      MAPPER.readTree(in).path("studies").forEach(out::add);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(RESOURCE + ": not readable JSON", e);
    }
  }

  /**
   * The findings of {@code run}: the forms' own, then every data-file study present in the run
   * and not answered by a form, in data-file order.
   */
  public static List<Finding> of(Run run, List<StudyForm> forms) {
    List<Finding> out = new ArrayList<>();
    Set<String> answered = new LinkedHashSet<>();
    for (StudyForm f : forms) {
      List<JmhResult> accepted = run.results().stream().filter(f::accepts).toList();
      if (!accepted.isEmpty()) {
        for (Finding x : f.findings(run, accepted)) {
          out.add(x);
          answered.add(x.studyId());
        }
      }
    }
    for (JsonNode s : studies()) {
      String id = s.path("id").asText();
      Pattern present = Pattern.compile(s.path("present").asText("$^"));
      if (!answered.contains(id) && run.results().stream().anyMatch(r -> present.matcher(r.benchmark()).find())) {
        out.add(of(s, run));
      }
    }
    return out;
  }

  /** The finding of one data-file study in {@code run} (the study need not be present). */
  public static Finding of(JsonNode study, Run run) {
    JsonNode m = study.path("measure");
    JsonNode pub = study.path("published");
    String kind = m.path("kind").asText();
    String title = study.path("title").asText();
    String id = study.path("id").asText();
    String source = study.path("source").asText();
    String published = pub.path("text").asText();
    JmhResult base = null;
    int used = -1;
    JsonNode rows = m.path("rows");
    JsonNode change = m.path("change");
    for (int i = 0; i < rows.size() && base == null; i++) {
      // a fallback row may name its own contender (quick mode's nearest pool size)
      change = rows.get(i).has("change") ? rows.get(i).path("change") : m.path("change");
      base = find(run.results(), rows.get(i), change);
      used = i;
    }
    if (base == null) {
      return new Finding(id, title, published, source, "not measured in this run: needs "
          + describe(rows.get(0)) + (m.has("change") ? " and its " + changeText(m.path("change")) + " sibling" : ""),
          "", "cannot compare", "");
    }
    String fallback = used == 0 ? "" : " (the study's point " + paramsText(rows.get(0).path("params"))
        + (m.has("change") ? " -> " + paramsText(m.path("change")) : "") + " was not run; nearest: "
        + base.paramText().replace(",", " ") + (m.has("change") ? " -> " + paramsText(change) : "") + ")";
    String backend = backendLabel(run.env(), base)
        + (study.has("study_backend") ? "; the study: " + study.path("study_backend").asText() : "");
    if (m.has("change")) {
      JmhResult other = FormSupport.sibling(run.results(), base, fields(change), false);
      Stats.Change c = Stats.change(secondsForks(base), secondsForks(other));
      double speedup = 1 / (1 + c.changePct() / 100);
      String measured;
      String interval;
      double effect;
      double published0 = pub.path("value").asDouble(Double.NaN);
      double pubEffect;
      if (kind.equals("speedup")) {
        measured = m.path("question").asText() + ": " + ratio(speedup) + fallback;
        interval = c.judgeable() && !Double.isNaN(c.ciLow())
            ? "[" + ratio(1 / (1 + c.ciHigh() / 100)) + ", " + ratio(1 / (1 + c.ciLow() / 100)) + "]"
            : naText(c);
        effect = speedup;
        pubEffect = published0;
      } else {
        measured = m.path("question").asText() + ": " + Units.pct(c.changePct()) + fallback;
        interval = c.judgeable() && !Double.isNaN(c.ciLow())
            ? "[" + Units.pct(c.ciLow()) + ", " + Units.pct(c.ciHigh()) + "]" : naText(c);
        effect = speedup;
        pubEffect = 1 / (1 + published0 / 100);
      }
      return new Finding(id, title, published, source, measured, interval,
          agreePair(effect, pubEffect, c), backend);
    }
    double[][] forks;
    if (kind.equals("rate")) {
      JmhResult.Metric metric = base.secondary().get(m.path("metric").asText());
      if (metric == null) {
        return new Finding(id, title, published, source, "not measured: " + base.label() + " has no "
            + m.path("metric").asText() + " counter", "", "cannot compare", backend);
      }
      double factor = FormSupport.perSecond(metric) / metric.score() * m.path("scale").asDouble(1);
      forks = scale(metric.forks(), factor);
      if (forks.length == 0) {
        forks = new double[][] {{metric.score() * factor}};
      }
    } else {
      double rowsPerOp = shapeRows(base.params().get("shape"));
      double[][] s = secondsForks(base);
      forks = new double[s.length][];
      for (int f = 0; f < s.length; f++) {
        forks[f] = new double[s[f].length];
        for (int i = 0; i < s[f].length; i++) {
          forks[f][i] = rowsPerOp / s[f][i];
        }
      }
    }
    double value = Stats.mean(Stats.forkMeans(forks));
    double[] ci = Stats.hierarchicalMeanCi95(forks);
    String unit = m.path("unit").asText();
    String interval = Double.isNaN(ci[0])
        ? "n/a: " + forks.length + " fork" + (forks.length == 1 ? "" : "s") + " (an interval needs at least 2)"
        : "[" + Units.num(ci[0]) + ", " + Units.num(ci[1]) + "] " + unit;
    return new Finding(id, title, published, source,
        m.path("question").asText() + ": " + Units.num(value) + " " + unit + fallback, interval,
        agreeValue(value, pub), backend);
  }

  /** "agrees", "same order (0.62x of the published low end)" or "differs: 4.1x below". */
  static String agreeValue(double v, JsonNode pub) {
    double lo = pub.has("low") ? pub.path("low").asDouble() : pub.path("value").asDouble(Double.NaN);
    double hi = pub.has("high") ? pub.path("high").asDouble() : lo;
    if (Double.isNaN(lo) || Double.isNaN(v)) {
      return "no published figure to compare";
    }
    if (v >= lo && v <= hi) {
      return "agrees: inside the published " + (lo == hi ? "figure" : "range");
    }
    double ref = v < lo ? lo : hi;
    double f = v / ref;
    String where = f < 1 ? "below" : "above";
    String size = ratio(f < 1 ? 1 / f : f) + " " + where;
    return (Math.max(f, 1 / f) <= SIZE_FACTOR ? "same rough size: " : "differs: ") + size + " the published "
        + (lo == hi ? "figure" : v < lo ? "low end" : "high end");
  }

  /** Direction and size of a speed-up (baseline time / contender time) against the published one. */
  static String agreePair(double m, double p, Stats.Change c) {
    String qual = c.judgeable() ? (c.significant() ? "" : " (not significant, p=" + Units.p(c.p()) + ")")
        : " (point estimates; no verdict at these forks)";
    if (Double.isNaN(p)) {
      return "no published figure to compare" + qual;
    }
    if (Double.isNaN(m)) {
      return "cannot compare: no measured value";
    }
    if (Math.abs(Math.log(m)) < Math.log(1.02)) {
      return "no measurable difference (within 2%), published " + ratio(p) + qual;
    }
    boolean same = (m > 1) == (p > 1);
    if (!same) {
      return "opposite direction: published " + ratio(p) + ", measured " + ratio(m) + qual;
    }
    // sizes compared as factors away from 1 (1.14x against 35x is far smaller, 0.56x against 0.6x similar)
    double f = Math.log(m) / Math.log(p);
    String size = f >= 1 / SIZE_FACTOR && f <= SIZE_FACTOR ? "similar size" : f < 1 ? "much smaller effect"
        : "much larger effect";
    return "same direction, " + size + ": measured " + ratio(m) + " against published " + ratio(p) + " (time ratio"
        + " baseline / contender)" + qual;
  }

  /** "stand-in: mongo-java-server 1.47.0 (stand-in, not MongoDB)" or "real: embedded PostgreSQL 14.22". */
  static String backendLabel(JsonNode env, JmhResult r) {
    String b = FormSupport.backend(env, r);
    JsonNode fam = env == null ? null : env.path("families").path(r.family());
    boolean standIn = b.toLowerCase(Locale.ROOT).contains("stand-in")
        || (fam != null && fam.path("kind").asText("").equalsIgnoreCase("STAND_IN"));
    if (b.isEmpty()) {
      return "unknown (no env.json)";
    }
    return (standIn ? "stand-in: " : "real: ") + b;
  }

  private static String naText(Stats.Change c) {
    String r = c.naReason();
    return r.isEmpty() ? "n/a" : r;
  }

  private static JmhResult find(List<JmhResult> rs, JsonNode sel, JsonNode change) {
    String b = sel.path("benchmark").asText();
    Map<String, String> want = fields(sel.path("params"));
    Map<String, String> ch = fields(change);
    for (JmhResult r : rs) {
      if ((r.benchmark().equals(b) || r.benchmark().startsWith(b + "."))
          && want.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))
          && (ch.isEmpty() || FormSupport.sibling(rs, r, ch, false) != null)) {
        return r;
      }
    }
    return null;
  }

  private static Map<String, String> fields(JsonNode n) {
    Map<String, String> m = new LinkedHashMap<>();
    if (n != null) {
      n.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
    }
    return m;
  }

  private static String describe(JsonNode sel) {
    String b = sel.path("benchmark").asText();
    String p = paramsText(sel.path("params"));
    return b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1) + (p.isEmpty() ? "" : " " + p);
  }

  private static String paramsText(JsonNode params) {
    List<String> parts = new ArrayList<>();
    fields(params).forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(" ", parts);
  }

  private static String changeText(JsonNode change) {
    return paramsText(change);
  }

  /** The primary metric fork by fork as seconds per operation. */
  static double[][] secondsForks(JmhResult r) {
    double[][] f = r.primary().forks();
    if (f.length == 0) {
      return new double[][] {{FormSupport.timePerOp(r)}};
    }
    double[][] out = new double[f.length][];
    boolean thrpt = Units.higherIsBetter(r.primary().unit());
    for (int i = 0; i < f.length; i++) {
      out[i] = Units.toSecondsPerOp(f[i], r.primary().unit());
      if (thrpt) {
        for (int j = 0; j < out[i].length; j++) {
          out[i][j] *= r.threads();
        }
      }
    }
    return out;
  }

  private static double[][] scale(double[][] f, double k) {
    double[][] out = new double[f.length][];
    for (int i = 0; i < f.length; i++) {
      out[i] = new double[f[i].length];
      for (int j = 0; j < f[i].length; j++) {
        out[i][j] = f[i][j] * k;
      }
    }
    return out;
  }

  private static double shapeRows(String shape) {
    if (shape == null) {
      return Double.NaN;
    }
    String[] p = shape.toLowerCase(Locale.ROOT).split("x");
    try {
      return p.length == 2 ? Double.parseDouble(p[0]) * Double.parseDouble(p[1]) : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String ratio(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, v >= 10 ? "%.1fx" : "%.2fx", v);
  }

  /** Appends the "Findings" section: one row per study present, with a short legend. */
  public static void appendTo(Doc doc, Run run, List<StudyForm> forms) {
    List<Finding> fs = of(run, forms);
    Doc.Section s = doc.section(2, "Findings");
    s.id = "findings";
    if (fs.isEmpty()) {
      s.text("No benchmark of a reproduced study ran in this run.");
      return;
    }
    s.text("Each study's own headline as published, beside dbbench's counterpart from this run. Interval: 95%"
        + " two-level bootstrap over forks and their iterations (Kalibera and Jones); n/a where the run has too"
        + " few forks to tell. Agreement compares direction and rough size (within a factor of "
        + Math.round(SIZE_FACTOR) + "), not exact figures: the backends and machines differ, as the backend column says.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("published (source)").col("dbbench, this run")
        .col("95% interval").col("agreement").col("backend");
    for (Finding f : fs) {
      t.row(List.of(f.study(), f.published() + ". Source: " + f.source(), f.measured(), f.interval(), f.agreement(),
          f.backend()));
    }
    s.add(t.build());
  }
}
