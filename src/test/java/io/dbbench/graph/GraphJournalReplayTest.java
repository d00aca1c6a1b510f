package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.graphj.JournalEntry;
import io.dbbench.graphj.JournalReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The journal loses nothing: a GraphJ journal written while the write benchmarks run is replayed
 * into a fresh database holding the same preload, which must end with the same node and edge
 * counts and the same property values as the benchmarked database.
 */
class GraphJournalReplayTest {
  static final int N = 50;
  static final GraphWriteBenchmark bench = new GraphWriteBenchmark();

  /** Every node (id, name, created_at) and edge (from, to, weight, created_at), sorted. */
  static List<List<Object>> snapshot(GraphSession s) {
    List<List<Object>> out = new ArrayList<>(s.fetch(
        "MATCH (n:Entity) RETURN 'node', n.id, n.name, n.created_at ORDER BY n.id", Map.of()));
    out.addAll(s.fetch("MATCH (a:Entity)-[r:CONNECTED_TO]->(b:Entity) "
        + "RETURN 'edge', a.id, b.id, r.weight, r.created_at "
        + "ORDER BY a.id, b.id, r.created_at, r.weight", Map.of()));
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "on", "sync+fsync"})
  void replayingTheBenchmarkJournalReproducesTheDatabase(String journal) throws Exception {
    GraphWriteBenchmark.Db db = new GraphWriteBenchmark.Db();
    db.nodes = N;
    db.journal = journal;
    db.open("io.dbbench.graph.GraphWriteBenchmark.replay");
    try {
      db.prepare();
      GraphWriteBenchmark.Batch b = new GraphWriteBenchmark.Batch();
      b.batchSize = 10;
      GraphWriteBenchmark.Writes w = new GraphWriteBenchmark.Writes();
      long expectedEntries = 0;
      for (int i = 0; i < 20; i++) {
        bench.createWithParams(db);
        bench.createRelationship(db);
      }
      expectedEntries += 40;
      for (int i = 0; i < 5; i++) {
        bench.createInlined(db);
        bench.mergeCreate(db);
        bench.mergeUpdate(db);
      }
      expectedEntries += 15;
      for (int i = 0; i < 3; i++) {
        bench.writeBatch(db, b, w);
      }
      expectedEntries += 3 * (10 + 2);
      bench.transaction10Writes(db);
      bench.autoCommit10Writes(db);
      expectedEntries += 12 + 10;
      // an explicit transaction rolled back: journaled, and must replay as a no-op
      db.session.execute(GraphQueries.BEGIN);
      db.session.execute(db.create, Map.of("id", "rolled-back", "name", "x", "ts", 1L));
      db.session.execute("ROLLBACK");
      expectedEntries += 3;
      // reads are not journaled
      db.session.fetch(GraphQueries.MATCH_BY_ID, Map.of("id", "0"));

      List<List<Object>> original = snapshot(db.session);
      long nodes = EntityGraph.countNodes(db.session);
      long edges = EntityGraph.countEdges(db.session);
      assertEquals(N + 20 + 5 + 5 + 30 + 10 + 10, nodes);
      assertEquals(2L * N + 20, edges);

      db.fixture.closeJournal();
      Path file = db.fixture.journalFile();
      List<JournalEntry> entries = JournalReader.readAll(file, null);
      assertEquals(expectedEntries, entries.size());
      assertEquals(1, entries.get(0).sequence());
      assertEquals(GraphQueries.CREATE, entries.get(0).query());
      assertEquals(Map.of("id", "w0", "name", "written-0", "ts", GraphWriteBenchmark.WRITE_TS),
          entries.get(0).params());
      assertTrue(entries.stream().noneMatch(e -> e.query().startsWith("MATCH (n:Entity {id: $id}) RETURN")),
          "a read-only query was journaled");

      try (GraphFixture fresh = GraphFixture.open(N, GraphSettings.fromEnvironment().seed(), 64L << 20, db.fixture.dir())) {
        GraphSession s = fresh.prepare(JournalMode.OFF);
        assertEquals(expectedEntries, JournalReplay.replay(entries, s));
        EntityGraph.verifyCounts(s, nodes, edges);
        List<List<Object>> replayed = snapshot(s);
        assertEquals(original.size(), replayed.size());
        assertEquals(original, replayed);
        assertEquals(List.of(), s.fetch(GraphQueries.MATCH_BY_ID, Map.of("id", "rolled-back")));
      }
      db.verify();
      assertFalse(Files.exists(file), "journal not deleted in the iteration tear-down");
    } finally {
      db.close();
    }
    assertFalse(Files.exists(db.fixture.dir()), "trial directory not deleted");
  }

  @Test
  void theSyncFormAppendsBeforeExecutingEvenWhenTheQueryFails(@TempDir Path tmp) throws Exception {
    try (GraphFixture f = GraphFixture.open(3, 1, 64L << 20, tmp)) {
      GraphSession s = f.prepare(JournalMode.SYNC);
      GraphStatement create = s.prepare(GraphQueries.CREATE);
      GraphQueryException e = assertThrows(GraphQueryException.class,
          () -> s.execute(create, Map.of("id", "0", "name", "dup", "ts", 1L)));
      assertTrue(e.getMessage().contains("primary key"), e.getMessage());
      f.closeJournal();
      List<JournalEntry> entries = JournalReader.readAll(f.journalFile(), null);
      assertEquals(1, entries.size(), "the failed write must already be in the journal");
      assertEquals("dup", entries.get(0).params().get("name"));
    }
  }

  @Test
  void graphdsFormJournalsOnlyWhatSucceeded(@TempDir Path tmp) throws Exception {
    try (GraphFixture f = GraphFixture.open(3, 1, 64L << 20, tmp)) {
      GraphSession s = f.prepare(JournalMode.ON);
      GraphStatement create = s.prepare(GraphQueries.CREATE);
      assertThrows(GraphQueryException.class, () -> s.execute(create, Map.of("id", "0", "name", "dup", "ts", 1L)));
      s.execute(create, Map.of("id", "new", "name", "ok", "ts", 2L));
      f.closeJournal();
      List<JournalEntry> entries = JournalReader.readAll(f.journalFile(), null);
      assertEquals(1, entries.size(), "graphd journals a mutation after it succeeded: the failed write is not in it");
      assertEquals("ok", entries.get(0).params().get("name"));
    }
  }

  @Test
  void replayRejectsAGapInSequences() {
    List<JournalEntry> gap = List.of(
        new JournalEntry(1, GraphQueries.BEGIN, Map.of(), 0, new byte[32]),
        new JournalEntry(3, GraphQueries.COMMIT, Map.of(), 0, new byte[32]));
    GraphSession never = new KuzuFreeSession();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JournalReplay.replay(gap, never));
    assertTrue(e.getMessage().contains("from 1 to 3"), e.getMessage());
  }

  /** A session that records literal queries, for replay's own checks. */
  static final class KuzuFreeSession implements GraphSession {
    final List<String> ran = new ArrayList<>();

    @Override
    public GraphStatement prepare(String cypher) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long execute(GraphStatement statement, Map<String, ?> params) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long execute(String cypher) {
      ran.add(cypher);
      return 0;
    }

    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
  }
}
