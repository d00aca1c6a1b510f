package io.dbbench.graph;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * The schema and preloaded data of graphd's own throughput benchmark: one node table
 * {@code Entity(id STRING, name STRING, created_at INT64, PRIMARY KEY(id))} and one relationship
 * table {@code CONNECTED_TO(FROM Entity TO Entity, weight FLOAT, created_at INT64)}.
 *
 * <p>Data for {@code n} entities: ids {@code '0'..'n-1'}, name {@code entity-<i>},
 * {@code created_at = PRELOAD_TS + i}; edges are a ring {@code i -> (i+1) mod n} (so every node has
 * a two-hop neighbourhood) plus {@code n} random edges between distinct nodes drawn from a
 * {@link SplittableRandom} with the given seed, weight uniform in [0, 1). Loaded with Kuzu's bulk
 * {@code COPY FROM} CSV, the fastest path for 100 000 nodes.
 */
public final class EntityGraph {
  /** DDL of the node table. */
  public static final String NODE_TABLE =
      "CREATE NODE TABLE Entity(id STRING, name STRING, created_at INT64, PRIMARY KEY(id))";
  /** DDL of the relationship table. */
  public static final String REL_TABLE =
      "CREATE REL TABLE CONNECTED_TO(FROM Entity TO Entity, weight FLOAT, created_at INT64)";
  /** {@code created_at} of preloaded entity 0 (ms since the epoch, 2023-11-14). */
  public static final long PRELOAD_TS = 1_700_000_000_000L;

  private EntityGraph() {}

  /**
   * The deterministic preload for {@code nodes} entities.
   *
   * @param from source index of each edge
   * @param to target index of each edge
   * @param weight weight of each edge
   */
  public record Dataset(int nodes, long seed, int[] from, int[] to, float[] weight) implements GraphPreload {
    /** Number of edges ({@code nodes} ring edges plus {@code nodes} random ones; none when n &lt; 2). */
    @Override
    public int edges() {
      return from.length;
    }

    /** {@link EntityGraph#createSchema}, then {@link EntityGraph#load} with CSV files in {@code scratchDir}. */
    @Override
    public void load(GraphSession s, Path scratchDir) {
      createSchema(s);
      EntityGraph.load(s, this, scratchDir);
    }

    /** CRC32C of the node CSV followed by the edge CSV, as loaded; for the run manifest. */
    public long checksum() {
      CRC32C crc = new CRC32C();
      try (CheckedOutputStream out = new CheckedOutputStream(OutputStream.nullOutputStream(), crc);
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
        writeNodes(w);
        writeEdges(w);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return crc.getValue();
    }

    void writeNodes(Writer w) throws IOException {
      for (int i = 0; i < nodes; i++) {
        w.write(id(i) + "," + name(i) + "," + (PRELOAD_TS + i) + "\n");
      }
    }

    void writeEdges(Writer w) throws IOException {
      for (int e = 0; e < from.length; e++) {
        w.write(id(from[e]) + "," + id(to[e]) + "," + weight[e] + "," + (PRELOAD_TS + e) + "\n");
      }
    }
  }

  /** Id of preloaded entity {@code i}: its decimal string. */
  public static String id(int i) {
    return Integer.toString(i);
  }

  /** Name of preloaded entity {@code i}. */
  public static String name(int i) {
    return "entity-" + i;
  }

  /**
   * Generates the preload.
   *
   * @throws IllegalArgumentException when {@code nodes < 1}
   */
  public static Dataset generate(int nodes, long seed) {
    if (nodes < 1) {
      throw new IllegalArgumentException("nodes=" + nodes + " must be >= 1");
    }
    int edges = nodes < 2 ? 0 : 2 * nodes;
    int[] from = new int[edges];
    int[] to = new int[edges];
    float[] weight = new float[edges];
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int e = 0; e < edges; e++) {
      int a;
      int b;
      if (e < nodes) {
        a = e;
        b = (e + 1) % nodes;
      } else {
        a = rnd.nextInt(nodes);
        b = rnd.nextInt(nodes - 1);
        if (b >= a) {
          b++;
        }
      }
      from[e] = a;
      to[e] = b;
      weight[e] = (float) rnd.nextDouble();
    }
    return new Dataset(nodes, seed, from, to, weight);
  }

  /** Creates both tables through {@code s}. */
  public static void createSchema(GraphSession s) {
    s.execute(NODE_TABLE);
    s.execute(REL_TABLE);
  }

  /**
   * Bulk-loads {@code d} with {@code COPY FROM} CSV files written to (and deleted from)
   * {@code csvDir}, then checks the counts.
   *
   * @throws UncheckedIOException naming the CSV file that could not be written
   * @throws IllegalStateException when the loaded counts differ from the dataset's
   */
  public static void load(GraphSession s, Dataset d, Path csvDir) {
    Path nodesCsv = csvDir.resolve("entity.csv");
    Path edgesCsv = csvDir.resolve("connected_to.csv");
    write(nodesCsv, d, true);
    write(edgesCsv, d, false);
    try {
      s.execute("COPY Entity FROM " + Cypher.quote(nodesCsv.toString()) + " (HEADER=false)");
      if (d.edges() > 0) {
        s.execute("COPY CONNECTED_TO FROM " + Cypher.quote(edgesCsv.toString()) + " (HEADER=false)");
      }
    } finally {
      try {
        Files.deleteIfExists(nodesCsv);
        Files.deleteIfExists(edgesCsv);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete preload CSV in " + csvDir, e);
      }
    }
    verifyCounts(s, d.nodes(), d.edges());
  }

  private static void write(Path f, Dataset d, boolean nodes) {
    try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(f), StandardCharsets.UTF_8), 1 << 16)) {
      if (nodes) {
        d.writeNodes(w);
      } else {
        d.writeEdges(w);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write preload CSV " + f, e);
    }
  }

  /** Number of {@code Entity} nodes. */
  public static long countNodes(GraphSession s) {
    return single(s, "MATCH (n:Entity) RETURN count(n)");
  }

  /** Number of {@code CONNECTED_TO} relationships. */
  public static long countEdges(GraphSession s) {
    return single(s, "MATCH ()-[r:CONNECTED_TO]->() RETURN count(r)");
  }

  /**
   * Checks the node and edge counts.
   *
   * @throws IllegalStateException giving expected and actual counts
   */
  public static void verifyCounts(GraphSession s, long nodes, long edges) {
    long n = countNodes(s);
    long e = countEdges(s);
    if (n != nodes || e != edges) {
      throw new IllegalStateException("graph holds " + n + " Entity nodes and " + e
          + " CONNECTED_TO edges; expected " + nodes + " and " + edges);
    }
  }

  private static long single(GraphSession s, String q) {
    List<List<Object>> rows = s.fetch(q, Map.of());
    return ((Number) rows.get(0).get(0)).longValue();
  }
}
