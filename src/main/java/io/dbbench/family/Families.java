package io.dbbench.family;

import java.util.List;

/** The benchmark families of the main job, in the order they run. */
public final class Families {
  private Families() {}

  /** Every family, in run order. */
  public static List<BenchmarkFamily> all() {
    return List.of(
        new io.dbbench.graphj.GraphjFamily(),
        new io.dbbench.jdbc.JdbcFamily(),
        new io.dbbench.graph.GraphFamily(),
        new io.dbbench.payload.PayloadFamily(),
        new io.dbbench.mongo.MongoFamily()
        // families: one line each, keep the order of the README table
        );
  }
}
