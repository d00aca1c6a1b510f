package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Opens a rendered {@code report.html} in real headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver} packages, never a downloaded browser) and checks that every chart image
 * loaded and decoded. Skipped, with the reason shown, when the packages are not installed.
 */
class HtmlReportBrowserTest {
  static final Path CHROMIUM = Path.of(System.getProperty("dbbench.chromium", "/usr/bin/chromium"));
  static final Path CHROMEDRIVER = Path.of(System.getProperty("dbbench.chromedriver", "/usr/bin/chromedriver"));

  @TempDir
  Path tmp;

  @Test
  void everyChartImageLoadsInHeadlessChromium() throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "headless Chromium test skipped: " + CHROMIUM + " or " + CHROMEDRIVER
            + " missing (install Debian packages chromium and chromium-driver)");
    Path run = tmp.resolve("20261122T030000Z");
    RenderTest.copyDir(RenderTest.STUDIES, run);
    Report.render(run);
    Path html = run.resolve("report.html");

    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + Files.createDirectories(tmp.resolve("chromium-profile")));
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
    ChromeDriver driver = new ChromeDriver(service, options);
    try {
      driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
      driver.get(html.toUri().toString());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> imgs = (List<Map<String, Object>>) ((JavascriptExecutor) driver).executeScript(
          "return Array.from(document.images).map(i => ({alt: i.alt, complete: i.complete,"
              + " width: i.naturalWidth, height: i.naturalHeight, data: i.src.startsWith('data:image/png;base64,')}));");
      assertEquals(7, imgs.size(), "charts in the page: " + imgs);
      for (Map<String, Object> img : imgs) {
        assertEquals(Boolean.TRUE, img.get("complete"), "not loaded: " + img);
        assertTrue(((Number) img.get("width")).intValue() > 0 && ((Number) img.get("height")).intValue() > 0,
            "not decoded: " + img);
        assertEquals(Boolean.TRUE, img.get("data"), "not inline: " + img);
      }
      assertTrue(driver.getTitle().startsWith("dbbench report"), driver.getTitle());
    } finally {
      driver.quit();
      service.stop();
    }
  }
}
