package io.dbbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import io.dbbench.core.BenchConfig;
import io.dbbench.mongo.PayloadDocument;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What {@code MongoDriverBenchmark}'s setup and verification rely on, on the stand-in. */
@ExtendWith(EmbeddedMongoDefault.class)
class CollectionFixtureTest {

  @Test
  void seedsFindsAndVerifies() {
    try (CollectionFixture f = CollectionFixture.start(MongoTarget.embedded(), PayloadDocument.reqmgr2, "driver", "dbbench-driver-", true, 4, 30)) {
      assertEquals(30, f.seededIds().size());
      f.verifyCount(30);
      for (String id : List.of(f.seededIds().get(0), f.seededIds().get(29))) {
        assertNotNull(f.collection().find(Filters.eq("id", id)).first());
        f.verifySample(id);
      }
      assertThrows(IllegalStateException.class, () -> f.verifyCount(31));
      assertThrows(IllegalStateException.class, () -> f.verifySample("00000000-0000-0000-0000-000000000000"));
    }
  }

  @Test
  void uniqueIdIndexRejectsDuplicatesOrderedAndUnordered() {
    try (CollectionFixture f = CollectionFixture.start(MongoTarget.embedded(), PayloadDocument.flat, "driver", "dbbench-driver-", true, 4, 0)) {
      f.collection().insertOne(f.newDocument("a"));
      assertThrows(MongoWriteException.class, () -> f.collection().insertOne(f.newDocument("a")));
      // Unordered: the batch goes on past the duplicate; ordered stops at it.
      assertThrows(MongoBulkWriteException.class, () -> f.collection().insertMany(
          List.of(f.newDocument("b"), f.newDocument("a"), f.newDocument("c")), new InsertManyOptions().ordered(false)));
      f.verifyCount(3);
      assertThrows(MongoBulkWriteException.class, () -> f.collection().insertMany(
          List.of(f.newDocument("d"), f.newDocument("a"), f.newDocument("e")), new InsertManyOptions().ordered(true)));
      f.verifyCount(4);
      f.verifyAnySample();
      f.resetCollection();
      f.verifyCount(0);
    }
  }

  @Test
  void newDocumentIsAFreshTopLevelCopy() {
    try (CollectionFixture f = CollectionFixture.start(MongoTarget.embedded(), PayloadDocument.flat, "driver", "dbbench-driver-", true, 1, 0)) {
      Document a = f.newDocument("x");
      Document b = f.newDocument("y");
      f.collection().insertOne(a);
      assertTrue(a.containsKey("_id"), "the driver adds _id to the document it inserts");
      assertTrue(!b.containsKey("_id"), "other copies are untouched");
      assertEquals("y", b.get("id"));
    }
  }
}
