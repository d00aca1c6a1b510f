package io.dbbench.family;

import java.util.List;
import java.util.Map;

/**
 * One benchmark family of the main job ({@code ./mvnw verify -Pbench}): the benchmarks that
 * reproduce one study against one system, how to reach that system, and how to run them quickly
 * or at publication settings.
 *
 * <p>Implementations are listed in {@link Families}. The main job asks {@link #probe()} first; a
 * family whose system cannot be reached is skipped with the probe's one-line reason and the run
 * goes on.
 */
public interface BenchmarkFamily {

  /** Short stable id, e.g. {@code graphj}, {@code jdbc}; used in file names and the report. */
  String id();

  /** Human title for the report, e.g. "GraphJ journal codec (graphd)". */
  String title();

  /** A JMH include regex that selects exactly this family's benchmarks. */
  String includeRegex();

  /**
   * Checks that the family's system can be reached (or started embedded) without running any
   * benchmark. Must not throw: failures are returned as {@link Availability#unavailable}.
   */
  Availability probe();

  /**
   * JMH command-line arguments for this family ({@code -f}, {@code -wi}, {@code -i}, {@code -w},
   * {@code -r}, {@code -p name=v1,v2}), for the quick default run or, with {@code full}, for
   * publication settings. User arguments ({@code -Dbench.args}) override these per option.
   */
  List<String> jmhArgs(boolean full);

  /**
   * What {@code env.json} records about this family: backend (embedded stand-in or real server),
   * driver and server versions, target addresses. Every credential must already be redacted
   * (use {@link io.dbbench.Redaction}).
   */
  Map<String, Object> describe();

  /** Whether the family's system can be reached, and if not, the one line saying what to set. */
  record Availability(boolean available, String reason) {
    /** Reachable. */
    public static Availability ok() {
      return new Availability(true, "");
    }

    /** Not reachable; {@code reason} says what failed and what to set. */
    public static Availability unavailable(String reason) {
      return new Availability(false, reason);
    }
  }
}
