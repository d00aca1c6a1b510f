package io.dbbench.jdbc;

import io.dbbench.core.SettingsReader;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.Redaction;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Where the GOMESSAGE family inserts and how it connects: the embedded PostgreSQL (nothing
 * configured), any JDBC URL ({@code DBBENCH_JDBC_URL} with {@code DBBENCH_JDBC_USER}/{@code
 * DBBENCH_JDBC_PASSWORD}), or hdbinsert's own {@code GOHDBDSN=hdb://user:password@host:port} mapped
 * to ngdbc's {@code jdbc:sap://host:port/}. {@code DBBENCH_JDBC_URL} wins when both are set. The
 * driver knobs and timeouts every connection gets ({@link JdbcTarget#connect()}) are here too.
 *
 * <p>{@link #toString()} and {@link #redactedUrl()} never show the password.
 *
 * @param url the JDBC URL, or {@code null} for the embedded PostgreSQL
 * @param user user name, or {@code null}
 * @param password password, or {@code null}; never logged
 * @param driverProperties extra driver properties (from the GOHDBDSN query or
 *     {@code DBBENCH_JDBC_PROPERTIES}); may hold secrets, never logged unredacted
 * @param source which setting chose this target: {@code embedded}, {@code DBBENCH_JDBC_URL} or {@code GOHDBDSN}
 * @param reWriteBatchedInserts PostgreSQL {@code reWriteBatchedInserts},
 *     {@code DBBENCH_JDBC_REWRITE_BATCHED_INSERTS} (default true)
 * @param packetSize SAP HANA ngdbc {@code packetSize} in bytes, {@code DBBENCH_JDBC_PACKET_SIZE};
 *     {@code null} (default) keeps the driver's
 * @param timeouts socket and statement timeouts ({@code DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS},
 *     {@code DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS}; see {@link JdbcTimeouts})
 */
public record JdbcSettings(String url, String user, String password, Properties driverProperties, String source,
    boolean reWriteBatchedInserts, Integer packetSize, JdbcTimeouts timeouts) {
  /** The embedded default. */
  public static final String EMBEDDED = "embedded";

  /**
   * @throws IllegalArgumentException naming {@code DBBENCH_JDBC_PACKET_SIZE} when it is not positive
   */
  public JdbcSettings {
    if (packetSize != null && packetSize < 1) {
      throw new IllegalArgumentException("DBBENCH_JDBC_PACKET_SIZE=" + packetSize + " must be a positive number of bytes");
    }
    Objects.requireNonNull(timeouts, "timeouts");
  }

  /** A target with the default driver knobs and timeouts ({@link JdbcTimeouts#defaults()}). */
  public JdbcSettings(String url, String user, String password, Properties driverProperties, String source) {
    this(url, user, password, driverProperties, source, true, null, JdbcTimeouts.defaults());
  }

  /** The embedded PostgreSQL target (started in-process by {@link JdbcTarget}). */
  public static JdbcSettings embedded() {
    return new JdbcSettings(null, null, null, new Properties(), EMBEDDED);
  }

  /**
   * The target the environment selects ({@link #parse} over environment variables, then
   * {@code -Ddbbench.jdbc.*} system properties).
   *
   * @throws IllegalArgumentException naming the variable (value redacted) when a setting is malformed
   */
  public static JdbcSettings fromEnvironment() {
    return parse(BenchConfig::get);
  }

  /**
   * The target {@code settings} selects: {@code DBBENCH_JDBC_URL} (+ USER/PASSWORD), else
   * {@code GOHDBDSN}, else the embedded PostgreSQL. Extra driver properties come from
   * {@code DBBENCH_JDBC_PROPERTIES} as {@code key=value;key=value}; the driver knobs from
   * {@code DBBENCH_JDBC_REWRITE_BATCHED_INSERTS}, {@code DBBENCH_JDBC_PACKET_SIZE} and the two
   * timeouts. Reads nothing but {@code settings}.
   *
   * @param settings a setting's value by its environment-variable name; empty (or blank) when unset
   * @throws IllegalArgumentException naming the variable (value redacted) when a setting is malformed
   */
  public static JdbcSettings parse(Function<String, Optional<String>> settings) {
    SettingsReader s = new SettingsReader(settings);
    Integer packet = s.get("DBBENCH_JDBC_PACKET_SIZE").isPresent() ? s.getInt("DBBENCH_JDBC_PACKET_SIZE", 0) : null;
    boolean reWrite = s.getBoolean("DBBENCH_JDBC_REWRITE_BATCHED_INSERTS", true);
    JdbcTimeouts timeouts = JdbcTimeouts.from(s);
    Properties extra = parseProperties(s.get("DBBENCH_JDBC_PROPERTIES", ""));
    Optional<String> url = s.get("DBBENCH_JDBC_URL");
    if (url.isPresent()) {
      try {
        Dialect.fromUrl(url.get()); // fail early on an unsupported URL
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("DBBENCH_JDBC_URL is malformed: " + e.getMessage(), e);
      }
      return new JdbcSettings(url.get(), s.get("DBBENCH_JDBC_USER").orElse(null),
          s.get("DBBENCH_JDBC_PASSWORD").orElse(null), extra, "DBBENCH_JDBC_URL", reWrite, packet, timeouts);
    }
    Optional<String> dsn = s.get("GOHDBDSN");
    JdbcSettings t = dsn.isPresent() ? fromGoHdbDsn(dsn.get()) : embedded();
    t.driverProperties().putAll(extra);
    return new JdbcSettings(t.url(), t.user(), t.password(), t.driverProperties(), t.source(), reWrite, packet, timeouts);
  }

  /**
   * {@link #parse(Function)} over a map of settings (environment-variable names to values).
   *
   * @throws IllegalArgumentException naming the variable (value redacted) when a setting is malformed
   */
  public static JdbcSettings parse(Map<String, String> settings) {
    return parse(SettingsReader.of(settings));
  }

  /**
   * Maps hdbinsert's data source name {@code hdb://user:password@host:port[?param=value...]} to
   * {@code jdbc:sap://host:port/}. Query parameters go-hdb and ngdbc share are mapped:
   * {@code databaseName}, {@code defaultSchema} (ngdbc {@code currentschema}),
   * {@code TLSServerName} (ngdbc {@code encrypt=true}, {@code hostNameInCertificate}) and
   * {@code TLSInsecureSkipVerify} (ngdbc {@code encrypt=true}, {@code validateCertificate=false}).
   *
   * @throws IllegalArgumentException naming the redacted DSN and the expected form when it is
   *     malformed, lacks user, host or port, or has another parameter
   */
  public static JdbcSettings fromGoHdbDsn(String dsn) {
    String shown = Redaction.redact(dsn);
    String expected = "; expected GOHDBDSN=hdb://user:password@host:port (go-hdb's DSN)";
    URI uri;
    try {
      uri = new URI(dsn.trim());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("GOHDBDSN='" + shown + "' is not a URI" + expected, e);
    }
    if (!"hdb".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0
        || uri.getRawUserInfo() == null) {
      throw new IllegalArgumentException("GOHDBDSN='" + shown + "' lacks the scheme, user, host or port" + expected);
    }
    String info = uri.getRawUserInfo();
    int colon = info.indexOf(':');
    String user = decode(colon < 0 ? info : info.substring(0, colon));
    String password = colon < 0 ? null : decode(info.substring(colon + 1));
    Properties props = new Properties();
    if (uri.getRawQuery() != null && !uri.getRawQuery().isEmpty()) {
      for (String kv : uri.getRawQuery().split("&")) {
        int eq = kv.indexOf('=');
        String k = decode(eq < 0 ? kv : kv.substring(0, eq));
        String v = eq < 0 ? "" : decode(kv.substring(eq + 1));
        switch (k) {
          case "databaseName" -> props.setProperty("databaseName", v);
          case "defaultSchema" -> props.setProperty("currentschema", v);
          case "TLSServerName" -> {
            props.setProperty("encrypt", "true");
            props.setProperty("hostNameInCertificate", v);
          }
          case "TLSInsecureSkipVerify" -> {
            props.setProperty("encrypt", "true");
            props.setProperty("validateCertificate", "false");
          }
          default -> throw new IllegalArgumentException("GOHDBDSN='" + shown + "' has parameter '" + k
              + "', which dbbench does not map; supported: databaseName, defaultSchema, TLSServerName, "
              + "TLSInsecureSkipVerify (use DBBENCH_JDBC_URL with ngdbc properties for anything else)");
        }
      }
    }
    String host = uri.getHost().contains(":") ? "[" + uri.getHost() + "]" : uri.getHost();
    return new JdbcSettings("jdbc:sap://" + host + ":" + uri.getPort() + "/", user, password, props, "GOHDBDSN");
  }

  /**
   * Parses {@code key=value;key=value} driver properties.
   *
   * @throws IllegalArgumentException naming the (redacted) entry without {@code =}
   */
  static Properties parseProperties(String spec) {
    Properties p = new Properties();
    for (String kv : spec.split(";")) {
      if (kv.isBlank()) {
        continue;
      }
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        // an entry that does not parse is shown masked whole when a secret word is in it ("password SECRET")
        throw new IllegalArgumentException("DBBENCH_JDBC_PROPERTIES entry '"
            + Redaction.redactValue("DBBENCH_JDBC_PROPERTIES", kv.trim()) + "' is not key=value; expected e.g. DBBENCH_JDBC_PROPERTIES='prepareThreshold=1;packetSize=1048576'");
      }
      p.setProperty(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    return p;
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  /** A copy with other socket and statement timeouts. */
  public JdbcSettings withTimeouts(JdbcTimeouts newTimeouts) {
    return new JdbcSettings(url, user, password, driverProperties, source, reWriteBatchedInserts, packetSize, newTimeouts);
  }

  /** Whether this is the embedded PostgreSQL default. */
  public boolean isEmbedded() {
    return url == null;
  }

  /** The dialect (PostgreSQL for the embedded default). */
  public Dialect dialect() {
    return isEmbedded() ? Dialect.POSTGRESQL : Dialect.fromUrl(url);
  }

  /** The URL with credentials masked, or a description of the embedded server. */
  public String redactedUrl() {
    return isEmbedded() ? "embedded PostgreSQL (jdbc:postgresql://localhost:<random port>/postgres)" : Redaction.redact(url);
  }

  /** Driver property names, with values of secret-looking keys masked (for env.json). */
  public String redactedProperties() {
    StringBuilder sb = new StringBuilder();
    driverProperties.stringPropertyNames().stream().sorted().forEach(k -> {
      boolean secret = Redaction.isSecretKey(k);
      sb.append(sb.length() == 0 ? "" : ";").append(k).append('=')
          .append(secret ? Redaction.MASK : driverProperties.getProperty(k));
    });
    return sb.toString();
  }

  @Override
  public String toString() {
    return "JdbcSettings[" + redactedUrl() + ", user=" + user + ", password=" + (password == null ? "none" : Redaction.MASK)
        + ", source=" + source + "]";
  }
}
