package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.mongo.JsonBson;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The shipped template documents and the JSON/BSON conversion the service stores them with. */
class PayloadDocumentTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shippedFilesAreExactlyWhatTheGeneratorProduces() {
    for (PayloadDocument d : PayloadDocument.values()) {
      assertArrayEquals(PayloadDocumentGenerator.generate(d), d.bytes(),
          d + ": src/main/resources/" + d.resource() + " differs from the generator; rerun PayloadDocumentGenerator");
    }
  }

  @Test
  void sizesAreAboutOneAndTwelveKilobytes() {
    assertTrue(PayloadDocument.flat.sizeBytes() >= 900 && PayloadDocument.flat.sizeBytes() <= 1200,
        "flat is " + PayloadDocument.flat.sizeBytes() + " bytes");
    assertTrue(PayloadDocument.reqmgr2.sizeBytes() >= 11_500 && PayloadDocument.reqmgr2.sizeBytes() <= 13_000,
        "reqmgr2 is " + PayloadDocument.reqmgr2.sizeBytes() + " bytes");
    assertEquals(64, PayloadDocument.flat.sha256().length());
  }

  @Test
  void flatIsFlatAndReqMgr2HasTheRequestSpecificationShapes() throws Exception {
    JsonNode flat = JSON.readTree(PayloadDocument.flat.bytes());
    for (JsonNode v : flat) {
      assertTrue(v.isValueNode(), "flat document has a nested value: " + v);
    }
    JsonNode r = JSON.readTree(PayloadDocument.reqmgr2.bytes());
    assertEquals("TaskChain", r.get("RequestType").asText());
    assertTrue(r.get("Task1").isObject(), "nested task objects");
    assertTrue(r.get("SiteWhitelist").isArray() && r.get("SiteWhitelist").get(0).isTextual(), "arrays of strings");
    assertTrue(r.get("RequestTransition").get(0).get("UpdateTime").isIntegralNumber(), "timestamps");
    assertTrue(r.get("TimePerEvent").isDouble(), "floating-point numbers");
    assertTrue(r.get("TrustSitelists").isBoolean(), "booleans");
    assertTrue(r.get("LumiList").isArray() && r.get("LumiList").get(0).isInt(), "arrays of numbers");
    assertTrue(!r.has("id") && !flat.has("id"), "templates carry no id: the service adds it");
  }

  @Test
  void jsonBsonRoundTripIsExact() throws Exception {
    for (PayloadDocument d : PayloadDocument.values()) {
      JsonNode tree = JSON.readTree(d.bytes());
      Document doc = JsonBson.toDocument(tree);
      assertEquals(tree, JsonBson.toJson(doc), d.name());
    }
    JsonNode numbers = JSON.readTree("{\"i\":1,\"l\":12345678901,\"big\":123456789012345678901234567890,"
        + "\"d\":1.5,\"neg\":-2,\"n\":null,\"s\":\"x\",\"a\":[1,\"a\",{\"k\":true}]}");
    Document doc = JsonBson.toDocument(numbers);
    assertEquals(Integer.class, doc.get("i").getClass());
    assertEquals(Long.class, doc.get("l").getClass());
    assertEquals(org.bson.types.Decimal128.class, doc.get("big").getClass());
    assertEquals(Double.class, doc.get("d").getClass());
    assertEquals(numbers, JsonBson.toJson(doc));
    assertEquals(new BigInteger("123456789012345678901234567890"), JsonBson.toJson(doc).get("big").bigIntegerValue());
  }

  @Test
  void jsonBsonRefusesOperatorsDeepNestingAndHugeIntegers() throws Exception {
    assertTrue(assertThrows(JsonBson.InvalidDocumentException.class,
        () -> JsonBson.toDocument(JSON.readTree("{\"ok\":{\"$set\":1}}"))).getMessage().contains("'$set'"));
    assertTrue(assertThrows(JsonBson.InvalidDocumentException.class,
        () -> JsonBson.toDocument(JSON.readTree("[{}]"))).getMessage().contains("got array"));
    String deepArrays = "{\"a\":" + "[".repeat(100) + "]".repeat(100) + "}";
    assertThrows(JsonBson.InvalidDocumentException.class, () -> JsonBson.toDocument(JSON.readTree(deepArrays)));
    String ok = "{\"a\":" + "[".repeat(98) + "]".repeat(98) + "}";
    JsonBson.toDocument(JSON.readTree(ok)); // 99 levels with the top one: allowed
    assertTrue(assertThrows(JsonBson.InvalidDocumentException.class,
        () -> JsonBson.toDocument(JSON.readTree("{\"x\":" + "9".repeat(40) + "}"))).getMessage().contains("34 digits"));
  }

  @Test
  void unknownDocumentNameIsRefusedWithTheChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PayloadDocument.of("big"));
    assertTrue(e.getMessage().contains("'big'") && e.getMessage().contains("flat"), e.getMessage());
    assertEquals(PayloadDocument.reqmgr2, PayloadDocument.of("reqmgr2"));
  }

  @Test
  void generatorIsDeterministic() {
    AtomicInteger n = new AtomicInteger();
    for (Iterator<JsonNode> it = PayloadDocumentGenerator.reqmgr2().elements(); it.hasNext(); it.next()) {
      n.incrementAndGet();
    }
    assertTrue(n.get() > 30);
    assertEquals(PayloadDocumentGenerator.reqmgr2(), PayloadDocumentGenerator.reqmgr2());
  }
}
