package io.dbbench.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.jdbc.GomessageConfig;
import io.dbbench.jdbc.JdbcEndpoint;
import io.dbbench.jdbc.JdbcTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A non-PostgreSQL target (in-memory H2): the page offers no COPY or array-bind tests, asking for
 * one is a 400 saying why, and hdbinsert's tests run and verify there.
 */
class ConsoleH2Test {

  @Test
  void h2OffersHdbinsertsTestsAndRefusesPostgresqlOnes() throws Exception {
    JdbcTarget target = new JdbcTarget("jdbc:h2:mem:console_h2;DB_CLOSE_DELAY=-1", null, null, new Properties(),
        "DBBENCH_JDBC_URL");
    GomessageConfig config = GomessageConfig.defaults(target);
    try (JdbcEndpoint endpoint = JdbcEndpoint.open(config);
        ConsoleServer server = ConsoleServer.start(endpoint, config, ConsoleApiTest.SMALL, "127.0.0.1", 0)) {
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
      assertEquals("H2", http.get("/api/info").json().get("runtime").get("database").asText());
    }
  }
}
