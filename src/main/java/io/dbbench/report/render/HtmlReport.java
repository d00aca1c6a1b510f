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
 * Writes a {@link Doc} as one self-contained HTML page: inline CSS, inline script, no external
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
        .append("<title>").append(esc(doc.title)).append("</title><style>")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1400px;padding:0 1em;color:#222}")
        .append("table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}")
        .append("th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}")
        .append("td{overflow-wrap:anywhere}.tw{overflow-x:auto;max-width:100%}")
        .append("th{cursor:pointer;position:relative}th[aria-sort=ascending]::after{content:' \\25B2'}")
        .append("th[aria-sort=descending]::after{content:' \\25BC'}p.fold{font-size:.9em;color:#444}")
        .append("nav.toc{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #ddd;")
        .append("padding:.4em 0;font-size:.85em;display:flex;flex-wrap:wrap;gap:.2em 1.1em}nav.toc a{white-space:nowrap}")
        .append("h2,h3,details,figure,canvas{scroll-margin-top:5em}#findings~.tw table{width:100%}")
        .append("th{background:#f2f2f2}td.n{text-align:right;font-variant-numeric:tabular-nums}")
        .append("tr.muted td{color:#999}figure{margin:1em 0}figcaption{font-size:.85em;color:#555}")
        .append("img{max-width:100%;height:auto;border:1px solid #eee}")
        .append(".chart{position:relative;width:100%;border:1px solid #eee}")
        // a chart drawn only as a PNG keeps its own size (up to the page's width)
        .append("img.chart{width:auto;max-width:100%}")
        .append("#findings~.tw td{min-width:6em}")
        .append("details{margin:1em 0}summary{cursor:pointer;font-weight:600;font-size:1.2em}")
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
                  .append("\">").append(json(c).replace("</", "<\\/")).append("</script>")
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
    sb.append("<script>\n").append(SORT).append("</script>\n");
    if (anySpec) {
      sb.append("<script>/* Chart.js ").append(chartJsVersion()).append(" (MIT License), from its WebJar */\n")
          .append(chartJs().replace("</script", "<\\/script")).append("\n</script>\n<script>\n").append(DRAW)
          .append("</script>\n");
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

  private static void nums(ArrayNode a, List<Double> vs) {
    for (Double v : vs) {
      if (v == null || !Double.isFinite(v)) {
        a.addNull();
      } else {
        a.add(v);
      }
    }
  }

  /**
   * Builds each chart from its JSON: horizontal bars (names on the y axis, interval as a thin
   * black floating bar, per-fork means as dots) or xy lines; log axes as the spec says; axis
   * titles always shown.
   */
  private static final String DRAW = """
      (function () {
        var palette = ['#1f77b4','#ff7f0e','#2ca02c','#d62728','#9467bd','#8c564b','#e377c2','#7f7f7f','#bcbd22','#17becf'];
        // log axes label only 1, 2 and 5 times a power of ten, so labels never crowd
        function logTick(v) {
          var e = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
          var m = Math.round(v / e * 1000) / 1000;
          return m === 1 || m === 2 || m === 5 ? Number(v).toLocaleString('en-US') : '';
        }
        // linear axes start at zero (a 40.7-41.5 axis makes 1.7% look steep); integer data gets integer ticks
        function axis(title, log, values) {
          var a = {type: log ? 'logarithmic' : 'linear', title: {display: true, text: title}};
          if (log) { a.ticks = {callback: logTick, autoSkip: true, maxRotation: 0}; }
          else {
            a.beginAtZero = true;
            var finite = (values || []).filter(function (v) { return v !== null && isFinite(v); });
            if (finite.length && finite.every(function (v) { return Math.abs(v - Math.round(v)) < 1e-9; })) {
              a.ticks = {precision: 0};
            }
          }
          return a;
        }
        document.querySelectorAll('script.chart-spec').forEach(function (el) {
          var s = JSON.parse(el.textContent);
          var canvas = document.getElementById(el.dataset.canvas);
          var ds = [];
          var cfg;
          if (s.kind === 'hbar') {
            // rows whose value lies in one series only (verdict colours) draw that bar full width
            var single = s.labels.every(function (l, j) {
              return s.bars.filter(function (b) { return b.values[j] !== null; }).length <= 1;
            });
            s.bars.forEach(function (b, i) {
              ds.push({type: 'bar', label: b.name, data: b.values, backgroundColor: b.color || palette[i % palette.length],
                       grouped: !single, order: 3});
            });
            var ci = [], pts = [];
            s.bars.forEach(function (b) {
              b.low.forEach(function (lo, j) {
                if (lo !== null && b.high[j] !== null) { ci.push({y: s.labels[j], x: [lo, b.high[j]]}); }
              });
              b.points.forEach(function (ps, j) { ps.forEach(function (p) { if (p !== null) { pts.push({y: s.labels[j], x: p}); } }); });
            });
            if (ci.length) {
              ds.push({type: 'bar', label: '95% interval', data: ci, backgroundColor: '#000', barPercentage: 0.12,
                       grouped: false, order: 2});
            }
            if (pts.length) {
              ds.push({type: 'scatter', label: 'per-fork means', data: pts, backgroundColor: 'rgba(0,0,0,.6)',
                       pointRadius: 3, order: 1});
            }
            var x = axis(s.valueTitle, s.logValue);
            cfg = {data: {labels: s.labels, datasets: ds}, options: {indexAxis: 'y', maintainAspectRatio: false,
                   animation: false, scales: {x: x, y: {type: 'category', title: {display: true, text: s.categoryTitle},
                   ticks: {autoSkip: false}}}, plugins: {legend: {position: 'top'}}}};
          } else {
            s.lines.forEach(function (l, i) {
              var pts = [];
              l.x.forEach(function (x, j) { if (x !== null && l.y[j] !== null) { pts.push({x: x, y: l.y[j]}); } });
              ds.push({type: 'line', label: l.name, data: pts, borderColor: palette[i % palette.length],
                       backgroundColor: palette[i % palette.length], showLine: true, pointRadius: 3});
            });
            var xs = [];
            s.lines.forEach(function (l) { xs = xs.concat(l.x); });
            cfg = {type: 'scatter', data: {datasets: ds}, options: {maintainAspectRatio: false, animation: false,
                   scales: {x: axis(s.categoryTitle, s.logCategory, xs), y: axis(s.valueTitle, s.logValue)},
                   plugins: {legend: {position: 'bottom'}}}};
          }
          cfg.type = cfg.type || 'bar';
          canvas.chart = new Chart(canvas, cfg);
        });
      })();
      """;

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

  /**
   * Sorts a table by the column whose header is clicked (again: the other way): numbers by value
   * (a cell's first number, thousands separators and units ignored), other text alphabetically,
   * empty cells last.
   */
  private static final String SORT = """
      (function () {
        function key(td) {
          var t = (td ? td.textContent : '').trim();
          var m = t.replace(/,/g, '').match(/[-+]?\\d*\\.?\\d+(e[-+]?\\d+)?/i);
          return {empty: t === '', num: m ? parseFloat(m[0]) : NaN, text: t.toLowerCase()};
        }
        document.querySelectorAll('table').forEach(function (table) {
          table.querySelectorAll('thead th').forEach(function (th, col) {
            th.title = 'sort by this column';
            th.addEventListener('click', function () {
              var asc = th.getAttribute('aria-sort') !== 'ascending';
              table.querySelectorAll('thead th').forEach(function (o) { o.removeAttribute('aria-sort'); });
              th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
              var body = table.tBodies[0];
              var rows = Array.prototype.slice.call(body.rows);
              var numeric = rows.every(function (r) { var k = key(r.cells[col]); return k.empty || !isNaN(k.num); });
              rows.sort(function (a, b) {
                var x = key(a.cells[col]), y = key(b.cells[col]);
                if (x.empty !== y.empty) { return x.empty ? 1 : -1; }
                var c = numeric ? x.num - y.num : x.text.localeCompare(y.text);
                return asc ? c : -c;
              });
              rows.forEach(function (r) { body.appendChild(r); });
            });
          });
        });
      })();
      """;

  private static void table(StringBuilder sb, Doc.Table t) {
    sb.append("<div class=\"tw\"><table><thead><tr>");
    t.headers().forEach(h -> sb.append("<th>").append(esc(h)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    for (int i = 0; i < t.rows().size(); i++) {
      List<String> row = t.rows().get(i);
      sb.append(t.muted().contains(i) ? "<tr class=\"muted\">" : "<tr>");
      for (int j = 0; j < row.size(); j++) {
        String[] link = Doc.link(row.get(j));
        sb.append(t.numeric().get(j) ? "<td class=\"n\">" : "<td>")
            .append(link == null ? esc(row.get(j)) : "<a href=\"" + esc(link[0]) + "\">" + esc(link[1]) + "</a>")
            .append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n");
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
