package io.dbbench.toy;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import java.util.Map;

/**
 * The toy study's family: one benchmark method, {@code io.dbbench.toy.ToyBenchmark.work}, with a
 * {@code mode} of {@code slow} or {@code fast}, compared as the study's headline in both modes. It
 * exists only in the test source set, to show that a study is its room plus one registry line; the
 * benchmark class is never compiled (the tests hand its name to the shard plan and its rows to the
 * report).
 */
public final class ToyFamily implements BenchmarkFamily {
  /** The toy benchmark's full method name. */
  public static final String WORK = "io.dbbench.toy.ToyBenchmark.work";
  /** Seconds the toy sweep is declared to take (for the shard plan). */
  static final int SWEEP_SECONDS = 17;
  /** Seconds the toy headline comparison is declared to take. */
  static final int COMPARISON_SECONDS = 42;

  @Override
  public String id() {
    return "toy";
  }

  @Override
  public String title() {
    return "Toy study (test only)";
  }

  @Override
  public int expectedSweepSeconds() {
    return SWEEP_SECONDS;
  }

  /** Always available: nothing to reach. */
  @Override
  public Probe probe() {
    return Probe.ok(Map.of("backend", "in-process toy"));
  }

  /** Both modes: the study's headline {@code mode} (slow against fast), declared once in its study.json. */
  @Override
  public FamilySettings settings(Mode mode) {
    return FamilySettings.builder().comparison(new ToyForm().study().headline("mode"))
        .comparisonExpectedSeconds(COMPARISON_SECONDS).build();
  }
}
