package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
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
    try (JdbcEndpoint endpoint = JdbcEndpoint.open(GomessageConfig.defaults(JdbcTarget.embedded()))) {
      String url = "jdbc:postgresql://127.0.0.1:" + endpoint.port() + "/postgres";
      Properties noPassword = new Properties();
      noPassword.setProperty("user", "postgres");
      SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, noPassword).close());
      assertTrue(e.getMessage().contains("password"), e.getMessage());
      Properties wrong = new Properties();
      wrong.setProperty("user", "postgres");
      wrong.setProperty("password", "postgres");
      assertThrows(SQLException.class, () -> DriverManager.getConnection(url, wrong).close());
      assertTrue(endpoint.embeddedPassword().length() >= 32, "a 24-byte random password");
      try (Connection c = endpoint.connect(); Statement st = c.createStatement();
          ResultSet r = st.executeQuery("SHOW listen_addresses")) {
        r.next();
        assertEquals("127.0.0.1", r.getString(1));
      }
    }
  }
}
