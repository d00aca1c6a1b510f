package io.dbbench.report.stats;

import java.util.Objects;

/**
 * What this machine or a stand-in lets a comparison reach, independent of the code under test: two
 * online cores that a CPU-bound scan keeps busy, a collection lock that serialises queries, a
 * client that sets the pace. A form computes it from its own run's measurements and hands it to
 * the finding ({@code io.dbbench.report.study.StudyForm#bound}); {@link Agreement#agreeComparison}
 * names it in the verdict when it decides the verdict.
 *
 * @param what what bounds the effect, in words that finish "bounded by ...", e.g. {@code 2 cores}
 *     or {@code the stand-in's collection lock}; not blank
 * @param limit the most the comparison can show here, in the finding's unit (a speed-up in
 *     {@code x}, a change in time in {@code %}), e.g. 1.6 for "no pool can finish more than 1.6x
 *     faster"; NaN when the bound has no figure (then the form's word alone says that it decides)
 * @param basis how {@code limit} was computed, from which measurements of the run (e.g.
 *     {@code server CPU per query 20 ms x 500 queries / 2 cores}); empty when none
 */
public record Bound(String what, double limit, String basis) {
  /**
   * Checks the parts.
   *
   * @throws IllegalArgumentException when {@code what} is blank or {@code limit} infinite
   */
  public Bound {
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(basis, "basis");
    if (what.isBlank()) {
      throw new IllegalArgumentException("a bound needs what bounds it (e.g. '2 cores'); got a blank string");
    }
    if (Double.isInfinite(limit)) {
      throw new IllegalArgumentException("bound '" + what + "': limit " + limit + " is not a figure; use NaN for none");
    }
  }

  /** A bound with no figure: {@code what} alone decides. */
  public static Bound named(String what) {
    return new Bound(what, Double.NaN, "");
  }

  /** Whether it has a figure. */
  public boolean hasLimit() {
    return !Double.isNaN(limit);
  }
}
