package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.jackson.dataformat.velocypack.VPackMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.arango.standin.VelocyPackCheckAccess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bodies an attacker on the same host sends the ArangoDB stand-in: every one gets an answer (400
 * for a body at fault), the server's in-flight count returns to 0, and a document too deep to
 * store is refused on the way in, so that what is stored can always be read back.
 */
class StandInHostileBodyTest {
  static StandInHarness standIn;
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  static final ObjectMapper JSON = new ObjectMapper();
  static final VPackMapper VPACK = new VPackMapper();

  @BeforeAll
  static void start() throws Exception {
    standIn = new StandInHarness();
    send("POST", "/_api/database", "application/json", JSON.writeValueAsBytes(Map.of("name", "dbbench")));
    send("POST", "/_db/dbbench/_api/collection", "application/json", JSON.writeValueAsBytes(Map.of("name", "hostile")));
  }

  @AfterAll
  static void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }

  static HttpResponse<byte[]> send(String method, String path, String type, byte[] body) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint() + path))
        .timeout(Duration.ofSeconds(20)).header("content-type", type).header("accept", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  static long inFlight() throws Exception {
    HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint() + "/_dbbench/stats"))
        .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
    return JSON.readTree(r.body()).path("inFlight").asLong(-1);
  }

  static JsonNode nested(int depth) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode at = root;
    for (int i = 1; i < depth; i++) {
      at = at.putObject("n");
    }
    at.put("leaf", 1);
    return root;
  }

  @Test
  void aBodyThatDeclaresMoreBytesThanItHasIsA400NotALostWorker() throws Exception {
    byte[] nine = {(byte) 0xc6, 0x7e, 0x18, (byte) 0xde, 0x54, 0x2a, (byte) 0x88, (byte) 0x90, 0x2b};
    HttpResponse<byte[]> r = send("POST", "/_db/dbbench/_api/document/hostile", "application/x-velocypack", nine);
    assertEquals(400, r.statusCode(), new String(r.body()));
    assertTrue(JSON.readTree(r.body()).path("errorMessage").asText().contains("VelocyPack"), new String(r.body()));
    assertEquals(0, inFlight(), "every request answered");
  }

  @Test
  void tooDeepDocumentsAreRefusedOnTheWayInInBothEncodings() throws Exception {
    for (String type : List.of("application/json", "application/x-velocypack")) {
      byte[] body = type.endsWith("json") ? JSON.writeValueAsBytes(nested(1000)) : VPACK.writeValueAsBytes(nested(1000));
      HttpResponse<byte[]> r = send("POST", "/_db/dbbench/_api/document/hostile", type, body);
      assertEquals(400, r.statusCode(), type + ": " + new String(r.body()));
    }
    // the deepest allowed document is stored and read back in either encoding
    ObjectNode ok = (ObjectNode) nested(90);
    ok.put("_key", "deep90");
    HttpResponse<byte[]> created = send("POST", "/_db/dbbench/_api/document/hostile", "application/x-velocypack",
        VPACK.writeValueAsBytes(ok));
    assertEquals(202, created.statusCode() / 100 == 2 ? 202 : created.statusCode(), new String(created.body()));
    HttpResponse<byte[]> read = HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint()
        + "/_db/dbbench/_api/document/hostile/deep90")).timeout(Duration.ofSeconds(20)).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, read.statusCode(), new String(read.body()));
    assertEquals(0, inFlight());
  }

  @Test
  void garbageAndTruncatedVelocyPackAreAll400s() throws Exception {
    byte[] valid = VPACK.writeValueAsBytes(Map.of("a", "x".repeat(300), "b", List.of(1, 2, 3), "c", Map.of("d", true)));
    Random rnd = new Random(7);
    int answered = 0;
    for (int i = 0; i < 200; i++) {
      byte[] body = Arrays.copyOf(valid, 1 + rnd.nextInt(valid.length));
      if (i % 2 == 1) {
        body[rnd.nextInt(body.length)] = (byte) rnd.nextInt(256);
      }
      HttpResponse<byte[]> r = send("POST", "/_db/dbbench/_api/document/hostile", "application/x-velocypack", body);
      assertTrue(r.statusCode() < 500, "a body at fault is not a server error: " + r.statusCode() + " "
          + new String(r.body()) + " for " + HexFormat.of().formatHex(body));
      answered++;
    }
    assertEquals(200, answered);
    assertEquals(0, inFlight());
  }

  @Test
  void everyValidBodyTheDriversEncoderWritesPassesTheLengthCheck() throws Exception {
    List<Object> docs = List.of(Map.of(), Map.of("k", 1), List.of(), List.of(1), Map.of("a", List.of(Map.of("b", 2))),
        Map.of("s", "x".repeat(5000), "n", -12345678901L, "d", 3.25, "t", true), Collections.nCopies(1000, 7),
        JSON.convertValue(nested(100), Object.class));
    for (Object d : docs) {
      byte[] body = VPACK.writeValueAsBytes(d);
      assertNull(VelocyPackCheckAccess.problem(body, 100), String.valueOf(d).substring(0,
          Math.min(80, String.valueOf(d).length())));
    }
  }
}
