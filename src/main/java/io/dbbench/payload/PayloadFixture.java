package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.BenchConfig;
import io.dbbench.mongo.CollectionFixture;
import io.dbbench.mongo.MongoTarget;
import io.dbbench.mongo.PayloadDocument;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;

/**
 * Everything one payload-service trial needs, outside the timing: a {@link CollectionFixture} on
 * the MongoDB target the caller chose (its own collection, the optional index on {@code id}, the
 * seeded documents that searches look up) and the {@link PayloadService} in front of it, bound to
 * a free loopback port. Verifies after each iteration that the collection holds exactly the
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

  private final CollectionFixture collection;
  private final PayloadService service;
  private final byte[] template;

  private PayloadFixture(CollectionFixture collection, PayloadService service) {
    this.collection = collection;
    this.service = service;
    this.template = collection.document().bytes();
  }

  /**
   * Prepares an empty collection on {@code target} (with the index when asked), starts the service
   * and seeds {@code seedDocs} documents whose ids {@link #seededIds()} lists. The fixture owns
   * {@code target} from here on.
   *
   * @throws IllegalStateException with what to check when MongoDB cannot be reached or the seed
   *     does not read back
   * @throws UncheckedIOException when the service cannot bind a loopback port
   */
  public static PayloadFixture start(MongoTarget target, PayloadDocument doc, Index index, int seedDocs) {
    int pool = BenchConfig.getInt("DBBENCH_PAYLOAD_POOL", 100);
    CollectionFixture c = CollectionFixture.start(target, doc, "payload", "dbbench-payload-",
        index == Index.id, pool, seedDocs);
    try {
      PayloadConfig cfg = PayloadConfig.defaults().withHost("127.0.0.1").withPort(0)
          .withMongoDatabase("dbbench")
          .withMongoCollection(c.collection().getNamespace().getCollectionName());
      return new PayloadFixture(c, PayloadService.start(cfg, c.collection()));
    } catch (IOException e) {
      c.close();
      throw new UncheckedIOException("cannot start the payload service on a loopback port", e);
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** {@link CollectionFixture#seedDocs()}. */
  public static int seedDocs() {
    return CollectionFixture.seedDocs();
  }

  /** Drops the collection's documents and recreates the index when {@link Index#id}; forgets the seed. */
  public void resetCollection() {
    collection.resetCollection();
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
    return collection.document();
  }

  /** Ids of the seeded documents, in seed order (unmodifiable). */
  public List<String> seededIds() {
    return collection.seededIds();
  }

  /** The backend label of the target, with its redacted address unless embedded. */
  public String backend() {
    return collection.backend();
  }

  /** The running service (its counters). */
  public PayloadService service() {
    return service;
  }

  /** Documents in the collection now. */
  public long count() {
    return collection.count();
  }

  /** {@link CollectionFixture#verifyCount}. */
  public void verifyCount(long expected) {
    collection.verifyCount(expected);
  }

  /** {@link CollectionFixture#verifySample}. */
  public void verifySample(String id) {
    collection.verifySample(id);
  }

  /** {@link CollectionFixture#verifyAnySample}. */
  public void verifyAnySample() {
    collection.verifyAnySample();
  }

  /** {@link CollectionFixture#requireTemplateWithId}. */
  public void requireTemplateWithId(JsonNode got, String id) {
    collection.requireTemplateWithId(got, id);
  }

  /** Stops the service, then drops the collection, closes the client and stops the target. */
  @Override
  public void close() {
    try {
      service.close();
    } finally {
      collection.close();
    }
  }
}
