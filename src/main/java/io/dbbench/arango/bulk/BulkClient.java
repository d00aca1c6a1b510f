package io.dbbench.arango.bulk;

import com.arangodb.Protocol;
import io.dbbench.arango.server.ArangoTarget;
import java.util.List;

/**
 * One client of the bulk study, bound to database {@value ArangoBulkFixture#DATABASE} and
 * collection {@value ArangoBulkFixture#COLLECTION}: the driver, or raw HTTP. Every method sends
 * the same requests whichever the client (see {@link BulkOperation}) and throws
 * {@link BulkOperationException} with the first per-document error's number and message.
 */
public interface BulkClient extends AutoCloseable {

  /** Which client: {@code driver} (arangodb-java-driver) or {@code rawHttp} (the JDK HttpClient with Jackson). */
  enum Kind {
    /** {@code com.arangodb:arangodb-java-driver} with the protocol's defaults. */
    driver,
    /** The JDK {@code HttpClient} over the protocol's HTTP version, bodies through Jackson (JSON or VelocyPack). */
    rawHttp;

    /** The kind named {@code s}. */
    public static Kind parse(String s) {
      for (Kind k : values()) {
        if (k.name().equals(s)) {
          return k;
        }
      }
      throw new IllegalArgumentException("client='" + s + "'; expected driver or rawHttp");
    }
  }

  /** One request with every document. */
  void insert(List<BulkDoc> docs);

  /** Drains {@code FOR d IN coll RETURN d} (server batches of 1000), deserialising each document; returns the count. */
  long readAll();

  /**
   * One {@code PUT /_api/document/{coll}?onlyget=true} with every key; returns the documents in
   * key order, deserialised.
   *
   * @throws BulkOperationException for the first key the server answered with an error object
   */
  List<BulkDoc> readByKeys(List<String> keys);

  /** One request with every update. */
  void update(List<BulkDoc> updates);

  /** One request with every key. */
  void delete(List<String> keys);

  /** {@code GET /_api/version} through this client, to open its connection outside the timing. */
  void ping();

  /** Closes the client's connections. */
  @Override
  void close();

  /**
   * Opens a {@code kind} client for {@code protocol} on {@code target}.
   *
   * @throws IllegalArgumentException for {@link Protocol#VST} (not part of the study)
   */
  static BulkClient open(Kind kind, ArangoTarget target, Protocol protocol) {
    if (protocol == Protocol.VST) {
      throw new IllegalArgumentException("protocol=VST; expected HTTP_JSON, HTTP2_JSON, HTTP_VPACK or HTTP2_VPACK");
    }
    return kind == Kind.driver ? new DriverBulkClient(target, protocol) : new RawHttpBulkClient(target, protocol);
  }
}
