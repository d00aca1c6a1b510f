package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * graphd's form ({@link GraphdThroughputBenchmark}) does graphd's work: its query texts are
 * graphd's {@code format!} strings of {@code benches/throughput_bench.rs} at 7628b1d, its preloads
 * hold graphd's entities and chain, and each group's calls return the counts and values graphd's
 * bench expects (scan_limit's {@code assert_eq!(count, lim)}, one row for id '500', the chain's
 * two-hop '1' and '2'), through the benchmark's own states, methods and verification, on Kuzu
 * ({@link #engine}); {@link LadybugGraphdThroughputBenchmarkTest} runs the same on LadybugDB and
 * {@code LadybugCApiGraphdThroughputBenchmarkTest} on LadybugDB through its C API ({@link #client}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GraphdThroughputBenchmarkTest implements GraphTarget {
  static final String BENCH = "io.dbbench.graph.GraphdThroughputBenchmark.";
  static final GraphdThroughputBenchmark bench = new GraphdThroughputBenchmark();

  /** One opened state per state class, shared by the tests (the 10,000-entity preload is built once). */
  private final Map<Class<?>, GraphdThroughputBenchmark.Group> states = new LinkedHashMap<>();

  @BeforeAll
  void checkEngine() {
    assumeAvailable();
  }

  @AfterAll
  void close() {
    states.values().forEach(GraphdThroughputBenchmark.Group::close);
  }

  /** The opened state of class {@code type} (a scan state at limit 10, node projection). */
  @SuppressWarnings("unchecked")
  private <T extends GraphdThroughputBenchmark.Group> T state(Class<T> type) {
    return (T) states.computeIfAbsent(type, t -> {
      try {
        T g = on(type.getDeclaredConstructor().newInstance());
        if (g instanceof GraphdThroughputBenchmark.ReadThroughput r) {
          r.limit = 10;
          r.projection = "node";
        }
        g.open(BENCH + type.getSimpleName());
        return g;
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    });
  }

  @Test
  void queryTextsAreGraphdsFormatStrings() {
    // benches/throughput_bench.rs at 7628b1d, its format! strings with the counter filled in
    assertEquals("CREATE (n:Entity {id: '7', name: 'Entity 7', created_at: 7})", GraphdQueries.createNode(7));
    assertEquals("MATCH (a:Entity {id: '99'}), (b:Entity {id: '0'}) CREATE (a)-[:CONNECTED_TO {weight: 1.0,"
        + " created_at: 199}]->(b)", GraphdQueries.createRelationship(199));
    assertEquals("MATCH (a:Entity {id: '3'}), (b:Entity {id: '4'}) CREATE (a)-[:CONNECTED_TO {weight: 3.0}]->(b)",
        GraphdQueries.chainEdge(3));
    assertEquals("MERGE (n:Entity {id: '12'}) SET n.name = 'Entity 12', n.created_at = 12", GraphdQueries.mergeCreate(12));
    assertEquals("MERGE (n:Entity {id: 'static'}) SET n.name = 'Updated 5', n.created_at = 5",
        GraphdQueries.mergeUpdate(5));
    assertEquals("MATCH (n:Entity) RETURN n LIMIT 1000", GraphdQueries.Projection.NODE.scanLimit(1000));
    assertEquals("MATCH (n:Entity) RETURN n.id, n.name, n.created_at LIMIT 10",
        GraphdQueries.Projection.SCALARS.scanLimit(10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphdQueries.Projection.parse("columns"));
    assertTrue(e.getMessage().contains("'columns'") && e.getMessage().contains("node, scalars"), e.getMessage());
  }

  @Test
  void simpleMatchReadsEntity500AndTenEntitiesAsGraphdDoes() {
    GraphdThroughputBenchmark.SimpleMatch g = state(GraphdThroughputBenchmark.SimpleMatch.class);
    EntityGraph.verifyCounts(g.session, 1000, 0);
    // graphd's conversion: the node's internal id and label, then its properties
    List<List<Object>> rows = g.session.fetch(GraphdQueries.MATCH_BY_ID, Map.of(), RowConversion.ID_LABEL_PROPERTIES);
    assertEquals(1, rows.size());
    RowConversion.Node n = assertInstanceOf(RowConversion.Node.class, rows.get(0).get(0));
    assertEquals("Entity", n.label());
    assertEquals(GraphdQueries.entity(500), n.properties());
    assertEquals(List.of(List.of(GraphdQueries.entity(500))), g.session.fetch(GraphdQueries.MATCH_BY_ID, Map.of()),
        "dbbench's conversion: the same properties as a map");
    g.prepare();
    for (int i = 0; i < 3; i++) {
      assertEquals(1, bench.matchById(g));
      assertEquals(10, bench.matchAllLimit10(g));
    }
    g.verify();
    g.checkRows();
  }

  @Test
  void scanLimitReturnsExactlyLimitRowsAsNodesOrScalars() {
    GraphdThroughputBenchmark.ReadThroughput r = state(GraphdThroughputBenchmark.ReadThroughput.class);
    EntityGraph.verifyCounts(r.session, 10_000, 0);
    try {
      for (GraphdQueries.Projection p : GraphdQueries.Projection.values()) {
        for (int limit : new int[] {10, 100, 1000, 10_000}) {
          r.shape = p;
          r.limit = limit;
          r.prepare();
          assertEquals(limit, bench.scanLimit(r), p + " " + limit);
          assertEquals(limit, bench.scanLimit(r), p + " " + limit);
          r.verify();
          r.checkRows();
        }
      }
      List<List<Object>> scalars = r.session.fetch(GraphdQueries.Projection.SCALARS.scanLimit(3), Map.of());
      assertEquals(3, scalars.size());
      for (List<Object> row : scalars) {
        assertEquals(List.copyOf(GraphdQueries.entity(Long.parseLong((String) row.get(0))).values()), row);
      }
    } finally {
      r.shape = GraphdQueries.Projection.NODE;
      r.limit = 10;
    }
  }

  @Test
  void aScanOutsideGraphdsTableIsRejectedBeforeTheDatabaseIsBuilt() {
    GraphdThroughputBenchmark.ReadThroughput r = on(new GraphdThroughputBenchmark.ReadThroughput());
    r.projection = "node";
    r.limit = 10_001;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.open(BENCH + "scanLimit"));
    assertTrue(e.getMessage().contains("limit=10001") && e.getMessage().contains("1..10000"), e.getMessage());
    r.limit = 10;
    r.projection = "rows";
    assertThrows(IllegalArgumentException.class, () -> r.open(BENCH + "scanLimit"));
    r.close();
  }

  @Test
  void twoHopFromZeroAlongTheChainReachesOneAndTwo() {
    GraphdThroughputBenchmark.ComplexQueries g = state(GraphdThroughputBenchmark.ComplexQueries.class);
    EntityGraph.verifyCounts(g.session, 100, 50);
    List<List<Object>> chain = g.session.fetch("MATCH (a:Entity)-[r:CONNECTED_TO]->(b:Entity) RETURN a.id, b.id,"
        + " r.weight, r.created_at", Map.of());
    List<List<Object>> want = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      want.add(java.util.Arrays.asList(Integer.toString(i), Integer.toString(i + 1), (float) i, null));
    }
    assertEquals(new TreeSet<>(want.stream().map(Object::toString).toList()),
        new TreeSet<>(chain.stream().map(Object::toString).toList()), "graphd's chain: i -> i+1, weight i.0, no created_at");
    // a relationship in graphd's conversion: its ends' ids, its label and its properties
    List<List<Object>> rel = g.session.fetch("MATCH (a:Entity {id: '0'})-[r:CONNECTED_TO]->(b:Entity) RETURN r",
        Map.of(), RowConversion.ID_LABEL_PROPERTIES);
    RowConversion.Rel r = assertInstanceOf(RowConversion.Rel.class, rel.get(0).get(0));
    assertEquals("CONNECTED_TO", r.label());
    assertEquals(0.0f, r.properties().get("weight"));
    assertTrue(r.properties().containsKey("created_at") && r.properties().get("created_at") == null, r.toString());
    g.prepare();
    assertEquals(2, bench.twoHopTraversal(g));
    g.verify();
    g.checkRows();
  }

  @Test
  void writeGroupsWriteGraphdsEntitiesAutoCommittedFromAnEmptyDatabase() {
    GraphdThroughputBenchmark.Empty db = state(GraphdThroughputBenchmark.Empty.class);
    GraphWriteBenchmark.Batch b = new GraphWriteBenchmark.Batch();
    b.batchSize = 7;
    GraphWriteBenchmark.Writes w = new GraphWriteBenchmark.Writes();
    db.prepare();
    EntityGraph.verifyCounts(db.session, 0, 0);
    long first = db.counter;
    assertEquals(0, bench.createNode(db), "a write's result is closed unread");
    bench.batchInsert(db, b, w);
    bench.batchInsert(db, b, w);
    assertEquals(14, w.writes);
    bench.explicitTransaction10Writes(db);
    bench.mergeCreate(db);
    EntityGraph.verifyCounts(db.session, 26, 0);
    for (long k = first; k < first + 26; k++) {
      assertEquals(List.of(List.copyOf(GraphdQueries.entity(k).values())), db.session.fetch(
          "MATCH (n:Entity {id: $id}) RETURN n.id, n.name, n.created_at", Map.of("id", Long.toString(k))));
    }
    db.verify();
    // the next iteration starts from an empty copy again; the counter runs on, as graphd's does
    db.prepare();
    EntityGraph.verifyCounts(db.session, 0, 0);
    bench.createNode(db);
    assertEquals(first + 26, db.last);
    db.verify();
  }

  @Test
  void mergeUpdateRewritesStaticAndCreateRelationshipLinksConsecutiveIds() {
    GraphdThroughputBenchmark.MergeStatic m = state(GraphdThroughputBenchmark.MergeStatic.class);
    m.prepare();
    assertEquals(List.of(List.of("Static", 0L)), m.session.fetch(
        "MATCH (n:Entity {id: 'static'}) RETURN n.name, n.created_at", Map.of()), "merge_update's set-up");
    bench.mergeUpdate(m);
    bench.mergeUpdate(m);
    EntityGraph.verifyCounts(m.session, 1, 0);
    m.verify();
    GraphdThroughputBenchmark.RelationshipCreation r = state(GraphdThroughputBenchmark.RelationshipCreation.class);
    r.prepare();
    r.counter = 98; // graphd's ids wrap at 100: 98 -> 99, then 99 -> 0
    bench.createRelationship(r);
    bench.createRelationship(r);
    assertEquals(List.of(List.of("99", "0", 1.0f, 99L)), r.session.fetch("MATCH (a:Entity)-[e:CONNECTED_TO]->(b:Entity)"
        + " WHERE e.created_at = 99 RETURN a.id, b.id, e.weight, e.created_at", Map.of()));
    EntityGraph.verifyCounts(r.session, 100, 2);
    r.verify();
  }

  @Test
  void verificationCatchesWrongCountsAndWrongValues() {
    GraphdThroughputBenchmark.SimpleMatch g = state(GraphdThroughputBenchmark.SimpleMatch.class);
    g.prepare();
    bench.matchById(g);
    g.rows += 1; // as if the lookup had returned two rows
    IllegalStateException e = assertThrows(IllegalStateException.class, g::verify);
    assertTrue(e.getMessage().contains("consumed 2 rows in 1 calls; expected 1 in total"), e.getMessage());
    g.prepare();
    assertThrows(IllegalStateException.class, g::verify, "an iteration in which nothing was recorded fails");
    GraphdThroughputBenchmark.MergeStatic m = state(GraphdThroughputBenchmark.MergeStatic.class);
    m.prepare();
    bench.mergeUpdate(m);
    m.last += 1; // claims a value the database does not hold
    e = assertThrows(IllegalStateException.class, m::verify);
    assertTrue(e.getMessage().contains("expected [[Updated " + m.last), e.getMessage());
    GraphdThroughputBenchmark.Empty db = state(GraphdThroughputBenchmark.Empty.class);
    db.prepare();
    bench.createNode(db);
    db.nodesWritten++; // claims a write the database does not hold
    e = assertThrows(IllegalStateException.class, db::verify);
    assertTrue(e.getMessage().contains("expected 2 and 0"), e.getMessage());
    db.prepare();
    e = assertThrows(IllegalStateException.class, db::verify);
    assertTrue(e.getMessage().contains("no write completed"), e.getMessage());
  }

  /** Every @Benchmark method, whatever its name, runs on its group's state and passes that state's verification. */
  @Test
  void everyBenchmarkMethodIsVerified() throws Exception {
    GraphWriteBenchmark.Batch b = new GraphWriteBenchmark.Batch();
    b.batchSize = 3;
    GraphWriteBenchmark.Writes w = new GraphWriteBenchmark.Writes();
    List<String> methods = new ArrayList<>();
    for (Method m : GraphdThroughputBenchmark.class.getMethods()) {
      if (!m.isAnnotationPresent(Benchmark.class)) {
        continue;
      }
      methods.add(m.getName());
      @SuppressWarnings("unchecked")
      GraphdThroughputBenchmark.Group g = state((Class<? extends GraphdThroughputBenchmark.Group>) m.getParameterTypes()[0]);
      Object[] args = new Object[m.getParameterCount()];
      args[0] = g;
      for (int i = 1; i < args.length; i++) {
        args[i] = m.getParameterTypes()[i] == GraphWriteBenchmark.Batch.class ? b : w;
      }
      if (g instanceof GraphdThroughputBenchmark.ReadGroup r) {
        r.prepare();
        m.invoke(bench, args);
        m.invoke(bench, args);
        assertEquals(2, r.calls, m.getName() + " must record each call");
        r.verify();
      } else {
        GraphdThroughputBenchmark.WriteGroup wg = (GraphdThroughputBenchmark.WriteGroup) g;
        wg.prepare();
        m.invoke(bench, args);
        m.invoke(bench, args);
        wg.verify();
      }
    }
    // one per function of graphd's throughput_bench: simple_match 2, simple_writes 1, write_throughput 1,
    // transaction_throughput 1, relationship_creation 1, merge_operations 2, read_throughput 1, complex_queries 1
    assertEquals(10, methods.size(), methods.toString());
  }
}
