package io.dbbench.graphj;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * XChaCha20-Poly1305 built from Conscrypt's {@code ChaCha20/Poly1305/NoPadding} cipher (BoringSSL's
 * {@code EVP_aead_chacha20_poly1305}, RFC 8439, reached through JNI) behind the same HChaCha20
 * subkey as {@link JdkXChaCha20Poly1305} (draft-irtf-cfrg-xchacha-03 section 2.2, computed in Java
 * with BouncyCastle's ChaCha core): subkey = HChaCha20(key, nonce[0..16)), inner nonce =
 * 4 zero bytes || nonce[16..24). The bytes are those of the other providers (AeadTest).
 *
 * <p>Conscrypt's provider is created once per JVM ({@link Conscrypt#newProvider()}, never
 * installed in {@link java.security.Security}); where its native library does not load (it ships
 * x86_64 builds only) {@link #unavailableReason()} says why and {@link #create()} throws.
 * Like the JDK cipher, Conscrypt refuses to encrypt twice in a row with the same key and nonce.
 * Not thread-safe.
 */
final class ConscryptXChaCha20Poly1305 implements Aead {
  private final Cipher cipher;
  private final int[] in = new int[16];
  private final int[] x = new int[16];
  private final byte[] subkey = new byte[32];
  private final byte[] inner = new byte[12];

  private ConscryptXChaCha20Poly1305(Provider p) throws GeneralSecurityException {
    cipher = Cipher.getInstance("ChaCha20/Poly1305/NoPadding", p);
  }

  /**
   * A new instance on the JVM's Conscrypt provider.
   *
   * @throws IllegalStateException with {@link #unavailableReason()} when Conscrypt is unavailable
   */
  static ConscryptXChaCha20Poly1305 create() {
    Holder h = Holder.INSTANCE;
    if (h.provider == null) {
      throw new IllegalStateException("the conscrypt AEAD provider is unavailable: " + h.reason);
    }
    try {
      return new ConscryptXChaCha20Poly1305(h.provider);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Conscrypt has no ChaCha20/Poly1305/NoPadding cipher: " + e, e);
    }
  }

  /** Why Conscrypt cannot be used on this JVM (its native library did not load), or empty. */
  static Optional<String> unavailableReason() {
    return Optional.ofNullable(Holder.INSTANCE.reason);
  }

  /** Conscrypt's version as its provider states it (e.g. {@code 2.5.2}), or empty when unavailable. */
  static Optional<String> version() {
    if (Holder.INSTANCE.provider == null) {
      return Optional.empty();
    }
    org.conscrypt.Conscrypt.Version v = org.conscrypt.Conscrypt.version();
    return Optional.of(v.major() + "." + v.minor() + "." + v.patch());
  }

  /** Loads Conscrypt's native library once, on first use. */
  private static final class Holder {
    static final Holder INSTANCE = new Holder();
    final Provider provider;
    final String reason;

    private Holder() {
      Provider p = null;
      String why = null;
      try {
        org.conscrypt.Conscrypt.checkAvailability();
        p = org.conscrypt.Conscrypt.newProvider();
      } catch (LinkageError | RuntimeException e) {
        why = "Conscrypt's native library did not load on " + System.getProperty("os.name") + "/"
            + System.getProperty("os.arch") + " (" + e + "); it ships x86_64 builds only";
      }
      provider = p;
      reason = why;
    }
  }

  private void init(int mode, byte[] key, byte[] nonce, byte[] aad) throws GeneralSecurityException {
    JdkXChaCha20Poly1305.deriveSubkey(key, nonce, in, x, subkey, inner);
    cipher.init(mode, new SecretKeySpec(subkey, "ChaCha20"), new IvParameterSpec(inner));
    if (aad != null) {
      cipher.updateAAD(aad);
    }
  }

  @Override
  public byte[] seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext) throws GeneralSecurityException {
    init(Cipher.ENCRYPT_MODE, key, nonce, aad);
    return cipher.doFinal(plaintext);
  }

  @Override
  public byte[] open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag) throws GeneralSecurityException {
    if (ciphertextAndTag.length < TAG_LEN) {
      throw new javax.crypto.AEADBadTagException("input shorter than the 16-byte tag");
    }
    init(Cipher.DECRYPT_MODE, key, nonce, aad);
    return cipher.doFinal(ciphertextAndTag);
  }

  @Override
  public int sealInto(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] out) throws GeneralSecurityException {
    JdkXChaCha20Poly1305.outputRoom(true, plaintext, out);
    init(Cipher.ENCRYPT_MODE, key, nonce, aad);
    return cipher.doFinal(plaintext, 0, plaintext.length, out, 0);
  }

  @Override
  public int openInto(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag, byte[] out)
      throws GeneralSecurityException {
    int need = JdkXChaCha20Poly1305.outputRoom(false, ciphertextAndTag, out);
    init(Cipher.DECRYPT_MODE, key, nonce, aad);
    return JdkXChaCha20Poly1305.openZeroingOnFailure(need, out,
        () -> cipher.doFinal(ciphertextAndTag, 0, ciphertextAndTag.length, out, 0));
  }

  @Override
  public AeadProvider provider() {
    return AeadProvider.CONSCRYPT;
  }
}
