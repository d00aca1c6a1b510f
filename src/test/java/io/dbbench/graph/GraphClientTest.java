package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client choice: spellings, the Java API on Kuzu, and {@code client=cApi} refused where it
 * cannot run, with a message naming what is missing. Runs in the default test JVM, which loads Kuzu;
 * the C API's own tests run in a JVM of their own ({@link LadybugCApiGraphDatabaseTest}).
 */
class GraphClientTest {
  static final String READ = "io.dbbench.graph.GraphReadBenchmark.matchById";

  @TempDir
  Path tmp;

  @Test
  void parsesTheParamSpellingsAndNamesTheBadOne() {
    assertEquals(GraphClient.JAVA_API, GraphClient.parse("javaApi"));
    assertEquals(GraphClient.C_API, GraphClient.parse(" capi "));
    assertEquals("cApi", GraphClient.C_API.id());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphClient.parse("jdbc"));
    assertTrue(e.getMessage().contains("'jdbc'") && e.getMessage().contains("javaApi, cApi"), e.getMessage());
  }

  @Test
  void theJavaApiRunsKuzu() {
    assertEquals(Optional.empty(), GraphClient.JAVA_API.unavailableReason(GraphEngine.KUZU));
    try (GraphFixture f = GraphFixture.open(GraphEngine.KUZU, GraphClient.JAVA_API, 5, 7, 64L << 20, tmp)) {
      assertEquals(5, EntityGraph.countNodes(f.prepare(JournalMode.OFF)));
    }
  }

  @Test
  void theCommandLinePrintsTheClientTheEngineAndItsVersion() {
    assertEquals("javaApi Kuzu " + KuzuGraphDatabase.version(),
        GraphEngineTest.stdout(() -> GraphClient.main(new String[] {"javaApi", "kuzu"})));
  }

  @Test
  void theCApiOnKuzuFailsTheBenchmarkSetUpNamingTheEngine() {
    GraphReadBenchmark.Graph g = new GraphReadBenchmark.Graph();
    g.nodes = 5;
    g.engine = "kuzu";
    g.client = "cApi";
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.open(READ));
    assertTrue(e.getMessage().contains("engine=ladybug") && e.getMessage().contains("engine=kuzu"), e.getMessage());
    g.close();
  }

  @Test
  void theCApiWithoutItsLibraryNamesWhereItLooked() throws Exception {
    Path missing = tmp.resolve("no-such-dir/liblbug.so");
    try (AutoCloseable o = BenchConfig.override(GraphClient.LADYBUG_LIB, missing.toString())) {
      assertEquals(missing, GraphClient.ladybugCLibrary());
      // the library is looked up once per JVM, when the C-API class loads: in the default test JVM
      // that is here; a JVM that ran the C-API tests first (a -Dtest run) has looked already
      Optional<String> reason = GraphClient.C_API.unavailableReason(GraphEngine.LADYBUG);
      Assumptions.assumeTrue(reason.isPresent() && reason.get().contains(missing.toString()),
          () -> "the C-API client was loaded earlier in this JVM: " + reason.orElse("it is available"));
      String why = reason.get();
      assertTrue(why.contains(GraphClient.LADYBUG_LIB) && why.contains("scripts/build-ladybug.sh"), why);
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> GraphFixture.open(GraphEngine.LADYBUG, GraphClient.C_API, 5, 7, 64L << 20, tmp));
      assertEquals(why, e.getMessage());
    }
  }

  @Test
  void theDefaultLibraryIsTheBuildScriptsCache() throws Exception {
    try (AutoCloseable o = BenchConfig.override(GraphClient.LADYBUG_LIB, "");
        AutoCloseable c = BenchConfig.override("DBBENCH_CACHE", tmp.toString())) {
      assertEquals(tmp.resolve("ladybug/" + io.dbbench.core.Version.property("ladybug") + "/lib/liblbug.so"),
          GraphClient.ladybugCLibrary());
      assertTrue(io.dbbench.core.Version.property("ladybug").startsWith("0.14"), "the build records ladybug.version");
    }
  }
}
