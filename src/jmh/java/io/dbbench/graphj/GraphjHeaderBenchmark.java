package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * graphd's {@code header_encode}/{@code header_decode} criterion group: the 128-byte GraphJ
 * header, a sealed, compressed, encrypted one. Throughput in ops/s; {@code bytes} is bytes/s.
 *
 * <p>{@code headerDecode} is the row to set beside graphd's: it validates every field graphd's
 * {@code read_header} ignores (NUL, version, flags, algorithm ids, reserved byte) and decodes into
 * a reused {@link GraphjHeaderView}, allocating nothing, as graphd decodes into a stack value.
 * {@code headerDecodeRecord} is the same plus a new {@link GraphjHeader} record and its two
 * arrays (three allocations, 168 B/op), what a caller that keeps the header pays.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjHeaderBenchmark extends BenchmarkDefaults {
  private GraphjHeader header;
  private byte[] encoded;
  private final byte[] buf = new byte[GraphjHeader.SIZE];
  private GraphjHeader lastDecoded;
  private final GraphjHeaderView view = new GraphjHeaderView();
  private boolean viewDecoded;
  private boolean encodedOnce;

  /** A realistic sealed header and its encoding. */
  @Setup(Level.Trial)
  public void setup() {
    byte[] sha = new byte[32];
    byte[] nonce = new byte[24];
    Arrays.fill(sha, (byte) 0x5a);
    Arrays.fill(nonce, (byte) 0x3c);
    header = new GraphjHeader(0x07, 1, 1, 3, 1, 10_000, 10_000, 2_345_678, sha, nonce, GraphjCorpus.BASE_TIME_MS);
    encoded = header.encode();
  }

  /** Encodes the header into a reused 128-byte buffer. */
  @Benchmark
  public byte[] headerEncode(Counters.Bytes b) {
    header.encodeTo(buf, 0);
    encodedOnce = true;
    b.bytes += GraphjHeader.SIZE;
    return buf;
  }

  /** Validates the header and decodes it into a reused view (no allocation). */
  @Benchmark
  public GraphjHeaderView headerDecode(Counters.Bytes b) throws GraphjException {
    b.bytes += GraphjHeader.SIZE;
    viewDecoded = true;
    return view.decode(encoded, 0, encoded.length, "bench");
  }

  /** Validates the header and decodes it into a new record. */
  @Benchmark
  public GraphjHeader headerDecodeRecord(Counters.Bytes b) throws GraphjException {
    b.bytes += GraphjHeader.SIZE;
    return lastDecoded = GraphjHeader.decode(encoded, 0, encoded.length, "bench");
  }

  /** The work was real: what was encoded decodes back to the header. */
  @TearDown(Level.Trial)
  public void verify() throws GraphjException {
    if (encodedOnce && !GraphjHeader.decode(buf, 0, buf.length, "verify").equals(header)) {
      throw new IllegalStateException("encoded header does not decode back to itself");
    }
    if (viewDecoded && !view.toHeader().equals(header)) {
      throw new IllegalStateException("header decoded into the view differs: " + view.toHeader());
    }
    if (lastDecoded != null && !lastDecoded.equals(header)) {
      throw new IllegalStateException("decoded header differs: " + lastDecoded);
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjHeaderBenchmark.class, args);
  }
}
