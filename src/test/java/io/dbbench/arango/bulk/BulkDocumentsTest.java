package io.dbbench.arango.bulk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.jackson.dataformat.velocypack.VPackMapper;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Go benchmarks' documents, updates, keys and the verification sample. */
class BulkDocumentsTest {
  @Test
  void documentsAreTheGoTestDocs() throws Exception {
    List<BulkDoc> d = BulkDocuments.documents(3);
    assertEquals(List.of(new BulkDoc("doc_0", "0", 0), new BulkDoc("doc_1", "1", 1), new BulkDoc("doc_2", "2", 2)), d);
    assertEquals("{\"_key\":\"doc_2\",\"name\":\"2\",\"value\":2}", new ObjectMapper().writeValueAsString(d.get(2)));
    assertEquals(new BulkDoc("doc_99999", "99999", 99999), BulkDocuments.documents(100_000).get(99_999));
  }

  @Test
  void updatesAndKeysFollowTheGoUpdateAndDelete() {
    assertEquals(new BulkDoc("doc_7", "updated_7", 8), BulkDocuments.updates(8).get(7));
    assertEquals(List.of("doc_0", "doc_1"), BulkDocuments.keys(2));
  }

  @Test
  void velocyPackRoundTripsAndIgnoresServerAttributes() throws Exception {
    VPackMapper vpack = new VPackMapper();
    BulkDoc d = BulkDocuments.document(42);
    assertEquals(d, vpack.readValue(vpack.writeValueAsBytes(d), BulkDoc.class));
    assertEquals(d, new ObjectMapper().readValue(
        "{\"_key\":\"doc_42\",\"_id\":\"dbbench_bulk/doc_42\",\"_rev\":\"_x\",\"name\":\"42\",\"value\":42}", BulkDoc.class));
  }

  @Test
  void sampleIsSeededDistinctAndCoversBothEnds() {
    int[] s = BulkDocuments.sample(100_000);
    assertEquals(BulkDocuments.SAMPLE_SIZE, s.length);
    assertArrayEquals(s, BulkDocuments.sample(100_000));
    assertEquals(s.length, Arrays.stream(s).distinct().count());
    assertEquals(0, s[0]);
    assertEquals(99_999, s[1]);
    assertTrue(Arrays.stream(s).allMatch(i -> i >= 0 && i < 100_000));
    assertArrayEquals(new int[] {0, 1, 2}, Arrays.stream(BulkDocuments.sample(3)).sorted().toArray(), "small collections: every document");
  }

  @Test
  void badCountsAreNamed() {
    assertEquals("docs=0; expected at least 1 document",
        assertThrows(IllegalArgumentException.class, () -> BulkDocuments.documents(0)).getMessage());
  }

  @Test
  void checksumIsStable() {
    assertEquals(BulkDocuments.sha256(1000), BulkDocuments.sha256(1000));
    assertTrue(!BulkDocuments.sha256(1000).equals(BulkDocuments.sha256(1001)));
  }
}
