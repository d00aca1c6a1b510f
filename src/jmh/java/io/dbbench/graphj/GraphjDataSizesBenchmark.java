package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
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
 * graphd's {@code data_sizes} criterion group: the seal pipeline (zstd level 3, XChaCha20-Poly1305
 * with the default provider, SHA-256) over 10 to 10,000 queries of the chosen corpus. Throughput
 * in ops/s; {@code bytes} is input bytes/s; {@code inputBytes / outputBytes} is the ratio.
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
  private GraphjCodec.SealOptions opts;
  private Aead aead;
  private long counter;
  private GraphjCodec.SealedFile last;
  private byte[] key;

  /** Generates the input and key outside measurement. */
  @Setup(Level.Trial)
  public void setup() {
    raw = GraphjCorpus.generate(GraphjCorpus.Kind.parse(corpus), queries, GraphjCorpus.SEED);
    key = new byte[Aead.KEY_LEN];
    new java.util.SplittableRandom(GraphjCorpus.SEED).nextBytes(key);
    opts = new GraphjCodec.SealOptions(true, 3, key);
    aead = AeadProvider.DEFAULT.create();
  }

  /** Seals {@code queries} items: compress, encrypt, checksum. */
  @Benchmark
  public GraphjCodec.SealedFile dataSizes(Counters.Bytes b, Counters.Sizes s) throws GeneralSecurityException {
    ByteBuffer.wrap(nonce).order(ByteOrder.LITTLE_ENDIAN).putLong(0, ++counter);
    GraphjCodec.SealedFile f = GraphjCodec.seal(raw, 1, queries, queries, opts, aead, nonce, 0);
    b.bytes += raw.length;
    s.inputBytes += raw.length;
    s.outputBytes += f.body().length;
    return last = f;
  }

  /** The last archive opens back to the input. */
  @TearDown(Level.Trial)
  public void verify() throws GraphjException {
    if (last != null && !java.util.Arrays.equals(
        GraphjCodec.openBody(last.header(), last.body(), key, AeadProvider.BC.create(), "verify"), raw)) {
      throw new IllegalStateException("sealed body does not open back to the input");
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjDataSizesBenchmark.class, args);
  }
}
