package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.dbbench.BenchConfig;
import io.dbbench.mongo.MongoCollections;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.Document;

/**
 * Everything one payload-service trial needs, outside the timing: the MongoDB target
 * ({@link MongoTarget#open()}), a collection of its own (dropped on close), the optional index on
 * {@code id}, the {@link PayloadService} bound to a free loopback port, and the seeded documents
 * that searches look up. Also verifies after each iteration that the collection holds exactly the
 * documents inserted and that a sample read back equals the template plus its {@code id}.
 */
public final class PayloadFixture implements AutoCloseable {
  /** Index on the {@code id} field: the study found search about 10x faster with it. */
  public enum Index {
    /** No secondary index: each search scans the collection. */
    none,
    /** A unique ascending index on {@code id}, created in setup. */
    id
  }

  /**
   * Number of documents seeded for searches ({@code DBBENCH_PAYLOAD_SEED_DOCS}, default 500; 100
   * under the smoke test). Kept small because the stand-in takes ~5 ms per 12 KB insert on two
   * cores; raise it against a real MongoDB, where the unindexed scan grows with it.
   */
  public static int seedDocs() {
    int n = BenchConfig.getInt("DBBENCH_PAYLOAD_SEED_DOCS", Boolean.getBoolean("dbbench.smoke") ? 100 : 500);
    if (n < 1) {
      throw new IllegalArgumentException("DBBENCH_PAYLOAD_SEED_DOCS=" + n + "; expected a positive document count");
    }
    return n;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final MongoTarget target;
  private final MongoClient client;
  private final MongoCollection<Document> collection;
  private final PayloadService service;
  private final PayloadDocument doc;
  private final Index index;
  private final byte[] template;
  private final ObjectNode templateTree;
  private final List<String> seeded = new ArrayList<>();

  private PayloadFixture(MongoTarget target, MongoClient client, MongoCollection<Document> collection,
      PayloadService service, PayloadDocument doc, Index index) throws IOException {
    this.target = target;
    this.client = client;
    this.collection = collection;
    this.service = service;
    this.doc = doc;
    this.index = index;
    this.template = doc.bytes();
    this.templateTree = (ObjectNode) JSON.readTree(template);
  }

  /**
   * Opens the target, prepares an empty collection (with the index when asked), starts the service
   * and seeds {@code seedDocs} documents whose ids {@link #seededIds()} lists.
   *
   * @throws IllegalStateException with what to check when MongoDB cannot be reached or the seed
   *     does not read back
   */
  public static PayloadFixture start(PayloadDocument doc, Index index, int seedDocs) {
    MongoTarget target = MongoTarget.open();
    MongoClient client = null;
    PayloadService service = null;
    try {
      int pool = BenchConfig.getInt("DBBENCH_PAYLOAD_POOL", 100);
      client = target.newClient(pool);
      MongoCollection<Document> coll = client.getDatabase("dbbench")
          .getCollection("payload_" + UUID.randomUUID().toString().replace("-", ""));
      PayloadConfig cfg = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0)
          .withMongoDatabase("dbbench").withMongoCollection(coll.getNamespace().getCollectionName());
      service = PayloadService.start(cfg, coll);
      PayloadFixture f = new PayloadFixture(target, client, coll, service, doc, index);
      f.resetCollection();
      f.seed(seedDocs);
      return f;
    } catch (com.mongodb.MongoException e) {
      closeQuietly(service, client, target);
      throw new IllegalStateException("cannot prepare MongoDB at " + target.redactedUri() + " ("
          + io.dbbench.Redaction.redact(e.getMessage()) + "); check " + MongoTarget.ENV_URI
          + " or unset it to use the embedded stand-in", e);
    } catch (IOException e) {
      closeQuietly(service, client, target);
      throw new UncheckedIOException("cannot start the payload service on a loopback port", e);
    } catch (RuntimeException e) {
      closeQuietly(service, client, target);
      throw e;
    }
  }

  private static void closeQuietly(AutoCloseable... cs) {
    for (AutoCloseable c : cs) {
      if (c != null) {
        try {
          c.close();
        } catch (Exception ignored) {
          // already failing; the original error is what matters
        }
      }
    }
  }

  private void seed(int n) {
    seeded.clear();
    Document base = JsonBson.toDocument(templateTree);
    seeded.addAll(MongoCollections.seed(collection, "dbbench-payload-", n, id -> {
      Document d = new Document(base);
      d.put("id", id);
      return d;
    }));
    verifyCount(n);
    if (n > 0) {
      verifySample(seeded.get(n / 2));
    }
  }

  /** Drops the collection's documents and recreates the index when {@link Index#id}; keeps the seed list empty. */
  public void resetCollection() {
    MongoCollections.dropIfExists(client, collection);
    if (index == Index.id) {
      MongoCollections.createIdIndex(collection);
    }
    seeded.clear();
  }

  /** The service's base URI, e.g. {@code http://127.0.0.1:41234}. */
  public URI baseUri() {
    return service.baseUri();
  }

  /** The template the clients post (compact UTF-8 JSON). */
  public byte[] template() {
    return template.clone();
  }

  /** The document fixture in use. */
  public PayloadDocument document() {
    return doc;
  }

  /** Ids of the seeded documents, in seed order (unmodifiable). */
  public List<String> seededIds() {
    return List.copyOf(seeded);
  }

  /** The backend label of the target (see {@link MongoTarget#backend()}), with its redacted address unless embedded. */
  public String backend() {
    return target.kind() == MongoTarget.Kind.EMBEDDED ? target.backend() : target.backend() + " at " + target.redactedUri();
  }

  /** The running service (its counters). */
  public PayloadService service() {
    return service;
  }

  /** Documents in the collection now. */
  public long count() {
    return collection.countDocuments();
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
   * Checks that the stored document with {@code id} equals the template plus that {@code id}.
   *
   * @throws IllegalStateException when it is missing or differs
   */
  public void verifySample(String id) {
    Document d = collection.find(Filters.eq("id", id)).projection(Projections.excludeId()).first();
    if (d == null) {
      throw new IllegalStateException("document " + id + " is not in " + collection.getNamespace());
    }
    requireTemplateWithId(JsonBson.toJson(d), id);
  }

  /** Checks one arbitrary stored document (for inserts, whose ids the service chose); no-op on an empty collection. */
  public void verifyAnySample() {
    Document d = collection.find().projection(Projections.excludeId()).first();
    if (d != null) {
      requireTemplateWithId(JsonBson.toJson(d), String.valueOf(d.get("id")));
    }
  }

  /**
   * Checks that {@code got} equals the template with {@code id} set.
   *
   * @throws IllegalStateException naming the id when it differs
   */
  public void requireTemplateWithId(JsonNode got, String id) {
    ObjectNode want = templateTree.deepCopy();
    want.put("id", id);
    if (!want.equals(got)) {
      throw new IllegalStateException("document " + id + " read back differs from the " + doc + " template sent");
    }
  }

  /** Stops the service, drops the collection, closes the client and stops the target. */
  @Override
  public void close() {
    try {
      service.close();
      try {
        MongoCollections.dropIfExists(client, collection);
      } catch (RuntimeException e) {
        System.err.println("[dbbench] payload: could not drop " + collection.getNamespace() + ": " + e.getMessage());
      }
    } finally {
      client.close();
      target.close();
    }
  }
}
