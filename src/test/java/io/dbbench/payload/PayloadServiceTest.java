package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.dbbench.mongo.JsonBson;
import io.dbbench.mongo.MongoTarget;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every endpoint and every bad input of {@link PayloadService}, over HTTP and HTTPS (a self-signed
 * certificate generated with BouncyCastle), against the embedded mongo-java-server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PayloadServiceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long MAX_BODY = 64 * 1024;

  @TempDir
  static Path tmp;

  private MongoTarget target;
  private MongoClient mongo;
  private MongoCollection<Document> coll;
  private PayloadService http;
  private PayloadService https;
  private HttpClient plainClient;
  private HttpClient tlsClient;

  @BeforeAll
  void start() throws Exception {
    target = MongoTarget.embedded();
    mongo = target.newClient(20);
    coll = mongo.getDatabase("test").getCollection("docs");
    PayloadConfig base = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0)
        .withMongoDatabase("test").withMongoCollection("docs").withMaxBodyBytes(MAX_BODY);
    http = PayloadService.start(base, coll);
    SelfSignedCert cert = SelfSignedCert.create(tmp);
    https = PayloadService.start(base.withUseHttps(true).withCertFile(cert.certFile).withKeyFile(cert.keyFile), coll);
    plainClient = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    tlsClient = HttpClient.newBuilder().sslContext(cert.clientContext()).connectTimeout(Duration.ofSeconds(5)).build();
  }

  @AfterAll
  void stop() {
    plainClient.close();
    tlsClient.close();
    http.close();
    https.close();
    mongo.close();
    target.close();
  }

  private PayloadService svc(String scheme) {
    return scheme.equals("https") ? https : http;
  }

  private HttpClient client(String scheme) {
    return scheme.equals("https") ? tlsClient : plainClient;
  }

  private HttpResponse<String> post(String scheme, String path, String contentType, byte[] body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(svc(scheme).baseUri().resolve(path))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    return client(scheme).send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String scheme, String pathAndQuery) throws Exception {
    return client(scheme).send(HttpRequest.newBuilder(svc(scheme).baseUri().resolve(pathAndQuery)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String error(HttpResponse<String> r) throws IOException {
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
    JsonNode n = JSON.readTree(r.body());
    assertTrue(n.path("error").isTextual(), "error answer without an error message: " + r.body());
    return n.get("error").asText();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void insertAddsFreshUuidReplacingClientIdAndSearchReturnsTheDocument(String scheme) throws Exception {
    assertEquals(scheme, svc(scheme).baseUri().getScheme());
    for (PayloadDocument d : PayloadDocument.values()) {
      ObjectNode body = (ObjectNode) JSON.readTree(d.bytes());
      body.put("id", "client-chosen");
      HttpResponse<String> r = post(scheme, "/insert", "application/json; charset=utf-8", JSON.writeValueAsBytes(body));
      assertEquals(201, r.statusCode(), r.body());
      String id = JSON.readTree(r.body()).get("id").asText();
      assertEquals(id, UUID.fromString(id).toString(), "id is a canonical UUID");
      HttpResponse<String> s = get(scheme, "/search?id=" + id);
      assertEquals(200, s.statusCode(), s.body());
      body.put("id", id);
      assertEquals(body, JSON.readTree(s.body()), "stored document = body with the service's id");
      // Upper-case UUIDs find the same document.
      assertEquals(200, get(scheme, "/search?id=" + id.toUpperCase()).statusCode());
    }
  }

  @Test
  void everyInsertGetsADifferentId() throws Exception {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 5; i++) {
      ids.add(JSON.readTree(post("http", "/insert", "application/json", PayloadDocument.flat.bytes()).body()).get("id").asText());
    }
    assertEquals(5, ids.size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void searchForAnAbsentUuidIs404(String scheme) throws Exception {
    HttpResponse<String> r = get(scheme, "/search?id=" + UUID.randomUUID());
    assertEquals(404, r.statusCode());
    assertTrue(error(r).contains("no document"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void searchRefusesAnythingButOneUuid(String scheme) throws Exception {
    String enc = URLEncoder.encode("{\"$ne\": null}", StandardCharsets.UTF_8);
    for (String q : List.of("/search?id=" + enc, "/search?id=.*", "/search?id=", "/search",
        "/search?id%5B%24ne%5D=x", "/search?id=" + UUID.randomUUID() + "&id=" + UUID.randomUUID(),
        "/search?id=" + UUID.randomUUID() + "x", "/search?id=1-1-1-1-1")) {
      HttpResponse<String> r = get(scheme, q);
      assertEquals(400, r.statusCode(), q + " -> " + r.body());
      error(r);
    }
    assertTrue(error(get(scheme, "/search?id=.*")).contains("'.*' is not a UUID"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void badBodiesAre400WithoutAWrite(String scheme) throws Exception {
    long before = coll.countDocuments();
    String[][] cases = {
        {"{\"a\": ", "malformed JSON"},
        {"{\"a\": 1} trailing", "malformed JSON"},
        {"[1, 2, 3]", "expected a JSON object, got array"},
        {"42", "expected a JSON object, got number"},
        {"\"text\"", "expected a JSON object, got string"},
        {"", "expected a JSON object, got nothing"},
        {"{\"$where\": \"sleep(1000)\"}", "field name '$where' is not allowed"},
        {"{\"a\": {\"$gt\": 1}}", "field name '$gt' is not allowed"},
        // values MongoDB cannot store as sent are refused, not changed
        {"{\"a\": 1, \"a\": 2}", "Duplicate field 'a'"},
        {"{\"a\": {\"b\": 1, \"b\": 1}}", "Duplicate field 'b'"},
        {"{\"x\": 1e999999}", "is not a finite double"},
        {"{\"x\": [-1e999999]}", "is not a finite double"},
        {"{\"s\": \"ab\\ud800\"}", "lone UTF-16 surrogate \\ud800 at index 2"},
        {"{\"s\": \"\\udc00x\"}", "lone UTF-16 surrogate"},
        {"{\"\\ud83d\": 1}", "field name"},
        // MongoDB's primary key is the server's: a client _id is refused
        {"{\"_id\": \"mine\", \"a\": 1}", "field '_id' is not accepted"},
    };
    for (String[] c : cases) {
      HttpResponse<String> r = post(scheme, "/insert", "application/json", c[0].getBytes(StandardCharsets.UTF_8));
      assertEquals(400, r.statusCode(), c[0] + " -> " + r.body());
      String msg = error(r);
      assertTrue(msg.contains(c[1]), c[0] + " -> " + msg);
    }
    assertEquals(before, coll.countDocuments(), "a refused body must not be written");
  }

  @Test
  void clientErrorsAreCountedAsSuchNeverAsMongoFailures() throws Exception {
    long mongoBefore = http.mongoFailures();
    long clientBefore = http.clientErrors();
    for (String body : new String[] {"{\"_id\": 1}", "{\"_id\": 1}", "{\"a\": 1, \"a\": 1}", "{\"x\": 1e999999}"}) {
      assertEquals(400, post("http", "/insert", "application/json", body.getBytes(StandardCharsets.UTF_8)).statusCode(), body);
    }
    assertEquals(mongoBefore, http.mongoFailures(), "a client error is not a MongoDB failure");
    assertEquals(clientBefore + 4, http.clientErrors());
    JsonNode h = JSON.readTree(get("http", "/health").body());
    assertEquals(http.clientErrors(), h.get("client_errors").asLong());
    assertEquals(0, h.get("mongo_failures").asLong());
    // a surrogate pair (an emoji) is well-formed and stored as sent
    HttpResponse<String> ok = post("http", "/insert", "application/json", "{\"s\": \"\\ud83d\\ude00\"}".getBytes(StandardCharsets.UTF_8));
    assertEquals(201, ok.statusCode(), ok.body());
    String id = JSON.readTree(ok.body()).get("id").asText();
    assertEquals("\ud83d\ude00", JSON.readTree(get("http", "/search?id=" + id).body()).get("s").asText());
  }

  @Test
  void aBodyWithinTheLimitWhoseBsonExceeds16MiBIsAnswered413LoggedAndCounted() throws Exception {
    // 1.6 million one-digit array elements: 3.2 MB of JSON, ~19 MB of BSON (type byte, decimal index key, int32 each)
    StringBuilder sb = new StringBuilder(3_300_000).append("{\"a\":[");
    for (int i = 0; i < 1_600_000; i++) {
      sb.append(i == 0 ? "1" : ",1");
    }
    byte[] body = sb.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream err = System.err;
    try (PayloadService big = PayloadService.start(PayloadConfig.defaults().withHost("127.0.0.1").withPort(0), coll)) {
      long before = coll.countDocuments();
      HttpResponse<String> r;
      System.setErr(new PrintStream(new OutputStream() {
        @Override
        public void write(int b) {
          err.write(b);
          synchronized (captured) {
            captured.write(b);
          }
        }
      }, true));
      try {
        r = plainClient.send(HttpRequest.newBuilder(big.baseUri().resolve("/insert")).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
      } finally {
        System.setErr(err);
      }
      assertEquals(413, r.statusCode(), r.body());
      assertTrue(error(r).contains("exceeds MongoDB's BSON size limit"), r.body());
      assertTrue(captured.toString(StandardCharsets.UTF_8).contains("[payload-service]") && captured.toString(StandardCharsets.UTF_8).contains(" 413 POST /insert"), "no log line: " + captured);
      assertEquals(before, coll.countDocuments());
      JsonNode h = JSON.readTree(plainClient.send(HttpRequest.newBuilder(big.baseUri().resolve("/health")).build(),
          HttpResponse.BodyHandlers.ofString()).body());
      assertEquals(1, h.get("bson_too_large").asLong());
      assertEquals(0, h.get("mongo_failures").asLong());
    }
  }

  /**
   * Bodies in flight are bounded by the memory budget: one client announces a 900 KB body and sends
   * half of it against a budget of 1 MB; while it holds the budget, seven more 900 KB bodies get 503
   * with Retry-After and nothing is stored for them. Once the first body completes it is stored
   * (201), and the budget is free for the next; no request ends in a server error.
   */
  @Test
  void bodiesPastTheMemoryBudgetAreAnswered503() throws Exception {
    PayloadConfig c = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0).withMaxBodyBytes(1_000_000)
        .withInFlightBodyBytes(1_000_000);
    int size = 900_000;
    byte[] body = ("{\"pad\":\"" + "p".repeat(size - 10) + "\"}").getBytes(StandardCharsets.US_ASCII);
    assertEquals(size, body.length);
    try (PayloadService svc = PayloadService.start(c, coll);
        Socket holder = new Socket("127.0.0.1", svc.baseUri().getPort())) {
      long before = coll.countDocuments();
      holder.setSoTimeout(10_000);
      OutputStream out = holder.getOutputStream();
      out.write(("POST /insert HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
          + size + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body, 0, size / 2);
      out.flush();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (health(svc).get("bodies_in_flight_bytes").asLong() != size) {
        assertTrue(System.nanoTime() < deadline, "the half-sent request never held the budget: " + health(svc));
        Thread.sleep(10);
      }
      for (int i = 0; i < 7; i++) {
        HttpResponse<String> r = plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/insert"))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(503, r.statusCode(), r.body());
        assertEquals("1", r.headers().firstValue("Retry-After").orElse(""), r.headers().toString());
        assertTrue(error(r).startsWith("overloaded: ") && error(r).contains("in_flight_body_bytes=1000000"), r.body());
      }
      out.write(body, size / 2, size - size / 2);
      out.flush();
      byte[] head = new byte[12];
      int n = holder.getInputStream().readNBytes(head, 0, 12);
      assertEquals("HTTP/1.1 201", new String(head, 0, n, StandardCharsets.US_ASCII));
      assertEquals(before + 1, coll.countDocuments());
      HttpResponse<String> next = plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/insert"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(201, next.statusCode(), next.body());
      // the handler gives the body's bytes back after its response is written, so the client can
      // read the 201 a moment before the budget is released: wait for it, within a deadline
      JsonNode h = health(svc);
      long released = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (h.get("bodies_in_flight_bytes").asLong() != 0 && System.nanoTime() < released) {
        Thread.sleep(10);
        h = health(svc);
      }
      assertEquals(7, h.get("overloaded").asLong(), h.toString());
      assertEquals(0, h.get("server_errors").asLong(), h.toString());
      assertEquals(0, h.get("bodies_in_flight_bytes").asLong(), "the budget is given back: " + h);
    }
  }

  private JsonNode health(PayloadService svc) throws Exception {
    return JSON.readTree(plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/health")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
  }

  @Test
  void theInFlightBudgetDefaultsToAnEighthOfTheHeapAndRefusesNegatives() {
    assertEquals(Runtime.getRuntime().maxMemory() / 8, PayloadConfig.defaults().effectiveInFlightBodyBytes());
    assertEquals(5, PayloadConfig.defaults().withInFlightBodyBytes(5).effectiveInFlightBodyBytes());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PayloadConfig.defaults().withInFlightBodyBytes(-1));
    assertTrue(e.getMessage().startsWith("in_flight_body_bytes=-1; expected"), e.getMessage());
  }

  @Test
  void theServerBindsLoopbackUnlessToldOtherwise() throws Exception {
    assertEquals("127.0.0.1", PayloadConfig.defaults().host());
    try (PayloadService s = PayloadService.start(PayloadConfig.defaults().withPort(0), coll)) {
      assertEquals("127.0.0.1", s.baseUri().getHost());
      assertEquals(200, plainClient.send(HttpRequest.newBuilder(s.baseUri().resolve("/health")).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode());
    }
  }

  @Test
  void nestingBeyondMongosLimitIs400() throws Exception {
    String deep = "{\"a\":".repeat(120) + "1" + "}".repeat(120);
    HttpResponse<String> r = post("http", "/insert", "application/json", deep.getBytes(StandardCharsets.UTF_8));
    assertEquals(400, r.statusCode());
    assertTrue(error(r).contains("nests deeper than 100"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void wrongOrMissingContentTypeIs415WithoutAWrite(String scheme) throws Exception {
    long before = coll.countDocuments();
    for (String ct : new String[] {"text/plain", "application/x-www-form-urlencoded", "application/jsonx", null}) {
      HttpResponse<String> r = post(scheme, "/insert", ct, PayloadDocument.flat.bytes());
      assertEquals(415, r.statusCode(), ct + " -> " + r.body());
      assertTrue(error(r).contains("expected application/json"));
    }
    assertEquals(before, coll.countDocuments());
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void bodyOverTheLimitIs413WithoutAWrite(String scheme) throws Exception {
    long before = coll.countDocuments();
    String big = "{\"pad\": \"" + "x".repeat((int) MAX_BODY) + "\"}";
    HttpResponse<String> r = post(scheme, "/insert", "application/json", big.getBytes(StandardCharsets.UTF_8));
    assertEquals(413, r.statusCode());
    assertTrue(error(r).contains("max_body_bytes=" + MAX_BODY));
    // Chunked (no Content-Length): the limit holds while reading.
    HttpRequest chunked = HttpRequest.newBuilder(svc(scheme).baseUri().resolve("/insert"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
        .build();
    HttpResponse<String> r2 = client(scheme).send(chunked, HttpResponse.BodyHandlers.ofString());
    assertEquals(413, r2.statusCode());
    assertEquals(before, coll.countDocuments());
    // A body exactly at a size below the limit is fine.
    assertEquals(201, post(scheme, "/insert", "application/json", "{\"ok\": true}".getBytes(StandardCharsets.UTF_8)).statusCode());
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void wrongMethodIs405AndUnknownPathIs404(String scheme) throws Exception {
    HttpResponse<String> r = get(scheme, "/insert");
    assertEquals(405, r.statusCode());
    assertEquals("POST", r.headers().firstValue("Allow").orElse(""));
    error(r);
    HttpResponse<String> r2 = post(scheme, "/search?id=" + UUID.randomUUID(), "application/json", new byte[] {'{', '}'});
    assertEquals(405, r2.statusCode());
    assertEquals("GET", r2.headers().firstValue("Allow").orElse(""));
    assertEquals(404, get(scheme, "/nothing").statusCode());
    assertEquals(404, get(scheme, "/insertx").statusCode());
  }

  @ParameterizedTest
  @ValueSource(strings = {"http", "https"})
  void healthReportsCounts(String scheme) throws Exception {
    long inserted = svc(scheme).inserted();
    assertEquals(201, post(scheme, "/insert", "application/json", PayloadDocument.flat.bytes()).statusCode());
    HttpResponse<String> r = get(scheme, "/health");
    assertEquals(200, r.statusCode());
    JsonNode h = JSON.readTree(r.body());
    assertEquals("ok", h.get("status").asText());
    assertEquals(inserted + 1, h.get("inserted").asLong());
    assertEquals(0, h.get("mongo_failures").asLong());
    assertTrue(h.get("requests").asLong() >= 2);
  }

  @Test
  void templateIs404WithoutJsonFile() throws Exception {
    assertEquals(404, get("http", "/template").statusCode());
  }

  @Test
  void httpsPortRefusesPlainHttp() {
    URI plain = URI.create("http://127.0.0.1:" + https.baseUri().getPort() + "/health");
    HttpClient c = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    try (c) {
      // The TLS server cannot parse a plaintext request: the exchange fails or gets no 200.
      try {
        HttpResponse<String> r = c.send(HttpRequest.newBuilder(plain).timeout(Duration.ofSeconds(5)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        assertNotEquals(200, r.statusCode());
      } catch (IOException | InterruptedException expected) {
        // refused, as it should be
      }
    }
  }

  @Test
  void hundredConcurrentClientsAreAllServed() throws Exception {
    long before = coll.countDocuments();
    List<Future<Integer>> fs = new ArrayList<>();
    try (var ex = Executors.newFixedThreadPool(100)) {
      for (int i = 0; i < 100; i++) {
        fs.add(ex.submit(() -> {
          try (HttpClient c = HttpClient.newHttpClient()) {
            return c.send(HttpRequest.newBuilder(http.baseUri().resolve("/insert"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(PayloadDocument.reqmgr2.bytes())).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
          }
        }));
      }
      for (Future<Integer> f : fs) {
        assertEquals(201, f.get(60, TimeUnit.SECONDS));
      }
    }
    assertEquals(before + 100, coll.countDocuments());
  }

  @Test
  void mongoFailureIs503AndTheServiceKeepsServing() throws Exception {
    MongoTarget dying = MongoTarget.embedded();
    try (MongoClient c = MongoClients.create(MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(dying.redactedUri()))
        .applyToClusterSettings(s -> s.serverSelectionTimeout(300, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(s -> s.connectTimeout(300, TimeUnit.MILLISECONDS))
        .build());
        PayloadService svc = PayloadService.start(PayloadConfig.defaults().withHost("127.0.0.1").withPort(0)
            .withMongoTimeoutMs(500), c.getDatabase("test").getCollection("dying"))) {
      HttpRequest insert = HttpRequest.newBuilder(svc.baseUri().resolve("/insert"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(PayloadDocument.flat.bytes())).build();
      assertEquals(201, plainClient.send(insert, HttpResponse.BodyHandlers.ofString()).statusCode());
      dying.close();
      long t0 = System.nanoTime();
      HttpResponse<String> r = plainClient.send(insert, HttpResponse.BodyHandlers.ofString());
      // fails within mongo_timeout_ms (500 ms) plus slack for a loaded machine, not the driver's 30 s default
      assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "MongoDB down must fail fast");
      assertEquals(503, r.statusCode(), r.body());
      assertTrue(error(r).startsWith("MongoDB operation failed"));
      HttpResponse<String> s = plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/search?id=" + UUID.randomUUID())).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(503, s.statusCode());
      HttpResponse<String> h = plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/health")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(503, h.statusCode(), h.body());
      JsonNode hj = JSON.readTree(h.body());
      assertEquals("degraded", hj.get("status").asText());
      assertTrue(hj.get("mongo").asText().startsWith("unreachable"), h.body());
      assertEquals(2, hj.get("mongo_failures").asLong());
      assertEquals(2, svc.mongoFailures());
    } finally {
      dying.close();
    }
  }

  @Test
  void templateIsServedAndAnInvalidJsonFileIsRefusedAtStart() throws Exception {
    Path t = tmp.resolve("template.json");
    Files.write(t, PayloadDocument.flat.bytes());
    PayloadConfig c = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0).withJsonFile(t);
    try (PayloadService svc = PayloadService.start(c, coll)) {
      HttpResponse<String> r = plainClient.send(HttpRequest.newBuilder(svc.baseUri().resolve("/template")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode());
      assertEquals(new String(PayloadDocument.flat.bytes(), StandardCharsets.UTF_8), r.body());
    }
    Files.writeString(t, "[1]");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PayloadService.start(c, coll));
    assertTrue(e.getMessage().contains("json_file") && e.getMessage().contains("expected a JSON object"), e.getMessage());
  }

  @Test
  void httpsWithoutPemFilesOrWithAnEmptyPemIsRefused() throws Exception {
    PayloadConfig c = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0).withUseHttps(true);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PayloadService.start(c, coll));
    assertTrue(e.getMessage().contains("cert_file and key_file"), e.getMessage());
    Path empty = tmp.resolve("empty.pem");
    Files.writeString(empty, "not a pem\n");
    IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class,
        () -> PayloadService.start(c.withCertFile(empty).withKeyFile(empty), coll));
    assertTrue(e2.getMessage().contains("no PEM CERTIFICATE"), e2.getMessage());
  }
}
