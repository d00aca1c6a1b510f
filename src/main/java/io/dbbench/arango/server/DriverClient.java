package io.dbbench.arango.server;

import com.arangodb.ArangoDB;

/**
 * What every study client over {@code arangodb-java-driver} 7.x shares: the driver instance it owns,
 * a liveness check and the shutdown. The bulk and pooling studies' driver clients extend it.
 */
public abstract class DriverClient {
  /** The driver instance, owned by this client and shut down by {@link #close()}. */
  protected final ArangoDB arango;

  /** @param arango the driver instance this client owns from now on */
  protected DriverClient(ArangoDB arango) {
    this.arango = arango;
  }

  /**
   * One round trip that does nothing to the data: {@code GET /_api/version}.
   *
   * @throws com.arangodb.ArangoDBException when the server does not answer
   */
  public void ping() {
    arango.getVersion();
  }

  /** Shuts the driver down (its connections and, for the async API, its Vert.x instances). */
  public void close() {
    arango.shutdown();
  }
}
