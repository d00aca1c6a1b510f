package io.dbbench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.HeadlessChromium;
import io.dbbench.report.Report;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Finding;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.StudyTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Opens the committed quick run's {@code report.html} (rendered afresh from
 * {@code results/20261122T043318Z} and the run before it, so the comparison chart is in it) in
 * real headless Chromium (Debian's {@code chromium} and {@code chromium-driver} packages, never a
 * downloaded browser), 1400 pixels wide, as a reader would: the findings table is the first
 * section with one row per finding of every study that ran; the browser console has no error; every interactive
 * chart was drawn (a Chart.js instance with data and non-blank pixels); the manifest is folded; a
 * sticky table of contents links every section; a header click sorts its table; rows without a
 * verdict are folded one line per family; at 900 pixels nothing scrolls the page sideways and the
 * findings' agreement and backend columns are on screen.
 * Saves {@code target/report-first-screen.png}, {@code target/report-full-page.png} (up to 16,000
 * pixels) and every chart as {@code target/report-charts/<name>.png} for review.
 * Skipped, with the reason shown, when the packages are not installed.
 */
class HtmlReportBrowserTest {
  @TempDir
  Path tmp;

  @Test
  void reportOpensOnItsFindingsAndEveryChartDraws() throws Exception {
    HeadlessChromium.assumeInstalled();
    Path before = tmp.resolve("20261122T041608Z");
    Path run = tmp.resolve("20261122T043318Z");
    for (Path p : List.of(before, run)) {
      Files.createDirectories(p);
      try (var files = Files.list(Path.of("results").resolve(p.getFileName()))) {
        for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
          Files.copy(f, p.resolve(f.getFileName()));
        }
      }
    }
    Report.render(run);
    Path html = run.resolve("report.html");
    List<Finding> findings = Findings.of(Run.load(run));
    long findingRows = findings.size();
    Set<String> studies = new TreeSet<>();
    findings.forEach(f -> studies.add(f.studyId()));

    ChromeDriverService service = HeadlessChromium.driverService();
    ChromeDriver driver = new ChromeDriver(service, HeadlessChromium.options(tmp.resolve("chromium-profile")));
    try {
      driver.manage().window().setSize(new Dimension(1400, 1000));
      driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
      driver.get(html.toUri().toString());
      JavascriptExecutor js = driver;
      assertTrue(driver.getTitle().startsWith("dbbench report"), driver.getTitle());

      // the first section is the findings, one row per finding of every study present
      assertEquals("findings", js.executeScript("return document.querySelector('h2').id;"));
      Number rows = (Number) js.executeScript(
          "return document.querySelector('#findings ~ .tw table tbody').rows.length;");
      assertEquals(findingRows, rows.longValue());
      assertEquals(Set.of("graph", "graphj", "jdbc", "payload"), studies,
          "graphj, jdbc, graph and payload ran in the committed run");
      Number findingsTop = (Number) js.executeScript(
          "return document.getElementById('findings').getBoundingClientRect().top;");
      assertTrue(findingsTop.doubleValue() < 300, "findings on the first screen, at " + findingsTop + " px");

      // every chart: a Chart.js instance with data, and pixels drawn on its canvas
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> charts = (List<Map<String, Object>>) js.executeScript(
          "return Array.from(document.querySelectorAll('canvas')).map(c => {"
              + " const ctx = c.getContext('2d'); const d = ctx.getImageData(0, 0, c.width, c.height).data;"
              + " let ink = 0; for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) ink++; }"
              + " return {name: c.dataset.name, chart: !!c.chart, datasets: c.chart ? c.chart.data.datasets.length : 0,"
              + " points: c.chart ? c.chart.data.datasets.reduce((n, ds) => n + ds.data.length, 0) : 0,"
              + " width: c.width, height: c.height, ink: ink}; });");
      // the study charts; the change chart is drawn for judged rows only, and this pair's one-fork rows have none
      assertTrue(charts.size() >= 7, "charts in the page: " + charts);
      for (Map<String, Object> c : charts) {
        assertEquals(Boolean.TRUE, c.get("chart"), "not drawn: " + c);
        assertTrue(((Number) c.get("points")).intValue() > 0, "no data: " + c);
        assertTrue(((Number) c.get("width")).intValue() > 0 && ((Number) c.get("height")).intValue() > 0, "empty: " + c);
        assertTrue(((Number) c.get("ink")).intValue() > 1000, "blank canvas: " + c);
      }
      List<LogEntry> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
          .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
      assertEquals(List.of(), errors, "console errors");
      assertEquals(Boolean.FALSE, js.executeScript(
          "return Array.from(document.querySelectorAll('details')).some(d => d.open);"), "manifest folded");

      // a sticky table of contents links every section; clicking a header sorts its table
      Number tocLinks = (Number) js.executeScript("return document.querySelectorAll('nav.toc a').length;");
      Number sections = (Number) js.executeScript("return document.querySelectorAll('h2[id]').length;");
      assertEquals(sections.longValue(), tocLinks.longValue(), "one contents link per section");
      assertEquals("sticky", js.executeScript("return getComputedStyle(document.querySelector('nav.toc')).position;"));
      assertEquals(Boolean.TRUE, js.executeScript(
          "const t = document.querySelector('#findings ~ .tw table'); const th = t.tHead.rows[0].cells[0];"
              + " th.click(); const a = Array.from(t.tBodies[0].rows).map(r => r.cells[0].textContent);"
              + " return th.getAttribute('aria-sort') === 'ascending'"
              + " && a.every((x, i) => i === 0 || a[i - 1].toLowerCase().localeCompare(x.toLowerCase()) <= 0);"),
          "the findings sort by study");
      // rows without a verdict are folded, one line per family
      @SuppressWarnings("unchecked")
      List<String> folds = (List<String>) js.executeScript("return Array.from(document.querySelectorAll('details > summary'))"
          + ".map(s => s.textContent).filter(t => t.includes('without a verdict'));");
      assertTrue(folds.size() >= 1 && folds.stream().map(f -> f.substring(0, f.indexOf(':'))).distinct().count()
          == folds.stream().filter(f -> !f.contains("B/op")).count(), "one folded line per family: " + folds);

      Files.createDirectories(Path.of("target"));
      Files.write(Path.of("target/report-first-screen.png"), driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));

      // 900 pixels: nothing overflows the page (wide tables scroll inside their box), and the
      // findings' agreement and backend columns are on screen
      driver.manage().window().setSize(new Dimension(900, 1000));
      // Chart.js resizes its canvases on the next frames
      js.executeScript("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));");
      Number overflow = (Number) js.executeScript(
          "return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
      Object wide = js.executeScript("const w = document.documentElement.clientWidth; return Array.from("
          + "document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('.tw'))"
          + ".slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));");
      assertTrue(overflow.intValue() <= 0, "the page scrolls sideways by " + overflow + " px at 900 px: " + wide);
      @SuppressWarnings("unchecked")
      Map<String, Object> cols = (Map<String, Object>) js.executeScript(
          "const ths = Array.from(document.querySelector('#findings-detail ~ .tw table').tHead.rows[0].cells);"
              + " const right = n => ths.find(th => th.textContent.startsWith(n)).getBoundingClientRect().right;"
              + " return {agreement: right('agreement'), backend: right('backend'), width: document.documentElement.clientWidth};");
      assertTrue(((Number) cols.get("backend")).doubleValue() <= ((Number) cols.get("width")).doubleValue()
          && ((Number) cols.get("agreement")).doubleValue() <= ((Number) cols.get("width")).doubleValue(),
          "findings columns off screen at 900 px: " + cols);
      Files.write(Path.of("target/report-900px.png"), driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
      driver.manage().window().setSize(new Dimension(1400, 1000));
      Number height = (Number) js.executeScript("return document.documentElement.scrollHeight;");
      Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
          "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", 1400,
              "height", Math.min(height.intValue(), 16000), "scale", 1)));
      Files.write(Path.of("target/report-full-page.png"), Base64.getDecoder().decode((String) shot.get("data")));
      // each chart as it shows in the page, for review
      Path dir = Files.createDirectories(Path.of("target/report-charts"));
      for (org.openqa.selenium.WebElement canvas : driver.findElements(org.openqa.selenium.By.tagName("canvas"))) {
        js.executeScript("arguments[0].scrollIntoView();", canvas);
        Files.write(dir.resolve(canvas.getAttribute("data-name") + ".png"),
            canvas.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
      }
    } finally {
      driver.quit();
      service.stop();
    }
  }

  /**
   * The first screen answers at a glance: on the newest committed run's report at 1400x900 every
   * finding's short line and the forest plot of the comparison findings are in view.
   */
  @Test
  void theFirstScreenShowsEveryFindingAndTheForestPlot() throws Exception {
    HeadlessChromium.assumeInstalled();
    Path run = tmp.resolve("20261126T123934Z");
    Files.createDirectories(run);
    try (var files = Files.list(Path.of("results").resolve(run.getFileName()))) {
      for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".json")).toList()) {
        Files.copy(f, run.resolve(f.getFileName()));
      }
    }
    Report.render(run);
    long findingRows = Findings.of(Run.load(run)).size();
    ChromeDriverService service = HeadlessChromium.driverService();
    ChromeDriver driver = new ChromeDriver(service, HeadlessChromium.options(tmp.resolve("chromium-profile-first-screen")));
    try {
      driver.manage().window().setSize(new Dimension(1400, 900));
      driver.get(run.resolve("report.html").toUri().toString());
      JavascriptExecutor js = driver;
      // a 1400x900 screen is the page's viewport: grow the window by its own frame
      Number frame = (Number) js.executeScript("return window.outerHeight - window.innerHeight;");
      driver.manage().window().setSize(new Dimension(1400, 900 + frame.intValue()));
      @SuppressWarnings("unchecked")
      Map<String, Object> screen = (Map<String, Object>) js.executeScript(
          "const t = document.querySelector('#findings ~ .tw table');"
              + " const f = document.querySelector('img[alt^=\"Comparison findings\"]');"
              + " return {rows: t.tBodies[0].rows.length, tableBottom: t.getBoundingClientRect().bottom,"
              + " forest: f !== null, forestTop: f ? f.getBoundingClientRect().top : -1,"
              + " forestBottom: f ? f.getBoundingClientRect().bottom : -1, view: window.innerHeight};");
      Files.createDirectories(Path.of("target"));
      Files.write(Path.of("target/report-first-screen-1400x900.png"),
          driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
      assertEquals(findingRows, ((Number) screen.get("rows")).longValue(), "one short line per finding: " + screen);
      double view = ((Number) screen.get("view")).doubleValue();
      assertTrue(((Number) screen.get("tableBottom")).doubleValue() <= view, "every finding on the first screen: " + screen);
      assertEquals(Boolean.TRUE, screen.get("forest"), "the forest plot is drawn: " + screen);
      assertTrue(((Number) screen.get("forestBottom")).doubleValue() <= view, "the forest plot on the first screen: " + screen);
    } finally {
      driver.quit();
      service.stop();
    }
  }
}
