package io.dbbench;

import io.dbbench.core.BenchmarkFamily;
import java.util.List;

/**
 * The family registry: the benchmark families of the main job, in the order they run. It sits on
 * the top floor beside the main job; a new family adds one line here and nothing in another
 * family's package or in {@code report}.
 */
public final class Families {
  private Families() {}

  /** Every family, in run order. */
  public static List<BenchmarkFamily> all() {
    return List.of(
        new io.dbbench.graphj.GraphjFamily(),
        new io.dbbench.jdbc.JdbcFamily(),
        new io.dbbench.graph.GraphFamily(),
        new io.dbbench.payload.PayloadFamily(),
        new io.dbbench.payload.MongoFamily(),
        new io.dbbench.arango.ArangoFamily()
        // families: one line each, keep the order of the README table
        );
  }
}
