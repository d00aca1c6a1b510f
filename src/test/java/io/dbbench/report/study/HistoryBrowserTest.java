package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.HeadlessChromium;
import io.dbbench.report.stats.EDivisive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Opens the history of the committed runs ({@code results/}, built afresh into a temp directory,
 * without git) in real headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * never a downloaded browser) with a 1400x900 viewport, as a new reader would: the first screen holds
 * the headline table, one row per series, each with its sparkline; every chart of the page is one
 * click from that table (its section's anchor); the change points are a table, one per row, newest
 * first; no paragraph is longer than 400 characters; every chart is drawn and the console has no
 * error. Saves {@code target/history-first-screen-1400x900.png}. Skipped, with the reason shown,
 * when the packages are not installed.
 */
class HistoryBrowserTest {
  /** The longest paragraph a reader is asked to take in, characters. */
  static final int MAX_PARAGRAPH = 400;

  @TempDir
  Path tmp;

  @Test
  void theFirstScreenHoldsTheFindingsWithSparklinesAndEveryChartIsOneClickAway() throws Exception {
    HeadlessChromium.assumeInstalled();
    History.Document h = History.build(Path.of("results"), null, EDivisive.DEFAULT);
    History.write(tmp, h);
    long steps = h.series().stream().mapToLong(s -> s.changePoints().size()).sum();
    assertTrue(steps > 0, "the committed runs have change points");

    ChromeDriverService service = HeadlessChromium.driverService();
    ChromeDriver driver = new ChromeDriver(service, HeadlessChromium.options(tmp.resolve("chromium-profile")));
    try {
      driver.manage().window().setSize(new Dimension(1400, 900));
      driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
      driver.get(tmp.resolve(History.HTML).toUri().toString());
      JavascriptExecutor js = driver;
      // a 1400x900 screen is the page's viewport: grow the window by its own frame
      Number frame = (Number) js.executeScript("return window.outerHeight - window.innerHeight;");
      driver.manage().window().setSize(new Dimension(1400, 900 + frame.intValue()));
      js.executeScript("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));");
      Files.createDirectories(Path.of("target"));
      Files.write(Path.of("target/history-first-screen-1400x900.png"), driver.getScreenshotAs(OutputType.BYTES));

      // the first section is the headline table, one row per series with its sparkline, all on the first screen
      assertEquals("headline-findings", js.executeScript("return document.querySelector('h2').id;"));
      @SuppressWarnings("unchecked")
      Map<String, Object> screen = (Map<String, Object>) js.executeScript(
          "const t = document.querySelector('#headline-findings ~ .tw table');"
              + " const rows = Array.from(t.tBodies[0].rows);"
              + " const sparks = rows.map(r => r.querySelector('svg.spark'));"
              + " return {rows: rows.length, top: t.getBoundingClientRect().top, bottom: t.getBoundingClientRect().bottom,"
              + " sparks: sparks.filter(s => s && s.querySelector('polyline').getAttribute('points').split(' ').length"
              + " === Number(s.closest('tr').cells[3].textContent)).length,"
              + " sparksBottom: Math.max(...sparks.map(s => s ? s.getBoundingClientRect().bottom : 1e9)),"
              + " view: window.innerHeight, width: window.innerWidth};");
      assertEquals(1400L, ((Number) screen.get("width")).longValue(), screen.toString());
      assertEquals(h.series().size(), ((Number) screen.get("rows")).intValue(), "one row per series: " + screen);
      assertEquals(h.series().size(), ((Number) screen.get("sparks")).intValue(),
          "each row's sparkline draws one point per run: " + screen);
      double view = ((Number) screen.get("view")).doubleValue();
      assertTrue(((Number) screen.get("bottom")).doubleValue() <= view, "the whole table on the first screen: " + screen);
      assertTrue(((Number) screen.get("sparksBottom")).doubleValue() <= view, "every sparkline on it: " + screen);

      // every chart is one click from the table: its section's anchor is a link of the table, and the
      // table links nothing else
      @SuppressWarnings("unchecked")
      List<String> links = (List<String>) js.executeScript(
          "return Array.from(document.querySelectorAll('#headline-findings ~ .tw table a')).filter(a =>"
              + " a.closest('table') === document.querySelector('#headline-findings ~ .tw table'))"
              + ".map(a => a.getAttribute('href'));");
      @SuppressWarnings("unchecked")
      List<String> chartSections = (List<String>) js.executeScript(
          "return Array.from(document.querySelectorAll('figure')).map(f => { let e = f;"
              + " while (e && e.tagName !== 'H3') { e = e.previousElementSibling; } return e ? '#' + e.id : 'none'; });");
      assertEquals(h.series().size(), chartSections.size(), "one chart per series: " + chartSections);
      assertEquals(new TreeSet<>(chartSections), new TreeSet<>(links), "each chart's section linked from the table");
      assertEquals(links.size(), new TreeSet<>(links).size(), "one link per row");
      // following a link brings its chart's heading to the top of the screen
      js.executeScript("document.querySelector('#headline-findings ~ .tw table a[href=\"" + links.get(links.size() - 1)
          + "\"]').click();");
      Number headingTop = (Number) js.executeScript("return document.getElementById(location.hash.slice(1))"
          + ".getBoundingClientRect().top;");
      assertTrue(headingTop.doubleValue() >= 0 && headingTop.doubleValue() < 200, "the chart's heading on screen at "
          + headingTop);

      // the change points are a table, one per row, newest first, and no paragraph says them
      @SuppressWarnings("unchecked")
      Map<String, Object> cps = (Map<String, Object>) js.executeScript(
          "let e = document.getElementById('change-points').nextElementSibling; const tables = [];"
              + " while (e && e.tagName !== 'H2') { if (e.querySelector('table')) { tables.push(e.querySelector('table')); }"
              + " e = e.nextElementSibling; }"
              + " const firsts = tables.length ? Array.from(tables[0].tBodies[0].rows).map(r => r.cells[0].textContent) : [];"
              + " return {tables: tables.length, rows: firsts.length,"
              + " newestFirst: firsts.every((x, i) => i === 0 || firsts[i - 1].slice(0, 16) >= x.slice(0, 16))};");
      assertEquals(1L, ((Number) cps.get("tables")).longValue(), cps.toString());
      assertEquals(steps, ((Number) cps.get("rows")).longValue(), "one row per change point: " + cps);
      assertEquals(Boolean.TRUE, cps.get("newestFirst"), cps.toString());

      // no paragraph longer than a few lines
      @SuppressWarnings("unchecked")
      List<String> longest = (List<String>) js.executeScript("return Array.from(document.querySelectorAll('p'))"
          + ".map(p => p.textContent).filter(t => t.length > " + MAX_PARAGRAPH + ");");
      assertEquals(List.of(), longest, "paragraphs over " + MAX_PARAGRAPH + " characters");

      // every chart drawn, no console error
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> charts = (List<Map<String, Object>>) js.executeScript(
          "return Array.from(document.querySelectorAll('canvas')).map(c => ({name: c.dataset.name, chart: !!c.chart,"
              + " points: c.chart ? c.chart.data.datasets.reduce((n, ds) => n + ds.data.length, 0) : 0}));");
      assertEquals(h.series().size(), charts.size(), charts.toString());
      for (Map<String, Object> c : charts) {
        assertEquals(Boolean.TRUE, c.get("chart"), "not drawn: " + c);
        assertTrue(((Number) c.get("points")).intValue() > 0, "no data: " + c);
      }
      List<LogEntry> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
          .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
      assertEquals(List.of(), errors, "console errors");
    } finally {
      driver.quit();
      service.stop();
    }
  }
}
