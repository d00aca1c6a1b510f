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
    Bridge bridge = Holder.LOADED.require(AeadProvider.LIBCRYPTO);
    try {
      return (Aead) bridge.create().invoke(null);
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
    return Holder.LOADED.unavailableReason();
  }

  /** libcrypto's version (e.g. {@code OpenSSL 3.0.19 27 Jan 2026}), or empty when unavailable. */
  static Optional<String> version() {
    return Optional.ofNullable(Holder.LOADED.handle()).map(Bridge::version);
  }

  /** The JDK 22 class's {@code create()} and the version of the libcrypto it loaded. */
  private record Bridge(Method create, String version) {}

  /** Loads the JDK 22 class, and through it libcrypto, once, on first use. */
  private static final class Holder {
    static final Loaded<Bridge> LOADED = load();

    @SuppressWarnings("unchecked")
    private static Loaded<Bridge> load() {
      int feature = Runtime.version().feature();
      if (feature < MIN_FEATURE) {
        return Loaded.unavailable("needs JDK " + MIN_FEATURE + "+ (the FFM API); this JVM is " + feature);
      }
      try {
        Class<?> k = Class.forName(CLASS);
        Optional<String> why = (Optional<String>) k.getDeclaredMethod("unavailableReason").invoke(null);
        if (why.isPresent()) {
          return Loaded.unavailable(why.get());
        }
        String version = ((Optional<String>) k.getDeclaredMethod("version").invoke(null)).orElse("unknown");
        return Loaded.of(new Bridge(k.getDeclaredMethod("create"), version));
      } catch (ReflectiveOperationException | LinkageError e) {
        return Loaded.unavailable("its JDK " + MIN_FEATURE + " class did not load (" + e + ")");
      }
    }
  }
}
