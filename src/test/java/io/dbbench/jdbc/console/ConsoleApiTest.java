package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.JdbcTarget;
import io.dbbench.jdbc.Shape;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The console's HTTP API against a real PostgreSQL (the embedded server, started once for the
 * class): every test type at {@code 4x250} verified by the console and by the table's own count,
 * every kind of invalid input, one test at a time (409), a failing insert (502, the server keeps
 * serving), the database operations and their safety rules, the history, its download and chart.
 */
class ConsoleApiTest {
  static final ConsoleSettings SMALL = new ConsoleSettings(new Shape(2, 100), true, ConsoleSettings.DEFAULT_MAX_ROWS,
      List.of(new Shape(4, 250), new Shape(20, 500)));

  private static JdbcTarget target;
  private static GomessageSettings settings;
  private static ConsoleServer server;
  private static Http http;
  private static final List<ConsoleServer> others = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    settings = GomessageSettings.defaults(JdbcSettings.embedded());
    target = JdbcTarget.open(settings.target());
    server = ConsoleServer.start(target, settings, SMALL, "127.0.0.1", 0);
    http = new Http(server.uri());
  }

  @AfterAll
  static void stop() {
    others.forEach(ConsoleServer::close);
    if (server != null) {
      server.close();
    }
    if (target != null) {
      target.close();
    }
  }

  /** Another console on the same database with other knobs; closed after the class. */
  static Http another(GomessageSettings c, ConsoleSettings s) throws Exception {
    ConsoleServer other = ConsoleServer.start(target, c, s, "127.0.0.1", 0);
    others.add(other);
    return new Http(other.uri());
  }

  /** {@code s} with another {@code DBBENCH_JDBC_WAIT_SECONDS}. */
  static GomessageSettings withWait(GomessageSettings s, int seconds) {
    return new GomessageSettings(s.target(), s.schema(), s.table(), s.seed(), s.bulkSize(), s.workers(),
        s.separateTables(), seconds, s.copyFormat(), s.allowDrop(), s.failAtRow());
  }

  @ParameterizedTest
  @ValueSource(strings = {"BulkSeq", "ManySeq", "BulkPar", "ManyPar", "CopySeq", "CopyPar", "ArrayBindSeq",
      "ArrayBindPar", "RowByRowSeq", "RowByRowPar"})
  void everyTestTypeInsertsAndVerifiesItsRows(String test) throws Exception {
    Http.Answer a = http.get("/test/" + test + "?batchcount=4&batchsize=250");
    assertEquals(200, a.status(), a.json().toString());
    JsonNode r = a.json();
    assertEquals(test, r.get("test").asText());
    assertEquals(4, r.get("batchCount").asInt());
    assertEquals(250, r.get("batchSize").asInt());
    assertEquals(1000, r.get("rows").asLong());
    assertTrue(r.get("verified").asBoolean());
    assertTrue(r.get("error").isNull());
    assertEquals(1000, r.get("verification").get("rows").asLong());
    assertEquals(499_500, r.get("verification").get("deviceIdSum").asLong());
    double seconds = r.get("seconds").asDouble();
    assertTrue(seconds > 0, "seconds " + seconds);
    assertEquals(1000 / seconds, r.get("rowsPerSecond").asDouble(), 1e-6 * r.get("rowsPerSecond").asDouble());
    assertEquals(test.endsWith("Par") ? 4 : 1, r.get("workers").asInt(), "min(batchCount, 2 x cores) workers for Par");
    assertEquals(test.startsWith("RowByRow") ? 1 : 250, r.get("bulkSize").asInt());
    // the table itself, counted by another request
    Http.Answer count = http.get("/db/countRows");
    assertEquals(200, count.status());
    assertEquals(1000, count.json().get("rows").asLong());
    assertEquals(499_500, count.json().get("deviceIdSum").asLong());
    // the newest history entry is this result
    JsonNode newest = http.get("/api/history").json().get(0);
    assertEquals(r.get("id").asLong(), newest.get("id").asLong());
    assertEquals(test, newest.get("test").asText());
  }

  @Test
  void hdbinsertsUrlWithoutCountsUsesTheDefaultShape() throws Exception {
    JsonNode r = http.get("/test/BulkSeq").json();
    assertEquals(2, r.get("batchCount").asInt());
    assertEquals(100, r.get("batchSize").asInt());
    assertEquals(200, r.get("rows").asLong());
    assertTrue(r.get("verified").asBoolean());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "/test/FooSeq?batchcount=1&batchsize=1                  | test                 | FooSeq",
      "/test/BulkSeq?batchcount=abc&batchsize=10              | batchcount           | 'abc' is not a number",
      "/test/BulkSeq?batchcount=0&batchsize=10                | batchcount           | batchcount=0 is not positive",
      "/test/BulkSeq?batchcount=2&batchsize=-5                | batchsize            | batchsize=-5 is not positive",
      "/test/BulkSeq?batchcount=2&batchsize=                  | batchsize            | '' is not a number",
      "/test/BulkSeq?batchcount=99999999999&batchsize=1       | batchcount           | too large",
      "/test/BulkSeq?batchcount=10000&batchsize=10000         | batchcount*batchsize | over the maximum of 10000000",
      "/test/BulkSeq?batchcount=1&batchcount=2                | batchcount           | given twice",
      "/test/BulkSeq?batchcount=1&tablename=X                 | tablename            | not accepted"})
  void invalidInputIs400NamingTheField(String path, String field, String says) throws Exception {
    int before = http.get("/api/history").json().size();
    Http.Answer a = http.get(path);
    assertEquals(400, a.status(), String.valueOf(a.json()));
    assertEquals(field, a.text("field"));
    assertTrue(a.text("error").contains(says), a.text("error"));
    assertEquals(before, http.get("/api/history").json().size(), "a refused request runs no test");
  }

  @Test
  void wrongMethodsAndPathsAreRefused() throws Exception {
    Http.Answer drop = http.get("/db/dropTable?confirm=TG20POC.GOMESSAGE");
    assertEquals(405, drop.status());
    assertEquals("POST", drop.raw().headers().firstValue("Allow").orElse(""));
    assertTrue(drop.text("error").contains("POST only"), drop.text("error"));
    assertEquals(405, http.get("/db/createTable").status());
    assertEquals(405, http.get("/db/truncateTable").status());
    assertEquals(405, http.method("DELETE", "/test/BulkSeq").status());
    assertEquals(405, http.post("/api/info").status());
    Http.Answer missing = http.get("/nope");
    assertEquals(404, missing.status());
    assertEquals("path", missing.text("field"));
    Http.Answer foreign = http.postWithOrigin("/db/createTable", "http://evil.example");
    assertEquals(403, foreign.status());
    assertEquals("Origin", foreign.text("field"));
  }

  @Test
  void aSecondTestWhileOneRunsIs409NamingTheRunningTest() throws Exception {
    // the first test settles for 3 s before inserting (DBBENCH_JDBC_WAIT_SECONDS): long enough to collide
    Http slow = another(withWait(settings, 3).withTable("GOMESSAGE_SLOW"), SMALL);
    CompletableFuture<Http.Answer> first = slow.getAsync("/test/BulkSeq?batchcount=2&batchsize=100");
    JsonNode progress = slow.awaitRunning();
    assertEquals("BulkSeq", progress.get("test").asText());
    assertEquals("2x100", progress.get("shape").asText());
    assertEquals(200, progress.get("rows").asLong());
    Http.Answer second = slow.get("/test/ManySeq?batchcount=1&batchsize=10");
    assertEquals(409, second.status());
    assertTrue(second.text("error").contains("test BulkSeq 2x100 is running"), second.text("error"));
    Http.Answer op = slow.get("/db/countRows");
    assertEquals(409, op.status(), "database operations wait for the test too");
    Http.Answer done = first.get(60, TimeUnit.SECONDS);
    assertEquals(200, done.status());
    assertTrue(done.json().get("verified").asBoolean());
    assertFalse(slow.get("/api/progress").json().get("running").asBoolean());
    JsonNode history = slow.get("/api/history").json();
    assertEquals(1, history.size(), "the refused test left no result: " + history);
  }

  @Test
  void aDatabaseErrorIs502WithItsMessageAndTheServerKeepsServing() throws Exception {
    // a CHECK constraint rejects DEVICEID 577, in batch 2 of 4x250: batches 0 and 1 are committed
    Http failing = another(settings.withFailAtRow(577L).withTable("GOMESSAGE_FAIL"), SMALL);
    Http.Answer a = failing.get("/test/BulkSeq?batchcount=4&batchsize=250");
    assertEquals(502, a.status());
    JsonNode r = a.json();
    assertFalse(r.get("verified").asBoolean());
    assertEquals(500, r.get("rows").asLong(), "rows of the batches that committed");
    assertTrue(r.get("error").asText().startsWith("database error: GOMESSAGE insert")
        && r.get("error").asText().contains("failed in batch 2 of 4"), r.get("error").asText());
    assertTrue(r.get("error").asText().contains("DBBENCH_FAIL_AT_ROW"), "the database's own message: " + r);
    assertEquals(200, failing.get("/api/info").status());
    JsonNode recorded = failing.get("/api/history").json().get(0);
    assertEquals(r.get("id").asLong(), recorded.get("id").asLong(), "the failure is in the history");
    assertEquals(r.get("error").asText(), recorded.get("error").asText());
    assertFalse(failing.get("/api/progress").json().get("running").asBoolean(), "the lock was released");
  }

  @Test
  void databaseMessagesAreRedacted() {
    String m = ConsoleServer.databaseMessage(new SQLException(
        "cannot connect to jdbc:postgresql://db:5432/x?user=u&password=s3cret (from hdb://u:s3cret@h:30015)"));
    assertFalse(m.contains("s3cret"), m);
    assertTrue(m.startsWith("database error: cannot connect to jdbc:postgresql://db:5432/x?user=u&password=****"), m);
  }

  @Test
  void dropIsRefusedWithoutDbbenchAllowDrop() throws Exception {
    assertEquals(200, http.get("/test/ManySeq?batchcount=1&batchsize=10").status());
    Http.Answer a = http.post("/db/dropTable?confirm=TG20POC.GOMESSAGE");
    assertEquals(403, a.status());
    assertEquals("DBBENCH_ALLOW_DROP", a.text("field"));
    assertTrue(a.text("error").contains("DBBENCH_ALLOW_DROP=true"), a.text("error"));
    assertEquals(10, http.get("/db/countRows").json().get("rows").asLong(), "the table is still there");
  }

  @Test
  void databaseOperationsWithDropAllowed() throws Exception {
    Http ops = another(settings.withAllowDrop(true).withTable("GOMESSAGE_OPS"), SMALL);
    JsonNode created = ops.post("/db/createTable").json();
    assertEquals("TG20POC.GOMESSAGE_OPS", created.get("table").asText());
    assertEquals(0, ops.get("/db/countRows").json().get("rows").asLong());
    assertEquals(200, ops.get("/test/CopySeq?batchcount=2&batchsize=50").status());
    assertEquals(100, ops.post("/db/countRows").json().get("rows").asLong());
    assertFalse(ops.post("/db/createTable").json().get("created").asBoolean(), "it exists already");
    JsonNode truncated = ops.post("/db/truncateTable").json();
    assertEquals(100, truncated.get("deletedRows").asLong());
    assertEquals(0, ops.get("/db/countRows").json().get("rows").asLong());
    Http.Answer unconfirmed = ops.post("/db/dropTable");
    assertEquals(400, unconfirmed.status());
    assertEquals("confirm", unconfirmed.text("field"));
    Http.Answer wrong = ops.post("/db/dropTable?confirm=TG20POC.OTHER");
    assertEquals(400, wrong.status());
    assertTrue(wrong.text("error").contains("expected confirm=TG20POC.GOMESSAGE_OPS"), wrong.text("error"));
    Http.Answer dropped = ops.post("/db/dropTable?confirm=TG20POC.GOMESSAGE_OPS");
    assertEquals(200, dropped.status(), String.valueOf(dropped.json()));
    Http.Answer gone = ops.get("/db/countRows");
    assertEquals(404, gone.status());
    assertEquals(404, ops.post("/db/truncateTable").status());
  }

  @Test
  void withoutDropTestsAppendAndVerifyWhatTheyAdded() throws Exception {
    Http append = another(settings.withTable("GOMESSAGE_APPEND"), SMALL.withDropBeforeRun(false));
    for (int i = 1; i <= 2; i++) {
      JsonNode r = append.get("/test/ArrayBindSeq?batchcount=4&batchsize=250").json();
      assertTrue(r.get("verified").asBoolean(), r.toString());
      assertFalse(r.get("dropBeforeRun").asBoolean());
      assertEquals(1000, r.get("verification").get("rows").asLong(), "rows this test added");
      assertEquals(1000L * i, append.get("/db/countRows").json().get("rows").asLong());
    }
  }

  @Test
  void historyDownloadAndChart() throws Exception {
    Http h = another(settings.withTable("GOMESSAGE_HISTORY"), SMALL);
    assertEquals(200, h.get("/test/BulkSeq?batchcount=4&batchsize=250").status());
    assertEquals(200, h.get("/test/CopySeq?batchcount=4&batchsize=250").status());
    assertEquals(400, h.get("/test/CopySeq?batchcount=x").status());
    Http.Answer download = h.get("/history.json");
    assertEquals(200, download.status());
    assertTrue(download.raw().headers().firstValue("Content-Disposition").orElse("").startsWith("attachment"));
    JsonNode results = download.json().get("results");
    assertEquals(2, results.size());
    assertEquals("CopySeq", results.get(0).get("test").asText(), "newest first");
    assertEquals("BulkSeq", results.get(1).get("test").asText());
    assertTrue(results.get(0).get("id").asLong() > results.get(1).get("id").asLong());
    assertNotNull(download.json().get("runtime").get("databaseVersion"));
    Http.Answer chart = h.get("/chart.png");
    assertEquals(200, chart.status());
    assertEquals("image/png", chart.raw().headers().firstValue("Content-Type").orElse(""));
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(chart.raw().body()));
    assertEquals(History.WIDTH, img.getWidth());
    assertEquals(History.HEIGHT, img.getHeight());
  }

  @Test
  void infoNamesTheRuntimeParametersAndTests() throws Exception {
    JsonNode info = http.get("/api/info").json();
    JsonNode rt = info.get("runtime");
    assertEquals("PostgreSQL", rt.get("database").asText());
    assertTrue(rt.get("databaseVersion").asText().matches("\\d+\\.\\d+.*"), rt.toString());
    assertEquals("PostgreSQL JDBC Driver", rt.get("driver").asText());
    assertEquals(Runtime.getRuntime().availableProcessors(), rt.get("availableProcessors").asInt());
    assertEquals("embedded", rt.get("targetSource").asText());
    List<String> tests = new ArrayList<>();
    info.get("tests").forEach(t -> tests.add(t.asText()));
    assertEquals(List.of("BulkSeq", "ManySeq", "BulkPar", "ManyPar", "CopySeq", "CopyPar", "ArrayBindSeq",
        "ArrayBindPar", "RowByRowSeq", "RowByRowPar"), tests);
    List<String> envs = new ArrayList<>();
    info.get("parameters").forEach(p -> {
      envs.add(p.get("env").asText());
      assertEquals(p.get("env").asText().toLowerCase(Locale.ROOT).replace('_', '.'), p.get("property").asText());
    });
    assertTrue(envs.containsAll(List.of("DBBENCH_JDBC_SCHEMA", "DBBENCH_JDBC_TABLE", "DBBENCH_CONSOLE_BATCH_COUNT",
        "DBBENCH_CONSOLE_BATCH_SIZE", "DBBENCH_JDBC_BULK_SIZE", "DBBENCH_JDBC_WORKERS", "DBBENCH_JDBC_WAIT_SECONDS",
        "DBBENCH_JDBC_SEPARATE_TABLES", "DBBENCH_CONSOLE_DROP")), envs.toString());
    Http.Answer page = http.get("/");
    assertEquals(200, page.status());
    assertTrue(page.raw().headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'self'"));
    assertTrue(new String(page.raw().body(), java.nio.charset.StandardCharsets.UTF_8).contains("<script src=\"/console.js\""));
  }
}
