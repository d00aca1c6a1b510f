package io.dbbench.jdbc.console;

import io.dbbench.core.SettingsReader;
import io.dbbench.jdbc.JdbcFamily;
import io.dbbench.jdbc.Shape;
import java.util.List;
import java.util.Map;

/**
 * The console's own knobs, beside the GOMESSAGE family's ({@link io.dbbench.jdbc.GomessageSettings}),
 * read like every dbbench knob: environment variable, then system property, then default
 * ({@link SettingsReader#environment()}).
 *
 * @param defaultShape the shape of {@code /test/<TestType>} when the URL names no
 *     {@code batchcount}/{@code batchsize}: {@code DBBENCH_CONSOLE_BATCH_COUNT} x
 *     {@code DBBENCH_CONSOLE_BATCH_SIZE}, default {@code 10x10000} (hdbinsert's {@code -batchCount 10},
 *     {@code -batchSize 10000}; source: go-hdb-test {@code hdbinsert/env/flag.go})
 * @param dropBeforeRun {@code DBBENCH_CONSOLE_DROP} (default true, as the benchmark does before
 *     every shot): drop and recreate the tables before each test; false appends to them
 *     (creating them when missing) and verifies what the test added (hdbinsert's {@code -drop})
 * @param maxRows {@code DBBENCH_CONSOLE_MAX_ROWS}: the largest {@code batchcount x batchsize} one
 *     request may ask for (default 10 million)
 * @param shapes the predefined shapes, one row of buttons each on the page (default the family's
 *     full sweep, {@link JdbcFamily#FULL_SHAPES})
 */
public record ConsoleSettings(Shape defaultShape, boolean dropBeforeRun, long maxRows, List<Shape> shapes) {
  /** Default {@link #maxRows}. */
  public static final long DEFAULT_MAX_ROWS = 10_000_000L;

  /**
   * @throws IllegalArgumentException naming the knob when {@code maxRows} is below 1 or above
   *     {@link Shape#MAX_ROWS}
   */
  public ConsoleSettings {
    if (maxRows < 1 || maxRows > Shape.MAX_ROWS) {
      throw new IllegalArgumentException("DBBENCH_CONSOLE_MAX_ROWS=" + maxRows + " is out of range; expected 1.."
          + Shape.MAX_ROWS);
    }
    shapes = List.copyOf(shapes);
  }

  /**
   * The knobs from the environment (then the matching {@code -D} system properties).
   *
   * @throws IllegalArgumentException naming the variable and its value when one is malformed
   */
  public static ConsoleSettings fromEnvironment() {
    return parse(SettingsReader.environment());
  }

  /**
   * The knobs {@code settings} holds (environment-variable names to values; absent = default).
   *
   * @throws IllegalArgumentException naming the variable and its value when one is malformed
   */
  public static ConsoleSettings parse(Map<String, String> settings) {
    return parse(new SettingsReader(SettingsReader.of(settings)));
  }

  private static ConsoleSettings parse(SettingsReader r) {
    long maxRows = r.getLong("DBBENCH_CONSOLE_MAX_ROWS", DEFAULT_MAX_ROWS, Long.toString(DEFAULT_MAX_ROWS));
    Shape shape;
    try {
      shape = new Shape(r.getInt("DBBENCH_CONSOLE_BATCH_COUNT", 10), r.getInt("DBBENCH_CONSOLE_BATCH_SIZE", 10_000));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("DBBENCH_CONSOLE_BATCH_COUNT/DBBENCH_CONSOLE_BATCH_SIZE: " + e.getMessage(), e);
    }
    return new ConsoleSettings(shape, r.getBoolean("DBBENCH_CONSOLE_DROP", true), maxRows,
        JdbcFamily.FULL_SHAPES.stream().map(Shape::parse).toList());
  }

  /** A copy with another {@link #dropBeforeRun}. */
  public ConsoleSettings withDropBeforeRun(boolean drop) {
    return new ConsoleSettings(defaultShape, drop, maxRows, shapes);
  }
}
