package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.render.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code render} over the handmade study fixture {@code report/studies/}: every study form with
 * values computed by hand from the fixture, the manifest with credentials redacted, and a
 * self-contained HTML page.
 */
class RenderTest {
  static final Path STUDIES = Path.of("src/test/resources/report/studies");

  @TempDir
  Path tmp;

  static void copyDir(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : s.toList()) {
        Files.copy(p, to.resolve(p.getFileName()));
      }
    }
  }

  Path rendered() throws IOException {
    Path run = tmp.resolve("results/20261122T030000Z");
    copyDir(STUDIES, run);
    assertEquals(run.resolve("report.md"), Report.render(run));
    return run;
  }

  @Test
  void hdbinsertForm() throws Exception {
    String md = Files.readString(rendered().resolve("report.md"));
    // 10x100 copy seq shots 0.10 0.12 0.11 0.09: avg 0.105, max 0.12, median 0.105, min 0.09; 1000 rows / 0.105 s
    assertTrue(md.contains("| 10x100 | copy | seq | 4 | 0.1050 | 0.1200 | 0.1050 | 0.09000 | 9,524 |  |  |"), md);
    // bulk seq avg 0.20: 5000 rows/s, 0.20 / 0.105 = 1.90x copy; bulk par avg 0.10: speed-up 0.20 / 0.10
    assertTrue(md.contains("| 10x100 | bulk | seq | 4 | 0.2000 | 0.2200 | 0.2000 | 0.1800 | 5,000 |  | 1.90x |"), md);
    assertTrue(md.contains("| 10x100 | bulk | par | 4 | 0.1000 | 0.1000 | 0.1000 | 0.1000 | 10,000 | 2.00x |  |"), md);
    assertTrue(md.contains("| 10x1000 | bulk | seq | 2 | 1.100 | 1.200 | 1.100 | 1.000 | 9,091 |  | 2.20x |"), md);
    // rowByRow is its own class; its ratio to copy (another class) is 0.42 / 0.105
    assertTrue(md.contains("| GomessageRowByRowBenchmark.insert | 10x100 | rowByRow | seq | 2 | 0.4200 | 0.4200 | 0.4200 | 0.4200 | 2,381 |  | 4.00x |"), md);
  }

  @Test
  void criterionFormAndProviderComparison() throws Exception {
    String md = Files.readString(rendered().resolve("report.md"));
    // level 1: 1000 ops/s = 1 ms, bytes 5e8/s = 500 MB/s, 1e6 / 2.5e5 = 4
    assertTrue(md.contains("| GraphjCodecBenchmark.compress | text | 1 |  | 1.000 ms | 500.0 MB/s | 4.000 | 64.000 |"), md);
    assertTrue(md.contains("| GraphjCodecBenchmark.compress | text | 3 |  | 2.000 ms | 2.500 GB/s | 5.000 |  |"), md);
    // bc 1e6 ops/s = 1000 ns/op reference; jdk 2e6 ops/s = 500 ns/op (-50%), B/op 48 -> 96 (+100%);
    // one fork each (3 iterations): the exact test over forks cannot judge it; the delta alone, in grey
    assertTrue(md.contains("| bc (reference) | 1,000 |  |  |  | 48.000 |  | reference (1 fork) |"), md);
    assertTrue(md.contains("| *jdk* | *500.0* | *-50.00%* | *-* | *-* | *96.000* | *+100.00%* | *-* |"), md);
    assertTrue(md.contains("charts/graphj-mbs-level.png") && md.contains("charts/graphj-ratio-level.png"), md);
  }

  @Test
  void aOneForkVariantTableSaysOnceAboveItWhyItsRowsHaveNoVerdict() throws Exception {
    String md = Files.readString(rendered().resolve("report.md"));
    int row = md.indexOf("| *jdk* | *500.0* |");
    assertTrue(row > 0, md);
    // the table's subsection: from its level-4 heading to the next heading
    int start = md.lastIndexOf("\n#### ", row);
    int end = md.indexOf("\n#", row);
    String table = md.substring(start, end < 0 ? md.length() : end);
    // VariantTable's note for rows of one fork per side
    String note = "Rows with 1 fork per side: no interval, MDE or significance ('-'), the delta is the point"
        + " estimate alone; the exact test over forks needs 4 forks per side.";
    assertEquals(1, table.split(Pattern.quote(note), -1).length - 1, table);
    assertTrue(table.indexOf(note) < table.indexOf("| provider |"), "the note stands above the table: " + table);
    assertFalse(table.contains("n/a"), table);
  }

  @Test
  void graphAndPayloadForms() throws Exception {
    String md = Files.readString(rendered().resolve("report.md"));
    assertTrue(md.contains("| KuzuWriteBenchmark.writeBatch | off | 100 | 10,000 | 10.000 ms |"), md);
    // journal on vs off with one fork each cannot reach p <= 0.05: the delta alone, in grey
    assertTrue(md.contains("| *on* | *20,000,000* | *+100.00%* | *-* | *-* |"), md);
    // avgt 2 ms/op, 1 thread: 500 requests/s; ok 99 failed 1; search thrpt 400 ops/s over 2 threads: 5 ms per request
    // allocs/op: JMH's gc profiler counts bytes, not objects
    // the server warm-up column is empty for rows recorded before there was one
    // allocs/op and the server warm-up are empty for rows recorded before the allocation pass and the warm-up
    assertTrue(md.contains("| PayloadServiceBenchmark | insert | flat | none | 2.000 ms | 500.0 | 1,024 |  | 99.00% |  |  | mongo-java-server (stand-in, not MongoDB) |"), md);
    assertTrue(md.contains("| PayloadServiceBenchmark | search | reqmgr2 | id | 5.000 ms | 400.0 |  |  | 100.00% |"), md);
    // the open-loop file without an .hlog (recorded before there was one) leaves the link empty, and one
    // recorded before unsent slots were counted says so rather than claiming the rate was sustained
    assertTrue(md.contains("| 200.0 | 2000 | 1998 | 2 | 3 |  | not counted | 850.0 | 1,200 | 2,500 | 5,200 | 9,100 |  |"), md);
  }

  @Test
  void manifestAtTheTopWithCredentialsRedacted() throws Exception {
    Path run = rendered();
    String md = Files.readString(run.resolve("report.md"));
    String html = Files.readString(run.resolve("report.html"));
    assertTrue(md.startsWith("# dbbench report: 20261122T030000Z\n\n## Findings\n"), "findings first");
    assertTrue(md.indexOf("## Run manifest") > md.indexOf("## All results by class"), "manifest last");
    assertTrue(html.indexOf("<details><summary>Run manifest") > 0, "manifest folded in HTML");
    assertTrue(md.contains("| git commit | 61f6610abc |"), md);
    assertTrue(md.contains("| graphj | seed | 42 |"), md);
    assertTrue(md.contains("| GomessageInsertBenchmark | ss | 2 | 1 × 200 ms | 2 × 200 ms | 1 |"), md);
    assertTrue(md.contains("| arango | skipped |"), md);
    for (String secret : new String[] {"hunter2", "s3cret"}) {
      assertFalse(md.contains(secret), secret + " leaked into report.md");
      assertFalse(html.contains(secret), secret + " leaked into report.html");
    }
  }

  @Test
  void htmlIsSelfContainedWithEveryChartInline() throws Exception {
    Path run = rendered();
    String html = Files.readString(run.resolve("report.html"));
    long pngFiles;
    try (Stream<Path> s = Files.list(run.resolve("charts"))) {
      pngFiles = s.filter(p -> p.toString().endsWith(".png")).count();
    }
    assertEquals(7, pngFiles, "mbs/ratio vs level, provider change, gomessage, graph writes, journal change, percentiles");
    // each chart twice in the page: a Chart.js canvas with its data, and its PNG for readers without scripts
    Matcher m = Pattern.compile("<img [^>]*src=\"data:image/png;base64,[A-Za-z0-9+/=]+\"").matcher(html);
    long imgs = m.results().count();
    assertEquals(pngFiles, imgs);
    // charts Chart.js cannot draw (the findings' forest plot) are their PNG alone
    long pngOnly = Pattern.compile("<figure><img class=\"chart\"").matcher(html).results().count();
    assertEquals(pngFiles, pngOnly + Pattern.compile("<canvas id=\"chart-\\d+\"").matcher(html).results().count());
    assertEquals(pngFiles, pngOnly + Pattern.compile("<script type=\"application/json\" class=\"chart-spec\"")
        .matcher(html).results().count());
    assertFalse(Pattern.compile("<script[^>]* src=").matcher(html).find(), "every script inline");
    assertTrue(html.contains("/* Chart.js " + HtmlReport.chartJsVersion()), "Chart.js inlined");
    assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "no external resource");
    assertFalse(html.contains("(no chart"), "every chart was drawn");
  }

  @Test
  void secondRunIsComparedWithThePreviousOne() throws Exception {
    Path first = rendered();
    Path second = first.resolveSibling("20261122T040000Z");
    copyDir(STUDIES, second);
    Report.render(second);
    String md = Files.readString(second.resolve("report.md"));
    assertTrue(md.contains("## Changes against the previous run in results"), md);
    // identical data from one fork per row: no verdicts, so no change chart, and the rows are
    // folded per family
    assertTrue(md.contains("0 faster, 0 slower"), md);
    assertFalse(md.contains("charts/changes-score.png"), md);
    assertTrue(md.contains("No row has a verdict"), md);
    assertTrue(Pattern.compile("#### \\w+: \\d+ rows? without a verdict").matcher(md).find(), md);
  }
}
