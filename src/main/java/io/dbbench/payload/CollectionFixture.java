package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import io.dbbench.core.Redaction;
import io.dbbench.mongo.JsonBson;
import io.dbbench.mongo.MongoCollections;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.Document;

/**
 * One trial's MongoDB collection, shared by the driver family and the payload service: a client
 * with the asked connection pool on a {@link MongoTarget} the caller chose, a collection of its
 * own ({@code <prefix>_<uuid>} in database {@code dbbench}, dropped on close), the optional unique
 * index on {@code id}, the WMPayload document as template, and seeded documents for lookups.
 * Verifies counts and read-backs outside the timing.
 *
 * <p>The fixture owns the target: {@link #close()} drops the collection, closes the client and
 * stops the target.
 */
public final class CollectionFixture implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final MongoTarget target;
  private final MongoClient client;
  private final MongoCollection<Document> collection;
  private final PayloadDocument doc;
  private final boolean idIndex;
  private final String idPrefix;
  private final Document template;
  private final ObjectNode templateTree;
  private final List<String> seeded = new ArrayList<>();
  private final boolean keep;

  private CollectionFixture(MongoTarget target, MongoClient client, String collectionName, boolean keep,
      PayloadDocument doc, boolean idIndex, String idPrefix) throws IOException {
    this.target = target;
    this.client = client;
    this.collection = client.getDatabase(DATABASE).getCollection(collectionName);
    this.keep = keep;
    this.doc = doc;
    this.idIndex = idIndex;
    this.idPrefix = idPrefix;
    this.templateTree = (ObjectNode) JSON.readTree(doc.bytes());
    this.template = JsonBson.toDocument(templateTree);
  }

  /**
   * Prepares an empty collection on {@code target}, seeds {@code seedDocs} documents whose ids are
   * the name-based UUIDs of {@code idPrefix + i}, then creates the unique {@code id} index when
   * {@code idIndex} (after seeding, as the study did with {@code createIndex} on its filled
   * collection: the same documents either way, and cheaper than maintaining the index during the
   * seed). On failure the target is closed.
   *
   * @param collectionPrefix collection name prefix, e.g. {@code driver} or {@code payload}
   * @param poolSize the driver's {@code maxPoolSize}
   * @throws IllegalArgumentException when {@code poolSize < 1}
   * @throws IllegalStateException with what to check when MongoDB cannot be reached or the seed
   *     does not read back
   */
  public static CollectionFixture open(MongoTarget target, PayloadDocument doc, String collectionPrefix,
      String idPrefix, boolean idIndex, int poolSize, int seedDocs) {
    return openNamed(target, doc, newCollectionName(collectionPrefix), idPrefix, idIndex, poolSize, seedDocs);
  }

  /** A fresh collection name, {@code <prefix>_<random uuid hex>}. */
  public static String newCollectionName(String collectionPrefix) {
    return collectionPrefix + "_" + UUID.randomUUID().toString().replace("-", "");
  }

  /** The database every fixture's collection lives in. */
  public static final String DATABASE = "dbbench";

  /**
   * {@link #open} with a collection name chosen by the caller (who may hand it to another
   * process first, e.g. the payload service), in database {@value #DATABASE}.
   */
  public static CollectionFixture openNamed(MongoTarget target, PayloadDocument doc, String collectionName,
      String idPrefix, boolean idIndex, int poolSize, int seedDocs) {
    return openCollection(target, doc, collectionName, idPrefix, idIndex, poolSize, seedDocs, false);
  }

  /**
   * {@link #openNamed} for a collection that outlives the trial, as a shared payload service's
   * does: when it already holds exactly {@code seedDocs} documents of this template with the
   * deterministic ids (three of them read back: the first, the middle, the last), they are kept
   * and only the index is made to match {@code idIndex}; otherwise it is dropped and seeded
   * afresh. {@link #close()} then leaves the collection for the next trial. Seeding 30,000
   * ReqMgr2 documents takes the stand-in tens of seconds; checking them, milliseconds.
   *
   * @throws IllegalStateException as {@link #openNamed}
   */
  public static CollectionFixture openKept(MongoTarget target, PayloadDocument doc, String collectionName,
      String idPrefix, boolean idIndex, int poolSize, int seedDocs) {
    return openCollection(target, doc, collectionName, idPrefix, idIndex, poolSize, seedDocs, true);
  }

  /** {@link #openNamed}, or with {@code keep} {@link #openKept}. */
  private static CollectionFixture openCollection(MongoTarget target, PayloadDocument doc, String collectionName,
      String idPrefix, boolean idIndex, int poolSize, int seedDocs, boolean keep) {
    MongoClient client = null;
    try {
      client = target.newClient(poolSize);
      CollectionFixture f = new CollectionFixture(target, client, collectionName, keep, doc, idIndex, idPrefix);
      MongoCollection<Document> coll = f.collection;
      if (keep) {
        List<String> ids = MongoCollections.ids(idPrefix, seedDocs);
        if (f.holdsExactly(ids)) {
          f.seeded.addAll(ids);
          boolean has = f.indexNames().contains(MongoCollections.ID_INDEX);
          if (has && !idIndex) {
            coll.dropIndex(MongoCollections.ID_INDEX);
          } else if (!has && idIndex) {
            MongoCollections.createIdIndex(coll);
          }
          return f;
        }
      }
      MongoCollections.dropIfExists(client, coll);
      f.seed(seedDocs);
      if (idIndex) {
        MongoCollections.createIdIndex(coll);
      }
      return f;
    } catch (com.mongodb.MongoException e) {
      closeQuietly(client, target);
      throw new IllegalStateException("cannot prepare MongoDB at " + target.redactedUri() + " ("
          + Redaction.redact(e.getMessage()) + ")" + (keep ? "" : "; check " + MongoTarget.ENV_URI
          + " or unset it to use the embedded stand-in"), e);
    } catch (IOException e) {
      closeQuietly(client, target);
      throw new UncheckedIOException("template " + doc.resource() + " is not JSON", e);
    } catch (RuntimeException e) {
      closeQuietly(client, target);
      throw e;
    }
  }

  /** Whether the collection holds exactly these seeded ids' documents (count, and three read back). */
  private boolean holdsExactly(List<String> ids) {
    if (collection.countDocuments() != ids.size()) {
      return false;
    }
    if (ids.isEmpty()) {
      return true;
    }
    try {
      for (int i : new int[] {0, ids.size() / 2, ids.size() - 1}) {
        verifySample(ids.get(i));
      }
      return true;
    } catch (IllegalStateException e) {
      return false;
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
    seeded.addAll(MongoCollections.seed(collection, idPrefix, n, this::newDocument));
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

  /** Empties the collection and recreates the unique index on {@code id} when asked; forgets the seed. */
  public void prepare() {
    MongoCollections.dropIfExists(client, collection);
    if (idIndex) {
      MongoCollections.createIdIndex(collection);
    }
    seeded.clear();
  }

  /** The collection under test. */
  public MongoCollection<Document> collection() {
    return collection;
  }

  /** The WMPayload document used as template. */
  public PayloadDocument document() {
    return doc;
  }

  /**
   * The names of the collection's indexes as the server lists them ({@code _id_}, and
   * {@code id_1} with the unique index on {@code id}), for checks against the manifest.
   */
  public List<String> indexNames() {
    List<String> names = new ArrayList<>();
    collection.listIndexes().forEach(d -> names.add(d.getString("name")));
    return names;
  }

  /** Ids of the seeded documents, in seed order (unmodifiable). */
  public List<String> seededIds() {
    return List.copyOf(seeded);
  }

  /** The backend label, with the redacted address unless embedded (see {@link MongoTarget#backend()}). */
  public String backend() {
    return target.isStandIn() ? target.backend() : target.backend() + " at " + target.redactedUri();
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
   * Checks the collection after inserts of which {@code ok} were answered 2xx and {@code unknown}
   * got no 2xx answer (an error status or a client-side timeout: a request that timed out may
   * still have been inserted): exactly {@code ok} documents when {@code unknown == 0}, otherwise
   * between {@code ok} and {@code ok + unknown}.
   *
   * @throws IllegalStateException naming the count and the bounds otherwise
   */
  public void verifyInserted(long ok, long unknown) {
    if (unknown == 0) {
      verifyCount(ok);
      return;
    }
    long n = collection.countDocuments();
    if (n < ok || n > ok + unknown) {
      throw new IllegalStateException("collection " + collection.getNamespace() + " holds " + n + " documents; expected "
          + ok + " answered 2xx plus at most the " + unknown + " requests without a 2xx answer");
    }
  }

  /**
   * The check after one benchmark iteration. A {@code seeded} collection was only searched: it
   * still holds exactly its seed, and the first seeded document reads back as sent. Otherwise it
   * was inserted into: {@link #verifyInserted} with {@code ok} answered and {@code unknown} without
   * an answer, one stored document matches the template, and the collection is emptied again
   * ({@link #prepare}) so that the stand-in's heap stays bounded across iterations.
   *
   * @throws IllegalStateException naming the count or the document that does not match
   */
  public void verifyIteration(boolean seeded, long ok, long unknown) {
    if (seeded) {
      verifyCount(seededIds().size());
      verifySample(seededIds().get(0));
    } else {
      verifyInserted(ok, unknown);
      verifyAnySample();
      prepare();
    }
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
    verifyTemplate(JsonBson.toJson(d), id);
  }

  /** Checks one arbitrary stored document (for inserts whose ids the writer chose); no-op on an empty collection. */
  public void verifyAnySample() {
    Document d = collection.find().projection(Projections.excludeId()).first();
    if (d != null) {
      verifyTemplate(JsonBson.toJson(d), String.valueOf(d.get("id")));
    }
  }

  /**
   * Checks that {@code got} equals the template with {@code id} set.
   *
   * @throws IllegalStateException naming the id when it differs
   */
  public void verifyTemplate(JsonNode got, String id) {
    ObjectNode want = templateTree.deepCopy();
    want.put("id", id);
    if (!want.equals(got)) {
      throw new IllegalStateException("document " + id + " read back differs from the " + doc + " template sent");
    }
  }

  /** The target (its kind, its stand-in process). */
  public MongoTarget target() {
    return target;
  }

  /** Drops the collection, closes the client, stops the target. */
  @Override
  public void close() {
    try {
      if (!keep) {
        MongoCollections.dropIfExists(client, collection);
      }
    } catch (RuntimeException e) {
      System.err.println("[dbbench] mongo: could not drop " + collection.getNamespace() + ": " + e.getMessage());
    } finally {
      client.close();
      target.close();
    }
  }
}
