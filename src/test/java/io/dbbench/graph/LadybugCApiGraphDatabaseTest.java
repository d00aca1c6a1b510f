package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the C-API client ({@code client=cApi}) does beyond the benchmarks' queries
 * ({@link LadybugCApiBenchmarkQueriesTest}): relationships as property maps, every converted scalar
 * type and bound parameter type, and LadybugDB's errors carried with their query. Runs in the
 * build's C-API test execution; skipped, saying what is missing and where it looked, without
 * {@code liblbug.so}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LadybugCApiGraphDatabaseTest {
  static final int N = 20;

  /** The class's directory: a per-class lifecycle gets it as a parameter of its {@code @BeforeAll}. */
  Path tmp;

  GraphFixture fixture;
  GraphSession s;

  @BeforeAll
  void open(@TempDir Path dir) {
    tmp = dir;
    Optional<String> why = GraphClient.C_API.unavailableReason(GraphEngine.LADYBUG);
    Assumptions.assumeTrue(why.isEmpty(), () -> why.orElseThrow());
    fixture = GraphFixture.open(GraphEngine.LADYBUG, GraphClient.C_API, N, 7, 64L << 20, tmp);
    s = fixture.prepare(JournalMode.OFF);
  }

  @AfterAll
  void close() {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void namesTheLibraryAndItsVersion() {
    try (GraphDatabase db = GraphClient.C_API.open(GraphEngine.LADYBUG, tmp.resolve("other.lbug"), 32L << 20)) {
      String e = db.engine();
      assertTrue(e.startsWith("LadybugDB 0.14.3 (storage version ") && e.contains("through its C API")
          && e.contains(GraphClient.ladybugCLibrary().toString()), e);
    }
  }

  @Test
  void aRelationshipIsItsPropertiesAsTheJavaApiReturnsThem() {
    EntityGraph.Dataset d = fixture.data();
    List<List<Object>> rows = s.fetch("MATCH (a:Entity {id: $a})-[r:CONNECTED_TO]->(b:Entity {id: $b})"
        + " WHERE r.created_at = $ts RETURN r", Map.of("a", "0", "b", "1", "ts", EntityGraph.PRELOAD_TS));
    assertEquals(List.of(List.of(Map.of("weight", d.weight()[0], "created_at", EntityGraph.PRELOAD_TS))), rows);
  }

  @Test
  void convertsEachScalarTypeAndBindsEachParameterType() {
    List<List<Object>> rows = s.fetch("RETURN $s, $l, $i, $d, $f, $b, CAST(7 AS INT32), CAST(8 AS INT16),"
        + " CAST(9 AS INT8), CAST(1.5 AS FLOAT)",
        Map.of("s", "x", "l", 1L << 40, "i", 3, "d", 2.5, "f", 0.5f, "b", true));
    assertEquals(List.of(List.of("x", 1L << 40, 3L, 2.5, 0.5, true, 7, (short) 8, (byte) 9, 1.5f)), rows);
    GraphQueryException e = assertThrows(GraphQueryException.class, () -> s.fetch("RETURN date('2020-01-01')", null));
    assertTrue(e.getMessage().contains("34"), e.getMessage());
  }

  @Test
  void bindsNullAsNull() {
    Map<String, Object> p = new java.util.HashMap<>();
    p.put("n", null);
    assertEquals(List.of(List.of(true)), s.fetch("RETURN $n IS NULL", p));
  }

  @Test
  void carriesTheDatabasesErrorWithTheQuery() {
    GraphQueryException p = assertThrows(GraphQueryException.class, () -> s.prepare("MATCH (n:Nope) RETURN n"));
    assertTrue(p.databaseMessage().contains("Nope") && "MATCH (n:Nope) RETURN n".equals(p.query()), p.getMessage());
    GraphQueryException q = assertThrows(GraphQueryException.class,
        () -> s.execute("CREATE (n:Entity {id: '0', name: 'dup', created_at: 0})"));
    assertTrue(q.databaseMessage().toLowerCase(java.util.Locale.ROOT).contains("primary key"), q.getMessage());
    assertEquals(N, EntityGraph.countNodes(s), "the failed CREATE wrote nothing and the session still works");
  }

  @Test
  void aStatementRunsOnlyOnItsOwnOpenSession() {
    GraphStatement st = s.prepare(GraphQueries.MATCH_BY_ID);
    assertEquals(1, s.execute(st, Map.of("id", "3")));
    st.close();
    st.close();
    GraphQueryException closed = assertThrows(GraphQueryException.class, () -> s.execute(st, Map.of("id", "3")));
    assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    try (GraphDatabase db = GraphClient.C_API.open(GraphEngine.LADYBUG, tmp.resolve("third.lbug"), 32L << 20);
        GraphSession other = db.openSession()) {
      GraphStatement foreign = other.prepare("RETURN 1");
      assertThrows(IllegalArgumentException.class, () -> s.execute(foreign, Map.of()));
    }
  }
}
