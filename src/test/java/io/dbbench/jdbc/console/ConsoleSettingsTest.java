package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.jdbc.JdbcFamily;
import io.dbbench.jdbc.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The console's knobs, set for this JVM with {@link BenchConfig#override} (the caller's environment never matters). */
class ConsoleSettingsTest {
  private static final List<String> KNOBS = List.of("DBBENCH_CONSOLE_BATCH_COUNT", "DBBENCH_CONSOLE_BATCH_SIZE",
      "DBBENCH_CONSOLE_DROP", "DBBENCH_CONSOLE_MAX_ROWS");
  private final List<AutoCloseable> overrides = new ArrayList<>();

  private void set(String... kv) {
    for (String k : KNOBS) {
      overrides.add(BenchConfig.override(k, "")); // unset, whatever the environment holds
    }
    for (int i = 0; i < kv.length; i += 2) {
      overrides.add(BenchConfig.override(kv[i], kv[i + 1]));
    }
  }

  @AfterEach
  void restore() throws Exception {
    for (int i = overrides.size() - 1; i >= 0; i--) {
      overrides.get(i).close();
    }
  }

  @Test
  void defaultsAreHdbinsertsShapeTheFamilysShapesAndTenMillionRows() {
    set();
    ConsoleSettings s = ConsoleSettings.fromEnvironment();
    assertEquals(new Shape(10, 10_000), s.defaultShape());
    assertTrue(s.dropBeforeRun());
    assertEquals(10_000_000L, s.maxRows());
    assertEquals(JdbcFamily.FULL_SHAPES, s.shapes().stream().map(Shape::toString).toList());
  }

  @Test
  void knobsAreRead() {
    set("DBBENCH_CONSOLE_BATCH_COUNT", "3", "DBBENCH_CONSOLE_BATCH_SIZE", "7", "DBBENCH_CONSOLE_DROP", "false",
        "DBBENCH_CONSOLE_MAX_ROWS", "1000");
    ConsoleSettings s = ConsoleSettings.fromEnvironment();
    assertEquals(new Shape(3, 7), s.defaultShape());
    assertFalse(s.dropBeforeRun());
    assertEquals(1000, s.maxRows());
  }

  @Test
  void aMapOfSettingsIsReadLikeTheEnvironment() {
    set();
    assertEquals(ConsoleSettings.fromEnvironment(), ConsoleSettings.parse(Map.of()));
    ConsoleSettings s = ConsoleSettings.parse(Map.of("DBBENCH_CONSOLE_MAX_ROWS", "5", "DBBENCH_CONSOLE_DROP", "no"));
    assertEquals(5, s.maxRows());
    assertFalse(s.dropBeforeRun());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> ConsoleSettings.parse(Map.of("DBBENCH_CONSOLE_MAX_ROWS",
        "many"))).getMessage().startsWith("DBBENCH_CONSOLE_MAX_ROWS='many' is not an integer"));
  }

  /** With {@code name=value} set, reading the settings fails with a message starting {@code expected}. */
  private void assertRefused(String name, String value, String expected) {
    set(name, value);
    String m = assertThrows(IllegalArgumentException.class, ConsoleSettings::fromEnvironment).getMessage();
    assertTrue(m.startsWith(expected), m);
  }

  @Test
  void malformedKnobsNameTheVariable() {
    assertRefused("DBBENCH_CONSOLE_MAX_ROWS", "lots", "DBBENCH_CONSOLE_MAX_ROWS='lots' is not an integer");
    assertRefused("DBBENCH_CONSOLE_MAX_ROWS", "0", "DBBENCH_CONSOLE_MAX_ROWS=0 is out of range");
    assertRefused("DBBENCH_CONSOLE_BATCH_COUNT", "0", "DBBENCH_CONSOLE_BATCH_COUNT/DBBENCH_CONSOLE_BATCH_SIZE: shape 0x10000");
    assertRefused("DBBENCH_CONSOLE_DROP", "maybe", "DBBENCH_CONSOLE_DROP='maybe' is not a boolean");
  }
}
