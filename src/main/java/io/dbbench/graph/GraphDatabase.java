package io.dbbench.graph;

/**
 * An open embedded graph database: the one seam between the graph benchmarks and the engine
 * (Kuzu today, LadybugDB when its Java artifact resolves; see README "## graph"). Implementations
 * own every native handle they hand out and close them all, once, in {@link #close()}.
 */
public interface GraphDatabase extends AutoCloseable {

  /**
   * Opens a connection. Sessions are not thread-safe: use one per thread.
   *
   * @throws GraphQueryException when the database is closed or the connection cannot be made
   */
  GraphSession openSession();

  /** A one-line description of the engine and its version, e.g. {@code "Kuzu 0.11.2 (storage 39)"}. */
  String engine();

  /**
   * Closes every session (and their statements) still open, then the database. Idempotent: a
   * second call does nothing (Kuzu's own handles throw when closed twice).
   */
  @Override
  void close();
}
