package io.dbbench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.stats.Limit;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LimitsSection}: one table, one note for the rows without an interval, a line when empty. */
class LimitsSectionTest {
  @TempDir
  Path dir;

  @Test
  void rowsWithoutIntervalAreExplainedOnceAboveTheTable() throws Exception {
    Doc doc = new Doc("t");
    LimitsSection.appendTo(doc, 2, List.of(
        new Limit("zstd", "decompress", "zstd -b3", 7.7e-6, 4.27e-6, 1.80, 1.71, 1.90, 6, 0),
        new Limit("JDBC load", "arrayBind", "copy", 0.3523, 0.0989, 3.56, Double.NaN, Double.NaN, 1, 6)));
    Doc.Section s = doc.sections.get(0);
    assertEquals(LimitsSection.HEADING, s.heading);
    List<String> texts = s.blocks.stream().filter(b -> b instanceof Doc.Text).map(b -> ((Doc.Text) b).text()).toList();
    assertEquals(1, texts.stream().filter(t -> t.contains("an interval needs more forks")).count(), texts.toString());
    assertTrue(texts.get(1).startsWith("1 of 2 rows have no interval"), texts.get(1));
    Doc.Table t = s.blocks.stream().filter(b -> b instanceof Doc.Table).map(b -> (Doc.Table) b).findFirst().orElseThrow();
    assertEquals(List.of("zstd", "decompress", "zstd -b3", "7.700 µs", "4.270 µs", "1.80", "[1.71, 1.90]", "6"),
        t.rows().get(0));
    assertEquals("", t.rows().get(1).get(6), "no per-cell n/a");
    assertEquals("1+6", t.rows().get(1).get(7));
    String md = MarkdownReport.write(doc, dir);
    assertTrue(md.contains("## At the machine's limit") && md.contains("| JDBC load | arrayBind | copy |"), md);
    String html = HtmlReport.write(doc);
    assertTrue(html.contains("At the machine&#39;s limit") || html.contains("At the machine's limit"), "heading in HTML");
    assertTrue(html.contains("[1.71, 1.90]"), "interval in HTML");
  }

  @Test
  void aRunWithoutReferencesSaysSoInOneLine() {
    Doc doc = new Doc("t");
    LimitsSection.appendTo(doc, 2, List.of());
    assertEquals(1, doc.sections.get(0).blocks.size());
    assertTrue(((Doc.Text) doc.sections.get(0).blocks.get(0)).text().startsWith("No path of this run"));
  }
}
