package io.dbbench.graphj;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.security.GeneralSecurityException;
import java.security.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.crypto.AEADBadTagException;

/**
 * XChaCha20-Poly1305 on the system's OpenSSL 3 {@code libcrypto} through the Java FFM API (JDK 22+):
 * the HChaCha20 subkey in Java (draft-irtf-cfrg-xchacha-03 section 2.2, as
 * {@link JceXChaCha20Poly1305}), then OpenSSL's {@code EVP_chacha20_poly1305} (RFC 8439) with the
 * subkey and the inner nonce {@code 4 zero bytes || nonce[16..24)}. Each call is the sequence
 * {@code openssl speed -aead -evp chacha20-poly1305} times: {@code EVP_CipherInit_ex} with key and
 * nonce, {@code EVP_CipherUpdate} for the AAD and for the data, {@code EVP_CipherFinal_ex}, and
 * the tag by {@code EVP_CIPHER_CTX_ctrl}. Java arrays are passed to OpenSSL without a copy
 * ({@link Linker.Option#critical(boolean)} with heap access: each call is a few microseconds and
 * never calls back into Java).
 *
 * <p>Loaded once per JVM from the first of {@code libcrypto.so.3}, {@code libcrypto.so},
 * {@code libcrypto.3.dylib} that opens and has {@code EVP_chacha20_poly1305} and
 * {@code EVP_CIPHER_CTX_new}; otherwise {@link #unavailableReason()} says why. One
 * {@code EVP_CIPHER_CTX} per instance, freed when the instance becomes unreachable. Not
 * thread-safe. Compiled for JDK 22 and reached from {@link AeadProvider} by reflection, so the
 * rest of dbbench still runs on JDK 21 (where this provider says it needs JDK 22).
 */
final class LibcryptoXChaCha20Poly1305 implements Aead {
  private static final Cleaner CLEANER = Cleaner.create();
  /** {@code EVP_CTRL_AEAD_GET_TAG} of OpenSSL's {@code evp.h}. */
  private static final int EVP_CTRL_AEAD_GET_TAG = 0x10;
  /** {@code EVP_CTRL_AEAD_SET_TAG} of OpenSSL's {@code evp.h}. */
  private static final int EVP_CTRL_AEAD_SET_TAG = 0x11;
  // the downcalls as static finals, which the JIT treats as constants and inlines (a handle read
  // from an instance field is not); null when the library is unavailable, and then never called
  private static final MethodHandle CIPHER_INIT = Lib.INSTANCE.cipherInit;
  private static final MethodHandle CIPHER_UPDATE = Lib.INSTANCE.cipherUpdate;
  private static final MethodHandle CIPHER_FINAL = Lib.INSTANCE.cipherFinal;
  private static final MethodHandle CTRL = Lib.INSTANCE.ctrl;

  private final MemorySegment ctx;
  private final int[] in = new int[16];
  private final int[] x = new int[16];
  private final byte[] subkey = new byte[32];
  private final byte[] inner = new byte[12];
  private final int[] outl = new int[1];
  private final byte[] tag = new byte[TAG_LEN];
  // heap segments over the fixed arrays, made once (a segment per call is 40-70 B of garbage)
  private final MemorySegment subkeySeg = MemorySegment.ofArray(subkey);
  private final MemorySegment innerSeg = MemorySegment.ofArray(inner);
  private final MemorySegment outlSeg = MemorySegment.ofArray(outl);
  private final MemorySegment tagSeg = MemorySegment.ofArray(tag);

  private LibcryptoXChaCha20Poly1305(Lib lib) {
    MemorySegment c;
    try {
      c = (MemorySegment) lib.ctxNew.invokeExact();
      if (c.address() == 0) {
        throw new IllegalStateException("EVP_CIPHER_CTX_new returned NULL (out of memory)");
      }
      int ok = (int) lib.cipherInit.invokeExact(c, lib.cipher, MemorySegment.NULL, MemorySegment.NULL,
          MemorySegment.NULL, 1);
      if (ok != 1) {
        throw new IllegalStateException("EVP_CipherInit_ex(ChaCha20-Poly1305) failed");
      }
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("libcrypto call failed: " + t, t);
    }
    ctx = c;
    MethodHandle free = lib.ctxFree;
    long address = c.address();
    CLEANER.register(this, () -> {
      try {
        free.invokeExact(MemorySegment.ofAddress(address));
      } catch (Throwable ignored) {
        // freeing at exit or collection: nothing to report to
      }
    });
  }

  /**
   * A new instance on the system's libcrypto.
   *
   * @throws IllegalStateException with {@link #unavailableReason()} when libcrypto cannot be used
   */
  static Aead create() {
    Lib lib = Lib.INSTANCE;
    if (lib.reason != null) {
      throw new IllegalStateException("the libcrypto AEAD provider is unavailable: " + lib.reason);
    }
    return new LibcryptoXChaCha20Poly1305(lib);
  }

  /** Why the system's libcrypto cannot be used in this JVM, or empty. */
  static Optional<String> unavailableReason() {
    return Optional.ofNullable(Lib.INSTANCE.reason);
  }

  /** libcrypto's version as {@code OpenSSL_version(OPENSSL_VERSION)} states it, or empty when unavailable. */
  static Optional<String> version() {
    return Optional.ofNullable(Lib.INSTANCE.version);
  }

  @Override
  public byte[] seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext) throws GeneralSecurityException {
    byte[] out = new byte[plaintext.length + TAG_LEN];
    sealInto(key, nonce, aad, plaintext, out);
    return out;
  }

  @Override
  public byte[] open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag) throws GeneralSecurityException {
    if (ciphertextAndTag.length < TAG_LEN) {
      throw new AEADBadTagException("input shorter than the 16-byte tag");
    }
    byte[] out = new byte[ciphertextAndTag.length - TAG_LEN];
    openInto(key, nonce, aad, ciphertextAndTag, out);
    return out;
  }

  @Override
  public int sealInto(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] out) throws GeneralSecurityException {
    int need = JceXChaCha20Poly1305.outputRoom(true, plaintext, out);
    JceXChaCha20Poly1305.deriveSubkey(key, nonce, in, x, subkey, inner);
    MemorySegment o = MemorySegment.ofArray(out);
    MemorySegment n = outlSeg;
    try {
      begin(1, aad);
      int len = plaintext.length;
      if (len > 0) {
        check((int) CIPHER_UPDATE.invokeExact(ctx, o, n, MemorySegment.ofArray(plaintext), len), "EVP_CipherUpdate");
        len = outl[0];
      }
      check((int) CIPHER_FINAL.invokeExact(ctx, o.asSlice(len), n), "EVP_CipherFinal_ex");
      len += outl[0];
      check((int) CTRL.invokeExact(ctx, EVP_CTRL_AEAD_GET_TAG, TAG_LEN, o.asSlice(len, TAG_LEN)),
          "EVP_CIPHER_CTX_ctrl(GET_TAG)");
      if (len + TAG_LEN != need) {
        throw new ProviderException("libcrypto wrote " + len + " bytes of ciphertext for " + plaintext.length);
      }
      return need;
    } catch (GeneralSecurityException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new ProviderException("libcrypto call failed: " + t, t);
    }
  }

  @Override
  public int openInto(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag, byte[] out)
      throws GeneralSecurityException {
    int need = JceXChaCha20Poly1305.outputRoom(false, ciphertextAndTag, out);
    JceXChaCha20Poly1305.deriveSubkey(key, nonce, in, x, subkey, inner);
    System.arraycopy(ciphertextAndTag, need, tag, 0, TAG_LEN);
    return JceXChaCha20Poly1305.openZeroingOnFailure(need, out, () -> decrypt(aad, ciphertextAndTag, need, out));
  }

  private int decrypt(byte[] aad, byte[] ciphertextAndTag, int need, byte[] out) throws GeneralSecurityException {
    MemorySegment o = MemorySegment.ofArray(out);
    MemorySegment n = outlSeg;
    try {
      begin(0, aad);
      int len = 0;
      if (need > 0) {
        check((int) CIPHER_UPDATE.invokeExact(ctx, o, n, MemorySegment.ofArray(ciphertextAndTag), need),
            "EVP_CipherUpdate");
        len = outl[0];
      }
      check((int) CTRL.invokeExact(ctx, EVP_CTRL_AEAD_SET_TAG, TAG_LEN, tagSeg),
          "EVP_CIPHER_CTX_ctrl(SET_TAG)");
      int ok = (int) CIPHER_FINAL.invokeExact(ctx, o.asSlice(len), n);
      if (ok != 1) {
        throw new AEADBadTagException("Poly1305 tag mismatch");
      }
      return len + outl[0];
    } catch (GeneralSecurityException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new ProviderException("libcrypto call failed: " + t, t);
    }
  }

  /**
   * Keys the context with the derived subkey and inner nonce for {@code enc} (1 encrypt, 0
   * decrypt, as {@code EVP_CipherInit_ex} takes it), then feeds the AAD.
   */
  private void begin(int enc, byte[] aad) throws Throwable {
    check((int) CIPHER_INIT.invokeExact(ctx, MemorySegment.NULL, MemorySegment.NULL, subkeySeg, innerSeg, enc),
        "EVP_CipherInit_ex");
    if (aad != null && aad.length > 0) {
      check((int) CIPHER_UPDATE.invokeExact(ctx, MemorySegment.NULL, outlSeg, MemorySegment.ofArray(aad), aad.length),
          "EVP_CipherUpdate(aad)");
    }
  }

  private static void check(int ok, String call) {
    if (ok != 1) {
      throw new ProviderException(call + " returned " + ok);
    }
  }

  @Override
  public AeadProvider provider() {
    return AeadProvider.LIBCRYPTO;
  }

  /** The library's symbols, looked up once. */
  private static final class Lib {
    /** Library file names tried in order (before {@link #INSTANCE}, which reads them). */
    static final List<String> NAMES = List.of("libcrypto.so.3", "libcrypto.so", "libcrypto.3.dylib");
    static final Lib INSTANCE = new Lib();

    final String reason;
    final String version;
    MethodHandle ctxNew;
    MethodHandle ctxFree;
    MethodHandle cipherInit;
    MethodHandle cipherUpdate;
    MethodHandle cipherFinal;
    MethodHandle ctrl;
    MemorySegment cipher;

    private Lib() {
      List<String> tried = new ArrayList<>();
      String why = null;
      String ver = null;
      try {
        SymbolLookup lookup = null;
        for (String name : NAMES) {
          try {
            lookup = SymbolLookup.libraryLookup(name, Arena.global());
            break;
          } catch (IllegalArgumentException e) {
            tried.add(name);
          }
        }
        if (lookup == null) {
          why = "no OpenSSL libcrypto could be opened (tried " + String.join(", ", tried) + ")";
        } else {
          Linker linker = Linker.nativeLinker();
          Linker.Option critical = Linker.Option.critical(true);
          ValueLayout.OfInt i = ValueLayout.JAVA_INT;
          var a = ValueLayout.ADDRESS;
          ctxNew = linker.downcallHandle(find(lookup, "EVP_CIPHER_CTX_new"), FunctionDescriptor.of(a));
          ctxFree = linker.downcallHandle(find(lookup, "EVP_CIPHER_CTX_free"), FunctionDescriptor.ofVoid(a));
          cipherInit = linker.downcallHandle(find(lookup, "EVP_CipherInit_ex"),
              FunctionDescriptor.of(i, a, a, a, a, a, i), critical);
          cipherUpdate = linker.downcallHandle(find(lookup, "EVP_CipherUpdate"),
              FunctionDescriptor.of(i, a, a, a, a, i), critical);
          cipherFinal = linker.downcallHandle(find(lookup, "EVP_CipherFinal_ex"), FunctionDescriptor.of(i, a, a, a),
              critical);
          ctrl = linker.downcallHandle(find(lookup, "EVP_CIPHER_CTX_ctrl"), FunctionDescriptor.of(i, a, i, i, a),
              critical);
          MethodHandle chacha = linker.downcallHandle(find(lookup, "EVP_chacha20_poly1305"), FunctionDescriptor.of(a));
          cipher = (MemorySegment) chacha.invokeExact();
          if (cipher.address() == 0) {
            why = "libcrypto has no ChaCha20-Poly1305 (EVP_chacha20_poly1305 returned NULL)";
          }
          MethodHandle versionText = linker.downcallHandle(find(lookup, "OpenSSL_version"),
              FunctionDescriptor.of(a.withTargetLayout(java.lang.foreign.MemoryLayout.sequenceLayout(256,
                  ValueLayout.JAVA_BYTE)), i));
          MemorySegment v = (MemorySegment) versionText.invokeExact(0);
          ver = v.address() == 0 ? "unknown" : v.getString(0);
        }
      } catch (Throwable t) {
        why = "the system's libcrypto could not be used (" + t + ")";
      }
      reason = why;
      version = why == null ? ver : null;
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
      return lookup.find(name).orElseThrow(() -> new IllegalStateException("libcrypto has no " + name
          + " (OpenSSL 1.1 or 3 expected)"));
    }
  }
}
