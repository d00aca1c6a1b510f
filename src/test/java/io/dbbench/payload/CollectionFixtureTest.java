package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.SharedServer;
import io.dbbench.mongo.EmbeddedMongoDefault;
import io.dbbench.mongo.MongoCollections;
import io.dbbench.mongo.MongoDriverBenchmark;
import io.dbbench.mongo.MongoTarget;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What {@code MongoDriverBenchmark}'s setup and verification rely on, on the stand-in. */
@ExtendWith(EmbeddedMongoDefault.class)
class CollectionFixtureTest {

  @Test
  void seedsFindsAndVerifies() {
    try (CollectionFixture f = CollectionFixture.open(MongoTarget.embedded(), PayloadDocument.reqmgr2, "driver", "dbbench-driver-", true, 4, 30)) {
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
    try (CollectionFixture f = CollectionFixture.open(MongoTarget.embedded(), PayloadDocument.flat, "driver", "dbbench-driver-", true, 4, 0)) {
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
      f.prepare();
      f.verifyCount(0);
    }
  }

  @Test
  void newDocumentIsAFreshTopLevelCopy() {
    try (CollectionFixture f = CollectionFixture.open(MongoTarget.embedded(), PayloadDocument.flat, "driver", "dbbench-driver-", true, 1, 0)) {
      Document a = f.newDocument("x");
      Document b = f.newDocument("y");
      f.collection().insertOne(a);
      assertTrue(a.containsKey("_id"), "the driver adds _id to the document it inserts");
      assertTrue(!b.containsKey("_id"), "other copies are untouched");
      assertEquals("y", b.get("id"));
    }
  }

  @Test
  void aKeptCollectionIsReusedWhenItHoldsExactlyTheSeedAndReseededOtherwise() {
    try (MongoTarget server = MongoTarget.embedded()) {
      SharedServer shared = new SharedServer(MongoTarget.SHARED_NAME, server.uriForDriver(),
          ProcessHandle.current().pid(), "");
      Object firstObjectId;
      try (CollectionFixture f = CollectionFixture.openKept(MongoTarget.sharedStandIn(shared), PayloadDocument.flat, "kept",
          "dbbench-payload-", true, 2, 40)) {
        assertEquals(40, f.seededIds().size());
        assertTrue(f.indexNames().contains("id_1"), f.indexNames().toString());
        firstObjectId = f.collection().find(Filters.eq("id", f.seededIds().get(0))).first().get("_id");
      }
      // the same seed without the index: kept (same _id), index dropped, ids as seeded
      try (CollectionFixture f = CollectionFixture.openKept(MongoTarget.sharedStandIn(shared), PayloadDocument.flat, "kept",
          "dbbench-payload-", false, 2, 40)) {
        assertEquals(firstObjectId, f.collection().find(Filters.eq("id", f.seededIds().get(0))).first().get("_id"),
            "a matching seed is kept, not inserted again");
        assertEquals(List.of("_id_"), f.indexNames());
        assertEquals(MongoCollections.ids("dbbench-payload-", 40), f.seededIds());
        f.verifyCount(40);
      }
      // another template or size: seeded afresh
      try (CollectionFixture f = CollectionFixture.openKept(MongoTarget.sharedStandIn(shared), PayloadDocument.reqmgr2, "kept",
          "dbbench-payload-", true, 2, 40)) {
        f.verifySample(f.seededIds().get(39));
        assertTrue(!firstObjectId.equals(f.collection().find(Filters.eq("id", f.seededIds().get(0))).first().get("_id")));
        assertTrue(f.indexNames().contains("id_1"));
      }
      try (CollectionFixture f = CollectionFixture.openKept(MongoTarget.sharedStandIn(shared), PayloadDocument.reqmgr2, "kept",
          "dbbench-payload-", true, 2, 0)) {
        f.verifyCount(0);
        assertTrue(f.indexNames().contains("id_1"), "an empty collection for inserts still has its index");
      }
      // closing a kept fixture leaves the shared server running
      try (CollectionFixture f = CollectionFixture.openKept(MongoTarget.sharedStandIn(shared), PayloadDocument.flat, "kept",
          "dbbench-payload-", false, 2, 3)) {
        f.verifyCount(3);
      }
      try (var c = server.newClient(1)) {
        assertEquals(3, c.getDatabase(CollectionFixture.DATABASE).getCollection("kept").countDocuments());
      }
    }
  }
}
