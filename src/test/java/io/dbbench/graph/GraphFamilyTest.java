package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.Families;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Mode;
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

  private static List<String> declared(Class<?> state, String field) {
    try {
      return List.of(state.getDeclaredField(field).getAnnotation(Param.class).value());
    } catch (NoSuchFieldException e) {
      throw new AssertionError(state + " has no @Param " + field, e);
    }
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
    assertEquals(GraphFamily.QUICK_HEADLINE_FORKS, family.settings(Mode.QUICK).headlineForks());
    assertEquals(null, family.settings(Mode.FULL).headlineForks(), "full mode: JmhCommand.FULL_HEADLINE_FORKS");
    for (Mode mode : Mode.values()) {
      var c = family.settings(mode).comparisons();
      assertEquals(2, c.size());
      assertEquals(Map.of("journal", "off", "batchSize", "100"), c.get(0).baseline());
      assertEquals(Map.of("journal", "on", "batchSize", "100"), c.get(0).contender());
      // the journal's cost at graphd's own write form: one literal CREATE auto-committed per call
      assertEquals("io.dbbench.graph.GraphWriteBenchmark.createInlined", c.get(1).benchmark());
      assertEquals(Map.of("journal", "off"), c.get(1).baseline());
      assertEquals(Map.of("journal", "on"), c.get(1).contender());
      if (mode == Mode.QUICK) {
        assertEquals(List.of("-i", "6"), c.get(0).options(), "quick: six measured seconds per writeBatch fork");
      }
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
    assertTrue(String.valueOf(d.get("nodes_full")).contains("extension 100000"), d.toString());
    assertEquals(2000, d.get("edges_quick"));
    assertEquals(Long.toHexString(EntityGraph.generate(1000, GraphSettings.fromEnvironment().seed()).checksum()),
        d.get("dataset_crc32c_quick"));
  }

  @Test
  void paramOrderPutsTheQuickestValueFirst() {
    Map<String, List<String>> p = declaredParams();
    // graphd's preloads of each class, ascending, and dbbench's 100,000 last
    assertEquals(List.of("100", "1000", "10000", "100000"), declared(GraphReadBenchmark.Graph.class, "nodes"));
    assertEquals(List.of("1", "100", "100000"), declared(GraphWriteBenchmark.Db.class, "nodes"));
    assertEquals(List.of("off", "sync", "on", "sync+fsync"), p.get("journal"));
    assertEquals(List.of("1", "10", "100", "1000"), p.get("batchSize"));
    assertEquals(List.of("10", "100", "1000", "10000"), p.get("limit"));
  }

  @Test
  void quickComparesJournalOffAndOnOnAReducedGraph() {
    var quick = family.settings(Mode.QUICK);
    // the sweep runs journal off; journal on comes from the headline comparison's forks
    assertEquals(List.of("off"), quick.params().get("journal"));
    assertEquals("on", quick.comparisons().get(0).contender().get("journal"));
    assertEquals(List.of("1000"), quick.params().get("nodes"));
    assertTrue(quick.reductions().containsKey("nodes"), "the 1000-node graph must be declared a reduction");
  }

  /** The sweep (main: "main") that runs {@code method} in full mode, and its nodes. */
  private Map.Entry<String, List<String>> fullNodes(String method) {
    var full = family.settings(Mode.FULL);
    String bench = "io.dbbench.graph." + method;
    List<Map.Entry<String, List<String>>> runs = new java.util.ArrayList<>();
    if (!full.isExcluded(bench)) {
      runs.add(Map.entry("main", full.params().get("nodes")));
    }
    full.sweeps().stream().filter(w -> w.runs(bench) && !w.name().equals("dbbench-100k") && !w.name().equals("fsync"))
        .forEach(w -> runs.add(Map.entry(w.name(), w.params().getOrDefault("nodes", full.params().get("nodes")))));
    assertEquals(1, runs.size(), method + " runs at graphd's point in exactly one full-mode sweep: " + runs);
    return runs.get(0);
  }

  @Test
  void fullModeRunsEachGroupAtGraphdsPreloadAnd100000AsTheExtension() {
    // graphd's benches/throughput_bench.rs at 7628b1d: simple_match 1,000; read_throughput 10,000;
    // relationship_creation and complex_queries 100; the write groups an empty database (1 node here)
    Map<String, String> graphd = Map.ofEntries(
        Map.entry("GraphReadBenchmark.matchById", "1000"), Map.entry("GraphReadBenchmark.matchAllLimit10", "1000"),
        Map.entry("GraphReadBenchmark.readLimit", "10000"), Map.entry("GraphReadBenchmark.twoHopTraversal", "100"),
        Map.entry("GraphWriteBenchmark.createRelationship", "100"),
        Map.entry("GraphWriteBenchmark.createWithParams", "1"), Map.entry("GraphWriteBenchmark.createInlined", "1"),
        Map.entry("GraphWriteBenchmark.writeBatch", "1"), Map.entry("GraphWriteBenchmark.transaction10Writes", "1"),
        Map.entry("GraphWriteBenchmark.autoCommit10Writes", "1"), Map.entry("GraphWriteBenchmark.mergeCreate", "1"),
        Map.entry("GraphWriteBenchmark.mergeUpdate", "1"));
    graphd.forEach((method, nodes) -> assertEquals(List.of(nodes), fullNodes(method).getValue(), method));
    var full = family.settings(Mode.FULL);
    assertEquals(List.of("off", "sync", "on"), full.params().get("journal"), "writes: off, dbbench's sync, graphd's on");
    assertEquals(List.of("off", "sync", "on"), full.sweeps().stream().filter(w -> w.name().equals("graphd-100"))
        .findFirst().orElseThrow().params().getOrDefault("journal", full.params().get("journal")));
    var ext = full.sweeps().stream().filter(w -> w.name().equals("dbbench-100k")).findFirst().orElseThrow();
    assertEquals(List.of("100000"), ext.params().get("nodes"));
    assertTrue(ext.purpose().contains("dbbench's extension"), ext.purpose());
    for (String m : List.of("GraphReadBenchmark.fullScan", "GraphReadBenchmark.matchById", "GraphWriteBenchmark.writeBatch")) {
      assertTrue(ext.runs("io.dbbench.graph." + m), m + " in the 100,000-node extension");
    }
    var fsync = full.sweeps().stream().filter(w -> w.name().equals("fsync")).findFirst().orElseThrow();
    assertEquals(List.of("sync+fsync"), fsync.params().get("journal"));
    // the headline comparison at graphd's write point
    assertEquals(List.of("1"), full.params().get("nodes"));
    assertEquals("io.dbbench.graph.GraphWriteBenchmark.writeBatch", full.comparisons().get(0).benchmark());
  }

  @Test
  void graphdsFormRunsEveryGroupInFullModeAndTwoRowsInQuick() {
    List<String> methods = new java.util.ArrayList<>();
    for (java.lang.reflect.Method m : GraphdThroughputBenchmark.class.getMethods()) {
      if (m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)) {
        methods.add(m.getName());
      }
    }
    String prefix = "io.dbbench.graph.GraphdThroughputBenchmark.";
    var quick = family.settings(io.dbbench.core.Mode.QUICK);
    // quick mode's budget: graphd's point lookup and its scan at quick's one limit, RETURN n
    assertEquals(new TreeSet<>(List.of("matchById", "scanLimit")),
        new TreeSet<>(methods.stream().filter(m -> !quick.isExcluded(prefix + m)).toList()));
    assertEquals(List.of("node"), quick.params().get("projection"));
    assertEquals(List.of("10"), quick.params().get("limit"));
    assertTrue(quick.sweeps().stream().noneMatch(w -> w.runs(prefix + "scanLimit")), "no further quick sweep");
    // full mode: every method once in graphd-form (RETURN n), the scan's scalars at 1,000 and 10,000 rows
    var full = family.settings(io.dbbench.core.Mode.FULL);
    var form = full.sweeps().stream().filter(w -> w.name().equals("graphd-form")).findFirst().orElseThrow();
    var scalars = full.sweeps().stream().filter(w -> w.name().equals("graphd-form-scalars")).findFirst().orElseThrow();
    for (String m : methods) {
      assertTrue(full.isExcluded(prefix + m), m + " stays out of full mode's main sweep");
      assertTrue(form.runs(prefix + m), m);
      assertEquals(m.equals("scanLimit"), scalars.runs(prefix + m), m);
    }
    assertEquals(List.of("node"), form.params().get("projection"));
    assertEquals(Map.of("projection", List.of("scalars"), "limit", List.of("1000", "10000")), scalars.params());
    assertEquals(10, methods.size());
  }

  @Test
  void quickTrialsPutTheirDatabasesOnTheTmpfsUnlessTheUserChoseADirectory() {
    String key = GraphSettings.propertyTmpdir();
    String quickRoot = family.settings(Mode.QUICK).forkProperties().get(key);
    assertEquals(null, family.settings(Mode.FULL).forkProperties().get(key), "full mode uses the configured root");
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
