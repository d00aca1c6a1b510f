package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Kuzu wrapper's contract: errors carry message and query, closing is owned and idempotent. */
class KuzuGraphDatabaseTest {
  @TempDir
  Path tmp;

  private GraphDatabase schemaDb() {
    GraphDatabase db = KuzuGraphDatabase.open(tmp.resolve("db.kuzu"), 64L << 20);
    try (GraphSession s = db.openSession()) {
      EntityGraph.createSchema(s);
    }
    return db;
  }

  @Test
  void queryErrorsCarryTheDatabaseMessageAndTheQuery() {
    try (GraphDatabase db = schemaDb(); GraphSession s = db.openSession()) {
      GraphQueryException syntax = assertThrows(GraphQueryException.class, () -> s.execute("MATC (n) RETURN n"));
      assertTrue(syntax.databaseMessage().contains("Parser exception"), syntax.getMessage());
      assertEquals("MATC (n) RETURN n", syntax.query());
      assertTrue(syntax.getMessage().contains("MATC (n) RETURN n"), syntax.getMessage());

      GraphQueryException table = assertThrows(GraphQueryException.class, () -> s.prepare("MATCH (n:Nope) RETURN n"));
      assertTrue(table.getMessage().contains("Nope does not exist"), table.getMessage());
      assertEquals("MATCH (n:Nope) RETURN n", table.query());

      GraphStatement create = s.prepare(GraphQueries.CREATE);
      Map<String, Object> p = Map.of("id", "a", "name", "A", "ts", 1L);
      s.execute(create, p);
      GraphQueryException dup = assertThrows(GraphQueryException.class, () -> s.execute(create, p));
      assertTrue(dup.databaseMessage().contains("duplicated primary key"), dup.getMessage());
      assertEquals(GraphQueries.CREATE, dup.query());
      // the session survives a failed query
      assertEquals(1, EntityGraph.countNodes(s));
    }
  }

  @Test
  void valuesConvertToJava() {
    try (GraphDatabase db = schemaDb(); GraphSession s = db.openSession()) {
      GraphStatement create = s.prepare(GraphQueries.CREATE);
      Map<String, Object> p = new HashMap<>();
      p.put("id", "a");
      p.put("name", null);
      p.put("ts", 5); // Integer widens to INT64
      s.execute(create, p);
      s.execute(create, Map.of("id", "b", "name", "B", "ts", 6L));
      s.execute("MATCH (a:Entity {id: 'a'}), (b:Entity {id: 'b'}) CREATE (a)-[:CONNECTED_TO {weight: 0.5, created_at: 9}]->(b)");
      List<List<Object>> rows = s.fetch("MATCH (a:Entity)-[r:CONNECTED_TO]->(b:Entity) RETURN a, r, r.weight, a.name, b.created_at, a.id = 'a'", Map.of());
      assertEquals(1, rows.size());
      List<Object> row = rows.get(0);
      Map<String, Object> a = new HashMap<>();
      a.put("id", "a");
      a.put("name", null);
      a.put("created_at", 5L);
      assertEquals(a, row.get(0));
      assertEquals(Map.of("weight", 0.5f, "created_at", 9L), row.get(1));
      assertEquals(0.5f, row.get(2));
      assertNull(row.get(3));
      assertEquals(6L, row.get(4));
      assertEquals(true, row.get(5));
      assertEquals(3L, s.execute(s.prepare("UNWIND [1, 2, 3] AS x RETURN x"), Map.of()));
    }
  }

  @Test
  void unsupportedParameterTypeIsNamed() {
    try (GraphDatabase db = schemaDb(); GraphSession s = db.openSession()) {
      GraphStatement st = s.prepare(GraphQueries.MATCH_BY_ID);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> s.execute(st, Map.of("id", List.of("a"))));
      assertTrue(e.getMessage().contains("$id") && e.getMessage().contains("List"), e.getMessage());
    }
  }

  @Test
  void closingIsOwnedAndIdempotent() {
    GraphDatabase db = schemaDb();
    GraphSession s = db.openSession();
    GraphStatement st = s.prepare(GraphQueries.FULL_SCAN);
    GraphSession other = db.openSession();
    st.close();
    assertDoesNotThrow(st::close);
    assertThrows(GraphQueryException.class, () -> s.execute(st, Map.of()));
    s.close();
    assertDoesNotThrow(s::close);
    GraphQueryException closedSession = assertThrows(GraphQueryException.class, () -> s.execute("RETURN 1"));
    assertTrue(closedSession.getMessage().contains("closed"), closedSession.getMessage());
    other.prepare(GraphQueries.MATCH_BY_ID); // left open on purpose: the database closes it
    db.close();
    assertDoesNotThrow(db::close);
    assertDoesNotThrow(other::close);
    GraphQueryException closedDb = assertThrows(GraphQueryException.class, db::openSession);
    assertTrue(closedDb.getMessage().contains("is closed"), closedDb.getMessage());
  }

  @Test
  void statementFromAnotherSessionIsRejected() {
    try (GraphDatabase db = schemaDb(); GraphSession a = db.openSession(); GraphSession b = db.openSession()) {
      GraphStatement st = a.prepare(GraphQueries.FULL_SCAN);
      assertThrows(IllegalArgumentException.class, () -> b.execute(st, Map.of()));
    }
  }

  @Test
  void badOpenArgumentsAreNamed() {
    IllegalArgumentException pool = assertThrows(IllegalArgumentException.class,
        () -> KuzuGraphDatabase.open(tmp.resolve("db.kuzu"), 0));
    assertTrue(pool.getMessage().contains("got 0"), pool.getMessage());
    Path missing = tmp.resolve("no/such/dir/db.kuzu");
    IllegalArgumentException dir = assertThrows(IllegalArgumentException.class,
        () -> KuzuGraphDatabase.open(missing, 64L << 20));
    assertTrue(dir.getMessage().contains(missing.toString()), dir.getMessage());
  }

  @Test
  void uncreatableTempDirectoryNamesThePath() throws Exception {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    Path root = file.resolve("graph");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> GraphFixture.open(10, 1, 64L << 20, root));
    assertTrue(e.getMessage().contains(root.toString()) && e.getMessage().contains(GraphSettings.TMPDIR),
        e.getMessage());
  }

  @Test
  void fixtureDeletesItsDirectory() {
    GraphFixture f = GraphFixture.open(10, 1, 64L << 20, tmp);
    Path dir = f.dir();
    GraphSession s = f.prepare(JournalMode.OFF);
    assertEquals(10, EntityGraph.countNodes(s));
    assertThrows(IllegalStateException.class, () -> f.prepare(JournalMode.OFF));
    f.close();
    assertFalse(Files.exists(dir));
    assertDoesNotThrow(f::close);
  }

  @Test
  void journalModesAndMutationClassifier() {
    assertEquals(List.of("off", "sync", "on", "sync+fsync"),
        Arrays.stream(JournalMode.values()).map(JournalMode::label).toList());
    assertEquals(JournalMode.SYNC_FSYNC, JournalMode.parse("sync+fsync"));
    assertTrue(JournalMode.ON.writerThread() && !JournalMode.SYNC.writerThread() && !JournalMode.SYNC_FSYNC.writerThread());
    assertThrows(IllegalArgumentException.class, () -> JournalMode.parse("ON"));
    for (String q : List.of(GraphQueries.CREATE, GraphQueries.MERGE, GraphQueries.CREATE_RELATIONSHIP,
        GraphQueries.BEGIN, GraphQueries.COMMIT, "rollback", "MATCH (n) DETACH DELETE n",
        "MATCH (n) SET n.x = 1", GraphQueries.createInlined("a", "b", 1))) {
      assertTrue(Cypher.isMutating(q), q);
    }
    for (String q : List.of(GraphQueries.MATCH_BY_ID, GraphQueries.FULL_SCAN, GraphQueries.TWO_HOP,
        "MATCH (n {name: 'CREATE'}) RETURN n", "RETURN 1 // SET x", "MATCH (n) RETURN n.settings")) {
      assertFalse(Cypher.isMutating(q), q);
    }
    assertEquals("'it\\'s'", Cypher.quote("it's"));
  }

  @Test
  void quotedInlinedValuesRoundTrip() {
    try (GraphDatabase db = schemaDb(); GraphSession s = db.openSession()) {
      s.execute(GraphQueries.createInlined("o'neil", "back\\slash", 3));
      assertEquals(List.of(List.of("back\\slash")),
          s.fetch("MATCH (n:Entity {id: $id}) RETURN n.name", Map.of("id", "o'neil")));
    }
  }
}
