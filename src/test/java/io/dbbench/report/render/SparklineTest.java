package io.dbbench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Sparkline cells and same-page anchor links: through a table cell into HTML (inline SVG) and Markdown (text). */
class SparklineTest {
  private static final Doc.Spark SPARK = new Doc.Spark(List.of(1.0, 1.1, 12.0, 12.5), List.of(0.9, Double.NaN, 11.0, 12.0),
      List.of(1.1, Double.NaN, 13.0, 13.0), List.of(3), List.of(2), "4 runs | 1.00x to 12.5x <b>");

  @Test
  void aSparkCellReadsBackAsTheSameSeries() {
    assertEquals(SPARK, Doc.Spark.parse(SPARK.cell()));
    assertNull(Doc.Spark.parse("spark:1,2"), "a cell that does not parse is plain text");
    assertNull(Doc.Spark.parse("1.0"));
    assertThrows(IllegalArgumentException.class, () -> new Doc.Spark(List.of(), List.of(), List.of(), List.of(),
        List.of(), ""));
  }

  @Test
  void htmlDrawsItAsInlineSvgWithItsBandLineAndMarks() {
    Doc doc = new Doc("t");
    doc.section(2, "s").add(new Doc.TableBuilder().col("series").col("finding")
        .row(List.of(SPARK.cell(), Doc.anchorLink("s-x", "x -> y"))).build());
    doc.section(3, "x").id = "s-x";
    String html = HtmlReport.write(doc);
    int at = html.indexOf("<svg class=\"spark\"");
    assertTrue(at > 0, html);
    String svg = html.substring(at, html.indexOf("</svg>", at));
    assertTrue(svg.contains("<title>4 runs | 1.00x to 12.5x &lt;b&gt;</title>"), "the label, escaped: " + svg);
    assertEquals(4, points(svg, "polyline").length, "one estimate per run");
    assertEquals(8, points(svg, "polygon").length, "the band: up the highs, back down the lows");
    // marks sit halfway between the run before and the run after: settings before run 3, a step before run 4
    double[] xs = java.util.Arrays.stream(points(svg, "polyline")).mapToDouble(p -> Double.parseDouble(p.split(",")[0]))
        .toArray();
    assertTrue(svg.contains("class=\"settings\" x1=\"" + String.format(java.util.Locale.ROOT, "%.1f", (xs[1] + xs[2]) / 2)),
        svg);
    assertTrue(svg.contains("class=\"step\" x1=\"" + String.format(java.util.Locale.ROOT, "%.1f", (xs[2] + xs[3]) / 2)),
        svg);
    assertTrue(html.contains("<td><a href=\"#s-x\">x -&gt; y</a></td>"), "a same-page link");
    assertTrue(!html.contains("spark:"), "no raw cell left");
  }

  @Test
  void markdownWritesItAsBlocksAndGivesTheLinkedSectionItsAnchor() throws Exception {
    Doc doc = new Doc("t");
    doc.section(2, "s").add(new Doc.TableBuilder().col("series").col("finding")
        .row(List.of(SPARK.cell(), Doc.anchorLink("s-x", "x"))).build());
    doc.section(3, "x").id = "s-x";
    doc.section(3, "not linked").id = "s-y";
    String md = MarkdownReport.write(doc, null);
    assertTrue(md.contains("| \u2581\u2581\u00a6\u2588\u2588 | [x](#s-x) |"), md);
    assertTrue(md.contains("<a id=\"s-x\"></a>\n\n### x"), md);
    assertTrue(!md.contains("<a id=\"s-y\">"), "only linked sections carry an anchor: " + md);
    assertThrows(IllegalArgumentException.class, () -> Doc.anchorLink("S X", "x"));
  }

  private static String[] points(String svg, String element) {
    Matcher m = Pattern.compile("<" + element + "[^>]* points=\"([^\"]*)\"").matcher(svg);
    assertTrue(m.find(), element + " in " + svg);
    return m.group(1).split(" ");
  }
}
