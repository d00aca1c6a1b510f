package io.dbbench.run;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import java.util.Map;

/**
 * A family for the main job's tests: the benchmarks of {@code io.dbbench.harness} that
 * {@code includeRegex} selects, a fixed probe, and the same settings in both modes.
 *
 * @param id the family's id
 * @param includeRegex the benchmarks it runs
 * @param probe what its probe returns
 * @param settings its settings, quick and full
 */
public record HarnessFamily(String id, String includeRegex, Probe probe, FamilySettings settings)
    implements BenchmarkFamily {
  /** Every benchmark of {@code HarnessBenchmark}. */
  public static final String HARNESS = "^io\\.dbbench\\.harness\\.HarnessBenchmark\\.";

  /** A reachable family over {@link #HARNESS}. */
  public HarnessFamily(String id, FamilySettings settings) {
    this(id, HARNESS, Probe.ok(Map.of()), settings);
  }

  @Override
  public String title() {
    return "test family " + id;
  }

  @Override
  public FamilySettings settings(Mode mode) {
    return settings;
  }
}
