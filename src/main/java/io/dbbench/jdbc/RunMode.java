package io.dbbench.jdbc;

/**
 * Sequential or parallel insert (hdbinsert's {@code Seq}/{@code Par} test types): {@code seq}
 * sends every batch over one connection; {@code par} spreads the batches over worker threads,
 * each with its own dedicated connection opened before timing starts.
 */
public enum RunMode {
  /** All batches, in order, on one connection. */
  SEQ("seq"),
  /** Batches spread round-robin over {@code workers} threads and connections. */
  PAR("par");

  private final String id;

  RunMode(String id) {
    this.id = id;
  }

  /** The {@code @Param mode} spelling. */
  public String id() {
    return id;
  }

  /**
   * The mode spelled {@code text} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static RunMode parse(String text) {
    for (RunMode m : values()) {
      if (m.id.equalsIgnoreCase(text == null ? "" : text.trim())) {
        return m;
      }
    }
    throw new IllegalArgumentException("mode '" + text + "' is unknown; expected seq or par");
  }

  @Override
  public String toString() {
    return id;
  }
}
