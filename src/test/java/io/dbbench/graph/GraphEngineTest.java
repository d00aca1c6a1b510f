package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine choice: spellings, Kuzu always there, LadybugDB there only in a build with its Java
 * API (its own tests, in a JVM of their own: {@link LadybugEngineTest}).
 */
class GraphEngineTest {
  @TempDir
  Path tmp;

  @Test
  void parsesTheParamSpellingsAndNamesTheBadOne() {
    assertEquals(GraphEngine.KUZU, GraphEngine.parse("kuzu"));
    assertEquals(GraphEngine.LADYBUG, GraphEngine.parse(" Ladybug "));
    assertEquals("ladybug", GraphEngine.LADYBUG.id());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphEngine.parse("neo4j"));
    assertTrue(e.getMessage().contains("'neo4j'") && e.getMessage().contains("kuzu, ladybug"), e.getMessage());
  }

  @Test
  void kuzuIsAlwaysAvailableAndOpensTheFixture() {
    assertTrue(GraphEngine.KUZU.available());
    assertEquals("", GraphEngine.KUZU.unavailableReason());
    try (GraphFixture f = GraphFixture.open(GraphEngine.KUZU, 50, 7, 64L << 20, tmp)) {
      assertEquals(50, f.data().nodes());
    }
  }

  @Test
  void theCommandLinePrintsTheEngineAndItsVersion() {
    assertEquals("Kuzu " + KuzuGraphDatabase.version(), stdout(() -> GraphEngine.main(new String[] {"kuzu"})));
  }

  /** What {@code r} prints to standard output, trimmed. */
  static String stdout(Runnable r) {
    java.io.PrintStream out = System.out;
    java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      r.run();
    } finally {
      System.setOut(out);
    }
    return buf.toString(java.nio.charset.StandardCharsets.UTF_8).trim();
  }

  @Test
  void ladybugWithoutItsLibrarySaysHowToGetIt() {
    Assumptions.assumeFalse(GraphEngine.LADYBUG.available(),
        "LadybugDB is in this build; its absence cannot be tested here");
    String why = GraphEngine.LADYBUG.unavailableReason();
    assertTrue(why.contains("scripts/build-ladybug.sh"), why);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> GraphFixture.open(GraphEngine.LADYBUG, 50, 7, 64L << 20, tmp));
    assertEquals(why, e.getMessage());
  }

  @Test
  void ladybugsVersionComesFromAChildJvmSoThisOneKeepsOneEngine() {
    Assumptions.assumeTrue(GraphEngine.LADYBUG.available(), GraphEngine.LADYBUG.unavailableReason());
    assertTrue(GraphEngine.LADYBUG.versionInChildJvm().startsWith("0.14"), GraphEngine.LADYBUG.versionInChildJvm());
    assertTrue(GraphEngine.LADYBUG.extractedNativeLibrary().isEmpty(), "LadybugDB's library is not loaded here");
  }
}
