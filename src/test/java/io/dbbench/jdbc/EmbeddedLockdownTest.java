package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The embedded PostgreSQL admits no other local process: a random per-run password on every
 * connection (Unix socket and loopback), listening on loopback only. Before this, zonky's
 * {@code trust} let any process on the machine connect as superuser and run commands through
 * {@code COPY ... TO PROGRAM}.
 */
class EmbeddedLockdownTest {
  @Test
  void onlyTheFixtureGetsIn() throws Exception {
    try (JdbcTarget target = JdbcTarget.open(JdbcSettings.embedded())) {
      String url = "jdbc:postgresql://127.0.0.1:" + target.port() + "/postgres";
      Properties noPassword = new Properties();
      noPassword.setProperty("user", "postgres");
      SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, noPassword).close());
      assertTrue(e.getMessage().contains("password"), e.getMessage());
      Properties wrong = new Properties();
      wrong.setProperty("user", "postgres");
      wrong.setProperty("password", "postgres");
      assertThrows(SQLException.class, () -> DriverManager.getConnection(url, wrong).close());
      assertTrue(target.embeddedPassword().length() >= 32, "a 24-byte random password");
      try (Connection c = target.connect(); Statement st = c.createStatement();
          ResultSet r = st.executeQuery("SHOW listen_addresses")) {
        r.next();
        assertEquals("127.0.0.1", r.getString(1));
      }
    }
  }

  /**
   * The racer the lockdown once lost to: a thread that watches the temp dir for a new
   * PostgreSQL socket and, the moment one appears, tries (with {@code psql}, no password) to create
   * a superuser role. Every try must be refused, and no such role may exist afterwards.
   */
  @Test
  void aRacerWatchingForTheSocketNeverGetsInAndTheTemplateHasNoTrust() throws Exception {
    Path psql = Path.of("/usr/bin/psql");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(psql),
        "racer test skipped: /usr/bin/psql missing (Debian package postgresql-client)");
    Path tmp = Path.of("/tmp");
    String role = "racer_" + Long.toHexString(System.nanoTime());
    Set<String> seen = ConcurrentHashMap.newKeySet();
    try (Stream<Path> s = Files.list(tmp)) {
      s.forEach(p -> seen.add(p.getFileName().toString()));
    }
    AtomicBoolean stop = new AtomicBoolean();
    List<String> outcomes = Collections.synchronizedList(new ArrayList<>());
    Thread racer = new Thread(() -> {
      while (!stop.get()) {
        try (Stream<Path> s = Files.list(tmp)) {
          for (Path p : s.toList()) {
            String name = p.getFileName().toString();
            if (name.matches("\\.s\\.PGSQL\\.\\d+") && seen.add(name)) {
              ProcessBuilder pb = new ProcessBuilder(psql.toString(), "-h", "/tmp", "-p", name.substring(9),
                  "-U", "postgres", "-w", "-c", "CREATE ROLE " + role + " SUPERUSER LOGIN").redirectErrorStream(true);
              pb.environment().remove("PGPASSWORD");
              Process pr = pb.start();
              String out = new String(pr.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
              outcomes.add(pr.waitFor() + " " + out.trim());
            }
          }
        } catch (Exception e) {
          // the socket went away between listing and connecting: try the next
        }
      }
    }, "racer");
    racer.start();
    try (JdbcTarget target = JdbcTarget.open(JdbcSettings.embedded())) {
      Thread.sleep(500); // let the racer reach the socket of the running server too
      stop.set(true);
      racer.join(10_000);
      assertTrue(outcomes.stream().noneMatch(o -> o.startsWith("0 ")), "the racer got in: " + outcomes);
      try (Connection c = target.connect(); Statement st = c.createStatement();
          ResultSet r = st.executeQuery("SELECT count(*) FROM pg_roles WHERE rolname = '" + role + "'")) {
        r.next();
        assertEquals(0, r.getInt(1), "the racer's role exists: " + outcomes);
      }
      try (Connection c = target.connect(); Statement st = c.createStatement();
          ResultSet r = st.executeQuery("SHOW unix_socket_directories")) {
        r.next();
        assertTrue(r.getString(1).contains("dbbench-pg-data-"), "the socket lies in the owner-only data directory: "
            + r.getString(1));
      }
      Path template = Path.of(System.getProperty("java.io.tmpdir"), "dbbench-pg-template");
      String hba = Files.readString(template.resolve("pg_hba.conf"));
      assertTrue(hba.lines().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .noneMatch(l -> l.contains("trust")), "the template trusts someone: " + hba);
      assertTrue(Files.exists(template.resolve(EmbeddedTemplate.TEMPLATE_PASSWORD_FILE)));
    } finally {
      stop.set(true);
    }
  }
}
