package io.dbbench.run;

/**
 * The seconds one run's headline comparisons share. Each comparison declares its own time cap
 * ({@link io.dbbench.core.FamilySettings.HeadlineComparison#capSeconds}, else the mode's); the cap
 * its stopping rule gets is that plus what the comparisons before it in this run left unused:
 * a comparison that met its width early, or whose pilot asked for pairs out of its reach
 * ({@link io.dbbench.report.stats.StoppingRule.Stop#OUT_OF_REACH}), leaves its remaining seconds
 * to the next ones, and one whose pilot ran past its cap takes the excess from them. The run as a
 * whole spends about the sum of the declared caps, as with fixed caps, but on the comparisons that
 * can reach their width. Seconds are on each stopping rule's clock (from the pilot's first fork;
 * a discarded warm-up pair is outside it). One instance per run, used by one thread.
 */
final class ComparisonBudget {
  private double carried;

  /**
   * The cap for a comparison that declares {@code declaredSeconds}: that plus the seconds carried
   * from the comparisons before it, at least 1 s (a cap must be positive; the pilot always runs).
   */
  double capFor(double declaredSeconds) {
    return Math.max(1, declaredSeconds + carried);
  }

  /** Seconds carried to the next comparison: positive when the earlier ones left time, negative when they overran. */
  double carried() {
    return carried;
  }

  /** Records that a comparison given {@code capSeconds} ({@link #capFor}) ran {@code seconds} on its rule's clock. */
  void spent(double capSeconds, double seconds) {
    carried = capSeconds - seconds;
  }
}
