package io.dbbench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium for the browser tests: Debian's {@code chromium} and {@code chromium-driver}
 * packages (elsewhere with {@code -Ddbbench.chromium=PATH} and {@code -Ddbbench.chromedriver=PATH}),
 * never a downloaded browser.
 */
public final class HeadlessChromium {
  /** The browser. */
  public static final Path CHROMIUM = Path.of(System.getProperty("dbbench.chromium", "/usr/bin/chromium"));
  /** Its driver. */
  public static final Path CHROMEDRIVER = Path.of(System.getProperty("dbbench.chromedriver", "/usr/bin/chromedriver"));

  private HeadlessChromium() {}

  /** Skips the calling test, saying which file is missing and what to install, unless both are installed. */
  public static void assumeInstalled() {
    assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "headless Chromium test skipped: " + CHROMIUM + " or " + CHROMEDRIVER
            + " missing (install Debian packages chromium and chromium-driver)");
  }

  /**
   * Headless Chromium with its own profile directory (created) and the browser's console log kept;
   * {@code more} arguments after the defaults.
   *
   * @throws IOException when the profile directory cannot be created
   */
  public static ChromeOptions options(Path profile, String... more) throws IOException {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
        "--user-data-dir=" + Files.createDirectories(profile));
    options.addArguments(more);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    return options;
  }

  /** chromedriver on a free port. */
  public static ChromeDriverService driverService() {
    return new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
  }
}
