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

  /**
   * {@link #seal} into the caller's array: ciphertext then the 16-byte tag, from index 0, with no
   * output allocated (a writer sealing many bodies keeps one buffer; {@code openssl speed -aead}'s
   * loop does the same).
   *
   * @param out receives {@code plaintext.length + 16} bytes from index 0
   * @return the bytes written, {@code plaintext.length + 16}
   * @throws javax.crypto.ShortBufferException when {@code out} holds fewer bytes (nothing written)
   * @throws GeneralSecurityException as {@link #seal}
   */
  int sealInto(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] out) throws GeneralSecurityException;

  /**
   * {@link #open} into the caller's array, from index 0, with no output allocated. When the tag
   * does not verify, the bytes the plaintext would have taken in {@code out} are zeroed before the
   * exception is thrown, so no unverified plaintext is left there whatever the provider.
   *
   * @param out receives {@code ciphertextAndTag.length - 16} bytes from index 0
   * @return the plaintext bytes written, {@code ciphertextAndTag.length - 16}
   * @throws javax.crypto.ShortBufferException when {@code out} holds fewer bytes (nothing written)
   * @throws javax.crypto.AEADBadTagException as {@link #open}
   */
  int openInto(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag, byte[] out) throws GeneralSecurityException;

  /** Which implementation this is. */
  AeadProvider provider();
}
