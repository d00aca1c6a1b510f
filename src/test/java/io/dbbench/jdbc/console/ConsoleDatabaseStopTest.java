package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.JdbcTarget;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The database stops in the middle of a test: the test's answer is 502 with the database's
 * message, the lock is released, and the console keeps answering (the next test is a 502 too,
 * since nothing listens any more). Has its own embedded PostgreSQL, which it stops.
 */
class ConsoleDatabaseStopTest {

  @Test
  void aDatabaseStoppedMidTestIs502AndTheServerStillAnswers() throws Exception {
    GomessageSettings settings = GomessageSettings.defaults(JdbcSettings.embedded());
    JdbcTarget target = JdbcTarget.open(settings.target());
    try (ConsoleServer server = ConsoleServer.start(target, settings, ConsoleApiTest.SMALL, "127.0.0.1", 0)) {
      Http http = new Http(server.uri());
      // 2000 batches of 500 rows: far longer than it takes to see the first batches commit and stop the server
      CompletableFuture<Http.Answer> test = http.getAsync("/test/BulkSeq?batchcount=2000&batchsize=500");
      long deadline = System.nanoTime() + 60_000_000_000L;
      JsonNode p = http.awaitRunning();
      while (p.path("rowsSent").asLong() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
        p = http.get("/api/progress").json();
      }
      assertTrue(p.path("rowsSent").asLong() > 0, "the insert started: " + p);
      target.close(); // stops the embedded PostgreSQL under the running insert

      Http.Answer a = test.get(60, TimeUnit.SECONDS);
      assertEquals(502, a.status(), String.valueOf(a.json()));
      JsonNode r = a.json();
      assertFalse(r.get("verified").asBoolean());
      assertTrue(r.get("error").asText().startsWith("database error: "), r.get("error").asText());
      assertTrue(r.get("rows").asLong() > 0 && r.get("rows").asLong() < 1_000_000, "rows committed before the stop: " + r);

      assertFalse(http.get("/api/progress").json().get("running").asBoolean(), "the lock was released");
      assertEquals(200, http.get("/api/info").status());
      assertEquals(200, http.get("/").status());
      Http.Answer next = http.get("/test/ManySeq?batchcount=1&batchsize=10");
      assertEquals(502, next.status(), "nothing listens any more: " + next.json());
      assertTrue(next.text("error").startsWith("database error: "), next.text("error"));
      Http.Answer count = http.get("/db/countRows");
      assertEquals(502, count.status());
      assertEquals("database", count.text("field"));
      assertEquals(2, http.get("/api/history").json().size());
    } finally {
      target.close();
    }
  }
}
