package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The pooling study's seeded documents and id picks. */
class PoolWorkloadTest {
  @Test
  void documentsAreSeededDeterministicAndIndependentOfEachOther() {
    Map<String, Object> d = PoolDocuments.document(12_345);
    assertEquals(d, PoolDocuments.document(12_345));
    assertEquals(PoolDocuments.documents(12_340, 12_350).get(5), d);
    assertEquals("tx_12345", d.get("_key"));
    assertEquals(PoolDocuments.endToEndId(12_345), d.get("EndToEndId"));
    UUID u = UUID.fromString((String) d.get("EndToEndId"));
    assertEquals(4, u.version());
    assertEquals(2, u.variant());
    assertNotEquals(d.get("EndToEndId"), PoolDocuments.endToEndId(12_346));
    assertTrue(List.of("ACCC", "RJCT").contains(d.get("TxSts")), d.toString());
    assertEquals(List.of("_key", "EndToEndId", "MsgId", "TxTp", "TxSts", "CreDtTm", "Amt", "Ccy", "source", "destination"),
        List.copyOf(d.keySet()));
  }

  @Test
  void endToEndIdsAreUniqueAndTheChecksumIsStable() {
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 50_000; i++) {
      assertTrue(ids.add(PoolDocuments.endToEndId(i)), "duplicate id at " + i);
    }
    String c = PoolDocuments.checksum(1000);
    assertEquals(64, c.length());
    assertEquals(c, PoolDocuments.checksum(1000));
    assertNotEquals(c, PoolDocuments.checksum(999));
  }

  @Test
  void picksAreSeededAndHitsAndMissesAreWhatTheySay() {
    List<PoolIds.Pick> a = PoolIds.picks(PoolIds.SEED, 2000, 5000, 0.25);
    assertEquals(a, PoolIds.picks(PoolIds.SEED, 2000, 5000, 0.25));
    assertNotEquals(a, PoolIds.picks(PoolIds.SEED + 1, 2000, 5000, 0.25));
    Set<String> existing = new HashSet<>();
    for (int i = 0; i < 5000; i++) {
      existing.add(PoolDocuments.endToEndId(i));
    }
    long misses = 0;
    for (PoolIds.Pick p : a) {
      if (p.hit()) {
        assertTrue(p.document() < 5000);
        assertEquals(PoolDocuments.endToEndId(p.document()), p.endToEndId());
      } else {
        misses++;
        assertTrue(!existing.contains(p.endToEndId()), p.endToEndId() + " is a miss but a document carries it");
      }
    }
    // 2000 draws at 25%: 500 expected, sd ~19
    assertTrue(misses > 400 && misses < 600, "misses " + misses);
    assertTrue(PoolIds.picks(7, 500, 100, 0).stream().allMatch(PoolIds.Pick::hit));
    assertTrue(PoolIds.picks(7, 500, 100, 1).stream().noneMatch(PoolIds.Pick::hit));
  }

  @Test
  void badValuesAreNamed() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PoolIds.picks(1, 10, 10, 1.5)).getMessage().contains("missShare=1.5"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PoolIds.picks(1, 0, 10, 0)).getMessage().contains("iterations=0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PoolClient.Connection.parse("driver_http3_3")).getMessage()
        .contains("'driver_http3_3'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PoolClient.Connection.parse("driver_http1_0")).getMessage()
        .contains("maxConnections 0"));
  }

  @Test
  void connectionsSayWhatTheyAllowInFlight() {
    assertEquals(3, PoolClient.Connection.parse("driver_http1_3").inFlightLimit());
    assertEquals(96, PoolClient.Connection.parse("driver_http2_3").inFlightLimit());
    assertEquals(-1, PoolClient.Connection.parse("raw_http").inFlightLimit());
    for (String n : PoolClient.Connection.NAMES) {
      assertEquals(n, PoolClient.Connection.parse(n).name());
    }
  }
}
