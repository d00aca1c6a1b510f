package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.Mode;
import io.dbbench.mongo.MongoTarget;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link PayloadSettings#parse} and, through it, {@link io.dbbench.mongo.MongoSettings#parse}: pure
 * functions of the map, so no test depends on the caller's environment. The defaults and messages
 * are the ones README and docs/payload.md document.
 */
class PayloadSettingsTest {
  private static String bad(Map<String, String> m) {
    return assertThrows(IllegalArgumentException.class, () -> PayloadSettings.parse(m, false)).getMessage();
  }

  @Test
  void nothingSetIsTheStandInWithTheDocumentedDefaults() {
    PayloadSettings s = PayloadSettings.parse(Map.of(), false);
    assertEquals(Optional.empty(), s.mongo().uri());
    assertFalse(s.mongo().container());
    assertEquals("3g", s.mongo().standInHeap());
    assertEquals(100, s.driverPool());
    assertEquals("512m", s.serviceHeap());
    assertEquals(500, s.seedDocs());
    assertEquals(100, PayloadSettings.parse(Map.of(), true).seedDocs(), "the smoke test seeds fewer");
    assertEquals(Optional.empty(), PayloadSettings.parse(Map.of(MongoTarget.ENV_URI, "  "), false).mongo().uri(), "blank = unset");
  }

  @Test
  void everyKnobIsRead() {
    PayloadSettings s = PayloadSettings.parse(Map.of(MongoTarget.ENV_URI, "mongodb://u:hunter2@db:27017",
        MongoTarget.ENV_CONTAINER, "yes", MongoTarget.ENV_STANDIN_HEAP, "512m", PayloadSettings.ENV_POOL, "7",
        PayloadSettings.ENV_SERVICE_HEAP, "1g", PayloadSettings.ENV_SEED_DOCS, "30"), false);
    assertEquals(Optional.of("mongodb://u:hunter2@db:27017"), s.mongo().uri());
    assertTrue(s.mongo().container());
    assertEquals("512m", s.mongo().standInHeap());
    assertEquals(7, s.driverPool());
    assertEquals("1g", s.serviceHeap());
    assertEquals(30, s.seedDocs());
    assertFalse(s.toString().contains("hunter2"), s.toString());
  }

  @Test
  void badValuesAreNamedWithWhatWasExpected() {
    assertEquals("DBBENCH_PAYLOAD_SEED_DOCS=0; expected a positive document count", bad(Map.of(PayloadSettings.ENV_SEED_DOCS, "0")));
    assertEquals("DBBENCH_PAYLOAD_SEED_DOCS='many' is not an integer; expected e.g. DBBENCH_PAYLOAD_SEED_DOCS=500",
        bad(Map.of(PayloadSettings.ENV_SEED_DOCS, "many")));
    assertEquals("DBBENCH_PAYLOAD_POOL='x' is not an integer; expected e.g. DBBENCH_PAYLOAD_POOL=100",
        bad(Map.of(PayloadSettings.ENV_POOL, "x")));
    assertEquals("DBBENCH_PAYLOAD_SERVICE_HEAP='lots'; expected a JVM heap size such as 512m",
        bad(Map.of(PayloadSettings.ENV_SERVICE_HEAP, "lots")));
    assertEquals("DBBENCH_MONGO_STANDIN_HEAP='3 GB'; expected a JVM heap size such as 3g or 512m",
        bad(Map.of(MongoTarget.ENV_STANDIN_HEAP, "3 GB")));
    assertEquals("DBBENCH_MONGO_CONTAINER='maybe' is not a boolean; expected true or false",
        bad(Map.of(MongoTarget.ENV_CONTAINER, "maybe")));
  }

  /**
   * The quick main job counts allocations for the insert and for the flat searches (which only the
   * headline comparison measures, so each of its sides gets an instrumented fork), never for the
   * open loop; full mode for every closed-loop row.
   */
  @Test
  void theQuickJobCountsAllocationsForTheInsertAndBothSearches() {
    for (Mode mode : Mode.values()) {
      io.dbbench.core.FamilySettings s = new PayloadFamily().settings(mode);
      java.util.function.Predicate<String> counted = b -> s.allocationIncludes().stream()
          .anyMatch(r -> java.util.regex.Pattern.compile(r).matcher(b).find());
      assertTrue(counted.test("io.dbbench.payload.PayloadServiceBenchmark.insert"), "mode " + mode);
      assertTrue(counted.test("io.dbbench.payload.PayloadServiceBenchmark.search"), "mode " + mode);
      assertFalse(counted.test("io.dbbench.payload.PayloadOpenLoopBenchmark.search"), "mode " + mode);
      assertTrue(s.comparisons().stream().anyMatch(c -> c.benchmark().equals("io.dbbench.payload.PayloadServiceBenchmark.search")),
          "the search rows come from the comparison's sides: mode " + mode);
    }
  }
}
