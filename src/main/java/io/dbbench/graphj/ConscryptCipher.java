package io.dbbench.graphj;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.Optional;
import javax.crypto.Cipher;

/**
 * Conscrypt's {@code ChaCha20/Poly1305/NoPadding} cipher (BoringSSL's
 * {@code EVP_aead_chacha20_poly1305}, RFC 8439, reached through JNI) behind XChaCha20's subkey
 * ({@link JceXChaCha20Poly1305}, which does the rest as for the JDK's cipher).
 *
 * <p>Conscrypt's provider is created once per JVM ({@link org.conscrypt.Conscrypt#newProvider()},
 * never installed in {@link java.security.Security}); where its native library does not load (it
 * ships x86_64 builds only) {@link #unavailableReason()} says why and {@link #create()} throws.
 */
final class ConscryptCipher {
  private ConscryptCipher() {}

  /**
   * A new XChaCha20-Poly1305 on the JVM's Conscrypt provider.
   *
   * @throws IllegalStateException with {@link #unavailableReason()} when Conscrypt is unavailable
   */
  static Aead create() {
    Provider provider = Holder.LOADED.require(AeadProvider.CONSCRYPT);
    try {
      return new JceXChaCha20Poly1305(Cipher.getInstance("ChaCha20/Poly1305/NoPadding", provider),
          AeadProvider.CONSCRYPT);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Conscrypt has no ChaCha20/Poly1305/NoPadding cipher: " + e, e);
    }
  }

  /** Why Conscrypt cannot be used on this JVM (its native library did not load), or empty. */
  static Optional<String> unavailableReason() {
    return Holder.LOADED.unavailableReason();
  }

  /** Loads Conscrypt's native library once, on first use. */
  private static final class Holder {
    static final Loaded<Provider> LOADED = load();

    private static Loaded<Provider> load() {
      try {
        org.conscrypt.Conscrypt.checkAvailability();
        return Loaded.of(org.conscrypt.Conscrypt.newProvider());
      } catch (LinkageError | RuntimeException e) {
        return Loaded.unavailable("Conscrypt's native library did not load on " + System.getProperty("os.name") + "/"
            + System.getProperty("os.arch") + " (" + e + "); it ships x86_64 builds only");
      }
    }
  }
}
