package io.dbbench.graphj;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.util.Pack;

/**
 * XChaCha20-Poly1305 built from a JCA {@code ChaCha20-Poly1305} cipher (RFC 8439) and an HChaCha20
 * subkey (draft-irtf-cfrg-xchacha-03 section 2.2) computed with BouncyCastle's ChaCha core:
 * subkey = HChaCha20(key, nonce[0..16)), inner nonce = 4 zero bytes || nonce[16..24). Two
 * providers' ciphers stand behind it: the JDK's ({@link #jdk()}, intrinsified on recent JDKs) and
 * Conscrypt's ({@link ConscryptCipher}, BoringSSL's {@code EVP_aead_chacha20_poly1305} through
 * JNI); the bytes are those of every other provider (AeadTest). Both ciphers refuse to encrypt
 * twice in a row with the same key and nonce. The static helpers (lengths, output room, the
 * subkey) serve every provider. Not thread-safe.
 */
final class JceXChaCha20Poly1305 implements Aead {
  /** "expand 32-byte k" as four little-endian words. */
  private static final int[] SIGMA = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};

  private final Cipher cipher;
  private final AeadProvider provider;
  private final int[] in = new int[16];
  private final int[] x = new int[16];
  private final byte[] subkey = new byte[32];
  private final byte[] inner = new byte[12];

  /**
   * XChaCha20-Poly1305 over {@code cipher}, a fresh ChaCha20-Poly1305 cipher of {@code provider}
   * (as {@link Aead#provider()} names it).
   */
  JceXChaCha20Poly1305(Cipher cipher, AeadProvider provider) {
    this.cipher = cipher;
    this.provider = provider;
  }

  /**
   * A new instance on the JDK's own {@code ChaCha20-Poly1305} cipher.
   *
   * @throws IllegalStateException when this JDK has none (before JDK 11)
   */
  static JceXChaCha20Poly1305 jdk() {
    try {
      return new JceXChaCha20Poly1305(Cipher.getInstance("ChaCha20-Poly1305"), AeadProvider.JDK);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("this JDK has no ChaCha20-Poly1305 cipher (needs JDK 11+)", e);
    }
  }

  static void checkLengths(byte[] key, byte[] nonce) throws InvalidKeyException {
    if (key == null || key.length != KEY_LEN) {
      throw new InvalidKeyException("XChaCha20-Poly1305 key must be 32 bytes, got "
          + (key == null ? "none" : key.length));
    }
    if (nonce == null || nonce.length != NONCE_LEN) {
      throw new InvalidKeyException("XChaCha20-Poly1305 nonce must be 24 bytes, got "
          + (nonce == null ? "none" : nonce.length));
    }
  }

  /**
   * The output room {@link Aead#sealInto}/{@link Aead#openInto} need, checked before anything is
   * written.
   *
   * @param sealing true for seal (plaintext + tag), false for open (ciphertext and tag in)
   * @return the bytes the call will write
   * @throws ShortBufferException when {@code out} is shorter
   * @throws AEADBadTagException when opening fewer bytes than a tag
   */
  static int outputRoom(boolean sealing, byte[] in, byte[] out) throws GeneralSecurityException {
    if (!sealing && in.length < TAG_LEN) {
      throw new AEADBadTagException("input shorter than the 16-byte tag");
    }
    int need = sealing ? in.length + TAG_LEN : in.length - TAG_LEN;
    if (out.length < need) {
      throw new ShortBufferException("XChaCha20-Poly1305 " + (sealing ? "seal" : "open") + " of " + in.length
          + " bytes writes " + need + " bytes; the output buffer holds " + out.length);
    }
    return need;
  }

  /**
   * Opens with {@code open} into {@code out}; on a bad tag zeroes the plaintext's bytes of
   * {@code out} and rethrows, so no provider leaves unverified plaintext behind.
   */
  static int openZeroingOnFailure(int need, byte[] out, OpenCall open) throws GeneralSecurityException {
    try {
      return open.run();
    } catch (AEADBadTagException e) {
      Arrays.fill(out, 0, need, (byte) 0);
      throw e;
    }
  }

  /** A decrypt call that writes into a caller's array. */
  @FunctionalInterface
  interface OpenCall {
    int run() throws GeneralSecurityException;
  }

  /**
   * HChaCha20 (draft-irtf-cfrg-xchacha-03 section 2.2): 20 ChaCha rounds over
   * constants || key || nonce16 without the final addition; output words 0-3 and 12-15.
   * BouncyCastle's core adds the input back, so it is subtracted here.
   */
  static void hchacha20(byte[] key, byte[] nonce16, int[] in, int[] x, byte[] out) {
    System.arraycopy(SIGMA, 0, in, 0, 4);
    Pack.littleEndianToInt(key, 0, in, 4, 8);
    Pack.littleEndianToInt(nonce16, 0, in, 12, 4);
    ChaChaEngine.chachaCore(20, in, x);
    for (int i = 0; i < 4; i++) {
      Pack.intToLittleEndian(x[i] - in[i], out, i * 4);
      Pack.intToLittleEndian(x[12 + i] - in[12 + i], out, 16 + i * 4);
    }
  }

  /**
   * XChaCha20's reduction to ChaCha20 (draft-irtf-cfrg-xchacha-03 section 2.3): after checking the
   * lengths, {@code subkey = HChaCha20(key, nonce[0..16))} and {@code inner = 4 zero bytes ||
   * nonce[16..24)} ({@code inner}'s first 4 bytes are left as they are: zero). {@code in} and
   * {@code x} are 16-word scratch arrays.
   *
   * @throws InvalidKeyException on a key or nonce of the wrong length
   */
  static void deriveSubkey(byte[] key, byte[] nonce, int[] in, int[] x, byte[] subkey, byte[] inner)
      throws InvalidKeyException {
    checkLengths(key, nonce);
    hchacha20(key, nonce, in, x, subkey);
    System.arraycopy(nonce, 16, inner, 4, 8);
  }

  /** Derives the subkey and inner nonce, initialises the cipher for {@code mode} with them, then the AAD. */
  private void init(int mode, byte[] key, byte[] nonce, byte[] aad) throws GeneralSecurityException {
    deriveSubkey(key, nonce, in, x, subkey, inner);
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
      throw new AEADBadTagException("input shorter than the 16-byte tag");
    }
    init(Cipher.DECRYPT_MODE, key, nonce, aad);
    return cipher.doFinal(ciphertextAndTag);
  }

  @Override
  public int sealInto(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] out) throws GeneralSecurityException {
    outputRoom(true, plaintext, out);
    init(Cipher.ENCRYPT_MODE, key, nonce, aad);
    return cipher.doFinal(plaintext, 0, plaintext.length, out, 0);
  }

  @Override
  public int openInto(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag, byte[] out)
      throws GeneralSecurityException {
    int need = outputRoom(false, ciphertextAndTag, out);
    init(Cipher.DECRYPT_MODE, key, nonce, aad);
    return openZeroingOnFailure(need, out, () -> cipher.doFinal(ciphertextAndTag, 0, ciphertextAndTag.length, out, 0));
  }

  @Override
  public AeadProvider provider() {
    return provider;
  }
}
