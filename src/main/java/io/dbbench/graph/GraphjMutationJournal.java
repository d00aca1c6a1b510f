package io.dbbench.graph;

import io.dbbench.graphj.JournalWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A {@link MutationJournal} writing graphd's GraphJ format through the foundation codec
 * ({@link JournalWriter}: protobuf {@code JournalEntry} payload, CRC32C, chain hash) on the
 * calling thread. Used directly by a {@link JournalingSession}, that thread is the query thread:
 * dbbench's {@code journal=sync} form, not graphd's. Not thread-safe.
 */
public final class GraphjMutationJournal implements MutationJournal {
  private final JournalWriter writer;
  private final Path file;
  private final LongSupplier clock;

  private GraphjMutationJournal(JournalWriter writer, Path file, LongSupplier clock) {
    this.writer = writer;
    this.file = file;
    this.clock = clock;
  }

  /**
   * Creates a new live journal at {@code file}, first sequence 1, entries stamped with
   * {@link System#currentTimeMillis()}.
   *
   * @param fsync force the file to disk after every append (dbbench's {@code journal=sync+fsync})
   * @throws IOException when the file cannot be created
   */
  public static GraphjMutationJournal create(Path file, boolean fsync) throws IOException {
    return create(file, fsync, System.currentTimeMillis(), System::currentTimeMillis);
  }

  /**
   * As {@link #create(Path, boolean)} with the header's creation time and the entries' clock
   * given (epoch ms), so that two journals of the same statements can be compared byte for byte.
   */
  public static GraphjMutationJournal create(Path file, boolean fsync, long createdMs, LongSupplier clock)
      throws IOException {
    return new GraphjMutationJournal(JournalWriter.create(file, 1, fsync, createdMs), file, clock);
  }

  @Override
  public void append(String query, Map<String, ?> params) throws IOException {
    writer.append(query, params, clock.getAsLong());
  }

  @Override
  public void flush() throws IOException {
    writer.sync(true);
  }

  @Override
  public void syncData() throws IOException {
    writer.sync(false);
  }

  /** Entries written so far. */
  public long entryCount() {
    return writer.entryCount();
  }

  @Override
  public Path file() {
    return file;
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
