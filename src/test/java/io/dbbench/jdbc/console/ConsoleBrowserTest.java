package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.HeadlessChromium;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.JdbcTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console page in real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}
 * packages, never a downloaded browser; the approach of {@code HtmlReportBrowserTest}) on the
 * embedded PostgreSQL: the runtime shows the database version, a click on a predefined test shows
 * the server's live progress and then the verified result and its history row, the history is
 * newest first, the chart loads, the JSON download holds every result, and a screenshot lands in
 * {@code target/console-screenshot.png}. Skipped, with the reason shown, when the packages are
 * not installed.
 */
class ConsoleBrowserTest {
  @TempDir
  Path tmp;

  @Test
  void runATestFromThePageAndDownloadTheHistory() throws Exception {
    HeadlessChromium.assumeInstalled();
    // 2 s of settling before each insert (DBBENCH_JDBC_WAIT_SECONDS): the server's progress is on the
    // page for at least that long, however fast the insert itself is
    GomessageSettings settings = ConsoleApiTest.withWait(GomessageSettings.defaults(JdbcSettings.embedded()), 2);
    Path downloads = Files.createDirectories(tmp.resolve("downloads"));
    try (JdbcTarget target = JdbcTarget.open(settings.target());
        ConsoleServer server = ConsoleServer.start(target, settings, ConsoleApiTest.SMALL, "127.0.0.1", 0)) {
      ChromeOptions options = HeadlessChromium.options(tmp.resolve("chromium-profile"), "--window-size=1280,2600");
      Map<String, Object> prefs = new HashMap<>();
      prefs.put("download.default_directory", downloads.toString());
      prefs.put("download.prompt_for_download", false);
      options.setExperimentalOption("prefs", prefs);
      ChromeDriverService service = HeadlessChromium.driverService();
      ChromeDriver driver = new ChromeDriver(service, options);
      try {
        driver.executeCdpCommand("Browser.setDownloadBehavior",
            Map.of("behavior", "allow", "downloadPath", downloads.toString()));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60), Duration.ofMillis(50));
        driver.get(server.uri().toString());
        assertEquals("dbbench insert console", driver.getTitle());

        // runtime: the database version the driver reports
        String version = String.valueOf(target.describe().get("server_version"));
        wait.until(ExpectedConditions.textToBe(By.id("rt-databaseVersion"), version));
        assertEquals("PostgreSQL", driver.findElement(By.id("rt-database")).getText());
        assertTrue(driver.findElement(By.id("parameters-body")).getText().contains("DBBENCH_JDBC_WAIT_SECONDS"));

        // a predefined test: live progress from the server, then the verified result
        driver.findElement(By.id("run-ManySeq-20x500")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("progress-phase"), "settling"));
        WebElement progress = driver.findElement(By.id("progress"));
        assertTrue(progress.isDisplayed());
        assertTrue(driver.findElement(By.id("progress-what")).getText().contains("ManySeq 20x500"),
            driver.findElement(By.id("progress-what")).getText());
        assertTrue(driver.findElement(By.id("progress-text")).getText().contains("of 10,000 rows sent"),
            driver.findElement(By.id("progress-text")).getText());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("history-1")));
        // read the row in one script: the page may re-render the table between two WebDriver calls
        @SuppressWarnings("unchecked")
        List<String> first = (List<String>) ((JavascriptExecutor) driver).executeScript(
            "const r = document.getElementById('history-1');"
                + " return [r.dataset.rows].concat(Array.from(r.cells).map(c => c.textContent));");
        assertEquals("10000", first.get(0));
        assertEquals("ManySeq", first.get(3));
        assertEquals("20x500", first.get(4));
        assertEquals("10,000", first.get(5));
        assertEquals("yes", first.get(8));
        assertEquals("verified", driver.findElement(By.id("result-verified")).getText());
        assertEquals("10,000 / 10,000", driver.findElement(By.id("result-rows-found-expected")).getText());
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("progress")));

        // a second one from the custom shape field; the history lists it first
        WebElement custom = driver.findElement(By.id("custom-shape"));
        custom.clear();
        custom.sendKeys("4x250");
        driver.findElement(By.id("run-CopyPar-custom")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("history-2")));
        assertEquals(List.of("history-2:1000", "history-1:10000"), ((JavascriptExecutor) driver).executeScript(
            "return Array.from(document.querySelectorAll('#history-body tr')).map(r => r.id + ':' + r.dataset.rows);"));

        // the chart is an image from this server, loaded and decoded
        wait.until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
            "const i = document.getElementById('chart'); return i.complete && i.naturalWidth === "
                + History.WIDTH + " && i.src.endsWith('/chart.png?n=2');")));

        // the JSON download
        driver.findElement(By.id("download")).click();
        Path file = downloads.resolve("dbbench-console-history.json");
        wait.until(d -> Files.exists(file));
        JsonNode all = Http.JSON.readTree(file.toFile());
        assertEquals(2, all.get("results").size());
        assertEquals("CopyPar", all.get("results").get(0).get("test").asText());
        assertEquals("ManySeq", all.get("results").get(1).get("test").asText());

        // the whole page in one picture: a window as tall as the document
        long height = (Long) ((JavascriptExecutor) driver).executeScript(
            "window.scrollTo(0, 0); return document.documentElement.scrollHeight;");
        driver.manage().window().setSize(new Dimension(1280, (int) Math.min(height + 140, 6000)));
        Path shot = Path.of("target", "console-screenshot.png");
        Files.createDirectories(shot.getParent());
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), shot, StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(shot) > 10_000, "screenshot " + shot + " has " + Files.size(shot) + " bytes");
      } finally {
        driver.quit();
        service.stop();
      }
    }
  }
}
