package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.mongo.Arrangement;
import io.dbbench.mongo.EmbeddedMongoDefault;
import io.dbbench.mongo.JsonBson;
import io.dbbench.mongo.MongoTarget;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The benchmark fixture's setup and verification (what {@code PayloadServiceBenchmark} and
 * {@code PayloadOpenLoopBenchmark} run outside the timing), on the embedded stand-in.
 */
@ExtendWith(EmbeddedMongoDefault.class)
class PayloadFixtureTest {

  @Test
  void seedsSearchableDocumentsAndEverySearchVariantReturnsTheSameAnswer() throws Exception {
    for (PayloadFixture.Index index : PayloadFixture.Index.values()) {
      try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), MongoTarget.embedded(), Arrangement.inProcess, PayloadDocument.reqmgr2, index, 20);
          HttpClient c = HttpClient.newHttpClient()) {
        assertEquals(20, f.seededIds().size());
        assertEquals(20, f.count());
        assertEquals(MongoTarget.embeddedBackendLabel(), f.backend());
        String id = f.seededIds().get(7);
        HttpResponse<byte[]> r = c.send(HttpRequest.newBuilder(f.baseUri().resolve("/search?id=" + id)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        f.verifyTemplate(new ObjectMapper().readTree(r.body()), id);
        f.verifySample(id);
      }
    }
  }

  @Test
  void verificationCatchesWrongCountsAndAlteredDocuments() throws Exception {
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), MongoTarget.embedded(), Arrangement.inProcess, PayloadDocument.flat, PayloadFixture.Index.id, 0);
        HttpClient c = HttpClient.newHttpClient()) {
      f.verifyCount(0);
      f.verifyAnySample(); // empty: nothing to compare
      HttpResponse<String> r = c.send(HttpRequest.newBuilder(f.baseUri().resolve("/insert"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(f.template())).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(201, r.statusCode());
      f.verifyCount(1);
      f.verifyAnySample();
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.verifyCount(2));
      assertTrue(e.getMessage().contains("holds 1 documents; expected exactly 2"), e.getMessage());
      String id = new ObjectMapper().readTree(r.body()).get("id").asText();
      ObjectNode altered = (ObjectNode) new ObjectMapper().readTree(f.template());
      altered.put("id", id);
      altered.put("field00", "changed");
      assertThrows(IllegalStateException.class, () -> f.verifyTemplate(altered, id));
      f.prepare();
      f.verifyCount(0);
    }
  }

  @Test
  void seedCountKnobIsValidated() {
    String old = System.getProperty("dbbench.payload.seed.docs");
    System.setProperty("dbbench.payload.seed.docs", "0");
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, PayloadSettings::fromEnvironment);
      assertTrue(e.getMessage().contains("DBBENCH_PAYLOAD_SEED_DOCS=0"), e.getMessage());
    } finally {
      if (old == null) {
        System.clearProperty("dbbench.payload.seed.docs");
      } else {
        System.setProperty("dbbench.payload.seed.docs", old);
      }
    }
  }
}
