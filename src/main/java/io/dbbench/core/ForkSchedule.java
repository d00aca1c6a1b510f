package io.dbbench.core;

import java.util.Locale;

/**
 * The order in which the forks of two variants A (baseline) and B (contender) run when they are
 * compared inside one run: ABBA blocks, {@code ABBAABBA...}. Block {@code i} (1-based) holds the
 * {@code i}-th fork of each side, A first when {@code i} is odd and B first when it is even, so a
 * drift of the machine that is linear over one ABBA quadruple cancels in the pair differences, and
 * a drift over the whole run falls on both sides alike instead of on whichever side ran later.
 *
 * <p>Source: the interleaved designs of Abedi and Brecht, "Conducting repeatable experiments in
 * highly variable cloud computing environments", ICPE 2017 (multiple interleaved trials); the
 * ABBA (counterbalanced) order is the classic crossover design that removes a linear period effect.
 */
public final class ForkSchedule {
  private ForkSchedule() {}

  /**
   * The ABBA order for {@code pairs} forks per side, e.g. {@code abba(3)} is {@code "ABBAAB"}.
   *
   * @throws IllegalArgumentException when {@code pairs} is below 1
   */
  public static String abba(int pairs) {
    if (pairs < 1) {
      throw new IllegalArgumentException("forks per side " + pairs + ": expected at least 1");
    }
    StringBuilder b = new StringBuilder(2 * pairs);
    for (int i = 1; i <= pairs; i++) {
      b.append(i % 2 == 1 ? "AB" : "BA");
    }
    return b.toString();
  }

  /**
   * Whether {@code order} interleaves its two sides: it holds only {@code A} and {@code B}, as
   * many of each, and every consecutive block of two holds one of each (so fork {@code i} of A
   * and fork {@code i} of B ran next to each other and can be compared as a pair).
   */
  public static boolean alternates(String order) {
    if (order == null || order.isEmpty() || order.length() % 2 != 0) {
      return false;
    }
    String o = order.toUpperCase(Locale.ROOT);
    for (int i = 0; i < o.length(); i += 2) {
      String block = o.substring(i, i + 2);
      if (!block.equals("AB") && !block.equals("BA")) {
        return false;
      }
    }
    return true;
  }
}
