package io.dbbench.graph;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.graphj.JournalEntry;
import io.dbbench.graphj.JournalReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Write throughput of the embedded graph database (Kuzu, LadybugDB's upstream) on graphd's
 * throughput-benchmark schema, with every mutating query (transaction control included) and its
 * parameters journaled as a GraphJ entry ({@link JournalMode}): {@code off}; {@code sync}, dbbench's
 * form, the entry encoded, hashed and written on the query thread before each statement;
 * {@code on}, graphd's design, the entry queued after each successful statement to one writer
 * thread that writes it and syncs when idle for graphd's {@code fsync_ms} (100 ms); and
 * {@code sync+fsync}, the sync form with a force to storage after every entry. Reported in ops/s;
 * {@link #writeBatch} also reports {@code writes} (node writes/s) as a secondary metric.
 *
 * <p>Growth: every iteration starts from a fresh copy of the preloaded template database (and a
 * fresh journal), made in {@code @Setup(Level.Iteration)} outside the measured time, and deleted in
 * the iteration's tear-down. So the graph does not grow without bound across iterations and every
 * iteration measures writes into the same preloaded graph. The tear-down first checks that the
 * database holds exactly the preload plus what the iteration wrote, then closes the journal (the
 * writer thread drains its queue and forces the file) and checks that it holds every entry the
 * iteration handed it, in sequence. With {@code journal=on}, entries still queued when the
 * iteration ends are written in the tear-down, outside the measured time: graphd's query thread
 * does not wait for its journal either.
 *
 * <p>With journaling ({@code sync}, {@code on}), a prepared statement is classified as mutating once, when prepared;
 * {@link #createInlined} pays that classification (a regex over the query text) on every call, as
 * a server journaling literal queries must.
 *
 * <p>New ids ({@code w<k>}, {@code m<k>}) and their names are built per call: a few tens of
 * nanoseconds against writes of tens of microseconds, and what a client does too.
 */
@BenchmarkMode(Mode.Throughput) // graphd's study reports throughput; writes/s needs Throughput
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1) // one Kuzu connection, which is not thread-safe
public class GraphWriteBenchmark extends BenchmarkDefaults {
  /** created_at of the first node or edge written by a benchmark (ms, 2033-05-18). */
  static final long WRITE_TS = 2_000_000_000_000L;
  /** Size of the seeded table of edge endpoints (a power of two, cycled with a mask). */
  static final int EDGE_TABLE = 1024;
  /** The id {@link #mergeUpdate} rewrites: preloaded entity 0. */
  static final String UPDATED_ID = EntityGraph.id(0);

  /** The database copy of the iteration, its statements, and what the iteration has written. */
  @State(Scope.Benchmark)
  public static class Db extends GraphEngineState {
    /**
     * Preloaded entities. graphd's throughput_bench writes into an empty database (1 here: the
     * entity {@link GraphWriteBenchmark#mergeUpdate} rewrites, where graphd's merge_update first creates its 'static'
     * node) and creates relationships among 100; 100,000 is dbbench's extension. Full mode runs
     * each method at graphd's point ({@link GraphFamily}).
     */
    @Param({"1", "100", "100000"})
    public int nodes;

    /** Journaling ({@link JournalMode}): {@code off}, {@code sync} (dbbench's), {@code on} (graphd's), {@code sync+fsync}. */
    @Param({"off", "sync", "on", "sync+fsync"})
    public String journal;

    JournalMode mode;
    GraphSession session;
    GraphStatement create;
    GraphStatement createRelationship;
    GraphStatement merge;
    List<Map<String, Object>> edgeParams;
    int nextEdge;
    /** Sequence of the next id written ({@code w<k>} / {@code m<k>}). */
    long seq;
    /** Nodes written in this iteration. */
    long nodesWritten;
    /** Edges written in this iteration. */
    long edgesWritten;
    /** Value of seq at the last mergeUpdate, or -1. */
    long lastUpdate;

    /**
     * The preloaded template database of {@code nodes} entities, in a fresh trial directory.
     *
     * @throws IllegalArgumentException when {@code journal} names no {@link JournalMode}, before anything is built
     */
    @Override
    GraphFixture openFixture(GraphEngine engine, GraphClient client, GraphSettings settings) {
      mode = JournalMode.parse(journal);
      return GraphFixture.open(engine, client, nodes, settings.seed(), settings.bufferPoolBytes(), settings.tempRoot());
    }

    /** Seeds the edge endpoints. */
    @Override
    void opened(GraphSettings settings) {
      edgeParams = randomEdgeParams(nodes, settings.seed());
    }

    /** Opens a fresh copy of the template (and a fresh journal) and prepares the statements. */
    @Setup(Level.Iteration)
    public void prepare() {
      session = fixture.prepare(mode);
      create = session.prepare(GraphQueries.CREATE);
      createRelationship = session.prepare(GraphQueries.CREATE_RELATIONSHIP);
      merge = session.prepare(GraphQueries.MERGE);
      seq = 0;
      nextEdge = 0;
      nodesWritten = 0;
      edgesWritten = 0;
      lastUpdate = -1;
    }

    /**
     * Checks that the copy holds the preload plus exactly what the iteration wrote (and, after
     * {@code mergeUpdate}, the last values written), that a journal was written when on, then
     * deletes the copy and the journal.
     */
    @TearDown(Level.Iteration)
    public void verify() {
      try {
        fixture.verifyAndRelease(session, nodesWritten, edgesWritten, () -> {
          if (lastUpdate >= 0) {
            List<List<Object>> r = session.fetch(
                "MATCH (n:Entity {id: $id}) RETURN n.name, n.created_at", Map.of("id", UPDATED_ID));
            List<Object> want = List.of("updated-" + lastUpdate, WRITE_TS + lastUpdate);
            if (!r.equals(List.of(want))) {
              throw new IllegalStateException(benchmark + ": entity " + UPDATED_ID + " holds " + r
                  + " after mergeUpdate; expected " + want);
            }
          }
          if (mode.enabled()) {
            verifyJournal();
          }
        });
      } finally {
        session = null;
      }
    }

    /**
     * Closes the journal (a writer thread drains and syncs) and checks that it holds every entry the
     * session handed it, sequences 1..n in order (the reader checks CRCs and the hash chain).
     */
    private void verifyJournal() {
      long handed = ((JournalingSession) session).journaled();
      fixture.closeJournal();
      List<JournalEntry> entries;
      try {
        entries = JournalReader.readAll(fixture.journalFile(), null);
      } catch (IOException e) {
        throw new UncheckedIOException(benchmark + ": cannot read back journal " + fixture.journalFile(), e);
      }
      if (entries.size() != handed || (handed > 0 && entries.get(entries.size() - 1).sequence() != handed)) {
        throw new IllegalStateException(benchmark + ": journal " + fixture.journalFile() + " holds " + entries.size()
            + " entries (last sequence " + (entries.isEmpty() ? "none" : entries.get(entries.size() - 1).sequence())
            + ") after the session handed it " + handed + " (journal=" + journal + ")");
      }
      if (handed == 0 && seq > 0) {
        throw new IllegalStateException(benchmark + ": journal " + fixture.journalFile() + " holds no entry after "
            + seq + " writes");
      }
    }

    /** Deletes the trial directory. */
    @TearDown(Level.Trial)
    public void close() {
      closeFixture();
    }

    /**
     * Executes {@code statement} (a CREATE or MERGE of one node) with a new node's values
     * ({@link #newNode}) and counts the node; returns what the engine reported.
     */
    long writeNewNode(GraphStatement statement, String prefix) {
      long n = session.execute(statement, newNode(prefix));
      nodesWritten++;
      return n;
    }

    /**
     * {@code BEGIN TRANSACTION}, {@code count} prepared CREATEs of new nodes ({@code w<k>}),
     * {@code COMMIT}; counts the nodes written. Returns the sum of what the engine reported for the
     * statements.
     */
    long createInTransaction(int count) {
      GraphSession s = session;
      long n = s.execute(GraphQueries.BEGIN);
      for (int i = 0; i < count; i++) {
        n += s.execute(create, newNode("w"));
      }
      n += s.execute(GraphQueries.COMMIT);
      nodesWritten += count;
      return n;
    }

    Map<String, Object> newNode(String prefix) {
      long k = seq++;
      return Map.of("id", prefix + k, "name", "written-" + k, "ts", WRITE_TS + k);
    }
  }

  /** Node writes per transaction for {@link #writeBatch}. */
  @State(Scope.Benchmark)
  public static class Batch {
    /** CREATEs inside one explicit transaction. */
    @Param({"1", "10", "100", "1000"})
    public int batchSize;

    /** Rejects a non-positive size. */
    @Setup(Level.Trial)
    public void check() {
      if (batchSize < 1) {
        throw new IllegalArgumentException("batchSize=" + batchSize + " must be >= 1");
      }
    }
  }

  /**
   * Node writes completed, reported by JMH as the secondary metric {@code writes} in writes per
   * second (Throughput mode, seconds).
   */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Writes {
    /** Node writes in this iteration. */
    public long writes;

    /** JMH does not reset aux counters itself. */
    @Setup(Level.Iteration)
    public void reset() {
      writes = 0;
    }
  }

  /** Prepared {@code CREATE (n:Entity {id: $id, name: $name, created_at: $ts})}. */
  @Benchmark
  public long createWithParams(Db db) {
    return db.writeNewNode(db.create, "w");
  }

  /** The same CREATE with its values inlined as literals: compiled on every call. */
  @Benchmark
  public long createInlined(Db db) {
    long k = db.seq++;
    long n = db.session.execute(GraphQueries.createInlined("w" + k, "written-" + k, WRITE_TS + k));
    db.nodesWritten++;
    return n;
  }

  /** {@code batchSize} prepared CREATEs inside one {@code BEGIN TRANSACTION} ... {@code COMMIT}. */
  @Benchmark
  public long writeBatch(Db db, Batch b, Writes w) {
    long n = db.createInTransaction(b.batchSize);
    w.writes += b.batchSize;
    return n;
  }

  /** Ten prepared CREATEs inside one explicit transaction. */
  @Benchmark
  public long transaction10Writes(Db db) {
    return db.createInTransaction(10);
  }

  /** The same ten CREATEs, each in its own auto-committed transaction. */
  @Benchmark
  public long autoCommit10Writes(Db db) {
    GraphSession s = db.session;
    long n = 0;
    for (int i = 0; i < 10; i++) {
      n += s.execute(db.create, db.newNode("w"));
    }
    db.nodesWritten += 10;
    return n;
  }

  /** MATCH two existing (random, seeded) nodes and CREATE a {@code CONNECTED_TO} edge between them. */
  @Benchmark
  public long createRelationship(Db db) {
    long n = db.session.execute(db.createRelationship,
        db.edgeParams.get(db.nextEdge++ & (EDGE_TABLE - 1)));
    db.edgesWritten++;
    return n;
  }

  /** {@code MERGE} on a new id every call: creates the node. */
  @Benchmark
  public long mergeCreate(Db db) {
    return db.writeNewNode(db.merge, "m");
  }

  /** {@code MERGE} on the same existing id with new values: updates the node. */
  @Benchmark
  public long mergeUpdate(Db db) {
    long k = db.seq++;
    long n = db.session.execute(db.merge,
        Map.of("id", UPDATED_ID, "name", "updated-" + k, "ts", WRITE_TS + k));
    db.lastUpdate = k;
    return n;
  }

  /**
   * {@value #EDGE_TABLE} parameter maps {@code {from, to, weight, ts}} between distinct random
   * preloaded nodes, seeded; when there is a single node it connects to itself.
   */
  static List<Map<String, Object>> randomEdgeParams(int nodes, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed ^ 0xED6EL);
    List<Map<String, Object>> out = new ArrayList<>(EDGE_TABLE);
    for (int i = 0; i < EDGE_TABLE; i++) {
      int a = rnd.nextInt(nodes);
      int b = nodes < 2 ? a : rnd.nextInt(nodes - 1);
      if (nodes >= 2 && b >= a) {
        b++;
      }
      out.add(Map.of("from", EntityGraph.id(a), "to", EntityGraph.id(b),
          "weight", rnd.nextDouble(), "ts", WRITE_TS + i));
    }
    return out;
  }

  /** Runs this class's benchmarks from an IDE; {@code args} are JMH options, e.g. {@code -p nodes=1000 -f 1}. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphWriteBenchmark.class, args);
  }
}
