package io.dbbench.graph;

import java.nio.file.Path;

/**
 * The databases graphd's {@code benches/throughput_bench.rs} (7628b1d) runs its groups on, built by
 * its statements: its schema, then one literal CREATE per entity ({@link GraphdQueries#createNode}
 * with the loop index as counter: id {@code 'i'}, name {@code 'Entity i'}, created_at {@code i}) in
 * graphd's order and, for {@code complex_queries}, one literal MATCH ... CREATE per chain edge. No
 * seed: graphd's preloads are not random.
 *
 * <p>Where it differs: graphd auto-commits each statement; here the entities and edges go in one
 * transaction. The rows are the same, in the same order, and the fixture closes the template
 * (a checkpoint) and reopens a copy, so what a trial reads does not depend on how many commits built
 * it; 10,000 auto-commits took about 35 s per trial on this project's VM (a WAL sync each), one
 * transaction a few seconds.
 */
public enum GraphdPreload implements GraphPreload {
  /**
   * No entity: {@code simple_writes}, {@code write_throughput} (a fresh database per criterion
   * sample), {@code transaction_throughput} and {@code merge_operations/merge_create}.
   */
  EMPTY(0, 0),
  /** {@code merge_operations/merge_update}: the entity 'static' ({@link GraphdQueries#MERGE_STATIC}). */
  MERGE_STATIC(1, 0),
  /** {@code relationship_creation}: entities '0'..'99'. */
  RELATIONSHIP_CREATION(GraphdQueries.RELATIONSHIP_NODES, 0),
  /** {@code simple_match}: entities '0'..'999'. */
  SIMPLE_MATCH(1000, 0),
  /** {@code read_throughput}: entities '0'..'9999'. */
  READ_THROUGHPUT(10_000, 0),
  /** {@code complex_queries}: entities '0'..'99' and a chain of 50 edges, '0' -> '1' -> ... -> '50'. */
  COMPLEX_QUERIES(GraphdQueries.RELATIONSHIP_NODES, 50);

  private final int nodes;
  private final int edges;

  GraphdPreload(int nodes, int edges) {
    this.nodes = nodes;
    this.edges = edges;
  }

  @Override
  public int nodes() {
    return nodes;
  }

  @Override
  public int edges() {
    return edges;
  }

  /** graphd's statements, the schema auto-committed, the data in one transaction; {@code scratchDir} is not used. */
  @Override
  public void load(GraphSession s, Path scratchDir) {
    s.execute(GraphdQueries.NODE_TABLE, RowConversion.UNREAD);
    s.execute(GraphdQueries.REL_TABLE, RowConversion.UNREAD);
    s.execute(GraphdQueries.BEGIN, RowConversion.UNREAD);
    if (this == MERGE_STATIC) {
      s.execute(GraphdQueries.MERGE_STATIC, RowConversion.UNREAD);
    } else {
      for (int i = 0; i < nodes; i++) {
        s.execute(GraphdQueries.createNode(i), RowConversion.UNREAD);
      }
    }
    for (int i = 0; i < edges; i++) {
      s.execute(GraphdQueries.chainEdge(i), RowConversion.UNREAD);
    }
    s.execute(GraphdQueries.COMMIT, RowConversion.UNREAD);
    EntityGraph.verifyCounts(s, nodes, edges);
  }
}
