package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link Loaded}: a native provider's handle or the reason it cannot run, and the error naming both. */
class LoadedTest {
  @Test
  void aLoadedProviderHandsOutItsHandle() {
    Loaded<String> l = Loaded.of("handle");
    assertEquals(Optional.empty(), l.unavailableReason());
    assertEquals("handle", l.require(AeadProvider.CONSCRYPT));
  }

  @Test
  void anUnavailableProviderIsRefusedNamingItAndTheReason() {
    Loaded<String> l = Loaded.unavailable("no libcrypto.so.3 here");
    assertEquals(Optional.of("no libcrypto.so.3 here"), l.unavailableReason());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> l.require(AeadProvider.LIBCRYPTO));
    assertEquals("the libcrypto AEAD provider is unavailable: no libcrypto.so.3 here", e.getMessage());
  }

  @Test
  void exactlyOneOfHandleAndReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Loaded<>("h", "why"));
    assertTrue(e.getMessage().contains("handle=h") && e.getMessage().contains("reason=why"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new Loaded<>(null, null));
  }
}
