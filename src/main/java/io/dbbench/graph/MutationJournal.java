package io.dbbench.graph;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a {@link JournalingSession} records mutating queries. Two implementations run in the
 * benchmarks: {@link GraphjMutationJournal} writes each entry on the calling thread (dbbench's
 * {@code journal=sync} form), {@link WriterThreadJournal} hands it to one writer thread (graphd's
 * {@code journal=on} form). Both write graphd's GraphJ format; the interface keeps the session
 * testable and the format swappable.
 */
public interface MutationJournal extends Closeable {

  /**
   * Records one entry; its timestamp (epoch ms) is taken by the journal when it encodes the entry.
   *
   * @param query the Cypher text as executed
   * @param params its parameter bindings (values as accepted by {@link GraphSession}); the journal
   *     does not keep a reference to the caller's map past the call
   * @throws IOException when the entry cannot be written (or, for a writer-thread journal, when an
   *     earlier entry could not: {@link JournalFailedException})
   */
  void append(String query, Map<String, ?> params) throws IOException;

  /**
   * Returns once every entry appended before the call is written and forced to storage, file
   * contents and metadata (graphd's Flush command: {@code sync_all}).
   *
   * @throws IOException when a write or the force fails
   */
  void flush() throws IOException;

  /**
   * Forces what has been written to storage, file contents only (graphd's idle-time
   * {@code sync_data}). A writer-thread journal calls it on its own thread.
   *
   * @throws IOException when the force fails
   */
  void syncData() throws IOException;

  /** The journal file. */
  Path file();
}
