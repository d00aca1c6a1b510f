package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LadybugDB, graphd's engine, in a build with it: its version, and the fixture (schema, preload,
 * verified counts) the graph benchmarks run on. Runs in the build's LadybugDB test execution, a JVM
 * that loads no Kuzu (the two native libraries cannot share a process); skips with the reason
 * without LadybugDB.
 */
class LadybugEngineTest {
  @TempDir
  Path tmp;

  @Test
  void ladybugRunsTheSameFixtureWhenPresent() {
    Assumptions.assumeTrue(GraphEngine.LADYBUG.available(), GraphEngine.LADYBUG.unavailableReason());
    assertTrue(GraphEngine.LADYBUG.version().startsWith("0.14"), GraphEngine.LADYBUG.version());
    try (GraphFixture f = GraphFixture.open(GraphEngine.LADYBUG, 50, 7, 64L << 20, tmp)) {
      assertEquals(50, f.data().nodes());
    }
    assertTrue(GraphEngine.LADYBUG.extractedNativeLibrary().isPresent(), "the library this JVM loaded is known");
  }
}
