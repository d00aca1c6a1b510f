package io.dbbench.arango.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Fuzz test of the ArangoDB stand-in's request-body parsing, VelocyPack and JSON alike: every
 * input ends in a document tree no deeper than {@link ArangoStandIn#MAX_DEPTH} with only finite
 * numbers, or in a 400 {@link ArangoError}; never another exception, an {@code Error} or a hang. In
 * {@code ./mvnw verify} it replays the committed corpus under
 * {@code src/test/resources/io/dbbench/arango/standin/StandInBodyFuzzTestInputs/}; {@code
 * scripts/fuzz.sh} fuzzes it for new inputs.
 */
class StandInBodyFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void velocyPackBodies(byte[] data) {
    check(ArangoStandIn.VPACK, data);
  }

  @FuzzTest(maxDuration = "30s")
  void jsonBodies(byte[] data) {
    check("application/json; charset=utf-8", data);
  }

  private static void check(String type, byte[] data) {
    JsonNode tree;
    try {
      tree = ArangoStandIn.parseBody(type, data);
    } catch (ArangoError e) {
      assertEquals(400, e.httpStatus, e.getMessage());
      return;
    }
    if (tree != null) {
      assertTrue(ArangoStandIn.depth(tree) <= ArangoStandIn.MAX_DEPTH, "too deep");
      assertFalse(ArangoStandIn.hasNonFiniteNumber(tree), "a non-finite number got through");
    }
  }
}
