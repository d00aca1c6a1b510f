package io.dbbench;

import io.dbbench.arango.ArangoFamily;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.graph.GraphFamily;
import io.dbbench.graphj.GraphjFamily;
import io.dbbench.jdbc.JdbcFamily;
import io.dbbench.payload.MongoFamily;
import io.dbbench.payload.PayloadFamily;
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
        new GraphjFamily(),
        new JdbcFamily(),
        new GraphFamily(),
        new PayloadFamily(),
        new MongoFamily(),
        new ArangoFamily()
        // families: one line each, keep the order of the README table
        );
  }
}
