package io.dbbench.graph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Child-process side of {@link GraphNativeMemoryTest}: runs in its own JVM with a fixed,
 * pre-touched heap (so resident memory moves only with native allocations and code), repeats
 * benchmark iterations and prints one {@code rss <round> <bytes>} line per round.
 *
 * <p>Usage: {@code GraphMemoryProbe bodies|leak|bodies-capi <tmpdir> <warmupRounds> <rounds>}.
 * {@code bodies} runs the read and write benchmark bodies exactly as the JMH states do (journaling
 * on, a fresh database copy per iteration) on Kuzu; {@code bodies-capi} the same on LadybugDB through
 * its C API ({@code engine=ladybug}, {@code client=cApi}); {@code leak} does what {@code bodies} does
 * but leaves 200 full-scan query results unclosed per round, through Kuzu directly, to show the
 * measurement sees a leak.
 */
public final class GraphMemoryProbe {
  private GraphMemoryProbe() {}

  /** Resident set size of this process, bytes, from /proc/self/status. */
  static long rss() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    throw new IllegalStateException("no VmRSS line in /proc/self/status");
  }

  /** See the class comment. */
  public static void main(String[] args) throws Exception {
    boolean leak = args[0].equals("leak");
    boolean cApi = args[0].equals("bodies-capi");
    Path tmp = Path.of(args[1]);
    int warmup = Integer.parseInt(args[2]);
    int rounds = Integer.parseInt(args[3]);
    System.setProperty(GraphSettings.propertyTmpdir(), tmp.toString());
    GraphReadBenchmark reads = new GraphReadBenchmark();
    GraphWriteBenchmark writes = new GraphWriteBenchmark();
    GraphReadBenchmark.Graph g = new GraphReadBenchmark.Graph();
    g.nodes = 1000;
    if (cApi) {
      g.engine = "ladybug";
      g.client = "cApi";
    }
    g.open("io.dbbench.graph.GraphReadBenchmark.memory");
    GraphWriteBenchmark.Db db = new GraphWriteBenchmark.Db();
    db.nodes = 1000;
    db.journal = "on";
    if (cApi) {
      db.engine = "ladybug";
      db.client = "cApi";
    }
    db.open("io.dbbench.graph.GraphWriteBenchmark.memory");
    List<com.kuzudb.QueryResult> leaked = new ArrayList<>();
    com.kuzudb.Database raw = null;
    com.kuzudb.Connection conn = null;
    if (leak) {
      Path dir = Files.createDirectories(g.fixture.dir().resolve("leak"));
      Files.copy(g.fixture.dir().resolve("template").resolve("db.kuzu"), dir.resolve("db.kuzu"));
      raw = new com.kuzudb.Database(dir.resolve("db.kuzu").toString(), 64L << 20, true, false, 0, true, -1);
      conn = new com.kuzudb.Connection(raw);
    }
    try {
      GraphReadBenchmark.Limit limit = new GraphReadBenchmark.Limit();
      limit.limit = 1000;
      limit.setup(g);
      GraphWriteBenchmark.Batch batch = new GraphWriteBenchmark.Batch();
      batch.batchSize = 100;
      GraphWriteBenchmark.Writes w = new GraphWriteBenchmark.Writes();
      for (int round = 0; round < warmup + rounds; round++) {
        long t0 = System.nanoTime();
        g.prepare();
        for (int i = 0; i < 200; i++) {
          reads.matchById(g);
          reads.twoHopTraversal(g);
          reads.matchAllLimit10(g);
        }
        for (int i = 0; i < 5; i++) {
          reads.fullScan(g);
          reads.readLimit(g, limit);
        }
        db.prepare();
        for (int i = 0; i < 60; i++) {
          writes.createWithParams(db);
          writes.createRelationship(db);
          writes.mergeUpdate(db);
        }
        for (int i = 0; i < 10; i++) {
          writes.createInlined(db);
          writes.mergeCreate(db);
        }
        writes.writeBatch(db, batch, w);
        writes.transaction10Writes(db);
        writes.autoCommit10Writes(db);
        db.verify();
        if (leak && round >= warmup) {
          for (int i = 0; i < 200; i++) {
            leaked.add(conn.query(GraphQueries.FULL_SCAN)); // deliberately never closed here
          }
        }
        System.gc();
        System.out.println("rss " + round + " " + rss() + " " + (System.nanoTime() - t0) / 1_000_000 + "ms");
      }
    } finally {
      leaked.forEach(com.kuzudb.QueryResult::close);
      if (conn != null) {
        conn.close();
        raw.close();
      }
      db.close();
      g.close();
    }
  }
}
