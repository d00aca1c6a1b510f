package io.dbbench.graph;

import java.nio.file.Path;

/**
 * What a {@link GraphFixture}'s template database holds before a trial: its schema and data, and
 * how many nodes and relationships that is (the write benchmarks' verification adds what an
 * iteration wrote). Two kinds: dbbench's seeded {@link EntityGraph.Dataset} (bulk-loaded with
 * {@code COPY FROM}) and graphd's own preloads, built by its literal statements
 * ({@link GraphdPreload}).
 */
public interface GraphPreload {
  /** {@code Entity} nodes the loaded database holds. */
  int nodes();

  /** {@code CONNECTED_TO} relationships the loaded database holds. */
  int edges();

  /**
   * Creates the schema and loads the data through {@code s} into an empty database, then checks the
   * counts.
   *
   * @param scratchDir a directory the load may write temporary files to (and must delete them)
   * @throws GraphQueryException when the database rejects a statement
   * @throws IllegalStateException when the loaded counts differ from {@link #nodes} and {@link #edges}
   * @throws java.io.UncheckedIOException naming a scratch file that could not be written or deleted
   */
  void load(GraphSession s, Path scratchDir);
}
