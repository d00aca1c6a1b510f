package io.dbbench.profile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.LogManager;

/**
 * The java.util.logging configuration of an allocation-pass fork ({@code
 * -Djava.util.logging.config.class=io.dbbench.profile.InstrumenterLogging}, as the JDK's
 * {@link LogManager} documents a configuration class): the JDK's defaults, with Google's
 * allocation instrumenter silenced: a class it cannot rewrite gets a warning with a stack trace,
 * and with the published agent on JDK 23+ that was thousands of classes (35 MB of one quick run's
 * output); what it could not count is already stated as {@code allocs.coverage}
 * ({@link AllocationProfiler}).
 */
public final class InstrumenterLogging {
  /** The logger the instrumenter writes its per-class warnings to (its package). */
  static final String INSTRUMENTER_LOGGER = "com.google.monitoring.runtime.instrumentation";

  /**
   * Reads the configuration; called by {@link LogManager} when it initializes.
   *
   * @throws IOException never in practice (the configuration is in memory)
   */
  public InstrumenterLogging() throws IOException {
    String config = "handlers=java.util.logging.ConsoleHandler\n"
        + ".level=INFO\n"
        + "java.util.logging.ConsoleHandler.level=INFO\n"
        + "java.util.logging.ConsoleHandler.formatter=java.util.logging.SimpleFormatter\n"
        + INSTRUMENTER_LOGGER + ".level=OFF\n";
    LogManager.getLogManager().readConfiguration(new ByteArrayInputStream(config.getBytes(StandardCharsets.UTF_8)));
  }
}
