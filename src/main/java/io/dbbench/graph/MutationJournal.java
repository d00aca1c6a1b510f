package io.dbbench.graph;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a {@link JournalingSession} records mutating queries before executing them. The
 * implementation used by the benchmarks is {@link GraphjMutationJournal} (graphd's GraphJ format);
 * the interface keeps the session testable and the format swappable.
 */
public interface MutationJournal extends Closeable {

  /**
   * Appends one entry.
   *
   * @param query the Cypher text as executed
   * @param params its parameter bindings (values as accepted by {@link GraphSession})
   * @param timestampMs wall-clock time of the append, milliseconds since the epoch
   * @return the entry's sequence number
   * @throws IOException when the entry cannot be written
   */
  long append(String query, Map<String, ?> params, long timestampMs) throws IOException;

  /** The journal file. */
  Path file();
}
