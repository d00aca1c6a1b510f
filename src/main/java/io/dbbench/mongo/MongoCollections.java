package io.dbbench.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.bson.Document;

/**
 * Collection chores shared by the payload service's and the driver's fixtures: seeding with
 * deterministic ids, the exact-count check, the unique {@code id} index, and dropping.
 */
public final class MongoCollections {
  /** Documents per {@code insertMany} while seeding. */
  static final int SEED_BATCH = 500;

  private MongoCollections() {}

  /**
   * Inserts {@code n} documents made by {@code newDocument} for the name-based UUIDs of
   * {@code idPrefix + i} (deterministic, so every run looks up the same keys), {@value #SEED_BATCH}
   * per {@code insertMany}.
   *
   * @return the ids, in seed order
   */
  public static List<String> seed(MongoCollection<Document> collection, String idPrefix, int n,
      Function<String, Document> newDocument) {
    List<String> ids = ids(idPrefix, n);
    List<Document> batch = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      batch.add(newDocument.apply(ids.get(i)));
      if (batch.size() == SEED_BATCH || i == n - 1) {
        collection.insertMany(batch);
        batch = new ArrayList<>();
      }
    }
    return ids;
  }

  /** The ids {@link #seed} gives {@code n} documents: the name-based UUIDs of {@code idPrefix + i}, in order. */
  public static List<String> ids(String idPrefix, int n) {
    List<String> ids = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ids.add(UUID.nameUUIDFromBytes((idPrefix + i).getBytes(StandardCharsets.UTF_8)).toString());
    }
    return ids;
  }

  /** Name of the unique index on {@code id}. */
  public static final String ID_INDEX = "id_1";

  /**
   * Checks that {@code collection} holds exactly {@code expected} documents.
   *
   * @throws IllegalStateException naming both counts otherwise
   */
  public static void verifyCount(MongoCollection<?> collection, long expected) {
    long n = collection.countDocuments();
    if (n != expected) {
      throw new IllegalStateException("collection " + collection.getNamespace() + " holds " + n
          + " documents; expected exactly " + expected + " (the ones inserted)");
    }
  }

  /** Creates the unique ascending index {@code id_1} on {@code id}. */
  public static void createIdIndex(MongoCollection<?> collection) {
    collection.createIndex(Indexes.ascending("id"), new IndexOptions().unique(true).name(ID_INDEX));
  }

  /** Drops {@code collection} when it exists (the stand-in logs an ERROR for dropping a missing one). */
  public static void dropIfExists(MongoClient client, MongoCollection<?> collection) {
    String name = collection.getNamespace().getCollectionName();
    if (client.getDatabase(collection.getNamespace().getDatabaseName()).listCollectionNames()
        .filter(new Document("name", name)).first() != null) {
      collection.drop();
    }
  }
}
