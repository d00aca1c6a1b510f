package io.dbbench.arango.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ArangoDB stand-in's HTTP edges: numbers out of range, trailing bytes, malformed escapes,
 * credentials on every route and with any capitalization of the scheme, {@code --help}, and the
 * idle-connection timeout. Runs the stand-in in this JVM (no allocations are measured here).
 */
class StandInEdgesTest {
  static ArangoStandIn server;
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  static final String AUTH = "Basic " + Base64.getEncoder().encodeToString("root:right".getBytes(StandardCharsets.UTF_8));

  @BeforeAll
  static void start() throws Exception {
    server = ArangoStandIn.start(ArangoStandIn.Options.parse("--require-auth", "root:right",
        "--http.keep-alive-timeout", "1"));
    send("POST", "/_api/database", AUTH, "{\"name\":\"edges\"}");
    send("POST", "/_db/edges/_api/collection", AUTH, "{\"name\":\"c\"}");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static HttpResponse<String> send(String method, String path, String auth, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .timeout(Duration.ofSeconds(20)).header("content-type", "application/json")
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (auth != null) {
      b.header("authorization", auth);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void numbersOutOfRangeAndTrailingBytesAre400s() throws Exception {
    for (String body : new String[] {"{\"x\": 1e999999}", "{\"x\": [1, -1e400]}", "{\"x\": 1} trailing",
        "{\"x\": 1}{\"y\": 2}"}) {
      HttpResponse<String> r = send("POST", "/_db/edges/_api/document/c", AUTH, body);
      assertEquals(400, r.statusCode(), body + " -> " + r.body());
      assertTrue(r.body().contains("\"errorNum\":600"), r.body());
    }
    HttpResponse<String> count = send("GET", "/_db/edges/_api/collection/c/count", AUTH, null);
    assertTrue(count.body().contains("\"count\":0"), "nothing was stored: " + count.body());
  }

  @Test
  void malformedEscapesInPathOrQueryAre400s() throws Exception {
    // raw requests: java.net.URI refuses to build these paths at all
    for (String path : new String[] {"/_db/%zz/_api/version", "/_db/edges/_api/document/c/%zz",
        "/_db/edges/_api/document/c?waitForSync=%zz"}) {
      try (Socket s = new Socket("127.0.0.1", server.port())) {
        s.setSoTimeout(10_000);
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + AUTH
            + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(answer.startsWith("HTTP/1.1 400"), path + " -> " + answer);
        assertTrue(answer.contains("invalid URL encoding"), answer);
      }
    }
  }

  @Test
  void everyRouteAsksForTheCredentialsAndTheSchemeIgnoresCase() throws Exception {
    assertEquals(401, send("GET", "/_dbbench/stats", null, null).statusCode());
    assertEquals(401, send("GET", "/_dbbench/requests", null, null).statusCode());
    assertEquals(401, send("DELETE", "/_dbbench/requests", "Basic d3Jvbmc6d3Jvbmc=", null).statusCode());
    assertEquals(401, send("GET", "/_api/version", "Bearer " + AUTH.substring(6), null).statusCode());
    assertEquals(401, send("GET", "/_api/version", "Basic not-base64!", null).statusCode());
    assertEquals(200, send("GET", "/_dbbench/stats", AUTH, null).statusCode());
    String token = AUTH.substring("Basic ".length());
    for (String scheme : new String[] {"basic", "BASIC", "bAsIc"}) {
      assertEquals(200, send("GET", "/_api/version", scheme + " " + token, null).statusCode(), scheme);
    }
  }

  @Test
  void helpPrintsUsageAndDoesNotFail() throws Exception {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      ArangoStandIn.main(new String[] {"--help"}); // an exit status other than 0 would end this JVM
    } finally {
      System.setOut(out);
    }
    String usage = captured.toString(StandardCharsets.UTF_8);
    assertTrue(usage.contains("--require-auth") && usage.contains(ArangoStandIn.AUTH_ENV), usage);
    assertTrue(usage.contains("--http.keep-alive-timeout"), usage);
  }

  @Test
  void anIdleConnectionIsClosedAfterTheKeepAliveTimeout() throws Exception {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(10_000);
      long t0 = System.nanoTime();
      // a client that says nothing: the server closes the connection after the 1 s timeout
      assertEquals(-1, s.getInputStream().read());
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertTrue(seconds >= 0.5 && seconds < 9, "closed after " + seconds + " s");
    }
  }
}
