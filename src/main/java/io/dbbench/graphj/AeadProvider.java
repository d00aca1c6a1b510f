package io.dbbench.graphj;

import java.util.Locale;
import java.util.Optional;

/**
 * The XChaCha20-Poly1305 implementations dbbench can use. {@link #JDK} derives the HChaCha20
 * subkey with BouncyCastle's ChaCha core and runs the JDK's own (intrinsified) ChaCha20-Poly1305
 * cipher; {@link #BC} is BouncyCastle's {@code XChaCha20Poly1305} end to end; {@link #CONSCRYPT}
 * runs BoringSSL's ChaCha20-Poly1305 through Conscrypt behind the same Java HChaCha20 subkey as
 * {@code JDK}; {@link #LIBCRYPTO} runs the system's OpenSSL 3 {@code libcrypto} through the FFM API
 * behind the same subkey. All four are proved against the same vectors in the tests;
 * {@link #DEFAULT} is the {@code JDK} one, which needs nothing beyond the JVM. {@code CONSCRYPT}
 * needs Conscrypt's native library (x86_64 only), {@code LIBCRYPTO} JDK 22+ and an OpenSSL
 * {@code libcrypto} on the library path: {@link #unavailableReason()} says why either cannot be
 * used.
 */
public enum AeadProvider {
  /** JDK ChaCha20-Poly1305 behind a BouncyCastle HChaCha20 subkey. */
  JDK,
  /** BouncyCastle's XChaCha20Poly1305. */
  BC,
  /** Conscrypt's (BoringSSL's) ChaCha20-Poly1305 behind a BouncyCastle HChaCha20 subkey. */
  CONSCRYPT,
  /** The system's OpenSSL libcrypto ChaCha20-Poly1305 (FFM API, JDK 22+) behind the same subkey. */
  LIBCRYPTO;

  /** The default provider: the JDK's, which needs no native library. */
  public static final AeadProvider DEFAULT = JDK;

  /**
   * A new, single-threaded instance.
   *
   * @throws IllegalStateException naming the reason when this provider is unavailable here
   *     ({@link #unavailableReason()})
   */
  public Aead create() {
    return switch (this) {
      case JDK -> JceXChaCha20Poly1305.jdk();
      case BC -> new BcXChaCha20Poly1305();
      case CONSCRYPT -> ConscryptCipher.create();
      case LIBCRYPTO -> LibcryptoBridge.create();
    };
  }

  /**
   * Why this provider cannot be used in this JVM (e.g. Conscrypt's native library did not load),
   * or empty when {@link #create()} will work. The first call for {@code CONSCRYPT} or
   * {@code LIBCRYPTO} loads its native library.
   */
  public Optional<String> unavailableReason() {
    return switch (this) {
      case CONSCRYPT -> ConscryptCipher.unavailableReason();
      case LIBCRYPTO -> LibcryptoBridge.unavailableReason();
      default -> Optional.empty();
    };
  }

  /** The {@code @Param} and command-line spelling: {@code jdk}, {@code bc}, {@code conscrypt} or {@code libcrypto}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code jdk}, {@code bc}, {@code conscrypt} or {@code libcrypto} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static AeadProvider parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException("unknown AEAD provider '" + s + "'; expected jdk, bc, conscrypt or libcrypto", e);
    }
  }
}
