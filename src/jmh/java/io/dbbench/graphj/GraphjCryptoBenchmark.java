package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * graphd's {@code encryption} and {@code compress_encrypt} criterion groups on about 10 KB, with
 * the XChaCha20-Poly1305 implementation as {@code @Param provider}: {@code jdk} (the JDK's
 * ChaCha20-Poly1305 behind a BouncyCastle HChaCha20 subkey), {@code bc} (BouncyCastle's
 * XChaCha20Poly1305) and {@code conscrypt} (BoringSSL's ChaCha20-Poly1305 through Conscrypt, behind
 * the same subkey; its set-up fails with the reason where Conscrypt's native library does not load,
 * and the main job leaves it out there, recording why) and {@code libcrypto} (the system's OpenSSL
 * through the FFM API, behind the same subkey; JDK 22+, left out the same way where it cannot run).
 * {@code encryptInto}/{@code decryptInto} write into one buffer kept for the trial, the loop
 * {@code openssl speed -aead} times. Throughput in ops/s; {@code bytes} is plaintext bytes/s.
 *
 * <p>Every {@code encrypt} uses a fresh nonce (a counter in the nonce's first 8 bytes): the JDK
 * cipher refuses a repeated key and nonce, and so should any real writer.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjCryptoBenchmark extends BenchmarkDefaults {
  /** {@code jdk}, {@code bc}, {@code conscrypt} or {@code libcrypto}. */
  @Param({"jdk", "bc", "conscrypt", "libcrypto"})
  public String provider;

  private Aead aead;
  private final byte[] key = new byte[Aead.KEY_LEN];
  private final byte[] nonce = new byte[Aead.NONCE_LEN];
  private final byte[] aad = new byte[GraphjHeader.AAD_LEN];
  private byte[] sealedNonce;
  private byte[] sealedRaw;
  private byte[] sealedFile;
  private GraphjHeader sealedHeader;
  private long counter;
  private byte[] lastOut;
  private String lastOp;
  private GraphjCodec.SealOptions encOpts;
  private byte[] intoBuffer;
  private int lastLength;

  /** Key, AAD, and the sealed inputs of the decode paths, made outside measurement. */
  @Setup(Level.Trial)
  public void setup(CorpusState c) throws GeneralSecurityException {
    AeadProvider p = AeadProvider.parse(provider);
    p.unavailableReason().ifPresent(why -> {
      throw new IllegalStateException("provider=" + provider + " cannot run here: " + why);
    });
    aead = p.create();
    SplittableRandom r = new SplittableRandom(GraphjCorpus.SEED);
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) r.nextInt(256);
    }
    for (int i = 0; i < nonce.length; i++) {
      nonce[i] = (byte) r.nextInt(256);
    }
    System.arraycopy(GraphjHeader.unsealed(1, 0).encode(), 0, aad, 0, aad.length);
    sealedNonce = nonce.clone();
    sealedRaw = aead.seal(key, sealedNonce, aad, c.raw);
    intoBuffer = new byte[c.raw.length + Aead.TAG_LEN];
    encOpts = new GraphjCodec.SealOptions(true, 3, key);
    GraphjCodec.SealedFile f = GraphjCodec.seal(c.raw, 1, 1, 1, encOpts, aead, nextNonce().clone(), 0);
    sealedHeader = f.header();
    sealedFile = f.body();
  }

  private byte[] nextNonce() {
    ByteBuffer.wrap(nonce).order(ByteOrder.LITTLE_ENDIAN).putLong(0, ++counter);
    return nonce;
  }

  /** XChaCha20-Poly1305 seal of the corpus (ciphertext + tag). */
  @Benchmark
  public byte[] encrypt(CorpusState c, Counters.Bytes b) throws GeneralSecurityException {
    b.bytes += c.raw.length;
    lastOp = "encrypt";
    return lastOut = aead.seal(key, nextNonce(), aad, c.raw);
  }

  /** Tag verification and decryption of the sealed corpus. */
  @Benchmark
  public byte[] decrypt(CorpusState c, Counters.Bytes b) throws GeneralSecurityException {
    b.bytes += c.raw.length;
    lastOp = "decrypt";
    return lastOut = aead.open(key, sealedNonce, aad, sealedRaw);
  }

  /**
   * {@link #encrypt} into one buffer kept for the trial ({@link Aead#sealInto}): no output
   * allocated per call, the loop {@code openssl speed -aead} times. Returns the bytes written.
   */
  @Benchmark
  public int encryptInto(CorpusState c, Counters.Bytes b) throws GeneralSecurityException {
    b.bytes += c.raw.length;
    lastOp = "encryptInto";
    return lastLength = aead.sealInto(key, nextNonce(), aad, c.raw, intoBuffer);
  }

  /** {@link #decrypt} into one buffer kept for the trial ({@link Aead#openInto}). Returns the plaintext bytes. */
  @Benchmark
  public int decryptInto(CorpusState c, Counters.Bytes b) throws GeneralSecurityException {
    b.bytes += c.raw.length;
    lastOp = "decryptInto";
    return lastLength = aead.openInto(key, sealedNonce, aad, sealedRaw, intoBuffer);
  }

  /** The full seal pipeline: zstd level 3, encrypt (AAD = final header), SHA-256 of the body. */
  @Benchmark
  public GraphjCodec.SealedFile compressEncrypt(CorpusState c, Counters.Bytes b) throws GeneralSecurityException {
    b.bytes += c.raw.length;
    lastOp = "compressEncrypt";
    GraphjCodec.SealedFile f = GraphjCodec.seal(c.raw, 1, 1, 1, encOpts, aead, nextNonce(), 0);
    lastOut = f.body();
    return f;
  }

  /** The full decode pipeline: checksum, decrypt, decompress. */
  @Benchmark
  public byte[] decryptDecompress(CorpusState c, Counters.Bytes b) throws GraphjException {
    b.bytes += c.raw.length;
    lastOp = "decryptDecompress";
    return lastOut = GraphjCodec.openBody(sealedHeader, sealedFile, key, aead, "bench");
  }

  /** Outputs are checked with another provider (jdk, or bc for jdk), outside measurement. */
  @TearDown(Level.Trial)
  public void verify(CorpusState c) throws GeneralSecurityException, GraphjException {
    if ("encryptInto".equals(lastOp) || "decryptInto".equals(lastOp)) {
      byte[] written = Arrays.copyOf(intoBuffer, lastLength);
      byte[] check = "encryptInto".equals(lastOp)
          ? (aead.provider() == AeadProvider.JDK ? AeadProvider.BC : AeadProvider.JDK).create().open(key, nonce, aad, written)
          : written;
      if (!Arrays.equals(check, c.raw)) {
        throw new IllegalStateException(lastOp + " with " + provider + " did not round-trip the corpus");
      }
      return;
    }
    if (lastOut == null) {
      return;
    }
    Aead other = (aead.provider() == AeadProvider.JDK ? AeadProvider.BC : AeadProvider.JDK).create();
    byte[] check = switch (lastOp) {
      case "encrypt" -> other.open(key, nonce, aad, lastOut);
      case "compressEncrypt" -> {
        GraphjHeader h = new GraphjHeader(0x07, 1, 1, 3, 1, 1, 1, lastOut.length,
            EntryCodec.sha256().digest(lastOut), nonce.clone(), 0);
        yield GraphjCodec.openBody(h, lastOut, key, other, "verify");
      }
      default -> lastOut;
    };
    if (!Arrays.equals(check, c.raw)) {
      throw new IllegalStateException(lastOp + " with " + provider + " did not round-trip the corpus");
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjCryptoBenchmark.class, args);
  }
}
