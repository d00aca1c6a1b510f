package io.dbbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * What {@code -V}/{@code --version} prints for every dbbench command line: the suite's version (the
 * Maven project version, filtered into {@code io/dbbench/version.properties} by the build), the
 * Java runtime and the JMH version on the class path. Use as
 * {@code @Command(versionProvider = Version.class)}.
 */
public final class Version implements CommandLine.IVersionProvider {
  /** The suite's version, or {@code unknown} when the build did not filter the resource. */
  public static String suite() {
    return property("version");
  }

  /**
   * A version the build recorded in {@code io/dbbench/version.properties}: {@code version} (the
   * suite's) or a library's ({@code bouncycastle}); {@code unknown} when absent or unfiltered.
   */
  public static String property(String key) {
    String v = Recorded.PROPERTIES.getProperty(key, "unknown");
    return v.startsWith("${") ? "unknown" : v;
  }

  /** {@code io/dbbench/version.properties}, read once (empty when absent or unreadable). */
  private static final class Recorded {
    static final Properties PROPERTIES = load();

    private static Properties load() {
      Properties p = new Properties();
      try (InputStream in = Version.class.getResourceAsStream("/io/dbbench/version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        // no record: every version reads "unknown"
      }
      return p;
    }
  }

  /** JMH's version from its jar manifest, or {@code unknown}. */
  static String jmh() {
    String v = org.openjdk.jmh.util.Version.getPlainVersion();
    return v == null || v.isBlank() ? "unknown" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"dbbench " + suite(), "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
        "JMH " + jmh()};
  }
}
