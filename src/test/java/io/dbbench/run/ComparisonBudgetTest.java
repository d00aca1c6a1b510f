package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The seconds a run's comparisons share: what one leaves goes to the next, what one overruns is taken from it. */
class ComparisonBudgetTest {

  @Test
  void secondsLeftByOneComparisonGoToTheNextAndAnOverrunIsTakenFromIt() {
    ComparisonBudget b = new ComparisonBudget();
    assertEquals(100, b.capFor(100), 1e-9, "the first comparison gets its declared cap");
    b.spent(100, 64); // met its width after 64 s
    assertEquals(36, b.carried(), 1e-9);
    double cap = b.capFor(120);
    assertEquals(156, cap, 1e-9, "the next gets its own 120 s and the 36 left");
    b.spent(cap, 67);
    assertEquals(89, b.carried(), 1e-9, "unused seconds accumulate");
    cap = b.capFor(50);
    b.spent(cap, 200); // a pilot that ran past its cap
    assertEquals(-61, b.carried(), 1e-9);
    assertEquals(59, b.capFor(120), 1e-9, "the overrun is taken from the next one");
    assertEquals(1, b.capFor(20), 1e-9, "a cap stays positive (the pilot always runs)");
  }
}
