package io.dbbench.graph;

import io.dbbench.BenchmarkDefaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
 * Read throughput of the embedded graph database (Kuzu, LadybugDB's upstream) on graphd's
 * throughput-benchmark schema: point lookup by primary key, small and large {@code LIMIT} scans,
 * a full scan and a two-hop traversal, each consuming every row of its result (every value
 * converted to Java, as a client would). Reported in ops/s.
 *
 * <p>The database is opened once per trial from the preloaded template (reads do not change it);
 * lookup ids come from a seeded table built in set-up. Each benchmark method states, with every
 * call, how many rows its query must return (exactly, or a range), and each iteration's tear-down
 * checks the rows consumed against that: no dispatch on method names, so a renamed or new method
 * cannot silently go unverified (one that records nothing fails "no call completed").
 */
@BenchmarkMode(Mode.Throughput) // graphd's study reports throughput
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1) // one Kuzu connection, which is not thread-safe
public class GraphReadBenchmark extends BenchmarkDefaults {
  /** Size of the seeded table of lookup ids (a power of two, cycled with a mask). */
  static final int ID_TABLE = 1024;

  /** The database, its prepared statements and the per-iteration row accounting. */
  @State(Scope.Benchmark)
  public static class Graph extends GraphEngineState {
    /**
     * Preloaded entities. graphd's throughput_bench preloads 1,000 for simple_match
     * ({@code matchById}, {@code matchAllLimit10}), 10,000 for read_throughput ({@code readLimit})
     * and 100 for complex_queries ({@code twoHopTraversal}); 100,000 is dbbench's extension. Full
     * mode runs each method at graphd's point ({@link GraphFamily}); a plain JMH run of the class
     * runs every method at every value.
     */
    @Param({"100", "1000", "10000", "100000"})
    public int nodes;

    GraphSession session;
    GraphStatement matchById;
    GraphStatement matchAllLimit10;
    GraphStatement fullScan;
    GraphStatement twoHop;
    List<Map<String, Object>> idParams;
    int next;
    long calls;
    long rows;
    /** Sum over this iteration's calls of the fewest rows each call had to return. */
    long minRows;
    /** Sum over this iteration's calls of the most rows each call could return. */
    long maxRows;
    /** Rows one matchAllLimit10 call returns: min(10, nodes). */
    long limit10Rows;
    /** Fewest rows one two-hop call returns: the two ring successors when there are 3+ nodes. */
    long twoHopMinRows;

    /** The preloaded database of {@code nodes} entities. */
    @Override
    GraphFixture openFixture(GraphEngine engine, GraphClient client, GraphSettings settings) {
      return GraphFixture.open(engine, client, nodes, settings.seed(), settings.bufferPoolBytes(), settings.tempRoot());
    }

    /** Opens the session, prepares the statements and seeds the lookup ids. */
    @Override
    void opened(GraphSettings settings) {
      session = fixture.prepare(JournalMode.OFF);
      matchById = session.prepare(GraphQueries.MATCH_BY_ID);
      matchAllLimit10 = session.prepare(GraphQueries.MATCH_ALL_LIMIT_10);
      fullScan = session.prepare(GraphQueries.FULL_SCAN);
      twoHop = session.prepare(GraphQueries.TWO_HOP);
      idParams = randomIdParams(nodes, settings.seed());
      limit10Rows = Math.min(10, nodes);
      twoHopMinRows = nodes >= 3 ? 2 : 0;
    }

    /** Resets the row accounting. */
    @Setup(Level.Iteration)
    public void prepare() {
      calls = 0;
      rows = 0;
      minRows = 0;
      maxRows = 0;
    }

    /** Counts one call that returned {@code n} rows where {@code min..max} were due; returns {@code n}. */
    long record(long n, long min, long max) {
      calls++;
      rows += n;
      minRows += min;
      maxRows += max;
      return n;
    }

    /**
     * Checks that calls completed and that the rows they consumed lie within what the calls
     * declared (exact for {@code matchById}, {@code matchAllLimit10}, {@code readLimit},
     * {@code fullScan}; at least the two ring successors and at most every node for
     * {@code twoHopTraversal}).
     */
    @TearDown(Level.Iteration)
    public void verify() {
      checkConsumed(benchmark, calls, rows, minRows, maxRows);
    }

    /** Closes everything and deletes the trial directory. */
    @TearDown(Level.Trial)
    public void close() {
      closeFixture();
    }

    Map<String, Object> nextId() {
      return idParams.get(next++ & (ID_TABLE - 1));
    }
  }

  /** The {@code LIMIT} of {@link #readLimit}. */
  @State(Scope.Benchmark)
  public static class Limit {
    /** Rows requested (and consumed) per call. */
    @Param({"10", "100", "1000", "10000"})
    public int limit;

    GraphStatement statement;
    Map<String, Object> params;
    /** Rows one call returns: min(limit, nodes). */
    long rowsPerCall;

    /** Prepares the parameterised LIMIT query. */
    @Setup(Level.Trial)
    public void setup(Graph g) {
      if (limit < 1) {
        throw new IllegalArgumentException("limit=" + limit + " must be >= 1");
      }
      rowsPerCall = Math.min(limit, g.nodes);
      statement = g.session.prepare(GraphQueries.READ_LIMIT);
      params = Map.of("limit", (long) limit);
    }
  }

  /** {@code MATCH (n:Entity {id: $id}) RETURN n} with a random existing id. */
  @Benchmark
  public long matchById(Graph g) {
    return g.record(g.session.execute(g.matchById, g.nextId()), 1, 1);
  }

  /** {@code MATCH (n:Entity) RETURN n LIMIT 10}. */
  @Benchmark
  public long matchAllLimit10(Graph g) {
    return g.record(g.session.execute(g.matchAllLimit10, Map.of()), g.limit10Rows, g.limit10Rows);
  }

  /** {@code MATCH (n:Entity) RETURN n LIMIT $limit}, every row consumed. */
  @Benchmark
  public long readLimit(Graph g, Limit l) {
    return g.record(g.session.execute(l.statement, l.params), l.rowsPerCall, l.rowsPerCall);
  }

  /** {@code MATCH (n:Entity) RETURN n}: every node, every row consumed. */
  @Benchmark
  public long fullScan(Graph g) {
    return g.record(g.session.execute(g.fullScan, Map.of()), g.nodes, g.nodes);
  }

  /** {@code MATCH (a:Entity {id: $id})-[:CONNECTED_TO*1..2]->(b:Entity) RETURN DISTINCT b}. */
  @Benchmark
  public long twoHopTraversal(Graph g) {
    return g.record(g.session.execute(g.twoHop, g.nextId()), g.twoHopMinRows, g.nodes);
  }

  /**
   * Checks an iteration's row accounting: at least one call, and the rows its calls consumed within
   * {@code minRows..maxRows}, the sums of what each call declared.
   *
   * @throws IllegalStateException naming {@code benchmark}, the rows consumed and the rows due
   */
  static void checkConsumed(String benchmark, long calls, long rows, long minRows, long maxRows) {
    if (calls == 0) {
      throw new IllegalStateException(benchmark + ": no call completed (and recorded its rows) in the iteration");
    }
    if (rows < minRows || rows > maxRows) {
      String due = minRows == maxRows ? Long.toString(minRows) : minRows + ".." + maxRows;
      throw new IllegalStateException(benchmark + ": consumed " + rows + " rows in " + calls
          + " calls; expected " + due + " in total");
    }
  }

  /** {@value #ID_TABLE} parameter maps {@code {id: '<random existing id>'}}, seeded. */
  static List<Map<String, Object>> randomIdParams(int nodes, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x1D5L);
    List<Map<String, Object>> out = new ArrayList<>(ID_TABLE);
    for (int i = 0; i < ID_TABLE; i++) {
      out.add(Map.of("id", EntityGraph.id(rnd.nextInt(nodes))));
    }
    return out;
  }

  /** Runs this class's benchmarks from an IDE; {@code args} are JMH options, e.g. {@code -p nodes=1000 -f 1}. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphReadBenchmark.class, args);
  }
}
