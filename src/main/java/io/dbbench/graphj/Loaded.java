package io.dbbench.graphj;

import java.util.Optional;

/**
 * What an optional AEAD provider loaded once per JVM: its handle, or why it cannot run in this JVM
 * (exactly one of the two is non-null). {@link ConscryptCipher} keeps Conscrypt's JCA provider in
 * one, {@link LibcryptoBridge} the JDK 22 class's entry points.
 *
 * @param handle what the provider needs to create its cipher, or null when unavailable
 * @param reason why the provider cannot run here (the library or JDK missing and where it looked), or null
 */
record Loaded<T>(T handle, String reason) {
  /** @throws IllegalArgumentException unless exactly one of {@code handle} and {@code reason} is given */
  Loaded {
    if ((handle == null) == (reason == null)) {
      throw new IllegalArgumentException("expected a handle or a reason, not both or neither: handle=" + handle
          + ", reason=" + reason);
    }
  }

  /** A provider that loaded. */
  static <T> Loaded<T> of(T handle) {
    return new Loaded<>(handle, null);
  }

  /** A provider that cannot run here, and why. */
  static <T> Loaded<T> unavailable(String reason) {
    return new Loaded<>(null, reason);
  }

  /** Why the provider cannot run here, or empty. */
  Optional<String> unavailableReason() {
    return Optional.ofNullable(reason);
  }

  /**
   * The handle of {@code provider}.
   *
   * @throws IllegalStateException "the {@code <provider>} AEAD provider is unavailable: {@code <reason>}"
   */
  T require(AeadProvider provider) {
    if (reason != null) {
      throw new IllegalStateException("the " + provider.id() + " AEAD provider is unavailable: " + reason);
    }
    return handle;
  }
}
