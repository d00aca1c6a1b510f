package io.dbbench.jdbc;

import io.dbbench.core.Spelling;

/**
 * Sequential or parallel insert (hdbinsert's {@code Seq}/{@code Par} test types): {@code seq}
 * sends every batch over one connection; {@code par} spreads the batches over worker threads,
 * each with its own dedicated connection opened before timing starts.
 */
public enum RunMode implements Spelling.LowerCamel {
  /** All batches, in order, on one connection. */
  SEQ,
  /** Batches spread round-robin over {@code workers} threads and connections. */
  PAR;

  /**
   * The mode spelled {@code text} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static RunMode parse(String text) {
    return Spelling.parse(RunMode.class, RunMode::id, "mode", text);
  }

  @Override
  public String toString() {
    return id();
  }
}
