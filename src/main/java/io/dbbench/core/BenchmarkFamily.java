package io.dbbench.core;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * One benchmark family of the main job ({@code ./mvnw verify -Pbench}): the benchmarks that
 * reproduce one study against one system, how to reach that system, and its quick and full
 * settings.
 *
 * <p>Families are stateless: {@link #probe()} returns availability and the manifest facts in one
 * value, and {@link #settings(Mode)} depends on nothing but the mode. The main job (in
 * {@code io.dbbench}) lists them in its registry ({@code io.dbbench.Families}, read from the study
 * rooms' registry); this interface
 * sits on the ground floor and imports no family.
 */
public interface BenchmarkFamily {
  /** Seconds expected of a sweep or a headline comparison that declares no measured duration. */
  int DEFAULT_EXPECTED_SECONDS = 60;

  /** Short stable id, e.g. {@code graphj}, {@code jdbc}; used in file names and the report. */
  String id();

  /** Human title for the report, e.g. "GraphJ journal codec (graphd)". */
  String title();

  /**
   * A JMH include regex that selects exactly this family's benchmarks: by default those of the
   * package named for its id, {@code ^io\.dbbench\.<id>\.} (e.g. {@code ^io\.dbbench\.graphj\.}),
   * where the suite keeps them ({@code FamiliesTest} checks that a family selects only that package).
   */
  default String includeRegex() {
    return "^io\\.dbbench\\." + id() + "\\.";
  }

  /**
   * Checks that the family's system can be reached (or started embedded) without running any
   * benchmark, and collects what {@code env.json} records about it (backend, versions, target
   * addresses, seeds, checksums). Must not throw: failures are returned as
   * {@link Probe#unavailable}. Credentials in the facts are redacted again by the main job's
   * single pass ({@link Redaction#redactTree}), so a family cannot leak one by forgetting.
   */
  Probe probe();

  /**
   * The family's JMH settings for the quick default run ({@link Mode#QUICK}) or for
   * publication ({@link Mode#FULL}). By the suite's rule the {@code @Param} defaults of a
   * benchmark class are the study's full sweep, so full settings usually name no parameter and
   * quick settings narrow the sweep.
   */
  FamilySettings settings(Mode mode);

  /**
   * Seconds the family's sweep (its rows other than the headline comparisons, with its allocation
   * pass) took in the quick main job, which the shard plan balances on ({@code io.dbbench.run.ShardPlan});
   * each headline comparison declares its own ({@link FamilySettings.HeadlineComparison#expectedSeconds}).
   * Default {@link #DEFAULT_EXPECTED_SECONDS}.
   */
  default int expectedSweepSeconds() {
    return DEFAULT_EXPECTED_SECONDS;
  }

  /**
   * Called once after the family's benchmarks ran in the main job, with the run directory, to
   * write reference data beside the results (GraphJ: native {@code zstd}/{@code openssl} figures
   * on the same corpus), as many as the run's {@code mode} asks for. Default: nothing. Must not
   * throw for a missing tool: say so in one line on {@code out} and return.
   *
   * @throws java.io.IOException when a file cannot be written (the main job reports it and goes on)
   */
  default void afterRun(Path runDir, Mode mode, PrintStream out) throws IOException {}

  /**
   * Starts the servers of ours that the family's trials share in the main job ({@link FamilyServers}),
   * before its first fork; the main job stops them after its last. Forks reach them through the
   * properties of {@link FamilyServers#forkProperties()}; a fork run without them (plain JMH, an
   * IDE) starts its own. Default: none. May print progress on {@code out}.
   *
   * @throws java.io.IOException when a server cannot be started (the main job says so in one line
   *     and lets every trial start its own)
   */
  default FamilyServers startServers(Mode mode, PrintStream out) throws IOException {
    return FamilyServers.NONE;
  }
}
