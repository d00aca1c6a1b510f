package io.dbbench.graphj;

import java.security.GeneralSecurityException;

/**
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03): 32-byte key, 24-byte nonce, 16-byte tag
 * appended to the ciphertext. Instances hold reusable cipher state and are not thread-safe: use
 * one per thread.
 */
public interface Aead {
  /** Key length in bytes. */
  int KEY_LEN = 32;
  /** Nonce length in bytes. */
  int NONCE_LEN = 24;
  /** Tag length in bytes. */
  int TAG_LEN = 16;

  /**
   * Encrypts {@code plaintext}; returns ciphertext followed by the 16-byte tag.
   *
   * @throws GeneralSecurityException on a key or nonce of the wrong length; the JDK provider also
   *     refuses to encrypt twice in a row with the same key and nonce (a nonce must never repeat)
   */
  byte[] seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext) throws GeneralSecurityException;

  /**
   * Verifies the tag and decrypts; nothing is returned when verification fails.
   *
   * @param ciphertextAndTag ciphertext with the 16-byte tag at its end
   * @throws javax.crypto.AEADBadTagException (or another {@link GeneralSecurityException}) when
   *     the key is wrong or the AAD, ciphertext or tag were altered
   */
  byte[] open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag) throws GeneralSecurityException;

  /** Which implementation this is. */
  AeadProvider provider();
}
