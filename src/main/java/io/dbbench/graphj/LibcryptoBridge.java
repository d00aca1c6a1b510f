package io.dbbench.graphj;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The way from JDK 21 code to {@code LibcryptoXChaCha20Poly1305}, which is compiled for JDK 22
 * (it uses the final FFM API, {@code java.lang.foreign}) from {@code src/main/java22}: reached by
 * reflection, so on JDK 21 the provider reports that it needs JDK 22 instead of failing to load.
 */
final class LibcryptoBridge {
  /** The JDK 22 class's name. */
  static final String CLASS = "io.dbbench.graphj.LibcryptoXChaCha20Poly1305";
  /** Least JDK feature release with the final FFM API. */
  static final int MIN_FEATURE = 22;

  private LibcryptoBridge() {}

  /**
   * A new instance.
   *
   * @throws IllegalStateException naming {@link #unavailableReason()} when the provider cannot run here
   */
  static Aead create() {
    Holder h = Holder.INSTANCE;
    if (h.reason != null) {
      throw new IllegalStateException("the libcrypto AEAD provider is unavailable: " + h.reason);
    }
    try {
      return (Aead) h.create.invoke(null);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException("libcrypto AEAD provider: " + e.getCause(), e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("libcrypto AEAD provider: " + e, e);
    }
  }

  /** Why the provider cannot run in this JVM (JDK below 22, no libcrypto, no ChaCha20-Poly1305), or empty. */
  static Optional<String> unavailableReason() {
    return Optional.ofNullable(Holder.INSTANCE.reason);
  }

  /** libcrypto's version (e.g. {@code OpenSSL 3.0.19 27 Jan 2026}), or empty when unavailable. */
  static Optional<String> version() {
    return Optional.ofNullable(Holder.INSTANCE.version);
  }

  private static final class Holder {
    static final Holder INSTANCE = new Holder();
    final Method create;
    final String reason;
    final String version;

    @SuppressWarnings("unchecked")
    private Holder() {
      Method c = null;
      String why = null;
      String ver = null;
      int feature = Runtime.version().feature();
      if (feature < MIN_FEATURE) {
        why = "needs JDK " + MIN_FEATURE + "+ (the FFM API); this JVM is " + feature;
      } else {
        try {
          Class<?> k = Class.forName(CLASS);
          Optional<String> r = (Optional<String>) k.getDeclaredMethod("unavailableReason").invoke(null);
          why = r.orElse(null);
          if (why == null) {
            c = k.getDeclaredMethod("create");
            ver = ((Optional<String>) k.getDeclaredMethod("version").invoke(null)).orElse("unknown");
          }
        } catch (ReflectiveOperationException | LinkageError e) {
          why = "its JDK " + MIN_FEATURE + " class did not load (" + e + ")";
        }
      }
      create = c;
      reason = why;
      version = ver;
    }
  }
}
