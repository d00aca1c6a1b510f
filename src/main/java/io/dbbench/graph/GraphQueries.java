package io.dbbench.graph;

/**
 * The Cypher of the graph benchmarks, as in graphd's throughput benchmark against LadybugDB
 * (schema in {@link EntityGraph}). Kept in one place so the benchmarks and their correctness tests
 * run the same text.
 */
public final class GraphQueries {
  private GraphQueries() {}

  /** Point lookup by primary key; binds {@code $id}. */
  public static final String MATCH_BY_ID = "MATCH (n:Entity {id: $id}) RETURN n";
  /** First ten nodes. */
  public static final String MATCH_ALL_LIMIT_10 = "MATCH (n:Entity) RETURN n LIMIT 10";
  /** First {@code $limit} nodes (INT64). */
  public static final String READ_LIMIT = "MATCH (n:Entity) RETURN n LIMIT $limit";
  /** Every node. */
  public static final String FULL_SCAN = "MATCH (n:Entity) RETURN n";
  /** Distinct nodes reachable in one or two hops from {@code $id}. */
  public static final String TWO_HOP =
      "MATCH (a:Entity {id: $id})-[:CONNECTED_TO*1..2]->(b:Entity) RETURN DISTINCT b";
  /** Node creation with bound {@code $id}, {@code $name} (STRING) and {@code $ts} (INT64). */
  public static final String CREATE =
      "CREATE (n:Entity {id: $id, name: $name, created_at: $ts})";
  /** Edge creation between two existing nodes {@code $from}, {@code $to}. */
  public static final String CREATE_RELATIONSHIP =
      "MATCH (a:Entity {id: $from}), (b:Entity {id: $to}) "
          + "CREATE (a)-[:CONNECTED_TO {weight: $weight, created_at: $ts}]->(b)";
  /** Upsert: creates {@code $id} when absent, then sets name and created_at. */
  public static final String MERGE =
      "MERGE (n:Entity {id: $id}) SET n.name = $name, n.created_at = $ts";
  /** Starts an explicit transaction. */
  public static final String BEGIN = "BEGIN TRANSACTION";
  /** Commits it. */
  public static final String COMMIT = "COMMIT";

  /** {@link #CREATE} with its values inlined as literals (compiled by the database on every call). */
  public static String createInlined(String id, String name, long ts) {
    return "CREATE (n:Entity {id: " + Cypher.quote(id) + ", name: " + Cypher.quote(name)
        + ", created_at: " + ts + "})";
  }
}
