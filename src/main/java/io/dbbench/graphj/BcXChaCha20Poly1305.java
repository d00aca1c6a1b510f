package io.dbbench.graphj;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.modes.XChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/** XChaCha20-Poly1305 by BouncyCastle's lightweight API ({@code XChaCha20Poly1305}). Not thread-safe. */
final class BcXChaCha20Poly1305 implements Aead {
  private final XChaCha20Poly1305 cipher = new XChaCha20Poly1305();

  @Override
  public byte[] seal(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext) throws GeneralSecurityException {
    return run(true, key, nonce, aad, plaintext);
  }

  @Override
  public byte[] open(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag) throws GeneralSecurityException {
    if (ciphertextAndTag.length < TAG_LEN) {
      throw new AEADBadTagException("input shorter than the 16-byte tag");
    }
    return run(false, key, nonce, aad, ciphertextAndTag);
  }

  private byte[] run(boolean enc, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws GeneralSecurityException {
    JceXChaCha20Poly1305.checkLengths(key, nonce);
    cipher.init(enc, new AEADParameters(new KeyParameter(key), TAG_LEN * 8, nonce, aad));
    byte[] out = new byte[cipher.getOutputSize(in.length)];
    int n = cipher.processBytes(in, 0, in.length, out, 0);
    try {
      n += cipher.doFinal(out, n);
    } catch (InvalidCipherTextException e) {
      throw new AEADBadTagException("Poly1305 tag mismatch: " + e.getMessage());
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }

  @Override
  public int sealInto(byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] out) throws GeneralSecurityException {
    JceXChaCha20Poly1305.outputRoom(true, plaintext, out);
    return runInto(true, key, nonce, aad, plaintext, out);
  }

  @Override
  public int openInto(byte[] key, byte[] nonce, byte[] aad, byte[] ciphertextAndTag, byte[] out)
      throws GeneralSecurityException {
    int need = JceXChaCha20Poly1305.outputRoom(false, ciphertextAndTag, out);
    // BouncyCastle writes plaintext while it reads and checks the tag last: zeroed on a bad tag
    return JceXChaCha20Poly1305.openZeroingOnFailure(need, out, () -> runInto(false, key, nonce, aad, ciphertextAndTag, out));
  }

  private int runInto(boolean enc, byte[] key, byte[] nonce, byte[] aad, byte[] in, byte[] out)
      throws GeneralSecurityException {
    JceXChaCha20Poly1305.checkLengths(key, nonce);
    cipher.init(enc, new AEADParameters(new KeyParameter(key), TAG_LEN * 8, nonce, aad));
    int n = cipher.processBytes(in, 0, in.length, out, 0);
    try {
      return n + cipher.doFinal(out, n);
    } catch (InvalidCipherTextException e) {
      throw new AEADBadTagException("Poly1305 tag mismatch: " + e.getMessage());
    }
  }

  @Override
  public AeadProvider provider() {
    return AeadProvider.BC;
  }
}
