package io.dbbench.report.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.FamilySettings;
import io.dbbench.report.stats.Agreement;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One reproduced study as dbbench holds it: its published figures with their source, the dbbench
 * rows that are their counterparts, the backend the study measured on (the caveat printed beside
 * every finding) and the published tables its form prints. Read from the {@code study.json} in the
 * study's own room ({@link StudyForm#studyResource}); {@code report} knows no study by name.
 *
 * <p>The file's fields: {@code id}, {@code title}, {@code present} (a regex over benchmark names:
 * the study is present in a run when one of its benchmarks matches), {@code source} (where the
 * figures were published), {@code study_backend} (what the study measured on), {@code measures}
 * (each a {@link Measure}; a comparison the main job runs names its {@code headline}, the one
 * declaration of that comparison, {@link #headline}) and {@code tables} (named tables of published figures, keyed rows; a
 * key starting with {@code _} is a note, not a row).
 *
 * @param id the study's id, e.g. {@code graphj}
 * @param title the study's title as the report prints it
 * @param present benchmarks whose presence in a run means the study ran
 * @param source where the study's figures were published
 * @param studyBackend what the study measured on (e.g. {@code SAP HANA through go-hdb}); empty when
 *     the file names none
 * @param measures the study's measures, in report order; at least one
 * @param tables the published tables by name, each its rows by key in file order
 */
public record Study(String id, String title, Pattern present, String source, Optional<String> studyBackend,
    List<Measure> measures, Map<String, Map<String, JsonNode>> tables) {

  /** The kinds of measure ({@link Measure#kind}). */
  public static final List<String> KINDS = List.of("rate", "rowsPerSecond", "speedup", "timeChangePct");

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * One published figure and the dbbench rows that are its counterpart.
   *
   * @param kind {@code rate} (a secondary {@code metric} as a rate, times {@code scale}),
   *     {@code rowsPerSecond} (rows of the shape param / seconds per op), {@code speedup} (baseline
   *     time / contender time) or {@code timeChangePct} (contender time / baseline time - 1, in %)
   * @param unit the unit of the published figure and of dbbench's ({@code x}, {@code %},
   *     {@code rows/s}, {@code MB/s}, ...)
   * @param question what the measure asks, as the report prints it
   * @param rows the counterpart rows: the first is the study's own point, later ones fallbacks tried
   *     in order when it was not run (quick mode); at least one
   * @param change for a comparison, the params that turn a row into its contender; empty for an
   *     absolute figure
   * @param published the study's figure
   * @param metric for {@code rate}: the secondary metric read as a rate; empty otherwise
   * @param scale for {@code rate}: the factor applied to the rate (default 1)
   * @param headline for a comparison the main job runs as an interleaved headline comparison, its
   *     name in the study ({@link Study#headline}); empty otherwise
   */
  public record Measure(String kind, String unit, String question, List<Row> rows, Map<String, String> change,
      Published published, String metric, double scale, String headline) {
    /** Whether the measure compares two variants (it has a {@link #change}). */
    public boolean comparison() {
      return !change.isEmpty();
    }
  }

  /**
   * A counterpart row: a benchmark (full method name, or a prefix ending before a {@code .}) and the
   * params it must hold.
   *
   * @param benchmark e.g. {@code io.dbbench.jdbc.GomessageInsertBenchmark.insert}
   * @param params the params the row must hold (a subset of the run's)
   * @param change this row's own contender params, when it differs from the measure's (a quick-mode
   *     fallback's nearest pool size); empty otherwise
   */
  public record Row(String benchmark, Map<String, String> params, Map<String, String> change) {
    /** {@code Benchmark.method k=v ...}, for messages. */
    public String describe() {
      String b = benchmark;
      String p = paramsText(params);
      return b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1) + (p.isEmpty() ? "" : " " + p);
    }
  }

  /**
   * The study's figure: {@code text} always; {@code low}/{@code high} in the measure's unit (equal
   * for a single value; NaN when the study published no figure). In {@code study.json}:
   * {@code published.text}, {@code value} (or {@code low}/{@code high}), and optionally
   * {@code band_pct} with {@code band_why} (the study's own band around its figure, and why) and
   * {@code caveat} ({@code {text, detail?, source}}: why the figure is not the effect the question names).
   *
   * @param text the figure in words
   * @param low the figure, or a range's low end, in the measure's unit
   * @param high a range's high end ({@code low} for one figure)
   * @param bandPct the half-width, percent, the figure is widened by when a verdict weighs it:
   *     {@code Agreement.EQUIVALENCE_PCT} unless the study declares {@code band_pct}
   * @param bandWhy why the study's own band, with its source; empty for dbbench's equivalence band
   * @param caveat why the figure is not the effect its question names, short enough for the first
   *     screen's verdict cell; empty when it is
   * @param caveatSource the caveat's detail and its source ({@code caveat.detail}, {@code caveat.source})
   */
  public record Published(String text, double low, double high, double bandPct, String bandWhy, String caveat,
      String caveatSource) {
    /** A figure widened by dbbench's equivalence band, with no caveat. */
    public Published(String text, double low, double high) {
      this(text, low, high, Agreement.EQUIVALENCE_PCT, "", "", "");
    }

    /** Whether the study published a figure (not only words). */
    public boolean hasFigure() {
      return !Double.isNaN(low);
    }

    /** The figure as a comparison's verdict reads it ({@link Agreement#agreeComparison}). */
    public Agreement.StudyFigure figure() {
      return new Agreement.StudyFigure(low, bandPct, bandWhy, caveat, caveatSource);
    }
  }

  /**
   * The study resource {@code name} beside {@code owner} (e.g. {@code study.json} beside the form).
   *
   * @throws IllegalStateException naming the resource when it is missing, or the field and the
   *     resource when a field is missing or malformed
   * @throws UncheckedIOException naming it when it is not JSON
   */
  public static Study load(Class<?> owner, String name) {
    String where = owner.getPackageName().replace('.', '/') + "/" + name;
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(where + " (the study of " + owner.getSimpleName() + ") is missing from the class path");
      }
      return parse(MAPPER.readTree(in), where);
    } catch (IOException e) {
      throw new UncheckedIOException(where + ": not readable JSON", e);
    }
  }

  /**
   * The study in {@code json}; {@code where} names it in errors.
   *
   * @throws IllegalStateException naming the field and {@code where} when a required field is
   *     missing or malformed (an unknown measure kind, a bad regex, a measure without rows)
   */
  public static Study parse(JsonNode json, String where) {
    String id = text(json, "id", where);
    String at = where + " (study " + id + ")";
    Pattern present;
    try {
      present = Pattern.compile(text(json, "present", at));
    } catch (PatternSyntaxException e) {
      throw new IllegalStateException(at + ": present is not a regular expression: " + e.getMessage(), e);
    }
    List<Measure> measures = new ArrayList<>();
    int i = 0;
    for (JsonNode m : json.path("measures")) {
      measures.add(measure(m, at + " measures[" + i++ + "]"));
    }
    if (measures.isEmpty()) {
      throw new IllegalStateException(at + ": has no measures");
    }
    Map<String, Map<String, JsonNode>> tables = new LinkedHashMap<>();
    json.path("tables").properties().forEach(t -> {
      Map<String, JsonNode> rows = new LinkedHashMap<>();
      t.getValue().properties().forEach(r -> {
        if (!r.getKey().startsWith("_")) {
          rows.put(r.getKey(), r.getValue());
        }
      });
      tables.put(t.getKey(), Collections.unmodifiableMap(rows));
    });
    Optional<String> backend = json.hasNonNull("study_backend") ? Optional.of(json.path("study_backend").asText())
        : Optional.empty();
    return new Study(id, text(json, "title", at), present, text(json, "source", at), backend, List.copyOf(measures),
        Collections.unmodifiableMap(tables));
  }

  /**
   * The study's headline comparison {@code name}, as the main job runs it: the measure whose
   * {@code headline} is {@code name} gives the benchmark and the baseline point (its first row), the
   * compared param and the contender's value (its {@code change}); {@code moreFixed} ({@code name,
   * value, ...}) adds the params dbbench fixes beyond the study's point (a collection size, an index
   * setting), after the row's. This is the one place a comparison is declared: the family runs what
   * this returns ({@code FamilySettings.Builder#comparison(HeadlineComparison)}) and the findings
   * read the same measure.
   *
   * @throws IllegalArgumentException naming the study and what it holds when no measure has that
   *     headline, {@code moreFixed} has an odd length or names a param of the study's point
   */
  public FamilySettings.HeadlineComparison headline(String name, String... moreFixed) {
    Measure m = measures.stream().filter(x -> x.headline().equals(name)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("study " + id + ": no measure has headline '" + name + "' (it has "
            + measures.stream().map(Measure::headline).filter(h -> !h.isEmpty()).toList() + ")"));
    if (moreFixed.length % 2 != 0) {
      throw new IllegalArgumentException("study " + id + " headline " + name + ": expected name, value pairs; got "
          + moreFixed.length + " strings");
    }
    Row first = m.rows().get(0);
    String param = m.change().keySet().iterator().next();
    Map<String, String> fixed = new LinkedHashMap<>(first.params());
    fixed.remove(param);
    for (int i = 0; i < moreFixed.length; i += 2) {
      if (first.params().containsKey(moreFixed[i])) {
        throw new IllegalArgumentException("study " + id + " headline " + name + ": " + moreFixed[i]
            + " is part of the study's point " + first.params() + "; name only params beyond it");
      }
      fixed.put(moreFixed[i], moreFixed[i + 1]);
    }
    return new FamilySettings.HeadlineComparison(first.benchmark(), param, first.params().get(param),
        m.change().get(param), fixed, List.of());
  }

  /**
   * The rows of the published table {@code name}, by key, in file order (notes left out); empty
   * when the study has no such table.
   */
  public Map<String, JsonNode> table(String name) {
    return tables.getOrDefault(name, Map.of());
  }

  /** {@code k=v k=v} of {@code params}, in order. */
  static String paramsText(Map<String, String> params) {
    List<String> parts = new ArrayList<>();
    params.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(" ", parts);
  }

  private static Measure measure(JsonNode m, String at) {
    String kind = text(m, "kind", at);
    if (!KINDS.contains(kind)) {
      throw new IllegalStateException(at + ": kind '" + kind + "' is not one of " + KINDS);
    }
    List<Row> rows = new ArrayList<>();
    for (JsonNode r : m.path("rows")) {
      rows.add(new Row(text(r, "benchmark", at + " rows"), fields(r.path("params")), change(r, at + " rows")));
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException(at + ": has no rows (the dbbench counterpart of the published figure)");
    }
    JsonNode pub = m.path("published");
    double low = pub.has("low") ? pub.path("low").asDouble() : pub.path("value").asDouble(Double.NaN);
    double high = pub.has("high") ? pub.path("high").asDouble() : low;
    String metric = m.path("metric").asText("");
    if (kind.equals("rate") && metric.isEmpty()) {
      throw new IllegalStateException(at + ": a rate measure needs the secondary metric it reads (metric)");
    }
    Map<String, String> change = change(m, at);
    String headline = m.path("headline").asText("");
    if (m.has("headline")) {
      Map<String, String> first = rows.get(0).params();
      if (headline.isBlank() || change.size() != 1 || !first.containsKey(change.keySet().iterator().next())) {
        throw new IllegalStateException(at + ": headline '" + headline + "' needs a name, a change of exactly one"
            + " param and that param in the first row (its baseline value); got change " + change + ", first row "
            + first);
      }
    }
    return new Measure(kind, text(m, "unit", at), text(m, "question", at), List.copyOf(rows), change,
        published(pub, low, high, at + " published"), metric, m.path("scale").asDouble(1),
        headline);
  }

  /**
   * The {@code published} object: its text and figure, the study's own band ({@code band_pct} with
   * {@code band_why}) and its caveat ({@code caveat.text} with {@code caveat.source}).
   *
   * @throws IllegalStateException naming {@code at} when a band has no reason, is not a number from 0
   *     up, or a caveat lacks its text or source
   */
  private static Published published(JsonNode pub, double low, double high, String at) {
    double band = Agreement.EQUIVALENCE_PCT;
    String why = "";
    if (pub.has("band_pct")) {
      JsonNode b = pub.path("band_pct");
      if (!b.isNumber() || b.asDouble() < 0) {
        throw new IllegalStateException(at + ": band_pct " + b + " is not a half-width in percent (a number from 0 up)");
      }
      band = b.asDouble();
      why = text(pub, "band_why", at + " (a study's own band needs its reason)");
    }
    String caveat = "";
    String caveatSource = "";
    if (pub.has("caveat")) {
      JsonNode c = pub.path("caveat");
      caveat = text(c, "text", at + " caveat");
      caveatSource = (c.hasNonNull("detail") ? c.path("detail").asText() + "; " : "") + "source: "
          + text(c, "source", at + " caveat");
    }
    return new Published(text(pub, "text", at), low, high, band, why, caveat, caveatSource);
  }

  /** The {@code change} of {@code n}: empty when absent; an empty object says nothing and is refused. */
  private static Map<String, String> change(JsonNode n, String at) {
    if (n.has("change") && n.path("change").isEmpty()) {
      throw new IllegalStateException(at + ": 'change' is empty; name the params that make the contender, or leave it out"
          + " for an absolute figure");
    }
    return fields(n.path("change"));
  }

  private static String text(JsonNode n, String field, String at) {
    JsonNode v = n.path(field);
    if (!v.isTextual() || v.asText().isBlank()) {
      throw new IllegalStateException(at + ": missing or empty field '" + field + "'");
    }
    return v.asText();
  }

  /** The fields of a JSON object as text, in order (empty for a missing node); unmodifiable. */
  static Map<String, String> fields(JsonNode n) {
    Map<String, String> m = new LinkedHashMap<>();
    if (n != null) {
      n.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
    }
    return Collections.unmodifiableMap(m);
  }
}
