package io.dbbench.graph;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the write benchmarks journal their mutations, the values of their {@code @Param journal}.
 * Each is named for what it does:
 * <ul>
 *   <li>{@code off}: no journal.
 *   <li>{@code sync}: dbbench's form, not graphd's: before each mutating statement, the query thread
 *       encodes the GraphJ entry, chains the hash, frames it and writes it
 *       ({@link JournalingSession.Order#BEFORE} into a {@link GraphjMutationJournal}).
 *   <li>{@code on}: graphd's design: after each successful mutating statement the query thread
 *       copies the parameters and queues the entry for one {@code journal-writer} thread, which
 *       encodes, hashes, frames and writes it and forces the file after
 *       {@value WriterThreadJournal#GRAPHD_FSYNC_MS} ms without a command ({@link WriterThreadJournal};
 *       {@code spawn_journal_writer}, {@code src/journal/mod.rs} at 7628b1d).
 *   <li>{@code sync+fsync}: {@code sync} plus {@code FileChannel.force} after every entry, on the query
 *       thread: what a per-write durable journal costs; graphd has no such mode.
 * </ul>
 */
public enum JournalMode {
  /** No journal. */
  OFF("off"),
  /** dbbench's form: entry encoded and written on the query thread before each mutating statement. */
  SYNC("sync"),
  /** graphd's form: entry queued after each successful mutating statement to one writer thread. */
  ON("on"),
  /** As {@link #SYNC}, plus {@code FileChannel.force} after every entry. */
  SYNC_FSYNC("sync+fsync");

  private final String label;

  JournalMode(String label) {
    this.label = label;
  }

  /** The {@code @Param} spelling: {@code off}, {@code sync}, {@code on} or {@code sync+fsync}. */
  public String label() {
    return label;
  }

  /** Whether a journal is written at all. */
  public boolean enabled() {
    return this != OFF;
  }

  /** Whether each entry is forced to disk as it is written. */
  public boolean fsync() {
    return this == SYNC_FSYNC;
  }

  /** Whether entries go through graphd's writer thread ({@link WriterThreadJournal}). */
  public boolean writerThread() {
    return this == ON;
  }

  /**
   * Parses the {@code @Param} spelling.
   *
   * @throws IllegalArgumentException naming the value and the accepted spellings
   */
  public static JournalMode parse(String s) {
    for (JournalMode m : values()) {
      if (m.label.equals(s)) {
        return m;
      }
    }
    throw new IllegalArgumentException("journal='" + s + "' is not a journal mode; expected one of "
        + Arrays.stream(values()).map(JournalMode::label).collect(Collectors.joining(", ")));
  }
}
