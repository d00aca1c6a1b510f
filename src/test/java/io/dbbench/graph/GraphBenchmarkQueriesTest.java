package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Correctness of every graph benchmark's query at a small size (20 preloaded entities): the
 * expected row counts and values, checked through the benchmark classes' own state and methods, on
 * Kuzu ({@link #engine}) through its Java API ({@link #client}); {@link LadybugBenchmarkQueriesTest} runs the
 * same tests on LadybugDB's Java API, {@link LadybugCApiBenchmarkQueriesTest} on its C API.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GraphBenchmarkQueriesTest implements GraphTarget {
  static final int N = 20;
  static final String READ = "io.dbbench.graph.GraphReadBenchmark.";
  static final String WRITE = "io.dbbench.graph.GraphWriteBenchmark.";

  GraphReadBenchmark.Graph g;
  static final GraphReadBenchmark reads = new GraphReadBenchmark();
  static final GraphWriteBenchmark writes = new GraphWriteBenchmark();

  @BeforeAll
  void open() {
    assumeAvailable();
    g = on(new GraphReadBenchmark.Graph());
    g.nodes = N;
    g.open(READ + "matchById");
  }

  @AfterAll
  void close() {
    if (g != null) {
      g.close();
    }
  }

  private static Map<String, Object> node(int i) {
    return Map.of("id", EntityGraph.id(i), "name", EntityGraph.name(i),
        "created_at", EntityGraph.PRELOAD_TS + i);
  }

  @Test
  void preloadHasRingPlusRandomEdges() {
    EntityGraph.verifyCounts(g.session, N, 2L * N);
    List<List<Object>> ring = g.session.fetch(
        "MATCH (a:Entity {id: '19'})-[r:CONNECTED_TO]->(b:Entity {id: '0'}) RETURN r.created_at",
        Map.of());
    assertTrue(ring.contains(List.of(EntityGraph.PRELOAD_TS + 19)), "ring edge 19->0 missing: " + ring);
  }

  @Test
  void matchByIdReturnsTheNodeWithItsProperties() {
    for (int i : new int[] {0, 7, N - 1}) {
      List<List<Object>> rows = g.session.fetch(GraphQueries.MATCH_BY_ID, Map.of("id", EntityGraph.id(i)));
      assertEquals(List.of(List.of(node(i))), rows);
    }
    assertEquals(List.of(), g.session.fetch(GraphQueries.MATCH_BY_ID, Map.of("id", "missing")));
    g.prepare();
    for (int i = 0; i < 50; i++) {
      assertEquals(1, reads.matchById(g));
    }
    g.verify();
  }

  @Test
  void matchAllLimit10AndFullScanConsumeTheExpectedRows() {
    assertEquals(10, reads.matchAllLimit10(g));
    assertEquals(N, reads.fullScan(g));
    Set<Object> ids = new TreeSet<>();
    for (List<Object> row : g.session.fetch(GraphQueries.FULL_SCAN, Map.of())) {
      ids.add(((Map<?, ?>) row.get(0)).get("id"));
    }
    Set<Object> want = new TreeSet<>();
    for (int i = 0; i < N; i++) {
      want.add(EntityGraph.id(i));
    }
    assertEquals(want, ids);
  }

  @Test
  void readLimitReturnsMinOfLimitAndNodes() {
    for (int limit : new int[] {1, 10, N, 1000}) {
      GraphReadBenchmark.Limit l = new GraphReadBenchmark.Limit();
      l.limit = limit;
      l.setup(g);
      g.prepare();
      assertEquals(Math.min(limit, N), reads.readLimit(g, l));
      g.verify();
      l.statement.close();
    }
    GraphReadBenchmark.Limit bad = new GraphReadBenchmark.Limit();
    bad.limit = 0;
    assertThrows(IllegalArgumentException.class, () -> bad.setup(g));
  }

  @Test
  void twoHopTraversalReturnsDistinctNodesWithinTwoHops() {
    EntityGraph.Dataset d = g.fixture.data();
    for (int start : new int[] {0, 5, 13}) {
      Set<String> want = new TreeSet<>();
      for (int e = 0; e < d.edges(); e++) {
        if (d.from()[e] == start) {
          want.add(EntityGraph.id(d.to()[e]));
          for (int f = 0; f < d.edges(); f++) {
            if (d.from()[f] == d.to()[e]) {
              want.add(EntityGraph.id(d.to()[f]));
            }
          }
        }
      }
      Set<String> got = new TreeSet<>();
      for (List<Object> row : g.session.fetch(GraphQueries.TWO_HOP, Map.of("id", EntityGraph.id(start)))) {
        got.add((String) ((Map<?, ?>) row.get(0)).get("id"));
      }
      assertEquals(want, got, "two-hop set of " + start);
      assertTrue(got.contains(EntityGraph.id((start + 1) % N)) && got.contains(EntityGraph.id((start + 2) % N)));
    }
  }

  @Test
  void readVerificationCatchesAWrongRowCount() {
    g.prepare();
    reads.matchById(g);
    g.rows += 1; // as if the lookup had returned two rows
    IllegalStateException e = assertThrows(IllegalStateException.class, g::verify);
    assertTrue(e.getMessage().contains("consumed 2 rows in 1 calls; expected 1 in total"), e.getMessage());
    g.prepare();
    reads.twoHopTraversal(g);
    g.rows = 1; // fewer than the two ring successors
    assertThrows(IllegalStateException.class, g::verify);
    g.prepare();
    assertThrows(IllegalStateException.class, g::verify, "an iteration in which nothing was recorded fails");
  }

  /** Every @Benchmark method, whatever its name, records what it consumed, and its real rows pass. */
  @Test
  void everyReadBenchmarkMethodIsVerified() throws Exception {
    GraphReadBenchmark.Limit l = new GraphReadBenchmark.Limit();
    l.limit = 10;
    l.setup(g);
    int methods = 0;
    try {
      for (java.lang.reflect.Method m : GraphReadBenchmark.class.getMethods()) {
        if (!m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) {
          continue;
        }
        methods++;
        g.prepare();
        Object[] args = m.getParameterCount() == 1 ? new Object[] {g} : new Object[] {g, l};
        for (int i = 0; i < 3; i++) {
          m.invoke(reads, args);
        }
        assertEquals(3, g.calls, m.getName() + " must record each call");
        g.verify();
      }
    } finally {
      l.statement.close();
      g.prepare();
    }
    assertEquals(5, methods);
  }

  /**
   * Runs {@code test} on the write state of benchmark {@code method} ({@code journal=off}), opened
   * and prepared for an iteration; closes it, deleting its trial directory, whatever happens.
   */
  private void onWriteDb(String method, Consumer<GraphWriteBenchmark.Db> test) {
    GraphWriteBenchmark.Db db = on(new GraphWriteBenchmark.Db());
    db.nodes = N;
    db.journal = "off";
    try {
      db.open(WRITE + method);
      db.prepare();
      test.accept(db);
    } finally {
      db.close();
    }
  }

  private static List<List<Object>> entity(GraphWriteBenchmark.Db db, String id) {
    return db.session.fetch("MATCH (n:Entity {id: $id}) RETURN n.name, n.created_at", Map.of("id", id));
  }

  @Test
  void createWithParamsAndInlinedCreateTheSameNodes() {
    onWriteDb("createWithParams", db -> {
      writes.createWithParams(db);
      writes.createInlined(db);
      assertEquals(List.of(List.of("written-0", GraphWriteBenchmark.WRITE_TS)), entity(db, "w0"));
      assertEquals(List.of(List.of("written-1", GraphWriteBenchmark.WRITE_TS + 1)), entity(db, "w1"));
      EntityGraph.verifyCounts(db.session, N + 2, 2L * N);
      db.verify();
      // the next iteration starts again from the template
      db.prepare();
      EntityGraph.verifyCounts(db.session, N, 2L * N);
      assertEquals(List.of(), entity(db, "w0"));
      db.verify();
    });
  }

  @Test
  void writeBatchTransactionAndAutoCommitWriteEveryNode() {
    onWriteDb("writeBatch", db -> {
      GraphWriteBenchmark.Batch b = new GraphWriteBenchmark.Batch();
      b.batchSize = 7;
      b.check();
      GraphWriteBenchmark.Writes w = new GraphWriteBenchmark.Writes();
      w.reset();
      writes.writeBatch(db, b, w);
      writes.writeBatch(db, b, w);
      assertEquals(14, w.writes);
      writes.transaction10Writes(db);
      writes.autoCommit10Writes(db);
      EntityGraph.verifyCounts(db.session, N + 34, 2L * N);
      assertEquals(List.of(List.of("written-33", GraphWriteBenchmark.WRITE_TS + 33)), entity(db, "w33"));
      db.verify();
      GraphWriteBenchmark.Batch zero = new GraphWriteBenchmark.Batch();
      zero.batchSize = 0;
      assertThrows(IllegalArgumentException.class, zero::check);
    });
  }

  @Test
  void createRelationshipAddsOneEdgeBetweenExistingNodes() {
    onWriteDb("createRelationship", db -> {
      Map<String, Object> p = db.edgeParams.get(0);
      writes.createRelationship(db);
      EntityGraph.verifyCounts(db.session, N, 2L * N + 1);
      List<List<Object>> e = db.session.fetch(
          "MATCH (a:Entity)-[r:CONNECTED_TO]->(b:Entity) WHERE r.created_at = $ts RETURN a.id, b.id, r.weight",
          Map.of("ts", GraphWriteBenchmark.WRITE_TS));
      assertEquals(1, e.size());
      assertEquals(List.of(p.get("from"), p.get("to")), e.get(0).subList(0, 2));
      assertEquals((Double) p.get("weight"), ((Float) e.get(0).get(2)).doubleValue(), 1e-6);
      db.verify();
    });
  }

  @Test
  void mergeCreateCreatesAndMergeUpdateUpdatesInPlace() {
    onWriteDb("mergeCreate", db -> {
      writes.mergeCreate(db);
      writes.mergeCreate(db);
      EntityGraph.verifyCounts(db.session, N + 2, 2L * N);
      assertEquals(List.of(List.of("written-1", GraphWriteBenchmark.WRITE_TS + 1)), entity(db, "m1"));
      writes.mergeUpdate(db);
      writes.mergeUpdate(db);
      EntityGraph.verifyCounts(db.session, N + 2, 2L * N);
      assertEquals(List.of(List.of("updated-3", GraphWriteBenchmark.WRITE_TS + 3)),
          entity(db, GraphWriteBenchmark.UPDATED_ID));
      db.verify();
    });
  }

  @Test
  void writeVerificationCatchesAMissingWrite() {
    onWriteDb("createWithParams", db -> {
      writes.createWithParams(db);
      db.nodesWritten++; // claims a write the database does not hold
      IllegalStateException e = assertThrows(IllegalStateException.class, db::verify);
      assertTrue(e.getMessage().contains("expected " + (N + 2)), e.getMessage());
    });
  }

  @Test
  void unknownJournalModeIsRejectedByName() {
    GraphWriteBenchmark.Db db = on(new GraphWriteBenchmark.Db());
    db.nodes = N;
    db.journal = "sometimes";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> db.open(WRITE + "createWithParams"));
    assertTrue(e.getMessage().contains("'sometimes'") && e.getMessage().contains("sync+fsync"), e.getMessage());
    db.close();
  }

  @Test
  void seededParameterTablesAreDeterministicAndValid() {
    assertEquals(GraphReadBenchmark.randomIdParams(N, 1), GraphReadBenchmark.randomIdParams(N, 1));
    List<Object> froms = new ArrayList<>();
    for (Map<String, Object> p : GraphWriteBenchmark.randomEdgeParams(N, 1)) {
      int a = Integer.parseInt((String) p.get("from"));
      int b = Integer.parseInt((String) p.get("to"));
      assertTrue(a >= 0 && a < N && b >= 0 && b < N && a != b, p.toString());
      froms.add(a);
    }
    assertTrue(new TreeSet<>(froms).size() > N / 2, "edge endpoints are not spread: " + froms);
  }
}
