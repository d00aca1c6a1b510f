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
 * graphd's {@code data_sizes} criterion group over 10 to 10,000 queries of the chosen corpus:
 * graphd's two operations, {@code compress} (zstd level 3 through graphd's call,
 * {@code zstd::encode_all}'s stream of unknown size: {@link GraphjCodec#compress}) and
 * {@code encrypt} (XChaCha20-Poly1305 with the default provider, a cipher keyed per call, AAD = the
 * first 40 header bytes), which compare one to one with graphd's {@code data_sizes/compress/N} and
 * {@code data_sizes/encrypt/N}; and {@code dataSizes}, the whole seal pipeline (compress, encrypt,
 * SHA-256 of the body), which graphd does not time on its own. Throughput in ops/s; {@code bytes}
 * is input bytes/s; {@code inputBytes / outputBytes} is the
 * ratio.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjDataSizesBenchmark extends BenchmarkDefaults {
  /** Number of queries (text lines or journal entries). */
  @Param({"10", "100", "1000", "10000"})
  public int queries;

  /** {@code entries} or {@code text}. */
  @Param({"entries", "text"})
  public String corpus;

  private byte[] raw;
  private final byte[] nonce = new byte[Aead.NONCE_LEN];
  private byte[] aad;
  private GraphjCodec.SealOptions opts;
  private Aead aead;
  private long counter;
  private String lastOp;
  private Object last;
  private byte[] key;

  /** Generates the input, key and AAD outside measurement. */
  @Setup(Level.Trial)
  public void setup() {
    raw = GraphjCorpus.generate(GraphjCorpus.Kind.parse(corpus), queries, GraphjCorpus.SEED);
    key = new byte[Aead.KEY_LEN];
    new SplittableRandom(GraphjCorpus.SEED).nextBytes(key);
    opts = new GraphjCodec.SealOptions(true, 3, key);
    aead = AeadProvider.DEFAULT.create();
    // graphd's data_sizes/encrypt header: sealed, encrypted, uncompressed, first 1, last = count = N.
    aad = new GraphjHeader(GraphjHeader.FLAG_SEALED | GraphjHeader.FLAG_ENCRYPTED, GraphjHeader.COMPRESSION_NONE,
        GraphjHeader.ENCRYPTION_XCHACHA20POLY1305, 0, 1, queries, queries, raw.length, new byte[32], new byte[24], 0).aad();
  }

  private byte[] nextNonce() {
    ByteBuffer.wrap(nonce).order(ByteOrder.LITTLE_ENDIAN).putLong(0, ++counter);
    return nonce;
  }

  /** graphd's {@code data_sizes/compress}: one zstd level-3 frame of {@code queries} items. */
  @Benchmark
  public byte[] compress(Counters.Bytes b, Counters.Sizes s) {
    byte[] out = GraphjCodec.compress(raw, 3);
    b.bytes += raw.length;
    s.inputBytes += raw.length;
    s.outputBytes += out.length;
    lastOp = "compress";
    last = out;
    return out;
  }

  /** graphd's {@code data_sizes/encrypt}: XChaCha20-Poly1305 of {@code queries} items (fresh nonce per call). */
  @Benchmark
  public byte[] encrypt(Counters.Bytes b) throws GeneralSecurityException {
    byte[] out = aead.seal(key, nextNonce(), aad, raw);
    b.bytes += raw.length;
    lastOp = "encrypt";
    last = out;
    return out;
  }

  /** The whole seal of {@code queries} items: compress, encrypt, checksum. */
  @Benchmark
  public GraphjCodec.SealedFile dataSizes(Counters.Bytes b, Counters.Sizes s) throws GeneralSecurityException {
    GraphjCodec.SealedFile f = GraphjCodec.seal(raw, 1, queries, queries, opts, aead, nextNonce(), 0);
    b.bytes += raw.length;
    s.inputBytes += raw.length;
    s.outputBytes += f.body().length;
    lastOp = "dataSizes";
    last = f;
    return f;
  }

  /** The last output opens back to the input (checked with the other AEAD provider). */
  @TearDown(Level.Trial)
  public void verify() throws GraphjException, GeneralSecurityException {
    if (last == null) {
      return;
    }
    Aead other = (aead.provider() == AeadProvider.JDK ? AeadProvider.BC : AeadProvider.JDK).create();
    byte[] back = switch (lastOp) {
      case "compress" -> GraphjCodec.decompress((byte[]) last, "verify");
      case "encrypt" -> other.open(key, nonce, aad, (byte[]) last);
      default -> {
        GraphjCodec.SealedFile f = (GraphjCodec.SealedFile) last;
        yield GraphjCodec.openBody(f.header(), f.body(), key, other, "verify");
      }
    };
    if (!Arrays.equals(back, raw)) {
      throw new IllegalStateException(lastOp + " output does not open back to the input");
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjDataSizesBenchmark.class, args);
  }
}
