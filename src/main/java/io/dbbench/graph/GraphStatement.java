package io.dbbench.graph;

/**
 * A prepared Cypher statement owned by the {@link GraphSession} that prepared it. Closing the
 * session closes the statement; closing it earlier is allowed and idempotent.
 */
public interface GraphStatement extends AutoCloseable {

  /** The Cypher text this statement was prepared from. */
  String query();

  /** Releases the native statement; idempotent. */
  @Override
  void close();
}
