package io.dbbench.graph;

import io.dbbench.BenchmarkDefaults;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
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
 * graphd's form of the graph benchmarks: graphd's {@code benches/throughput_bench.rs} (7628b1d)
 * group by group, doing its work and no other, on the same engines as dbbench's form
 * ({@link GraphReadBenchmark}, {@link GraphWriteBenchmark}: prepared statements, 10,000 preloaded
 * entities, batches in one transaction, random start nodes). One {@code @Benchmark} per criterion
 * function, named for it in dbbench's spelling ({@code simple_match/match_by_id} is
 * {@link #matchById}); reported in ops/s (the side by side runs {@code -bm avgt}).
 *
 * <p>What is graphd's here: each group's preload, built by graphd's statements ({@link GraphdPreload}:
 * one literal CREATE per entity, 1,000 for simple_match, 10,000 for read_throughput, 100 for
 * relationship_creation, 100 and a 50-edge chain for complex_queries, none for the write groups,
 * the entity 'static' for merge_update; in one transaction where graphd auto-commits each, the same
 * rows); its literal query texts, built per call where graphd
 * formats them and sent through {@code execute(String, ...)}, so compiled on every call as its
 * {@code conn.query} does ({@link GraphdQueries}); one auto-committed statement per CREATE, so
 * {@code batchInsert} with {@code batchSize=N} is N auto-commits; {@code RETURN n}; a read consumes
 * every row and converts every value as the lbug Rust crate's iterator does, a node into its id,
 * label and properties ({@link RowConversion#ID_LABEL_PROPERTIES}); a write's result is closed
 * unread, as graphd drops it ({@link RowConversion#UNREAD}). Where it still differs: every write
 * iteration starts from a fresh copy of its preload (graphd's {@code write_throughput} starts every
 * criterion sample from an empty database, but its other write groups keep one database for the
 * whole group, which grows over the samples, and merge_update's also holds merge_create's entities);
 * the counter that makes ids unique starts at 0 per trial (graphd's is one global counter across
 * groups); the language: Java through the engine's JNI API ({@code client=javaApi}) or LadybugDB's C API
 * through FFM ({@code client=cApi}) against Rust through its C++ bridge.
 *
 * <p>Why a class of its own rather than a {@code form} {@code @Param} on the two existing classes:
 * graphd's form fixes each group's preload by the group (a {@code nodes} value would be a lie), has
 * no journal (graphd's bench runs the engine without one) and has methods dbbench's form lacks and
 * lacks some of dbbench's ({@code fullScan}, {@code createWithParams}); a param would multiply every
 * method by both forms and need half of the points excluded. Here each state is one group's
 * database, the methods map one to one onto graphd's criterion ids, and a regex on the class
 * selects the form. Its {@code limit} and {@code batchSize} are graphd's sweeps under dbbench's
 * names, so {@code -p limit=...} slices both forms alike.
 *
 * <p>Verification, outside the timing: every read call records its rows, each iteration's tear-down
 * checks them against graphd's exact count, and the trial's tear-down runs the query once more and
 * checks every row's values (ids, names, created_at, labels); every write iteration's tear-down
 * checks the node and edge counts (preload plus what the iteration wrote) and the last write's
 * values. A mismatch fails the run.
 */
@BenchmarkMode(Mode.Throughput) // graphd's study reports throughput
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1) // one connection, which is not thread-safe
public class GraphdThroughputBenchmark extends BenchmarkDefaults {

  /** One group's database: the engine, the fixture built from graphd's preload, the open session. */
  public abstract static class Group extends GraphEngineState {
    GraphSession session;

    /** graphd's preload of this group. */
    abstract GraphdPreload preload();

    /** The template database built from graphd's preload. */
    @Override
    GraphFixture openFixture(GraphEngine engine, GraphClient client, GraphSettings settings) {
      return GraphFixture.open(engine, client, preload(), settings.bufferPoolBytes(), settings.tempRoot());
    }

    /** Runs the group's end-of-trial check ({@link #checkTrial}), then closes everything and deletes the trial directory. */
    @TearDown(Level.Trial)
    public void close() {
      try {
        if (session != null) {
          checkTrial();
        }
      } finally {
        closeFixture();
        fixture = null;
        session = null;
      }
    }

    /** What the group checks once its trial ends, with its session still open; nothing by default. */
    void checkTrial() {}
  }

  /**
   * A read group's database, opened once per trial (reads do not change it), with the rows each
   * call consumed.
   */
  public abstract static class ReadGroup extends Group {
    long calls;
    long rows;
    /** Sum over this iteration's calls of the rows each call had to return. */
    long due;

    /** Builds and opens the preloaded database. */
    @Override
    void open(String benchmark) {
      super.open(benchmark);
      session = fixture.prepare(JournalMode.OFF);
    }

    /** Resets the row accounting. */
    @Setup(Level.Iteration)
    public void prepare() {
      calls = 0;
      rows = 0;
      due = 0;
    }

    /** Counts one call that returned {@code n} rows where {@code expected} were due; returns {@code n}. */
    long record(long n, long expected) {
      calls++;
      rows += n;
      due += expected;
      return n;
    }

    /**
     * Checks that calls completed and consumed exactly the rows graphd's bench expects.
     *
     * @throws IllegalStateException naming the benchmark, the rows consumed and the rows due
     */
    @TearDown(Level.Iteration)
    public void verify() {
      GraphReadBenchmark.checkConsumed(benchmark, calls, rows, due, due);
    }

    /** The group's query run once more, its rows converted as graphd's are, checked value by value ({@link #checkRows}). */
    @Override
    void checkTrial() {
      checkRows();
    }

    /**
     * Checks the values of the rows this group's query returns.
     *
     * @throws IllegalStateException naming the benchmark and the first wrong row
     */
    abstract void checkRows();

    /** The query's rows with nodes as {@link RowConversion.Node}s. */
    List<List<Object>> fetch(String query) {
      return session.fetch(query, Map.of(), RowConversion.ID_LABEL_PROPERTIES);
    }

    /**
     * Checks that every row is one {@code Entity} node holding graphd's values for its id
     * ({@link GraphdQueries#entity}), that the ids are distinct and that there are {@code count}
     * of them; returns the ids.
     */
    TreeSet<String> checkEntities(String query, int count) {
      List<List<Object>> got = fetch(query);
      TreeSet<String> ids = new TreeSet<>();
      for (List<Object> row : got) {
        if (row.size() != 1 || !(row.get(0) instanceof RowConversion.Node n) || !n.label().equals("Entity")
            || !(n.properties().get("id") instanceof String id) || !isCounter(id)
            || !n.properties().equals(GraphdQueries.entity(Long.parseLong(id)))) {
          throw new IllegalStateException(benchmark + ": " + query + " returned " + row + "; expected one Entity node"
              + " with graphd's values (id 'k', name 'Entity k', created_at k)");
        }
        ids.add(id);
      }
      if (got.size() != count || ids.size() != count) {
        throw new IllegalStateException(benchmark + ": " + query + " returned " + got.size() + " rows (" + ids.size()
            + " distinct ids); expected " + count);
      }
      return ids;
    }
  }

  /** Whether {@code id} is a counter's decimal string, as graphd writes ids. */
  static boolean isCounter(String id) {
    return !id.isEmpty() && id.length() < 19 && id.chars().allMatch(Character::isDigit);
  }

  /** {@code simple_match}: 1,000 entities. */
  @State(Scope.Benchmark)
  public static class SimpleMatch extends ReadGroup {
    @Override
    GraphdPreload preload() {
      return GraphdPreload.SIMPLE_MATCH;
    }

    /** Entity '500' and ten entities, each with graphd's values. */
    @Override
    void checkRows() {
      TreeSet<String> one = checkEntities(GraphdQueries.MATCH_BY_ID, 1);
      if (!one.first().equals(Long.toString(GraphdQueries.MATCH_BY_ID_KEY))) {
        throw new IllegalStateException(benchmark + ": " + GraphdQueries.MATCH_BY_ID + " returned entity " + one);
      }
      checkEntities(GraphdQueries.MATCH_ALL_LIMIT_10, 10);
    }
  }

  /** {@code read_throughput}: 10,000 entities, read {@code limit} at a time. */
  @State(Scope.Benchmark)
  public static class ReadThroughput extends ReadGroup {
    /** graphd's {@code scan_limit} sizes: rows per call. */
    @Param({"10", "100", "1000", "10000"})
    public int limit;

    /**
     * {@code node}: graphd's {@code RETURN n}; {@code scalars}: {@code RETURN n.id, n.name,
     * n.created_at}, the same values without a node to convert (dbbench's extension, for what node
     * conversion costs a Java client).
     */
    @Param({"node", "scalars"})
    public String projection;

    GraphdQueries.Projection shape;

    @Override
    GraphdPreload preload() {
      return GraphdPreload.READ_THROUGHPUT;
    }

    /** Rejects a limit outside 1..10,000 and an unknown projection before building the database. */
    @Override
    void open(String benchmark) {
      if (limit < 1 || limit > GraphdPreload.READ_THROUGHPUT.nodes()) {
        throw new IllegalArgumentException("limit=" + limit + ": expected 1.." + GraphdPreload.READ_THROUGHPUT.nodes()
            + " (graphd's scan asserts it returns exactly limit rows of its 10,000)");
      }
      shape = GraphdQueries.Projection.parse(projection);
      super.open(benchmark);
    }

    /** {@code limit} distinct entities with graphd's values, as nodes or as three scalar columns. */
    @Override
    void checkRows() {
      String query = shape.scanLimit(limit);
      if (shape == GraphdQueries.Projection.NODE) {
        checkEntities(query, limit);
        return;
      }
      List<List<Object>> got = fetch(query);
      TreeSet<Object> ids = new TreeSet<>();
      for (List<Object> row : got) {
        if (!(row.get(0) instanceof String id) || !isCounter(id)
            || !row.equals(List.copyOf(GraphdQueries.entity(Long.parseLong(id)).values()))) {
          throw new IllegalStateException(benchmark + ": " + query + " returned " + row + "; expected graphd's values"
              + " [id 'k', name 'Entity k', created_at k]");
        }
        ids.add(id);
      }
      if (got.size() != limit || ids.size() != limit) {
        throw new IllegalStateException(benchmark + ": " + query + " returned " + got.size() + " rows; expected " + limit);
      }
    }
  }

  /** {@code complex_queries}: 100 entities and the chain '0' -> '1' -> ... -> '50'. */
  @State(Scope.Benchmark)
  public static class ComplexQueries extends ReadGroup {
    @Override
    GraphdPreload preload() {
      return GraphdPreload.COMPLEX_QUERIES;
    }

    /** Entities '1' and '2', each with graphd's values. */
    @Override
    void checkRows() {
      TreeSet<String> ids = checkEntities(GraphdQueries.TWO_HOP, 2);
      if (!ids.equals(new TreeSet<>(List.of("1", "2")))) {
        throw new IllegalStateException(benchmark + ": " + GraphdQueries.TWO_HOP + " reached " + ids
            + "; expected '1' and '2'");
      }
    }
  }

  /** What a write iteration wrote last, for its verification. */
  enum LastWrite {
    /** Nothing yet. */
    NONE,
    /** Entity {@code last} with graphd's values. */
    ENTITY,
    /** Entity 'static' renamed 'Updated {@code last}', created_at {@code last}. */
    STATIC,
    /** The edge {@code last % 100 -> (last + 1) % 100}, weight 1.0, created_at {@code last}. */
    EDGE
  }

  /**
   * A write group's database: a fresh copy of its preload every iteration (outside the timing), the
   * counter graphd's ids come from, and what the iteration wrote.
   */
  public abstract static class WriteGroup extends Group {
    /** graphd's {@code GLOBAL_COUNTER}: the next id; it runs on across iterations, as graphd's across samples. */
    long counter;
    long nodesWritten;
    long edgesWritten;
    LastWrite lastWrite;
    long last;

    /** Opens a fresh copy of the preloaded template. */
    @Setup(Level.Iteration)
    public void prepare() {
      session = fixture.prepare(JournalMode.OFF);
      nodesWritten = 0;
      edgesWritten = 0;
      lastWrite = LastWrite.NONE;
    }

    /** The next counter value; remembers it as the last write, of kind {@code kind}. */
    long next(LastWrite kind) {
      last = counter++;
      lastWrite = kind;
      return last;
    }

    /** Sends graphd's literal {@code query} (compiled, auto-committed unless in a transaction) and drops its result unread. */
    long write(String query) {
      return session.execute(query, RowConversion.UNREAD);
    }

    /** {@link #write}s {@code query}, which creates one node, and counts the node. */
    long writeNode(String query) {
      long n = write(query);
      nodesWritten++;
      return n;
    }

    /** {@link #write}s {@code query}, which creates one edge, and counts the edge. */
    long writeEdge(String query) {
      long n = write(query);
      edgesWritten++;
      return n;
    }

    /**
     * Checks that the copy holds the preload plus exactly what the iteration wrote and the last
     * write's values, then deletes the copy.
     *
     * @throws IllegalStateException naming the benchmark and what differs
     */
    @TearDown(Level.Iteration)
    public void verify() {
      try {
        fixture.verifyAndRelease(session, nodesWritten, edgesWritten, this::checkLastWrite);
      } finally {
        session = null;
      }
    }

    private void checkLastWrite() {
      List<List<Object>> got;
      List<List<Object>> want;
      switch (lastWrite) {
        case NONE -> throw new IllegalStateException(benchmark + ": no write completed in the iteration");
        case ENTITY, STATIC -> {
          String id = lastWrite == LastWrite.ENTITY ? Long.toString(last) : GraphdQueries.STATIC_ID;
          got = session.fetch("MATCH (n:Entity {id: $id}) RETURN n.name, n.created_at", Map.of("id", id));
          want = List.of(List.of((lastWrite == LastWrite.ENTITY ? "Entity " : "Updated ") + last, last));
        }
        case EDGE -> {
          got = session.fetch("MATCH (a:Entity)-[r:CONNECTED_TO]->(b:Entity) WHERE r.created_at = $k"
              + " RETURN a.id, b.id, r.weight", Map.of("k", last));
          int n = GraphdQueries.RELATIONSHIP_NODES;
          want = List.of(List.of(Long.toString(last % n), Long.toString((last + 1) % n), 1.0f));
        }
        default -> throw new AssertionError(lastWrite);
      }
      if (!got.equals(want)) {
        throw new IllegalStateException(benchmark + ": after writing with counter " + last + " the database holds "
            + got + "; expected " + want);
      }
    }
  }

  /** An empty database: {@code simple_writes}, {@code write_throughput}, {@code transaction_throughput}, merge_create. */
  @State(Scope.Benchmark)
  public static class Empty extends WriteGroup {
    @Override
    GraphdPreload preload() {
      return GraphdPreload.EMPTY;
    }
  }

  /** {@code merge_operations/merge_update}'s database: the entity 'static'. */
  @State(Scope.Benchmark)
  public static class MergeStatic extends WriteGroup {
    @Override
    GraphdPreload preload() {
      return GraphdPreload.MERGE_STATIC;
    }
  }

  /** {@code relationship_creation}: 100 entities. */
  @State(Scope.Benchmark)
  public static class RelationshipCreation extends WriteGroup {
    @Override
    GraphdPreload preload() {
      return GraphdPreload.RELATIONSHIP_CREATION;
    }
  }

  /** {@code simple_match/match_by_id}: {@code MATCH (n:Entity {id: '500'}) RETURN n}, compiled per call; 1 row. */
  @Benchmark
  public long matchById(SimpleMatch g) {
    return g.record(g.session.execute(GraphdQueries.MATCH_BY_ID, RowConversion.ID_LABEL_PROPERTIES), 1);
  }

  /** {@code simple_match/match_all_limit_10}: {@code MATCH (n:Entity) RETURN n LIMIT 10}; 10 rows. */
  @Benchmark
  public long matchAllLimit10(SimpleMatch g) {
    return g.record(g.session.execute(GraphdQueries.MATCH_ALL_LIMIT_10, RowConversion.ID_LABEL_PROPERTIES), 10);
  }

  /**
   * {@code read_throughput/scan_limit/N}: the query text formatted for {@code limit} on every call
   * (graphd's {@code format!}), compiled, every row consumed; {@code limit} rows.
   */
  @Benchmark
  public long scanLimit(ReadThroughput r) {
    return r.record(r.session.execute(r.shape.scanLimit(r.limit), RowConversion.ID_LABEL_PROPERTIES), r.limit);
  }

  /** {@code complex_queries/two_hop_traversal}: from '0' along the chain; 2 rows. */
  @Benchmark
  public long twoHopTraversal(ComplexQueries g) {
    return g.record(g.session.execute(GraphdQueries.TWO_HOP, RowConversion.ID_LABEL_PROPERTIES), 2);
  }

  /** {@code simple_writes/create_node}: one literal CREATE, auto-committed. */
  @Benchmark
  public long createNode(Empty db) {
    return db.writeNode(GraphdQueries.createNode(db.next(LastWrite.ENTITY)));
  }

  /**
   * {@code write_throughput/batch_insert/N}: {@code batchSize} literal CREATEs, each its own
   * auto-committed transaction; {@code writes} counts node writes (graphd's
   * {@code Throughput::Elements(batch_size)}).
   */
  @Benchmark
  public long batchInsert(Empty db, GraphWriteBenchmark.Batch b, GraphWriteBenchmark.Writes w) {
    long n = 0;
    for (int i = 0; i < b.batchSize; i++) {
      n += db.write(GraphdQueries.createNode(db.next(LastWrite.ENTITY)));
    }
    db.nodesWritten += b.batchSize;
    w.writes += b.batchSize;
    return n;
  }

  /**
   * {@code transaction_throughput/explicit_transaction_10_writes}: {@code BEGIN TRANSACTION}, ten
   * literal CREATEs, {@code COMMIT}, each sent as a literal query.
   */
  @Benchmark
  public long explicitTransaction10Writes(Empty db) {
    long n = db.write(GraphdQueries.BEGIN);
    for (int i = 0; i < 10; i++) {
      n += db.write(GraphdQueries.createNode(db.next(LastWrite.ENTITY)));
    }
    n += db.write(GraphdQueries.COMMIT);
    db.nodesWritten += 10;
    return n;
  }

  /** {@code relationship_creation/create_relationship}: an edge between consecutive ids of the 100. */
  @Benchmark
  public long createRelationship(RelationshipCreation db) {
    return db.writeEdge(GraphdQueries.createRelationship(db.next(LastWrite.EDGE)));
  }

  /** {@code merge_operations/merge_create}: MERGE on a new id, which creates it. */
  @Benchmark
  public long mergeCreate(Empty db) {
    return db.writeNode(GraphdQueries.mergeCreate(db.next(LastWrite.ENTITY)));
  }

  /** {@code merge_operations/merge_update}: MERGE on 'static' with new values, which updates it. */
  @Benchmark
  public long mergeUpdate(MergeStatic db) {
    return db.write(GraphdQueries.mergeUpdate(db.next(LastWrite.STATIC)));
  }

  /** Runs this class's benchmarks from an IDE; {@code args} are JMH options, e.g. {@code -p limit=1000 -f 1}. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphdThroughputBenchmark.class, args);
  }
}
