package io.dbbench.graph;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Whether the write benchmarks journal their mutations as graphd does, the values of their
 * {@code @Param journal}: {@code off} (no journal), {@code on} (every mutating query and its
 * parameters appended as a GraphJ entry before it executes), {@code on+fsync} (the same, with the
 * journal file forced to disk after each append).
 */
public enum JournalMode {
  /** No journal. */
  OFF("off"),
  /** GraphJ entry appended before each mutating query; the OS flushes the file when it likes. */
  ON("on"),
  /** As {@link #ON}, plus {@code FileChannel.force} after every append. */
  ON_FSYNC("on+fsync");

  private final String label;

  JournalMode(String label) {
    this.label = label;
  }

  /** The {@code @Param} spelling: {@code off}, {@code on} or {@code on+fsync}. */
  public String label() {
    return label;
  }

  /** Whether a journal is written at all. */
  public boolean enabled() {
    return this != OFF;
  }

  /** Whether each append is forced to disk. */
  public boolean fsync() {
    return this == ON_FSYNC;
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
