package io.dbbench.graph;

import io.dbbench.graphj.JournalWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A {@link MutationJournal} writing graphd's GraphJ format through the foundation codec
 * ({@link JournalWriter}: protobuf {@code JournalEntry} payload, CRC32C, chain hash).
 */
public final class GraphjMutationJournal implements MutationJournal {
  private final JournalWriter writer;
  private final Path file;

  private GraphjMutationJournal(JournalWriter writer, Path file) {
    this.writer = writer;
    this.file = file;
  }

  /**
   * Creates a new live journal at {@code file}, first sequence 1.
   *
   * @param fsync force the file to disk after every append
   * @throws IOException when the file cannot be created
   */
  public static GraphjMutationJournal create(Path file, boolean fsync) throws IOException {
    return new GraphjMutationJournal(JournalWriter.create(file, 1, fsync), file);
  }

  @Override
  public long append(String query, Map<String, ?> params, long timestampMs) throws IOException {
    return writer.append(query, params, timestampMs);
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
