package io.dbbench.graph;

import io.dbbench.core.Spelling;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Cypher of graphd's {@code benches/throughput_bench.rs} at 7628b1d, character for character:
 * literal queries, their values formatted into the text as graphd's {@code format!} calls do (a
 * {@code u64} counter in decimal), sent through {@code conn.query} and so compiled on every call.
 * Each method names the criterion group that sends it. dbbench's own queries (prepared, with
 * parameters) are {@link GraphQueries}.
 *
 * <p>graphd's values: an entity written with counter {@code k} has id {@code 'k'}, name
 * {@code 'Entity k'} and {@code created_at = k} ({@link #entity}); its preloads use the loop index
 * as the counter ({@link GraphdPreload}).
 */
public final class GraphdQueries {
  private GraphdQueries() {}

  /** graphd's {@code create_schema}: the node table (the same columns as {@link EntityGraph#NODE_TABLE}). */
  public static final String NODE_TABLE =
      "CREATE NODE TABLE IF NOT EXISTS Entity(id STRING, name STRING, created_at INT64, PRIMARY KEY(id))";
  /** graphd's {@code create_schema}: the relationship table. */
  public static final String REL_TABLE =
      "CREATE REL TABLE IF NOT EXISTS CONNECTED_TO(FROM Entity TO Entity, weight FLOAT, created_at INT64)";
  /** {@code simple_match/match_by_id}: the entity with id '500' of 1,000. */
  public static final String MATCH_BY_ID = "MATCH (n:Entity {id: '500'}) RETURN n";
  /** The id {@link #MATCH_BY_ID} reads. */
  public static final long MATCH_BY_ID_KEY = 500;
  /** {@code simple_match/match_all_limit_10}. */
  public static final String MATCH_ALL_LIMIT_10 = "MATCH (n:Entity) RETURN n LIMIT 10";
  /** {@code complex_queries/two_hop_traversal}: from id '0' of the 50-edge chain, 2 rows ('1' and '2'). */
  public static final String TWO_HOP = "MATCH (a:Entity {id: '0'})-[:CONNECTED_TO*1..2]->(b:Entity) RETURN DISTINCT b";
  /** {@code transaction_throughput/explicit_transaction_10_writes}: its first statement. */
  public static final String BEGIN = "BEGIN TRANSACTION";
  /** {@code transaction_throughput/explicit_transaction_10_writes}: its last statement. */
  public static final String COMMIT = "COMMIT";
  /** The id {@code merge_operations/merge_update} rewrites. */
  public static final String STATIC_ID = "static";
  /** {@code merge_update}'s set-up, outside its timing: creates the entity {@link #STATIC_ID}. */
  public static final String MERGE_STATIC = "MERGE (n:Entity {id: 'static'}) SET n.name = 'Static', n.created_at = 0";
  /** Entities {@code relationship_creation} and {@code complex_queries} preload, and the modulus of create_relationship's ids. */
  public static final int RELATIONSHIP_NODES = 100;

  /**
   * The CREATE of counter {@code k}: every write group's ({@code simple_writes/create_node},
   * {@code write_throughput/batch_insert/N}, the ten of {@code explicit_transaction_10_writes}) and
   * every preload's.
   */
  public static String createNode(long k) {
    return "CREATE (n:Entity {id: '" + k + "', name: 'Entity " + k + "', created_at: " + k + "})";
  }

  /**
   * {@code relationship_creation/create_relationship} with counter {@code k}: an edge from id
   * {@code k % 100} to {@code (k + 1) % 100}, weight 1.0, created_at {@code k}.
   */
  public static String createRelationship(long k) {
    return "MATCH (a:Entity {id: '" + k % RELATIONSHIP_NODES + "'}), (b:Entity {id: '" + (k + 1) % RELATIONSHIP_NODES
        + "'}) CREATE (a)-[:CONNECTED_TO {weight: 1.0, created_at: " + k + "}]->(b)";
  }

  /**
   * {@code complex_queries}' set-up, edge {@code i} of its chain (i in 0..49): from id {@code i} to
   * {@code (i + 1) % 100}, weight {@code i.0}, no created_at.
   */
  public static String chainEdge(int i) {
    return "MATCH (a:Entity {id: '" + i + "'}), (b:Entity {id: '" + (i + 1) % RELATIONSHIP_NODES
        + "'}) CREATE (a)-[:CONNECTED_TO {weight: " + i + ".0}]->(b)";
  }

  /** {@code merge_operations/merge_create} with counter {@code k}: creates entity {@code k}. */
  public static String mergeCreate(long k) {
    return "MERGE (n:Entity {id: '" + k + "'}) SET n.name = 'Entity " + k + "', n.created_at = " + k;
  }

  /** {@code merge_operations/merge_update} with counter {@code k}: rewrites {@link #STATIC_ID}. */
  public static String mergeUpdate(long k) {
    return "MERGE (n:Entity {id: 'static'}) SET n.name = 'Updated " + k + "', n.created_at = " + k;
  }

  /** The properties graphd writes for counter {@code k}: id {@code 'k'}, name {@code 'Entity k'}, created_at {@code k}. */
  public static Map<String, Object> entity(long k) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", Long.toString(k));
    m.put("name", "Entity " + k);
    m.put("created_at", k);
    return m;
  }

  /**
   * What {@code read_throughput/scan_limit/N} returns per row: graphd's node ({@code RETURN n}), or
   * dbbench's extension, the node's three properties as scalar columns
   * ({@code RETURN n.id, n.name, n.created_at}), which a Java client reads without converting a node.
   */
  public enum Projection implements Spelling.LowerCamel {
    /** graphd's {@code MATCH (n:Entity) RETURN n LIMIT N}: one node per row. */
    NODE,
    /** {@code MATCH (n:Entity) RETURN n.id, n.name, n.created_at LIMIT N}: three scalars per row (not in graphd's bench). */
    SCALARS;

    /**
     * The projection spelled {@code text} ({@code node} or {@code scalars}).
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static Projection parse(String text) {
      return Spelling.parse(Projection.class, Projection::id, "projection", text);
    }

    /** The scan's literal text for {@code limit}, formatted per call as graphd's {@code format!} does. */
    public String scanLimit(int limit) {
      return this == NODE ? "MATCH (n:Entity) RETURN n LIMIT " + limit
          : "MATCH (n:Entity) RETURN n.id, n.name, n.created_at LIMIT " + limit;
    }
  }
}
