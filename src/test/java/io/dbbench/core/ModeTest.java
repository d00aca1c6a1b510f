package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The two modes' manifest words, parsing them back, and the error for any other word. */
class ModeTest {
  @Test
  void theWordsAreTheOnesEveryManifestHolds() {
    assertEquals("quick", Mode.QUICK.id());
    assertEquals("full", Mode.FULL.toString());
    for (Mode m : Mode.values()) {
      assertEquals(m, Mode.parse(m.id()));
    }
    assertEquals(Mode.FULL, Mode.parse(" Full "));
    assertEquals(Mode.FULL, Mode.of(true));
    assertEquals(Mode.QUICK, Mode.of(false));
  }

  @Test
  void anOtherWordIsNamedWithTheExpectedOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mode.parse("publication"));
    assertEquals("mode 'publication' is unknown; expected one of quick, full", e.getMessage());
  }
}
