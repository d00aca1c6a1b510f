package io.dbbench.arango.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.Protocol;
import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.arango.server.DriverFacts;
import io.dbbench.arango.server.StandInHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bulk study end to end, every protocol and client, on two targets: the stand-in (always; one
 * stand-in JVM for the class) and a real ArangoDB when {@code DBBENCH_ARANGO_ENDPOINTS} is set
 * (otherwise those cases are skipped with that reason; the stand-in cases never are). Each case
 * runs insert, read, readByKeys, update and delete on {@value #DOCS} documents with the fixture's own
 * preparation and verification.
 */
class ArangoBulkIntegrationTest {
  static final int DOCS = 3000;
  static StandInHarness standIn;

  @BeforeAll
  static void start() throws Exception {
    standIn = new StandInHarness();
  }

  @AfterAll
  static void stop() {
    if (standIn != null) {
      standIn.close();
    }
  }

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (String target : List.of("stand-in", "DBBENCH_ARANGO_ENDPOINTS")) {
      for (Protocol p : DriverFacts.PROTOCOLS) {
        for (BulkClient.Kind k : BulkClient.Kind.values()) {
          out.add(Arguments.of(target, p, k));
        }
      }
    }
    return out.stream();
  }

  private static ArangoSettings settingsFor(String target) {
    if (target.equals("stand-in")) {
      return standIn.settings();
    }
    ArangoSettings env = ArangoSettings.fromEnvironment();
    Assumptions.assumeTrue(env.kind() == ArangoSettings.Kind.ENDPOINTS,
        "no real ArangoDB here: set DBBENCH_ARANGO_ENDPOINTS (and DBBENCH_ARANGO_AUTH) to run this case against one");
    return env;
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void everyOperationDoesItsWorkAndVerifies(String target, Protocol protocol, BulkClient.Kind client) throws Exception {
    try (ArangoBulkFixture f = ArangoBulkFixture.open(settingsFor(target), List.of(), protocol, client, DOCS)) {
      for (BulkOperation op : BulkOperation.values()) {
        f.prepare(op);
        long r = f.run(op);
        assertEquals(DOCS, r, op + " handled");
        f.verify(op, r);
      }
    }
  }

  static Stream<String> targets() {
    return Stream.of("stand-in", "DBBENCH_ARANGO_ENDPOINTS");
  }

  static Stream<Arguments> standInCases() {
    return cases().filter(a -> a.get()[0].equals("stand-in"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void verificationFailsOnAWrongCount(String target) throws Exception {
    try (ArangoBulkFixture f = ArangoBulkFixture.open(settingsFor(target), List.of(), Protocol.HTTP_JSON, BulkClient.Kind.driver, DOCS)) {
      f.prepare(BulkOperation.INSERT);
      f.run(BulkOperation.INSERT);
      f.verify(BulkOperation.INSERT, DOCS);
      // One document too many: the count check must fail and say both numbers.
      f.admin().load(ArangoBulkFixture.COLLECTION, List.of(new BulkDoc("extra_1", "x", -1)));
      BulkOperationException e = assertThrows(BulkOperationException.class, () -> f.verify(BulkOperation.INSERT, DOCS));
      assertTrue(e.getMessage().contains("holds " + (DOCS + 1) + " documents; expected " + DOCS), e.getMessage());
      // A read that counted fewer than were there fails too.
      BulkOperationException r = assertThrows(BulkOperationException.class, () -> f.verify(BulkOperation.READ, DOCS - 1));
      assertTrue(r.getMessage().contains("counted " + (DOCS - 1)), r.getMessage());
      // A changed document fails the sample check.
      f.prepare(BulkOperation.UPDATE);
      f.run(BulkOperation.UPDATE);
      f.admin().load(ArangoBulkFixture.COLLECTION, List.of(new BulkDoc("doc_0", "0", 0)));
      BulkOperationException u = assertThrows(BulkOperationException.class, () -> f.verify(BulkOperation.UPDATE, DOCS));
      assertTrue(u.getMessage().contains("doc_0"), u.getMessage());
      // A read by keys is checked on what it returned: a verify without its documents fails, naming the count.
      BulkOperationException k = assertThrows(BulkOperationException.class, () -> f.verify(BulkOperation.READ_BY_KEYS, DOCS));
      assertTrue(k.getMessage().contains("readByKeys returned 0 documents"), k.getMessage());
    }
  }

  @Test
  void theReadByKeysChecksumSeesTheOrder() {
    List<BulkDoc> docs = BulkDocuments.documents(5);
    List<BulkDoc> swapped = new ArrayList<>(docs);
    java.util.Collections.swap(swapped, 1, 3);
    assertEquals(ArangoBulkFixture.checksum(docs), ArangoBulkFixture.checksum(BulkDocuments.documents(5)));
    assertNotEquals(ArangoBulkFixture.checksum(docs), ArangoBulkFixture.checksum(swapped));
    assertNotEquals(ArangoBulkFixture.checksum(docs), ArangoBulkFixture.checksum(docs.subList(0, 4)));
    assertEquals(BulkOperation.READ_BY_KEYS, BulkOperation.ofMethod("readByKeys"));
    assertEquals("readByKeys", BulkOperation.READ_BY_KEYS.method());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BulkOperation.ofMethod("read_by_keys"));
    assertTrue(e.getMessage().contains("'read_by_keys'") && e.getMessage().contains("readByKeys"), e.getMessage());
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void aPerDocumentErrorFailsTheShotWithItsNumberAndMessage(String target, Protocol protocol, BulkClient.Kind client)
      throws Exception {
    try (ArangoBulkFixture f = ArangoBulkFixture.open(settingsFor(target), List.of(), protocol, client, 50)) {
      f.prepare(BulkOperation.DELETE);
      f.admin().call("DELETE", "/_db/dbbench/_api/document/dbbench_bulk", List.of("doc_7"));
      BulkOperationException e = assertThrows(BulkOperationException.class, () -> f.run(BulkOperation.DELETE));
      assertEquals(1202, e.errorNum(), e.getMessage());
      assertTrue(e.getMessage().contains("1 of 50 documents failed; first error 1202: document not found"), e.getMessage());
      // the read by keys reports the missing key the same way (the stand-in's per-key error object)
      f.prepare(BulkOperation.READ_BY_KEYS);
      f.admin().call("DELETE", "/_db/dbbench/_api/document/dbbench_bulk", List.of("doc_7"));
      BulkOperationException k = assertThrows(BulkOperationException.class, () -> f.run(BulkOperation.READ_BY_KEYS));
      assertEquals(1202, k.errorNum(), k.getMessage());
      assertTrue(k.getMessage().startsWith("readByKeys: 1 of 50 documents failed; first error 1202: document not found"),
          k.getMessage());
    }
  }

  /** Only the stand-in records requests; these cases run on it only. */
  @ParameterizedTest(name = "{1} {2}")
  @MethodSource("standInCases")
  void eachProtocolIsWhatItClaimsOnTheWire(String target, Protocol protocol, BulkClient.Kind client) throws Exception {
    try (ArangoBulkFixture f = ArangoBulkFixture.open(standIn.settings(), List.of(), protocol, client, 200)) {
      f.prepare(BulkOperation.READ);
      standIn.clearRequests();
      f.run(BulkOperation.READ);
      f.run(BulkOperation.UPDATE);
      f.run(BulkOperation.READ_BY_KEYS);
      List<JsonNode> seen = standIn.requests();
      assertFalse(seen.isEmpty());
      String version = DriverFacts.http2(protocol) ? "HTTP/2" : "HTTP/1.1";
      String type = DriverFacts.vpack(protocol) ? "application/x-velocypack" : "application/json";
      for (JsonNode r : seen) {
        assertEquals(version, r.path("httpVersion").asText(), r.toString());
        assertTrue(r.path("contentType").asText().startsWith(type), r.toString());
        assertTrue(r.path("accept").asText().startsWith(type), r.toString());
      }
      assertTrue(seen.stream().anyMatch(r -> r.path("path").asText().startsWith("/_db/dbbench/_api/cursor")), seen.toString());
      assertTrue(seen.stream().anyMatch(r -> r.path("method").asText().equals("PATCH")), seen.toString());
      assertTrue(seen.stream().anyMatch(r -> r.path("method").asText().equals("PUT")
          && r.path("path").asText().startsWith("/_db/dbbench/_api/document/dbbench_bulk?")
          && r.path("path").asText().contains("onlyget=true")), seen.toString());
    }
  }
}
