package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.ArangoDB;
import com.arangodb.ArangoDBException;
import com.arangodb.Protocol;
import com.arangodb.entity.ErrorEntity;
import com.arangodb.entity.MultiDocumentEntity;
import com.arangodb.jackson.dataformat.velocypack.VPackMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.bulk.BulkDoc;
import io.dbbench.arango.standin.ArangoStandIn;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stand-in's routes, status codes and body shapes against the reference
 * ({@code shared/reference/arangodb.md} (beside the repository) section 3), on raw HTTP so every byte is visible,
 * plus the driver's mapping of its errors. One stand-in JVM for the class; each test uses its own
 * collection.
 */
class StandInRoutesTest {
  static StandInHarness standIn;
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  static final ObjectMapper JSON = new ObjectMapper();

  record Answer(int status, JsonNode body, HttpResponse<byte[]> raw) {}

  @BeforeAll
  static void start() throws Exception {
    standIn = new StandInHarness();
    Answer a = call("POST", "/_api/database", Map.of("name", "dbbench"));
    assertTrue(a.status() == 201 || a.status() == 409, a.toString());
  }

  @AfterAll
  static void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }

  static Answer call(String method, String path, Object body) throws Exception {
    HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint() + path))
        .header("content-type", "application/json").header("accept", "application/json")
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body instanceof String s ? s.getBytes() : JSON.writeValueAsBytes(body)))
        .build(), HttpResponse.BodyHandlers.ofByteArray());
    return new Answer(r.statusCode(), r.body().length == 0 ? null : JSON.readTree(r.body()), r);
  }

  static Answer db(String method, String path, Object body) throws Exception {
    return call(method, "/_db/dbbench" + path, body);
  }

  static void assertError(Answer a, int status, int errorNum, String messagePart) {
    assertEquals(status, a.status(), a.body().toString());
    assertTrue(a.body().path("error").asBoolean(), a.body().toString());
    assertEquals(errorNum, a.body().path("errorNum").asInt(), a.body().toString());
    assertEquals(status, a.body().path("code").asInt(), "body code = HTTP status: " + a.body());
    assertTrue(a.body().path("errorMessage").asText().contains(messagePart), a.body().toString());
  }

  static void collection(String name) throws Exception {
    assertEquals(200, db("POST", "/_api/collection", Map.of("name", name)).status());
  }

  @Test
  void versionAndDatabases() throws Exception {
    Answer v = call("GET", "/_db/_system/_api/version", null);
    assertEquals(200, v.status());
    assertEquals("arango", v.body().path("server").asText());
    assertEquals(ArangoStandIn.LABEL, v.body().path("dbbench").asText());
    assertTrue(v.raw().headers().firstValue("x-arango-queue-time-seconds").isPresent(), "every response carries the queue time");
    Answer cur = db("GET", "/_api/database/current", null);
    assertEquals("dbbench", cur.body().path("result").path("name").asText());
    assertEquals(false, cur.body().path("result").path("isSystem").asBoolean(true));
    assertError(call("GET", "/_db/nowhere/_api/database/current", null), 404, 1228, "database not found");
    assertError(call("POST", "/_api/database", Map.of("name", "dbbench")), 409, 1207, "duplicate");
    Answer list = call("GET", "/_api/database", null);
    assertTrue(list.body().path("result").toString().contains("\"dbbench\""), list.body().toString());
    assertError(db("GET", "/_api/database", null), 403, 1230, "only allowed in system database");
  }

  @Test
  void collectionsCountAndTruncate() throws Exception {
    assertError(db("GET", "/_api/collection/dbbench_routes_c", null), 404, 1203, "collection or view not found");
    Answer c = db("POST", "/_api/collection", Map.of("name", "dbbench_routes_c"));
    assertEquals(200, c.status());
    assertEquals(2, c.body().path("type").asInt());
    assertEquals("dbbench_routes_c", c.body().path("name").asText());
    assertError(db("POST", "/_api/collection", Map.of("name", "dbbench_routes_c")), 409, 1207, "duplicate name");
    assertEquals(202, db("POST", "/_api/document/dbbench_routes_c", List.of(Map.of("_key", "a"), Map.of("_key", "b"))).status());
    assertEquals(2, db("GET", "/_api/collection/dbbench_routes_c/count", null).body().path("count").asInt());
    assertEquals(200, db("PUT", "/_api/collection/dbbench_routes_c/truncate", null).status());
    assertEquals(0, db("GET", "/_api/collection/dbbench_routes_c/count", null).body().path("count").asInt(-1));
    Answer drop = db("DELETE", "/_api/collection/dbbench_routes_c", null);
    assertEquals(200, drop.status());
    assertEquals(c.body().path("id").asText(), drop.body().path("id").asText());
  }

  @Test
  void multiDocumentAnswersAlignWithTheInputAndCountErrors() throws Exception {
    collection("dbbench_routes_m");
    Answer first = db("POST", "/_api/document/dbbench_routes_m", List.of(Map.of("_key", "k1", "v", 1)));
    assertEquals(202, first.status());
    assertEquals("dbbench_routes_m/k1", first.body().get(0).path("_id").asText());
    assertTrue(first.body().get(0).has("_rev"));
    Answer dup = db("POST", "/_api/document/dbbench_routes_m", List.of(Map.of("_key", "k2"), Map.of("_key", "k1"), Map.of("_key", "k3")));
    assertEquals(202, dup.status());
    assertEquals(3, dup.body().size(), "one element per input document");
    assertEquals("k2", dup.body().get(0).path("_key").asText());
    JsonNode err = dup.body().get(1);
    assertTrue(err.path("error").asBoolean());
    assertEquals(1210, err.path("errorNum").asInt());
    assertTrue(err.path("errorMessage").asText().startsWith("unique constraint violated - in index primary of type primary over '_key'; conflicting key: k1"));
    assertFalse(err.has("code"), "per-document errors carry no code");
    assertEquals("{\"1210\":1}", dup.raw().headers().firstValue("x-arango-error-codes").orElse(""));
    Answer silentOk = db("POST", "/_api/document/dbbench_routes_m?silent=true", List.of(Map.of("_key", "k4")));
    assertEquals("{}", silentOk.body().toString());
    assertTrue(silentOk.raw().headers().firstValue("x-arango-error-codes").isEmpty());
    Answer silentErr = db("POST", "/_api/document/dbbench_routes_m?silent=true", List.of(Map.of("_key", "k5"), Map.of("_key", "k4")));
    assertEquals(1, silentErr.body().size(), "silent: the error objects only");
    assertEquals(1210, silentErr.body().get(0).path("errorNum").asInt());
    Answer replace = db("POST", "/_api/document/dbbench_routes_m?overwriteMode=replace&returnNew=true", List.of(Map.of("_key", "k1", "w", 2)));
    assertEquals(2, replace.body().get(0).path("new").path("w").asInt());
    assertFalse(replace.body().get(0).path("new").has("v"), "replace drops old attributes");
    Answer upd = db("PATCH", "/_api/document/dbbench_routes_m?returnNew=true",
        List.of(Map.of("_key", "k1", "v", 9), Map.of("_key", "nope"), Map.of("v", 1)));
    assertEquals(202, upd.status());
    assertEquals(9, upd.body().get(0).path("new").path("v").asInt());
    assertEquals(2, upd.body().get(0).path("new").path("w").asInt(), "update merges");
    assertTrue(upd.body().get(0).has("_oldRev"));
    assertEquals(1202, upd.body().get(1).path("errorNum").asInt());
    assertEquals(1226, upd.body().get(2).path("errorNum").asInt());
    assertEquals("{\"1202\":1,\"1226\":1}", upd.raw().headers().firstValue("x-arango-error-codes").orElse(""));
    Answer del = db("DELETE", "/_api/document/dbbench_routes_m", List.of("k1", Map.of("_key", "k2"), "gone"));
    assertEquals("k1", del.body().get(0).path("_key").asText());
    assertEquals("k2", del.body().get(1).path("_key").asText());
    assertEquals(1202, del.body().get(2).path("errorNum").asInt());
    assertError(db("GET", "/_api/document/dbbench_routes_m/k1", null), 404, 1202, "document not found");
    assertEquals(200, db("GET", "/_api/document/dbbench_routes_m/k3", null).status());
    assertError(db("POST", "/_api/document/dbbench_routes_m", "{not json"), 400, 600, "invalid JSON");
    assertError(db("POST", "/_api/document/dbbench_routes_m?overwriteMode=sometimes", List.of()), 400, 10, "overwriteMode");
    assertError(db("POST", "/_api/document/dbbench_routes_none", List.of()), 404, 1203, "collection or view not found");
  }

  @Test
  void cursorsBatchContinueAndFree() throws Exception {
    collection("dbbench_routes_q");
    db("POST", "/_api/document/dbbench_routes_q", List.of(Map.of("_key", "a"), Map.of("_key", "b"), Map.of("_key", "c"),
        Map.of("_key", "d"), Map.of("_key", "e")));
    Answer first = db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_q RETURN d", "batchSize", 2, "count", true,
        "cache", false, "options", Map.of("optimizer", Map.of())));
    assertEquals(201, first.status());
    assertEquals(201, first.body().path("code").asInt());
    assertEquals(2, first.body().path("result").size());
    assertTrue(first.body().path("hasMore").asBoolean());
    assertEquals("2", first.body().path("nextBatchId").asText());
    assertEquals(5, first.body().path("count").asInt());
    assertFalse(first.body().path("cached").asBoolean(true));
    assertEquals(5, first.body().path("extra").path("stats").path("scannedFull").asInt());
    String id = first.body().path("id").asText();
    Answer second = db("POST", "/_api/cursor/" + id + "/2", null);
    assertEquals(200, second.status());
    assertEquals("3", second.body().path("nextBatchId").asText());
    assertError(db("POST", "/_api/cursor/" + id + "/7", null), 404, 1600, "cursor not found");
    Answer last = db("POST", "/_api/cursor/" + id, null);
    assertEquals(1, last.body().path("result").size());
    assertFalse(last.body().path("hasMore").asBoolean(true));
    assertFalse(last.body().has("nextBatchId"));
    assertFalse(last.body().has("id"));
    assertError(db("POST", "/_api/cursor/" + id, null), 404, 1600, "cursor not found");
    Answer open = db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_q RETURN d", "batchSize", 1));
    Answer closed = db("DELETE", "/_api/cursor/" + open.body().path("id").asText(), null);
    assertEquals(202, closed.status());
    assertEquals(open.body().path("id").asText(), closed.body().path("id").asText());
    assertError(db("DELETE", "/_api/cursor/" + open.body().path("id").asText(), null), 404, 1600, "cursor not found");
  }

  @Test
  void filterQueriesAnswerTheSameWithAndWithoutAnIndex() throws Exception {
    collection("dbbench_routes_f");
    db("POST", "/_api/document/dbbench_routes_f", List.of(Map.of("_key", "a", "E", "x"), Map.of("_key", "b", "E", "y"),
        Map.of("_key", "c", "E", "x"), Map.of("_key", "d", "n", 1.0)));
    String q = "for doc in dbbench_routes_f filter doc.E == @id return doc";
    Answer scan = db("POST", "/_api/cursor", Map.of("query", q, "bindVars", Map.of("id", "x")));
    assertEquals(2, scan.body().path("result").size());
    assertEquals(4, scan.body().path("extra").path("stats").path("scannedFull").asInt());
    Answer idx = db("POST", "/_api/index?collection=dbbench_routes_f", Map.of("type", "persistent", "fields", List.of("E")));
    assertEquals(201, idx.status());
    assertTrue(idx.body().path("isNewlyCreated").asBoolean());
    assertTrue(idx.body().path("id").asText().startsWith("dbbench_routes_f/"));
    Answer again = db("POST", "/_api/index?collection=dbbench_routes_f", Map.of("type", "persistent", "fields", List.of("E")));
    assertEquals(200, again.status());
    assertFalse(again.body().path("isNewlyCreated").asBoolean(true));
    Answer indexed = db("POST", "/_api/cursor", Map.of("query", q, "bindVars", Map.of("id", "x")));
    assertEquals(scan.body().path("result"), indexed.body().path("result"));
    assertEquals(2, indexed.body().path("extra").path("stats").path("scannedIndex").asInt());
    assertEquals(0, indexed.body().path("extra").path("stats").path("scannedFull").asInt());
    assertEquals(1, db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_f FILTER d.n == @v RETURN d",
        "bindVars", Map.of("v", 1))).body().path("result").size(), "numbers compare by value (1 == 1.0)");
    assertEquals(0, db("POST", "/_api/cursor", Map.of("query", q, "bindVars", Map.of("id", "nothing"))).body().path("result").size());
    assertEquals(2, db("GET", "/_api/index?collection=dbbench_routes_f", null).body().path("indexes").size());
    assertError(db("POST", "/_api/index?collection=dbbench_routes_f", Map.of("type", "geo", "fields", List.of("E"))), 400, 10, "only persistent");
    assertError(db("POST", "/_api/index", Map.of("type", "persistent", "fields", List.of("E"))), 400, 1204, "parameter 'collection' not found");
  }

  @Test
  void otherAqlGetsTheParseErrorShape() throws Exception {
    collection("dbbench_routes_a");
    Answer a = db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_a SORT d.x RETURN d"));
    assertError(a, 400, 1501, "does not support this query");
    assertTrue(a.body().path("errorMessage").asText().endsWith("(while parsing)"));
    assertError(db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_a FILTER d.x == @v RETURN d")), 400, 1551,
        "no value specified for declared bind parameter 'v'");
    assertError(db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_routes_a RETURN d", "bindVars", Map.of("v", 1))),
        400, 1552, "bind parameter 'v' was not declared");
    assertError(db("POST", "/_api/cursor", Map.of("query", "FOR d IN dbbench_missing RETURN d")), 404, 1203,
        "collection or view not found: dbbench_missing");
  }

  @Test
  void queryCachePropertiesAndUnknownRoutes() throws Exception {
    Answer off = db("PUT", "/_api/query-cache/properties", Map.of("mode", "off"));
    assertEquals(200, off.status());
    assertEquals("off", off.body().path("mode").asText());
    assertTrue(off.body().has("maxResults") && off.body().has("maxResultsSize") && off.body().has("maxEntrySize")
        && off.body().has("includeSystem"), off.body().toString());
    assertEquals("demand", db("PUT", "/_api/query-cache/properties", Map.of("mode", "demand")).body().path("mode").asText());
    assertEquals("demand", db("GET", "/_api/query-cache/properties", null).body().path("mode").asText());
    db("PUT", "/_api/query-cache/properties", Map.of("mode", "off"));
    assertError(db("PUT", "/_api/query-cache/properties", Map.of("mode", "always")), 400, 10, "mode must be on, off or demand");
    assertError(db("GET", "/_api/nothing", null), 404, 404, "unknown path '/_db/dbbench/_api/nothing'");
    assertError(db("PUT", "/_api/version", null), 405, 405, "method not supported");
  }

  @Test
  void velocyPackInAndOut() throws Exception {
    collection("dbbench_routes_v");
    VPackMapper vpack = new VPackMapper();
    HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint()
            + "/_db/dbbench/_api/document/dbbench_routes_v?returnNew=true"))
        .header("content-type", "application/x-velocypack").header("accept", "application/x-velocypack")
        .POST(HttpRequest.BodyPublishers.ofByteArray(vpack.writeValueAsBytes(List.of(Map.of("_key", "v1", "n", 7))))).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    assertEquals("application/x-velocypack", r.headers().firstValue("content-type").orElse(""));
    JsonNode body = vpack.readTree(r.body());
    assertEquals(7, body.get(0).path("new").path("n").asInt());
    assertEquals(7, db("GET", "/_api/document/dbbench_routes_v/v1", null).body().path("n").asInt(), "stored the same as JSON");
  }

  @Test
  void multiDocumentReadAnswersInRequestOrderWithAnErrorObjectPerMissingKey() throws Exception {
    collection("dbbench_routes_r");
    assertEquals(202, db("POST", "/_api/document/dbbench_routes_r",
        List.of(Map.of("_key", "r1", "n", 1), Map.of("_key", "r2", "n", 2), Map.of("_key", "r3", "n", 3))).status());
    Answer read = db("PUT", "/_api/document/dbbench_routes_r?onlyget=true",
        "[\"r3\", {\"_key\":\"r1\"}, \"nope\", \"dbbench_routes_r/r2\"]");
    assertEquals(200, read.status(), read.body().toString());
    assertEquals(4, read.body().size(), "one element per input: " + read.body());
    assertEquals("r3", read.body().get(0).path("_key").asText());
    assertEquals(3, read.body().get(0).path("n").asInt(), "the whole document");
    assertEquals("dbbench_routes_r/r3", read.body().get(0).path("_id").asText());
    assertTrue(read.body().get(0).has("_rev"));
    assertEquals("r1", read.body().get(1).path("_key").asText());
    JsonNode missing = read.body().get(2);
    assertTrue(missing.path("error").asBoolean(), missing.toString());
    assertEquals(1202, missing.path("errorNum").asInt());
    assertEquals("document not found", missing.path("errorMessage").asText());
    assertFalse(missing.has("code"), "per-document errors carry no code");
    assertEquals("r2", read.body().get(3).path("_key").asText(), "an identifier collection/key names its key");
    assertEquals("{\"1202\":1}", read.raw().headers().firstValue("x-arango-error-codes").orElse(""));
    // _rev is checked only when ignoreRevs=false, as arangod does
    String rev = read.body().get(1).path("_rev").asText();
    List<Map<String, String>> stale = List.of(Map.of("_key", "r1", "_rev", "_stale"), Map.of("_key", "r1", "_rev", rev));
    assertEquals("r1", db("PUT", "/_api/document/dbbench_routes_r?onlyget=true", stale).body().get(0).path("_key").asText());
    Answer checked = db("PUT", "/_api/document/dbbench_routes_r?onlyget=true&ignoreRevs=false", stale);
    assertEquals(1200, checked.body().get(0).path("errorNum").asInt(), checked.body().toString());
    assertEquals("r1", checked.body().get(1).path("_key").asText());
    Answer bad = db("PUT", "/_api/document/dbbench_routes_r?onlyget=true", "[{\"_id\":\"dbbench_routes_r/r1\"}, 7]");
    assertEquals(1205, bad.body().get(0).path("errorNum").asInt(), "an object names its document by _key: " + bad.body());
    assertEquals(1227, bad.body().get(1).path("errorNum").asInt(), bad.body().toString());
    assertError(db("PUT", "/_api/document/dbbench_routes_r?onlyget=true", Map.of("_key", "r1")), 400, 1227, "invalid document type");
    assertError(db("PUT", "/_api/document/dbbench_missing?onlyget=true", List.of("r1")), 404, 1203, "collection or view not found");
    assertError(db("PUT", "/_api/document/dbbench_routes_r", List.of(Map.of("_key", "r1"))), 405, 405, "onlyget=true");
    // VelocyPack in and out, like the other document routes
    VPackMapper vpack = new VPackMapper();
    HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(URI.create(standIn.process.endpoint()
            + "/_db/dbbench/_api/document/dbbench_routes_r?onlyget=true"))
        .header("content-type", "application/x-velocypack").header("accept", "application/x-velocypack")
        .PUT(HttpRequest.BodyPublishers.ofByteArray(vpack.writeValueAsBytes(List.of("r2", "nope")))).build(),
        HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, r.statusCode());
    JsonNode vbody = vpack.readTree(r.body());
    assertEquals("r2", vbody.get(0).path("_key").asText(), vbody.toString());
    assertEquals(1202, vbody.get(1).path("errorNum").asInt(), vbody.toString());
  }

  /**
   * The driver's {@code getDocuments(keys, type)} against the stand-in, over every protocol the
   * family runs (HTTP/1.1 and HTTP/2, JSON and VelocyPack): documents in request order, a missing
   * key as the driver's per-key {@code ErrorEntity} in its place.
   */
  @Test
  void theDriversGetDocumentsReadsInRequestOrderAndReportsAMissingKey() throws Exception {
    collection("dbbench_routes_g");
    assertEquals(202, db("POST", "/_api/document/dbbench_routes_g", List.of(Map.of("_key", "doc_0", "name", "0", "value", 0),
        Map.of("_key", "doc_1", "name", "1", "value", 1), Map.of("_key", "doc_2", "name", "2", "value", 2))).status());
    for (Protocol p : DriverFacts.PROTOCOLS) {
      ArangoDB a = new ArangoDB.Builder().host("127.0.0.1", standIn.process.port()).protocol(p).build();
      try {
        MultiDocumentEntity<BulkDoc> got = a.db("dbbench").collection("dbbench_routes_g")
            .getDocuments(List.of("doc_2", "doc_9", "doc_0", "doc_1"), BulkDoc.class);
        assertEquals(List.of("doc_2", "doc_0", "doc_1"), got.getDocuments().stream().map(d -> d.key).toList(), p.name());
        assertEquals(List.of(2, 0, 1), got.getDocuments().stream().map(d -> d.value).toList(), p.name());
        assertEquals(1, got.getErrors().size(), p.name());
        ErrorEntity missing = got.getErrors().get(0);
        assertEquals(1202, missing.getErrorNum(), p.name());
        assertEquals("document not found", missing.getErrorMessage(), p.name());
        List<Object> all = got.getDocumentsAndErrors();
        assertEquals(4, all.size(), p.name());
        assertTrue(all.get(1) instanceof ErrorEntity, "the error stands in the missing key's place: " + all);
        assertEquals("doc_0", ((BulkDoc) all.get(2)).key, p.name());
      } finally {
        a.shutdown();
      }
    }
    List<JsonNode> reads = standIn.requests().stream().filter(r -> r.path("path").asText().contains("onlyget=true")
        && r.path("path").asText().contains("dbbench_routes_g")).toList();
    assertEquals(DriverFacts.PROTOCOLS.size(), reads.size(), reads.toString());
    assertTrue(reads.stream().allMatch(r -> r.path("method").asText().equals("PUT") && r.path("status").asInt() == 200),
        reads.toString());
    assertTrue(reads.stream().anyMatch(r -> r.path("httpVersion").asText().equals("HTTP/2")), "HTTP/2 was used: " + reads);
    assertTrue(reads.stream().anyMatch(r -> r.path("contentType").asText().contains("velocypack")),
        "VelocyPack was used: " + reads);
  }

  @Test
  void theDriverMapsTheStandInsErrorsAsArangoDBs() throws Exception {
    collection("dbbench_routes_d");
    for (Protocol p : DriverFacts.PROTOCOLS) {
      ArangoDB a = new ArangoDB.Builder().host("127.0.0.1", standIn.process.port()).protocol(p).build();
      try {
        ArangoDBException e = assertThrows(ArangoDBException.class, () -> a.db("dbbench").collection("dbbench_nope").count());
        assertEquals(404, e.getResponseCode(), p.name());
        assertEquals(1203, e.getErrorNum(), p.name());
        assertFalse(a.db("dbbench").collection("dbbench_nope").exists(), "404/1203 => exists() false");
        assertFalse(a.db("nowhere").exists(), "404/1228 => exists() false");
        assertTrue(a.db("dbbench").exists());
        assertNotNull(a.getVersion().getVersion());
        assertNull(a.db("dbbench").collection("dbbench_routes_d").getDocument("missing", BulkDoc.class), "404/1202 => null");
      } finally {
        a.shutdown();
      }
    }
  }
}
