package io.dbbench.report.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * Writes a {@link Doc} as one self-contained HTML page: inline CSS ({@code report.css}), inline
 * script ({@code report-sort.js}, {@code report-charts.js}; resources beside this class), no external
 * font, stylesheet, script or image, so the file can be mailed, archived as a CI artifact or
 * opened offline. Charts with a {@link Charts.Spec} are drawn interactively by Chart.js (hover for
 * values, click a legend entry to hide its series), whose UMD bundle is read from its WebJar on
 * the class path ({@code org.webjars.npm:chart.js}) and inlined once; their PNG stays in the page
 * as a fallback, shown when scripts are off. Sections marked {@link Doc.Section#collapsed} (the
 * run manifest) are folded in {@code <details>}.
 */
public final class HtmlReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static volatile String chartJs;

  private HtmlReport() {}

  /**
   * The Chart.js version bundled: the build's record ({@code io/dbbench/version.properties}, since
   * benchmarks.jar leaves the libraries' Maven descriptors out), else the WebJar's Maven properties.
   *
   * @throws IllegalStateException when neither names it (the WebJar is not on the class path)
   */
  public static String chartJsVersion() {
    String recorded = Version.property("chartjs");
    if (!recorded.equals("unknown")) {
      return recorded;
    }
    try (InputStream in = HtmlReport.class.getResourceAsStream("/META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("the Chart.js WebJar (org.webjars.npm:chart.js) is not on the class path");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether the Chart.js WebJar is on the class path. */
  static boolean chartJsAvailable() {
    try {
      return chartJs() != null;
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /** Chart.js's minified UMD bundle from the WebJar, read once. */
  static String chartJs() {
    String js = chartJs;
    if (js == null) {
      String path = "/META-INF/resources/webjars/chart.js/" + chartJsVersion() + "/dist/chart.umd.min.js";
      try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
        if (in == null) {
          throw new IllegalStateException(path + " is missing from the Chart.js WebJar");
        }
        js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      chartJs = js;
    }
    return js;
  }

  /** The HTML text. */
  public static String write(Doc doc) {
    StringBuilder sb = new StringBuilder(64 * 1024);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>").append(esc(doc.title)).append("</title><style>\n").append(resource("report.css"))
        .append("</style></head><body>\n<h1>").append(esc(doc.title)).append("</h1>\n");
    ids(doc);
    toc(sb, doc);
    // without the Chart.js WebJar on the class path (a trimmed jar) the charts stay PNG images
    boolean interactive = chartJsAvailable();
    boolean anySpec = interactive && doc.sections.stream().flatMap(s -> s.blocks.stream())
        .anyMatch(b -> b instanceof Doc.Chart c && c.spec() != null);
    int openDetails = -1;
    int chart = 0;
    for (Doc.Section s : doc.sections) {
      if (openDetails >= 0 && s.level <= openDetails) {
        sb.append("</details>\n");
        openDetails = -1;
      }
      if (s.collapsed && openDetails < 0) {
        sb.append("<details><summary>").append(esc(s.heading)).append(" (click to open)</summary>\n");
        openDetails = s.level;
      }
      sb.append("<h").append(s.level).append(s.id == null ? "" : " id=\"" + esc(s.id) + "\"").append('>')
          .append(esc(s.heading)).append("</h").append(s.level).append(">\n");
      for (Doc.Block b : s.blocks) {
        switch (b) {
          case Doc.Text t -> sb.append("<p>").append(esc(t.text())).append("</p>\n");
          case Doc.Table t -> {
            Doc.Folded f = t.folded();
            f.notes().forEach(n -> sb.append("<p class=\"fold\">").append(esc(n)).append("</p>\n"));
            table(sb, f.table());
          }
          case Doc.Chart c -> {
            String png = "data:image/png;base64," + Base64.getEncoder().encodeToString(c.png());
            if (c.spec() == null || !interactive) {
              sb.append("<figure><img class=\"chart\" alt=\"").append(esc(c.title())).append("\" src=\"")
                  .append(png).append("\"><figcaption>").append(esc(c.title())).append("</figcaption></figure>\n");
            } else {
              String id = "chart-" + chart++;
              sb.append("<figure><div class=\"chart\" style=\"height:").append(height(c.spec()))
                  .append("px\"><canvas id=\"").append(id).append("\" role=\"img\" aria-label=\"")
                  .append(esc(c.title())).append("\" data-name=\"").append(esc(c.name())).append("\"></canvas></div>")
                  .append("<script type=\"application/json\" class=\"chart-spec\" data-canvas=\"").append(id)
                  .append("\">").append(scriptSafe(json(c))).append("</script>")
                  .append("<noscript><img alt=\"").append(esc(c.title())).append("\" src=\"").append(png)
                  .append("\"></noscript><figcaption>").append(esc(c.title()))
                  .append(" (hover for values; click a legend entry to hide that series)</figcaption></figure>\n");
            }
          }
        }
      }
    }
    if (openDetails >= 0) {
      sb.append("</details>\n");
    }
    sb.append("<script>\n").append(resource("report-sort.js")).append("</script>\n");
    if (anySpec) {
      sb.append("<script>/* Chart.js ").append(chartJsVersion()).append(" (MIT License), from its WebJar */\n")
          .append(chartJs().replace("</script", "<\\/script")).append("\n</script>\n<script>\n")
          .append(resource("report-charts.js")).append("</script>\n");
    }
    return sb.append("</body></html>\n").toString();
  }

  /** CSS height of a chart's box, pixels: one row per label for horizontal bars. */
  static int height(Charts.Spec s) {
    return s.kind().equals("hbar")
        ? Math.max(220, 110 + s.labels().size() * Math.max(22, 10 * s.bars().size()) + 22 * ((s.bars().size() + 3) / 3))
        : 420;
  }

  /** The chart's data as the page's script reads it. */
  static String json(Doc.Chart c) {
    Charts.Spec s = c.spec();
    ObjectNode o = MAPPER.createObjectNode();
    o.put("kind", s.kind()).put("title", c.title()).put("valueTitle", s.valueTitle())
        .put("categoryTitle", s.categoryTitle()).put("logValue", s.logValue()).put("logCategory", s.logCategory());
    ArrayNode labels = o.putArray("labels");
    s.labels().forEach(labels::add);
    ArrayNode bars = o.putArray("bars");
    for (Charts.Bars b : s.bars()) {
      ObjectNode n = bars.addObject().put("name", b.name());
      if (b.color() != null) {
        n.put("color", b.color());
      }
      nums(n.putArray("values"), b.values());
      nums(n.putArray("low"), b.low());
      nums(n.putArray("high"), b.high());
      ArrayNode pts = n.putArray("points");
      b.points().forEach(p -> nums(pts.addArray(), p));
    }
    ArrayNode lines = o.putArray("lines");
    for (Charts.Series l : s.lines()) {
      ObjectNode n = lines.addObject().put("name", l.name());
      nums(n.putArray("x"), l.x());
      nums(n.putArray("y"), l.y());
    }
    try {
      return MAPPER.writeValueAsString(o);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * JSON made safe inside a {@code <script>} element: every {@code <} written as the JSON escape backslash-u003c, so
   * no value ({@code </script>}, {@code <!--<script>}, which would hide the rest of the page) can end
   * or change the element. JSON only has {@code <} inside strings, where the escape reads back the same
   * (the HTML standard's "restrictions for contents of script elements").
   */
  static String scriptSafe(String json) {
    return json.replace("<", "\\u003c");
  }

  private static void nums(ArrayNode a, List<Double> vs) {
    for (Double v : vs) {
      if (v == null || !Double.isFinite(v)) {
        a.addNull();
      } else {
        a.add(v);
      }
    }
  }

  /** Gives every level-2 section without an anchor one from its heading, unique in the page. */
  static void ids(Doc doc) {
    Set<String> used = new HashSet<>();
    doc.sections.stream().filter(s -> s.id != null).forEach(s -> used.add(s.id));
    for (Doc.Section s : doc.sections) {
      if (s.level == 2 && s.id == null) {
        String base = s.heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        base = base.isEmpty() ? "section" : base.length() > 40 ? base.substring(0, 40) : base;
        String id = base;
        for (int i = 2; !used.add(id); i++) {
          id = base + "-" + i;
        }
        s.id = id;
      }
    }
  }

  /** The sticky table of contents: one link per level-2 section, in page order. */
  static void toc(StringBuilder sb, Doc doc) {
    sb.append("<nav class=\"toc\" aria-label=\"contents\">");
    for (Doc.Section s : doc.sections) {
      if (s.level == 2 && s.id != null) {
        sb.append("<a href=\"#").append(esc(s.id)).append("\">").append(esc(s.heading)).append("</a>");
      }
    }
    sb.append("</nav>\n");
  }

  private static void table(StringBuilder sb, Doc.Table t) {
    sb.append("<div class=\"tw\"><table><thead><tr>");
    t.headers().forEach(h -> sb.append("<th>").append(esc(h)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    for (int i = 0; i < t.rows().size(); i++) {
      List<String> row = t.rows().get(i);
      sb.append(t.muted().contains(i) ? "<tr class=\"muted\">" : "<tr>");
      for (int j = 0; j < row.size(); j++) {
        Doc.Spark spark = Doc.Spark.parse(row.get(j));
        if (spark != null) {
          sb.append("<td class=\"spark\">").append(svg(spark)).append("</td>");
          continue;
        }
        String[] link = Doc.link(row.get(j));
        sb.append(t.numeric().get(j) ? "<td class=\"n\">" : "<td>")
            .append(link == null ? esc(row.get(j)) : "<a href=\"" + esc(link[0]) + "\">" + esc(link[1]) + "</a>")
            .append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n");
  }

  /** A sparkline's size in CSS pixels. */
  static final int SPARK_WIDTH = 150;
  static final int SPARK_HEIGHT = 28;

  /**
   * A sparkline as inline SVG, {@value #SPARK_WIDTH}x{@value #SPARK_HEIGHT} pixels, drawn without
   * script: the 95% intervals as a pale band (a point without one adds its estimate), the estimates
   * as a line with the newest as a dot, a dashed grey line before each point measured with changed
   * settings and a red line before each point that opens a new level (a change point). The scale is
   * linear from the lowest to the highest value drawn; the SVG's title says what it shows.
   */
  static String svg(Doc.Spark s) {
    int n = s.estimate().size();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      for (double v : new double[] {s.estimate().get(i), s.low().get(i), s.high().get(i)}) {
        if (Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (!(lo <= hi)) {
      lo = 0;
      hi = 1;
    }
    if (hi - lo < 1e-12 * Math.max(1, Math.abs(hi))) {
      lo -= 1;
      hi += 1;
    }
    double pad = 3;
    double w = SPARK_WIDTH - 2 * pad;
    double h = SPARK_HEIGHT - 2 * pad;
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = n == 1 ? SPARK_WIDTH / 2.0 : pad + w * i / (n - 1);
    }
    final double min = lo;
    final double range = hi - lo;
    java.util.function.DoubleUnaryOperator y = v -> pad + h * (1 - (v - min) / range);
    StringBuilder sb = new StringBuilder();
    sb.append("<svg class=\"spark\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(SPARK_WIDTH)
        .append("\" height=\"").append(SPARK_HEIGHT).append("\" viewBox=\"0 0 ").append(SPARK_WIDTH).append(' ')
        .append(SPARK_HEIGHT).append("\" role=\"img\" aria-label=\"").append(esc(s.label())).append("\"><title>")
        .append(esc(s.label())).append("</title>");
    StringBuilder band = new StringBuilder();
    for (int i = 0; i < n; i++) {
      double v = Double.isFinite(s.high().get(i)) ? s.high().get(i) : s.estimate().get(i);
      band.append(i == 0 ? "" : " ").append(f(xs[i])).append(',').append(f(y.applyAsDouble(v)));
    }
    for (int i = n - 1; i >= 0; i--) {
      double v = Double.isFinite(s.low().get(i)) ? s.low().get(i) : s.estimate().get(i);
      band.append(' ').append(f(xs[i])).append(',').append(f(y.applyAsDouble(v)));
    }
    sb.append("<polygon class=\"band\" fill=\"#cfe0f3\" stroke=\"none\" points=\"").append(band).append("\"/>");
    for (int i : s.settings()) {
      if (i > 0 && i < n) {
        double x = (xs[i - 1] + xs[i]) / 2;
        sb.append("<line class=\"settings\" x1=\"").append(f(x)).append("\" x2=\"").append(f(x))
            .append("\" y1=\"0\" y2=\"").append(SPARK_HEIGHT).append("\" stroke=\"#777\" stroke-dasharray=\"2,2\"/>");
      }
    }
    for (int i : s.steps()) {
      if (i > 0 && i < n) {
        double x = (xs[i - 1] + xs[i]) / 2;
        sb.append("<line class=\"step\" x1=\"").append(f(x)).append("\" x2=\"").append(f(x))
            .append("\" y1=\"0\" y2=\"").append(SPARK_HEIGHT).append("\" stroke=\"#d62728\"/>");
      }
    }
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < n; i++) {
      if (Double.isFinite(s.estimate().get(i))) {
        line.append(line.isEmpty() ? "" : " ").append(f(xs[i])).append(',').append(f(y.applyAsDouble(s.estimate().get(i))));
      }
    }
    sb.append("<polyline class=\"estimate\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"")
        .append(line).append("\"/>");
    if (Double.isFinite(s.estimate().get(n - 1))) {
      sb.append("<circle cx=\"").append(f(xs[n - 1])).append("\" cy=\"")
          .append(f(y.applyAsDouble(s.estimate().get(n - 1)))).append("\" r=\"2.2\" fill=\"#1f77b4\"/>");
    }
    return sb.append("</svg>").toString();
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static final java.util.concurrent.ConcurrentHashMap<String, String> RESOURCES =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * A text resource beside this class ({@code report.css}, {@code report-sort.js},
   * {@code report-charts.js}), read once.
   *
   * @throws IllegalStateException when the jar lacks it (a packaging error)
   */
  static String resource(String name) {
    return RESOURCES.computeIfAbsent(name, n -> {
      try (java.io.InputStream in = HtmlReport.class.getResourceAsStream(n)) {
        if (in == null) {
          throw new IllegalStateException("resource " + n + " is missing beside " + HtmlReport.class.getName());
        }
        return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read resource " + n, e);
      }
    });
  }

  /** HTML-escapes text for element content and attribute values. */
  static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
