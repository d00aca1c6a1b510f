package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every XChaCha20-Poly1305 provider against draft-irtf-cfrg-xchacha-03's vectors, each other, and tamper detection;
 * a provider whose native library does not load here is skipped with its reason.
 */
class AeadTest {
  private static final HexFormat HEX = HexFormat.of();

  // draft-irtf-cfrg-xchacha-03, section A.3.1 (AEAD_XChaCha20_Poly1305 test vector).
  static final byte[] PLAINTEXT = ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip "
      + "for the future, sunscreen would be it.").getBytes(StandardCharsets.US_ASCII);
  static final byte[] AAD = HEX.parseHex("50515253c0c1c2c3c4c5c6c7");
  static final byte[] KEY = HEX.parseHex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
  static final byte[] NONCE = HEX.parseHex("404142434445464748494a4b4c4d4e4f5051525354555657");
  static final byte[] CIPHERTEXT = HEX.parseHex(
      "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
          + "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
          + "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
          + "21f9664c97637da9768812f615c68b13b52e");
  static final byte[] TAG = HEX.parseHex("c0875924c1c7987947deafd8780acf49");

  /** Skips the calling test, with the provider's reason, where it cannot run. */
  static void assumeAvailable(AeadProvider p) {
    assumeTrue(p.unavailableReason().isEmpty(), () -> p.id() + " unavailable: " + p.unavailableReason().orElse(""));
  }

  /** A new AEAD of {@code p}; the test is skipped, with the reason, when {@code p} is unavailable here. */
  static Aead available(AeadProvider p) {
    assumeAvailable(p);
    return p.create();
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void knownAnswerVectorA31(AeadProvider p) throws Exception {
    assumeAvailable(p);
    byte[] expected = concat(CIPHERTEXT, TAG);
    assertArrayEquals(expected, p.create().seal(KEY, NONCE, AAD, PLAINTEXT));
    assertArrayEquals(PLAINTEXT, p.create().open(KEY, NONCE, AAD, expected));
  }

  @Test
  void hchacha20VectorSection221() {
    // draft-irtf-cfrg-xchacha-03, section 2.2.1.
    byte[] key = HEX.parseHex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    byte[] nonce = HEX.parseHex("000000090000004a0000000031415927");
    byte[] out = new byte[32];
    JceXChaCha20Poly1305.hchacha20(key, nonce, new int[16], new int[16], out);
    assertArrayEquals(HEX.parseHex("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"), out);
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void everyTamperedByteOfAadCiphertextAndTagIsRejected(AeadProvider p) throws Exception {
    Aead aead = available(p);
    byte[] sealed = concat(CIPHERTEXT, TAG);
    for (int i = 0; i < AAD.length; i++) {
      byte[] aad = AAD.clone();
      aad[i] ^= 0x01;
      assertThrows(AEADBadTagException.class, () -> aead.open(KEY, NONCE, aad, sealed), "AAD byte " + i);
    }
    for (int i = 0; i < sealed.length; i++) {
      byte[] t = sealed.clone();
      t[i] ^= (byte) 0x80;
      int at = i;
      assertThrows(AEADBadTagException.class, () -> aead.open(KEY, NONCE, AAD, t),
          (at < CIPHERTEXT.length ? "ciphertext" : "tag") + " byte " + at);
    }
    byte[] wrongKey = KEY.clone();
    wrongKey[31] ^= 1;
    assertThrows(AEADBadTagException.class, () -> aead.open(wrongKey, NONCE, AAD, sealed));
    assertThrows(AEADBadTagException.class, () -> aead.open(KEY, NONCE, AAD, Arrays.copyOf(sealed, sealed.length - 1)));
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void providersInteroperate(AeadProvider p) throws Exception {
    assumeAvailable(p);
    Random r = new Random(7);
    for (AeadProvider other : AeadProvider.values()) {
      if (other == p || other.unavailableReason().isPresent()) {
        continue;
      }
      Aead sealer = p.create();
      Aead opener = other.create();
      for (int len : new int[] {0, 1, 63, 64, 65, 1000, 10_000, 11_990}) {
        byte[] pt = new byte[len];
        byte[] nonce = new byte[24];
        r.nextBytes(pt);
        r.nextBytes(nonce);
        byte[] ct = sealer.seal(KEY, nonce, AAD, pt);
        assertArrayEquals(ct, opener.seal(KEY, nonce, AAD, pt), p.id() + " vs " + other.id() + " bytes, length " + len);
        assertArrayEquals(pt, opener.open(KEY, nonce, AAD, ct), p.id() + " sealed, " + other.id() + " opened, length " + len);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void intoTheCallersBufferMatchesTheVectorAndTheOtherProviders(AeadProvider p) throws Exception {
    Aead aead = available(p);
    byte[] out = new byte[PLAINTEXT.length + Aead.TAG_LEN + 7];
    assertEquals(PLAINTEXT.length + Aead.TAG_LEN, aead.sealInto(KEY, NONCE, AAD, PLAINTEXT, out));
    assertArrayEquals(concat(CIPHERTEXT, TAG), Arrays.copyOf(out, PLAINTEXT.length + Aead.TAG_LEN));
    byte[] plain = new byte[PLAINTEXT.length];
    assertEquals(PLAINTEXT.length, aead.openInto(KEY, NONCE, AAD, concat(CIPHERTEXT, TAG), plain));
    assertArrayEquals(PLAINTEXT, plain);
    Random r = new Random(11);
    for (AeadProvider other : AeadProvider.values()) {
      if (other.unavailableReason().isPresent()) {
        continue;
      }
      Aead opener = other.create();
      for (int len : new int[] {0, 1, 64, 65, 11_990}) {
        byte[] pt = new byte[len];
        byte[] nonce = new byte[24];
        r.nextBytes(pt);
        r.nextBytes(nonce);
        byte[] ct = new byte[len + Aead.TAG_LEN];
        aead.sealInto(KEY, nonce, AAD, pt, ct);
        assertArrayEquals(opener.seal(KEY, nonce, AAD, pt), ct, p.id() + " into vs " + other.id() + ", length " + len);
        byte[] back = new byte[len];
        assertEquals(len, opener.openInto(KEY, nonce, AAD, ct, back));
        assertArrayEquals(pt, back, p.id() + " sealed into, " + other.id() + " opened into, length " + len);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void intoLeavesNoUnverifiedPlaintextAndRefusesShortBuffers(AeadProvider p) throws Exception {
    Aead aead = available(p);
    byte[] sealed = concat(CIPHERTEXT, TAG);
    for (int i : new int[] {0, CIPHERTEXT.length / 2, CIPHERTEXT.length + 3}) {
      byte[] t = sealed.clone();
      t[i] ^= 0x01;
      byte[] out = new byte[PLAINTEXT.length];
      Arrays.fill(out, (byte) 0x33);
      assertThrows(AEADBadTagException.class, () -> aead.openInto(KEY, NONCE, AAD, t, out), "tampered byte " + i);
      assertArrayEquals(new byte[PLAINTEXT.length], out, p.id() + ": plaintext bytes zeroed after a bad tag");
    }
    assertThrows(AEADBadTagException.class, () -> aead.openInto(KEY, NONCE, AAD, new byte[15], new byte[16]));
    byte[] small = new byte[PLAINTEXT.length + Aead.TAG_LEN - 1];
    javax.crypto.ShortBufferException e = assertThrows(javax.crypto.ShortBufferException.class,
        () -> aead.sealInto(KEY, NONCE, AAD, PLAINTEXT, small));
    assertTrue(e.getMessage().contains("writes " + (PLAINTEXT.length + Aead.TAG_LEN) + " bytes; the output buffer holds "
        + small.length), e.getMessage());
    assertArrayEquals(new byte[small.length], small, "nothing written");
    assertThrows(javax.crypto.ShortBufferException.class,
        () -> aead.openInto(KEY, NONCE, AAD, sealed, new byte[PLAINTEXT.length - 1]));
  }

  @Test
  void conscryptLoadsOnX8664Linux() {
    // Conscrypt ships a Linux x86_64 library: there it must load, so the benchmark's sweep is complete
    assumeTrue("amd64".equals(System.getProperty("os.arch")) && System.getProperty("os.name").startsWith("Linux"));
    assertTrue(AeadProvider.CONSCRYPT.unavailableReason().isEmpty(), () -> AeadProvider.CONSCRYPT.unavailableReason().get());
    assertEquals(AeadProvider.CONSCRYPT, AeadProvider.parse("Conscrypt").create().provider());
  }

  @Test
  void parseNamesTheAcceptedProviders() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AeadProvider.parse("openssl"));
    assertTrue(e.getMessage().contains("jdk, bc, conscrypt or libcrypto"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(AeadProvider.class)
  void badKeyOrNonceLengthIsRefused(AeadProvider p) {
    assumeAvailable(p);
    assertThrows(java.security.InvalidKeyException.class, () -> p.create().seal(new byte[31], NONCE, AAD, PLAINTEXT));
    assertThrows(java.security.InvalidKeyException.class, () -> p.create().seal(KEY, new byte[12], AAD, PLAINTEXT));
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
