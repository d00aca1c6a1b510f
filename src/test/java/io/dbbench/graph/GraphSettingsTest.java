package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GraphSettingsTest {
  @Test
  void defaultsAreGraphdsBufferPoolTheJvmTempDirAndSeed42() {
    GraphSettings s = GraphSettings.parse(Map.of());
    assertEquals(256L << 20, s.bufferPoolBytes());
    assertEquals(Path.of(System.getProperty("java.io.tmpdir")), s.tempRoot());
    assertEquals(42L, s.seed());
  }

  @Test
  void givenValuesAreParsed() {
    GraphSettings s = GraphSettings.parse(Map.of(GraphSettings.BUFFER_POOL_MB, "64", GraphSettings.TMPDIR, "/var/tmp/g",
        GraphSettings.SEED, "-7"));
    assertEquals(64L << 20, s.bufferPoolBytes());
    assertEquals(Path.of("/var/tmp/g"), s.tempRoot());
    assertEquals(-7L, s.seed());
    assertEquals(4_000_000L << 20, GraphSettings.parse(Map.of(GraphSettings.BUFFER_POOL_MB, "4000000")).bufferPoolBytes(),
        "no upper bound but the int");
  }

  @Test
  void badValuesAreRefusedNamingTheVariableAndTheValue() {
    for (Map.Entry<String, String> bad : Map.of(GraphSettings.BUFFER_POOL_MB, "0", GraphSettings.SEED, "4x2").entrySet()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> GraphSettings.parse(Map.of(bad.getKey(), bad.getValue())));
      assertTrue(e.getMessage().startsWith(bad.getKey() + "='" + bad.getValue() + "'"), e.getMessage());
    }
  }
}
