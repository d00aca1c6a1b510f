package io.dbbench.mongo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.dbbench.Redaction;
import io.dbbench.payload.JsonBson;
import io.dbbench.payload.PayloadDocument;
import io.dbbench.payload.PayloadFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.Document;

/**
 * One driver trial's MongoDB: the target ({@link MongoTarget#open()}), a client with the asked
 * connection pool, a collection of its own with a unique index on {@code id} (dropped on close),
 * the template as a BSON document, and optionally seeded documents for lookups. Verifies counts
 * and read-backs outside the timing.
 */
public final class DriverFixture implements AutoCloseable {
  private final MongoTarget target;
  private final MongoClient client;
  private final MongoCollection<Document> collection;
  private final PayloadDocument doc;
  private final Document template;
  private final List<String> seeded = new ArrayList<>();

  private DriverFixture(MongoTarget target, MongoClient client, MongoCollection<Document> collection,
      PayloadDocument doc, Document template) {
    this.target = target;
    this.client = client;
    this.collection = collection;
    this.doc = doc;
    this.template = template;
  }

  /**
   * Opens the target and prepares an empty indexed collection, then seeds {@code seedDocs}
   * documents with deterministic name-based UUID ids.
   *
   * @param poolSize the driver's {@code maxPoolSize}
   * @throws IllegalArgumentException when {@code poolSize < 1}
   * @throws IllegalStateException with what to check when MongoDB cannot be reached
   */
  public static DriverFixture start(PayloadDocument doc, int poolSize, int seedDocs) {
    MongoTarget target = MongoTarget.open();
    MongoClient client = null;
    try {
      client = target.newClient(poolSize);
      Document template;
      try {
        template = JsonBson.toDocument(new ObjectMapper().readTree(doc.bytes()));
      } catch (IOException e) {
        throw new UncheckedIOException("template " + doc.resource() + " is not JSON", e);
      }
      MongoCollection<Document> coll = client.getDatabase("dbbench")
          .getCollection("driver_" + UUID.randomUUID().toString().replace("-", ""));
      DriverFixture f = new DriverFixture(target, client, coll, doc, template);
      f.resetCollection();
      f.seed(seedDocs);
      return f;
    } catch (com.mongodb.MongoException e) {
      if (client != null) {
        client.close();
      }
      target.close();
      throw new IllegalStateException("cannot prepare MongoDB at " + target.redactedUri() + " ("
          + Redaction.redact(e.getMessage()) + "); check " + MongoTarget.ENV_URI
          + " or unset it to use the embedded stand-in", e);
    } catch (RuntimeException e) {
      if (client != null) {
        client.close();
      }
      target.close();
      throw e;
    }
  }

  /** Default seed size, shared with the payload family ({@code DBBENCH_PAYLOAD_SEED_DOCS}). */
  public static int seedDocs() {
    return PayloadFixture.seedDocs();
  }

  private void seed(int n) {
    seeded.addAll(MongoCollections.seed(collection, "dbbench-driver-", n, this::newDocument));
    verifyCount(n);
    if (n > 0) {
      verifySample(seeded.get(n / 2));
    }
  }

  /**
   * A new document: a shallow copy of the template's top level (nested values are shared, which
   * the driver only reads) with {@code id} set. The driver adds {@code _id} to the copy on insert.
   */
  public Document newDocument(String id) {
    Document d = new Document(template);
    d.put("id", id);
    return d;
  }

  /** Empties the collection and recreates the unique index on {@code id}; forgets the seed. */
  public void resetCollection() {
    MongoCollections.dropIfExists(client, collection);
    MongoCollections.createIdIndex(collection);
    seeded.clear();
  }

  /** The collection under test. */
  public MongoCollection<Document> collection() {
    return collection;
  }

  /** Ids of the seeded documents (unmodifiable). */
  public List<String> seededIds() {
    return List.copyOf(seeded);
  }

  /** The backend label (see {@link MongoTarget#backend()}). */
  public String backend() {
    return target.backend();
  }

  /**
   * Checks that the collection holds exactly {@code expected} documents.
   *
   * @throws IllegalStateException naming both counts otherwise
   */
  public void verifyCount(long expected) {
    MongoCollections.verifyCount(collection, expected);
  }

  /**
   * Checks that the document with {@code id} reads back equal to the template plus {@code id}.
   *
   * @throws IllegalStateException when it is missing or differs
   */
  public void verifySample(String id) {
    Document d = collection.find(Filters.eq("id", id)).projection(Projections.excludeId()).first();
    if (d == null) {
      throw new IllegalStateException("document " + id + " is not in " + collection.getNamespace());
    }
    if (!JsonBson.toJson(d).equals(JsonBson.toJson(newDocument(id)))) {
      throw new IllegalStateException("document " + id + " read back differs from the " + doc + " template sent");
    }
  }

  /** Checks one arbitrary stored document; no-op on an empty collection. */
  public void verifyAnySample() {
    Document d = collection.find().projection(Projections.excludeId()).first();
    if (d != null) {
      verifySample(String.valueOf(d.get("id")));
    }
  }

  /** Drops the collection, closes the client, stops the target. */
  @Override
  public void close() {
    try {
      MongoCollections.dropIfExists(client, collection);
    } catch (RuntimeException e) {
      System.err.println("[dbbench] mongo: could not drop " + collection.getNamespace() + ": " + e.getMessage());
    } finally {
      client.close();
      target.close();
    }
  }
}
