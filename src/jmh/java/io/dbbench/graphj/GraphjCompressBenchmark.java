package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import java.util.Arrays;
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
 * graphd's {@code compression_levels} and {@code decompression} criterion groups: zstd at levels
 * 1, 3, 6, 9, 15, 22 on about 10 KB, and decompression of the level-3 body (graphd's default
 * level). Throughput in ops/s; secondary {@code bytes} is input bytes/s, and
 * {@code inputBytes / outputBytes} is the compression ratio.
 *
 * <p>{@code @Param context} ({@link ZstdCodec}): {@code perCall} is graphd's call, a stream of
 * unknown size through a fresh context into a fresh array ({@code zstd::encode_all} /
 * {@code decode_all}: the figures to set beside graphd's); {@code oneShot} is dbbench's one-shot
 * call with the size known, through a fresh context into a reused scratch (less work than
 * graphd's: zstd fits its window and tables to the 12 KB body); {@code reused} is the one-shot call
 * through one context per thread, the advice for anyone compressing many small bodies. Each
 * context decompresses the level-3 frame it writes itself: {@code perCall} graphd's frame (no
 * content size) by streaming, the others a frame that declares its size in one call.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class GraphjCompressBenchmark extends BenchmarkDefaults {

  /** The zstd level, only for {@link #compress}. */
  @State(Scope.Benchmark)
  public static class LevelState {
    /** zstd level (graphd's criterion levels). */
    @Param({"1", "3", "6", "9", "15", "22"})
    public int level;
  }

  /** The per-thread zstd codec: graphd's streaming call, a fresh-context one-shot call, or a reused context. */
  @State(Scope.Thread)
  public static class Codec {
    /** {@code perCall} (graphd's call), {@code oneShot} or {@code reused}. */
    @Param({"perCall", "oneShot", "reused"})
    public String context;

    ZstdCodec zstd;

    /** Creates the codec (no native context yet). */
    @Setup(Level.Trial)
    public void open() {
      zstd = ZstdCodec.create(ZstdCodec.Context.parse(context));
    }

    /** Frees the reused contexts. */
    @TearDown(Level.Trial)
    public void close() {
      zstd.close();
    }
  }

  /**
   * The level-3 body for {@link #decompress}, made once outside measurement by the trial's own
   * codec: graphd's frame for {@code perCall} (as graphd's {@code decompression} group decodes
   * {@code zstd::encode_all(data, 3)}), a frame that declares its size for the others.
   */
  @State(Scope.Thread)
  public static class Compressed {
    byte[] body;
    byte[] last;

    /** Compresses the corpus at level 3 with the trial's codec. */
    @Setup(Level.Trial)
    public void setup(CorpusState c, Codec codec) {
      body = codec.zstd.compress(c.raw, 3);
    }

    /** The last decompression returned the corpus. */
    @TearDown(Level.Trial)
    public void verify(CorpusState c) {
      if (last != null && !Arrays.equals(last, c.raw)) {
        throw new IllegalStateException("decompressed body differs from the corpus");
      }
    }
  }

  /** Last outputs, checked after the trial. */
  @State(Scope.Thread)
  public static class Last {
    byte[] compressed;
    int level;

    /** The last compressed body decompresses to the corpus. */
    @TearDown(Level.Trial)
    public void verify(CorpusState c) throws GraphjException {
      if (compressed != null && !Arrays.equals(GraphjCodec.decompress(compressed, "verify"), c.raw)) {
        throw new IllegalStateException("zstd level " + level + " output does not decompress to the input");
      }
    }
  }

  /** One zstd frame of the corpus at {@code level}. */
  @Benchmark
  public byte[] compress(CorpusState c, LevelState l, Codec z, Last last, Counters.Bytes b, Counters.Sizes s) {
    byte[] out = z.zstd.compress(c.raw, l.level);
    b.bytes += c.raw.length;
    s.inputBytes += c.raw.length;
    s.outputBytes += out.length;
    last.compressed = out;
    last.level = l.level;
    return out;
  }

  /**
   * Decompresses the level-3 body within the reader's bound, checked per call as the reader does
   * (a 12 KB frame is under the bound's 1 MiB floor, so the heap is not asked).
   */
  @Benchmark
  public byte[] decompress(Compressed z, Codec codec, Counters.Bytes b) throws GraphjException {
    byte[] out = codec.zstd.decompress(z.body, "bench");
    b.bytes += out.length;
    z.last = out;
    return out;
  }

  /** A reader's output buffer, allocated once per trial and decoded into on every call. */
  @State(Scope.Thread)
  public static class Output {
    byte[] buffer;
    int length;

    /** A buffer of the corpus's size. */
    @Setup(Level.Trial)
    public void open(CorpusState c) {
      buffer = new byte[c.raw.length];
    }

    /** The last call wrote the corpus into the buffer. */
    @TearDown(Level.Trial)
    public void verify(CorpusState c) {
      if (length != 0 && !Arrays.equals(buffer, 0, length, c.raw, 0, c.raw.length)) {
        throw new IllegalStateException("decompressInto wrote " + length + " bytes that differ from the corpus");
      }
    }
  }

  /**
   * Decompresses the level-3 body into one buffer kept for the trial ({@link ZstdCodec#decompressInto}):
   * no allocation per call, the work {@code zstd -b3} times (one context, one output buffer), so
   * with {@code context=reused} its time beside {@code zstd -b3}'s is the codec's own distance from
   * the native tool; {@link #decompress}'s difference from it is the fresh 12 KB output array
   * (allocation, zeroing, and writes to cache lines not yet cached). graphd has no such call:
   * {@code perCall} and {@code oneShot} decode here in one call through a fresh context, of the frame
   * each writes. Returns the bytes written.
   */
  @Benchmark
  public int decompressInto(Compressed z, Codec codec, Output o, Counters.Bytes b) throws GraphjException {
    int n = codec.zstd.decompressInto(z.body, o.buffer, "bench");
    b.bytes += n;
    o.length = n;
    return n;
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjCompressBenchmark.class, args);
  }
}
