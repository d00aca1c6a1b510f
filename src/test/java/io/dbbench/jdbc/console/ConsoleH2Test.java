package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.JdbcTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A non-PostgreSQL target (in-memory H2): the page offers no COPY or array-bind tests, asking for
 * one is a 400 saying why, hdbinsert's tests run and verify there, and the password in the target
 * URL never reaches the page's JSON.
 */
class ConsoleH2Test {

  @Test
  void h2OffersHdbinsertsTestsAndRefusesPostgresqlOnes() throws Exception {
    // a password in the URL: the page and its JSON show it masked, never in clear
    JdbcSettings jdbcSettings = new JdbcSettings("jdbc:h2:mem:console_h2;DB_CLOSE_DELAY=-1;USER=sa;PASSWORD=s3cret-h2", null, null,
        new Properties(), "DBBENCH_JDBC_URL");
    GomessageSettings settings = GomessageSettings.defaults(jdbcSettings);
    try (JdbcTarget target = JdbcTarget.open(settings.target());
        ConsoleServer server = ConsoleServer.start(target, settings, ConsoleApiTest.SMALL, "127.0.0.1", 0)) {
      Http http = new Http(server.uri());
      List<String> tests = new ArrayList<>();
      http.get("/api/info").json().get("tests").forEach(t -> tests.add(t.asText()));
      assertEquals(List.of("BulkSeq", "ManySeq", "BulkPar", "ManyPar", "RowByRowSeq", "RowByRowPar"), tests);
      Http.Answer copy = http.get("/test/CopyPar?batchcount=2&batchsize=10");
      assertEquals(400, copy.status());
      assertEquals("test", copy.text("field"));
      assertTrue(copy.text("error").contains("CopyPar needs PostgreSQL"), copy.text("error"));
      for (String t : List.of("BulkSeq", "ManySeq", "BulkPar", "ManyPar")) {
        JsonNode r = http.get("/test/" + t + "?batchcount=4&batchsize=250").json();
        assertTrue(r.get("verified").asBoolean(), r.toString());
        assertEquals(1000, r.get("verification").get("rows").asLong());
      }
      JsonNode info = http.get("/api/info").json();
      assertEquals("H2", info.get("runtime").get("database").asText());
      assertTrue(info.get("runtime").get("url").asText().endsWith(";PASSWORD=****"), info.get("runtime").toString());
      for (String path : List.of("/api/info", "/api/history", "/history.json", "/api/progress")) {
        String body = new String(http.get(path).raw().body(), java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(body.contains("s3cret"), path + " shows the password: " + body);
      }
    }
  }

  /**
   * Seeded random passwords ({@link io.dbbench.CredentialMarkers}) in the H2 URL's
   * {@code PASSWORD=}, in {@code DBBENCH_JDBC_PASSWORD}, in {@code DBBENCH_JDBC_PROPERTIES} and in
   * the URL's {@code INIT=CREATE USER ... PASSWORD '...'} with SQL's doubled quotes:
   * after a test has run, none of the console's answers ({@code /api/info}, {@code /api/history},
   * {@code /history.json}, {@code /api/progress}, a refused test's error) holds the marker.
   */
  @Test
  void seededRandomPasswordsReachNoAnswer() throws Exception {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261129L);
    List<io.dbbench.CredentialMarkers.Form> forms = List.of(io.dbbench.CredentialMarkers.Form.H2_URL_PASSWORD,
        io.dbbench.CredentialMarkers.Form.JDBC_PASSWORD, io.dbbench.CredentialMarkers.Form.JDBC_PROPERTIES,
        io.dbbench.CredentialMarkers.Form.H2_INIT_QUOTED);
    for (int i = 0; i < 8; i++) {
      io.dbbench.CredentialMarkers.Case c = io.dbbench.CredentialMarkers.next(rnd, forms.get(i % forms.size()));
      java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
      given.put("DBBENCH_JDBC_URL", "jdbc:h2:mem:console_marker_" + i + ";DB_CLOSE_DELAY=-1");
      given.put("DBBENCH_JDBC_USER", "sa");
      given.put(c.setting(), c.form() == io.dbbench.CredentialMarkers.Form.H2_URL_PASSWORD
          ? c.value().replace("mem:marker", "mem:console_marker_" + i)
          : c.form() == io.dbbench.CredentialMarkers.Form.H2_INIT_QUOTED
          ? c.value().replace("mem:init;", "mem:console_marker_" + i + ";DB_CLOSE_DELAY=-1;") : c.value());
      GomessageSettings settings = GomessageSettings.parse(given);
      try (JdbcTarget target = JdbcTarget.open(settings.target());
          ConsoleServer server = ConsoleServer.start(target, settings, ConsoleApiTest.SMALL, "127.0.0.1", 0)) {
        Http http = new Http(server.uri());
        assertTrue(http.get("/test/BulkSeq?batchcount=2&batchsize=10").json().get("verified").asBoolean());
        StringBuilder seen = new StringBuilder();
        for (String path : List.of("/api/info", "/api/history", "/history.json", "/api/progress",
            "/test/CopyPar?batchcount=2&batchsize=10")) {
          seen.append(path).append(": ").append(new String(http.get(path).raw().body(), java.nio.charset.StandardCharsets.UTF_8))
              .append('\n');
        }
        assertTrue(seen.indexOf("\"runtime\"") >= 0, seen.toString());
        assertFalse(seen.toString().contains(c.marker()), c.setting() + "=" + c.value() + " leaks " + c.marker() + ":\n" + seen);
      }
    }
  }
}
