package io.dbbench.graphj;

import java.util.Locale;

/**
 * The XChaCha20-Poly1305 implementations dbbench can use. {@link #JDK} derives the HChaCha20
 * subkey with BouncyCastle's ChaCha core and runs the JDK's own (intrinsified) ChaCha20-Poly1305
 * cipher; {@link #BC} is BouncyCastle's {@code XChaCha20Poly1305} end to end. Both are proved
 * against the same vectors in the tests; {@link #DEFAULT} is the faster one as measured by
 * {@code GraphjCryptoBenchmark} (see README).
 */
public enum AeadProvider {
  /** JDK ChaCha20-Poly1305 behind a BouncyCastle HChaCha20 subkey. */
  JDK,
  /** BouncyCastle's XChaCha20Poly1305. */
  BC;

  /** The default provider: the faster one in GraphjCryptoBenchmark. */
  public static final AeadProvider DEFAULT = JDK;

  /** A new, single-threaded instance. */
  public Aead create() {
    return switch (this) {
      case JDK -> new JdkXChaCha20Poly1305();
      case BC -> new BcXChaCha20Poly1305();
    };
  }

  /**
   * Parses {@code jdk} or {@code bc} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static AeadProvider parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException("unknown AEAD provider '" + s + "'; expected jdk or bc", e);
    }
  }
}
