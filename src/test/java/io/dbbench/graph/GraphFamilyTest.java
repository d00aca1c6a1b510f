package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.Families;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Probe;
import io.dbbench.run.JmhCommand;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** The graph family's registration, probe, manifest facts and JMH arguments. */
class GraphFamilyTest {
  private final GraphFamily family = new GraphFamily();

  /** Every {@code @Param} of the graph benchmarks' states, with its declared values. */
  private static Map<String, List<String>> declaredParams() {
    Map<String, List<String>> out = new HashMap<>();
    for (Class<?> c : List.of(GraphReadBenchmark.Graph.class, GraphReadBenchmark.Limit.class,
        GraphWriteBenchmark.Db.class, GraphWriteBenchmark.Batch.class)) {
      for (Field f : c.getDeclaredFields()) {
        Param p = f.getAnnotation(Param.class);
        if (p != null) {
          out.put(f.getName(), List.of(p.value()));
        }
      }
    }
    return out;
  }

  @Test
  void registeredWithAStableIdAndRegex() {
    assertTrue(Families.all().stream().anyMatch(f -> f instanceof GraphFamily));
    assertEquals("graph", family.id());
    assertTrue("io.dbbench.graph.GraphWriteBenchmark.writeBatch".matches(family.includeRegex() + ".*"));
    assertFalse("io.dbbench.graphj.JournalBenchmark.append".matches(family.includeRegex() + ".*"));
  }

  @Test
  void theJournalComparisonRunsInBothModesWithItsOwnQuickForks() {
    assertEquals(GraphFamily.QUICK_HEADLINE_FORKS, family.settings(false).headlineForks());
    assertEquals(null, family.settings(true).headlineForks(), "full mode: JmhCommand.FULL_HEADLINE_FORKS");
    for (boolean full : new boolean[] {false, true}) {
      var c = family.settings(full).comparisons();
      assertEquals(1, c.size());
      assertEquals(Map.of("journal", "off", "batchSize", "100"), c.get(0).baseline());
      assertEquals(Map.of("journal", "on", "batchSize", "100"), c.get(0).contender());
    }
  }

  @Test
  void probeFindsTheEmbeddedDatabase() {
    Probe a = family.probe();
    assertTrue(a.available(), a.reason());
    assertEquals(BackendKind.EMBEDDED, a.kind());
  }

  @Test
  void describeNamesBackendBufferPoolNodesAndSeed() {
    Map<String, Object> d = GraphFamily.describe();
    String backend = String.valueOf(d.get("backend"));
    assertTrue(backend.startsWith("embedded, in the fork: Kuzu 0.11.2 (engine=kuzu"), d.toString());
    assertTrue(backend.contains("LadybugDB (engine=ladybug"), d.toString());
    assertEquals(GraphSettings.fromEnvironment().bufferPoolBytes(), d.get("buffer_pool_bytes"));
    assertEquals(GraphSettings.fromEnvironment().seed(), d.get("seed"));
    assertEquals(1000, d.get("nodes_quick"));
    assertEquals(100_000, d.get("nodes_full"));
    assertEquals(2000, d.get("edges_quick"));
    assertEquals(Long.toHexString(EntityGraph.generate(1000, GraphSettings.fromEnvironment().seed()).checksum()),
        d.get("dataset_crc32c_quick"));
  }

  @Test
  void paramOrderPutsTheQuickestValueFirst() {
    Map<String, List<String>> p = declaredParams();
    assertEquals(List.of("100000"), p.get("nodes"));
    assertEquals(List.of("off", "on", "on+fsync"), p.get("journal"));
    assertEquals(List.of("1", "10", "100", "1000"), p.get("batchSize"));
    assertEquals(List.of("10", "100", "1000", "10000"), p.get("limit"));
  }

  @Test
  void quickComparesJournalOffAndOnOnAReducedGraph() {
    var quick = family.settings(false);
    // the sweep runs journal off; journal on comes from the headline comparison's forks
    assertEquals(List.of("off"), quick.params().get("journal"));
    assertEquals("on", quick.comparisons().get(0).contender().get("journal"));
    assertEquals(List.of("1000"), quick.params().get("nodes"));
    assertTrue(quick.reductions().containsKey("nodes"), "the 1000-node graph must be declared a reduction");
    assertEquals(Map.of("journal", List.of("off", "on")), family.settings(true).params(),
        "full mode: the classes' own sweeps (100,000 nodes, every limit and batch size), journal off and on");
    assertEquals("fsync", family.settings(true).sweeps().get(0).name(), "fsync in a sweep of its own");
    assertEquals(List.of("on+fsync"), family.settings(true).sweeps().get(0).params().get("journal"));
  }

  @Test
  void quickTrialsPutTheirDatabasesOnTheTmpfsUnlessTheUserChoseADirectory() {
    String key = GraphSettings.propertyTmpdir();
    String quickRoot = family.settings(false).forkProperties().get(key);
    assertEquals(null, family.settings(true).forkProperties().get(key), "full mode uses the configured root");
    if (io.dbbench.core.BenchConfig.get(GraphSettings.TMPDIR).isPresent()) {
      assertEquals(null, quickRoot, "a root the user set wins");
    } else if (java.nio.file.Files.isWritable(GraphFamily.QUICK_TEMP_ROOT)) {
      assertEquals(GraphFamily.QUICK_TEMP_ROOT.toString(), quickRoot);
      assertTrue(GraphFamily.describe().get("temp_root_quick").toString().startsWith("/dev/shm (tmpfs"),
          "the manifest says where quick mode's databases were");
    } else {
      assertEquals(null, quickRoot, "no tmpfs: the configured root");
    }
  }
}
