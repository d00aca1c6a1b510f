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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Read throughput of the embedded graph database (Kuzu, LadybugDB's upstream) on graphd's
 * throughput-benchmark schema: point lookup by primary key, small and large {@code LIMIT} scans,
 * a full scan and a two-hop traversal, each consuming every row of its result (every value
 * converted to Java, as a client would). Reported in ops/s.
 *
 * <p>The database is opened once per trial from the preloaded template (reads do not change it);
 * lookup ids come from a seeded table built in set-up. Each iteration's tear-down checks the rows
 * consumed per call against the expected count for the query.
 */
@BenchmarkMode(Mode.Throughput) // graphd's study reports throughput
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1) // one Kuzu connection, which is not thread-safe
public class GraphReadBenchmark extends BenchmarkDefaults {
  /** Size of the seeded table of lookup ids (a power of two, cycled with a mask). */
  static final int ID_TABLE = 1024;

  /** The database, its prepared statements and the per-iteration row accounting. */
  @State(Scope.Benchmark)
  public static class Graph {
    /** Preloaded entities: 100 000 as in graphd's benchmark (the main job's quick mode uses 1000). */
    @Param({"100000"})
    public int nodes;

    GraphFixture fixture;
    GraphSession session;
    GraphStatement matchById;
    GraphStatement matchAllLimit10;
    GraphStatement fullScan;
    GraphStatement twoHop;
    List<Map<String, Object>> idParams;
    int next;
    long calls;
    long rows;
    private String benchmark;

    /** Builds and opens the preloaded database; fails with the path or query on any error. */
    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
      setup(params.getBenchmark());
    }

    /** As the JMH set-up, for tests: {@code benchmark} is the benchmark's full method name. */
    void setup(String benchmark) {
      this.benchmark = benchmark;
      fixture = GraphFixture.create(nodes, GraphConfig.seed(), GraphConfig.bufferPoolBytes(),
          GraphConfig.tempRoot());
      session = fixture.open(JournalMode.OFF);
      matchById = session.prepare(GraphQueries.MATCH_BY_ID);
      matchAllLimit10 = session.prepare(GraphQueries.MATCH_ALL_LIMIT_10);
      fullScan = session.prepare(GraphQueries.FULL_SCAN);
      twoHop = session.prepare(GraphQueries.TWO_HOP);
      idParams = randomIdParams(nodes, GraphConfig.seed());
    }

    /** Resets the row accounting. */
    @Setup(Level.Iteration)
    public void resetCounts() {
      calls = 0;
      rows = 0;
    }

    /**
     * Checks the rows each call consumed: 1 for {@code matchById}, min(10, n) for
     * {@code matchAllLimit10}, n for {@code fullScan}, at least the two ring successors for
     * {@code twoHopTraversal}; {@code readLimit} is checked by its own state.
     */
    @TearDown(Level.Iteration)
    public void verify() {
      if (calls == 0) {
        throw new IllegalStateException(benchmark + ": no call completed in the iteration");
      }
      String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
      long per = switch (method) {
        case "matchById" -> 1;
        case "matchAllLimit10" -> Math.min(10, nodes);
        case "fullScan" -> nodes;
        default -> -1;
      };
      if (per >= 0 && rows != calls * per) {
        throw new IllegalStateException(benchmark + ": consumed " + rows + " rows in " + calls
            + " calls; expected " + per + " per call");
      }
      if (method.equals("twoHopTraversal") && nodes >= 3 && rows < 2 * calls) {
        throw new IllegalStateException(benchmark + ": two-hop traversal returned " + rows
            + " rows in " + calls + " calls; every start has at least 2 ring successors");
      }
    }

    /** Closes everything and deletes the trial directory. */
    @TearDown(Level.Trial)
    public void tearDown() {
      if (fixture != null) {
        fixture.close();
      }
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
    private Graph graph;

    /** Prepares the parameterised LIMIT query. */
    @Setup(Level.Trial)
    public void setup(Graph g) {
      if (limit < 1) {
        throw new IllegalArgumentException("limit=" + limit + " must be >= 1");
      }
      graph = g;
      statement = g.session.prepare(GraphQueries.READ_LIMIT);
      params = Map.of("limit", (long) limit);
    }

    /** Each call must have consumed min(limit, nodes) rows. */
    @TearDown(Level.Iteration)
    public void verify() {
      long per = Math.min(limit, graph.nodes);
      if (graph.rows != graph.calls * per) {
        throw new IllegalStateException("readLimit(limit=" + limit + "): consumed " + graph.rows
            + " rows in " + graph.calls + " calls; expected " + per + " per call");
      }
    }
  }

  /** {@code MATCH (n:Entity {id: $id}) RETURN n} with a random existing id. */
  @Benchmark
  public long matchById(Graph g) {
    long n = g.session.execute(g.matchById, g.nextId());
    g.calls++;
    g.rows += n;
    return n;
  }

  /** {@code MATCH (n:Entity) RETURN n LIMIT 10}. */
  @Benchmark
  public long matchAllLimit10(Graph g) {
    long n = g.session.execute(g.matchAllLimit10, Map.of());
    g.calls++;
    g.rows += n;
    return n;
  }

  /** {@code MATCH (n:Entity) RETURN n LIMIT $limit}, every row consumed. */
  @Benchmark
  public long readLimit(Graph g, Limit l) {
    long n = g.session.execute(l.statement, l.params);
    g.calls++;
    g.rows += n;
    return n;
  }

  /** {@code MATCH (n:Entity) RETURN n}: every node, every row consumed. */
  @Benchmark
  public long fullScan(Graph g) {
    long n = g.session.execute(g.fullScan, Map.of());
    g.calls++;
    g.rows += n;
    return n;
  }

  /** {@code MATCH (a:Entity {id: $id})-[:CONNECTED_TO*1..2]->(b:Entity) RETURN DISTINCT b}. */
  @Benchmark
  public long twoHopTraversal(Graph g) {
    long n = g.session.execute(g.twoHop, g.nextId());
    g.calls++;
    g.rows += n;
    return n;
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
