package io.dbbench.arango.bulk;

import com.arangodb.ArangoCollection;
import com.arangodb.ArangoCursor;
import com.arangodb.ArangoDatabase;
import com.arangodb.Protocol;
import com.arangodb.entity.ErrorEntity;
import com.arangodb.entity.MultiDocumentEntity;
import com.arangodb.model.DocumentCreateOptions;
import com.arangodb.model.DocumentDeleteOptions;
import com.arangodb.model.DocumentUpdateOptions;
import com.arangodb.model.OverwriteMode;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.DriverClient;
import java.io.IOException;
import java.util.List;

/**
 * The bulk study through {@code arangodb-java-driver} 7.x, synchronous API, every setting at the
 * driver's default for the protocol (HTTP/1.1: 20 connections; HTTP/2: 1 connection of 32
 * streams). Options as the Go V2 benchmarks: insert {@code silent} + {@code overwriteMode=replace},
 * update {@code silent} + {@code ignoreRevs}, delete {@code silent} with key strings; the read by keys
 * is {@code getDocuments(keys, type)} with the driver's default options.
 */
final class DriverBulkClient extends DriverClient implements BulkClient {
  private static final DocumentCreateOptions INSERT = new DocumentCreateOptions().silent(true).overwriteMode(OverwriteMode.replace);
  private static final DocumentUpdateOptions UPDATE = new DocumentUpdateOptions().silent(true).ignoreRevs(true);
  private static final DocumentDeleteOptions DELETE = new DocumentDeleteOptions().silent(true);
  private static final String READ_QUERY = "FOR d IN " + ArangoBulkFixture.COLLECTION + " RETURN d";

  private final ArangoDatabase db;
  private final ArangoCollection collection;

  DriverBulkClient(ArangoTarget target, Protocol protocol) {
    super(target.driver(protocol).build());
    db = arango.db(ArangoBulkFixture.DATABASE);
    collection = db.collection(ArangoBulkFixture.COLLECTION);
  }

  private static void check(BulkOperation op, MultiDocumentEntity<?> r, int total) {
    List<ErrorEntity> errors = r.getErrors();
    if (errors != null && !errors.isEmpty()) {
      ErrorEntity e = errors.get(0);
      throw BulkOperationException.perDocument(op, errors.size(), total, e.getErrorNum(), e.getErrorMessage());
    }
  }

  @Override
  public void insert(List<BulkDoc> docs) {
    check(BulkOperation.INSERT, collection.insertDocuments(docs, INSERT), docs.size());
  }

  @Override
  public long readAll() {
    long n = 0;
    try (ArangoCursor<BulkDoc> c = db.query(READ_QUERY, BulkDoc.class)) {
      while (c.hasNext()) {
        if (c.next().key != null) {
          n++;
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("closing the cursor failed", e);
    }
    return n;
  }

  @Override
  public List<BulkDoc> readByKeys(List<String> keys) {
    MultiDocumentEntity<BulkDoc> r = collection.getDocuments(keys, BulkDoc.class);
    check(BulkOperation.READ_BY_KEYS, r, keys.size());
    return r.getDocuments();
  }

  @Override
  public void update(List<BulkDoc> updates) {
    check(BulkOperation.UPDATE, collection.updateDocuments(updates, UPDATE), updates.size());
  }

  @Override
  public void delete(List<String> keys) {
    check(BulkOperation.DELETE, collection.deleteDocuments(keys, DELETE), keys.size());
  }
}
