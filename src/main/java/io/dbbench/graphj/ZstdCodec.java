package io.dbbench.graphj;

import com.github.luben.zstd.BufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import io.dbbench.core.Spelling;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * zstd for GraphJ bodies, in one of three forms ({@link Context}):
 * <ul>
 *   <li>{@code perCall} is graphd's call, {@code zstd::encode_all(data, level)} and
 *       {@code zstd::decode_all(body)} of the Rust {@code zstd} crate at the version graphd's
 *       Cargo.lock pins (zstd 0.13.3, zstd-safe 7.2.4, zstd-sys 2.0.16+zstd.1.5.7; graphd
 *       7628b1d, {@code benches/graphj_bench.rs}, {@code src/journal/mod.rs} {@code seal_segment},
 *       {@code src/graphj/mod.rs} {@code compact} and {@code decode_body}). The crate's
 *       {@code encode_all} ({@code src/stream/functions.rs}) makes a fresh {@code CCtx}, sets only
 *       the level, streams the input through {@code ZSTD_compressStream} (that is
 *       {@code ZSTD_compressStream2} with {@code ZSTD_e_continue}) into a 32 KiB staging buffer, ends
 *       the frame with {@code ZSTD_endStream} ({@code ZSTD_e_end}), appends the staged bytes to a
 *       fresh {@code Vec} and frees the context; zstd is never told the size, so it uses the level's
 *       parameters for an input of unknown size (a 2 MiB window and full-size tables at level 3)
 *       and writes no content size. Here: zstd-jni's {@link ZstdOutputStreamNoFinalizer}, which
 *       makes the same calls on the same libzstd (a fresh {@code ZSTD_createCStream}, the level,
 *       {@code ZSTD_compressStream2} with {@code ZSTD_e_continue}, then {@code ZSTD_e_end},
 *       {@code ZSTD_freeCStream}), writing into a fresh array that grows as the {@code Vec} does.
 *       {@link ZstdCompressCtx#compressByteBufferStream} would also stream, but for heap arrays
 *       it copies both arrays in and out through JNI's {@code GetByteArrayElements}, work graphd
 *       does not do; the output stream pins them instead. Decompression streams as
 *       {@code decode_all} does (below). The frames are graphd's byte for byte at every level
 *       ({@code ZstdCodecTest} checks them against frames written by the crate itself).</li>
 *   <li>{@code oneShot}: a fresh {@link ZstdCompressCtx} per call, compressing in one call with
 *       the size known ({@code ZSTD_compress2}) into a scratch buffer this object keeps, with
 *       graphd's parameters ({@link #setLevel}); the frame declares its content size. zstd fits
 *       window and tables to the input, so this is less work than graphd's call for a 12 KB body:
 *       dbbench's own variant, not graphd's. Decompression: a fresh context, one call into an
 *       array of the declared size.</li>
 *   <li>{@code reused}: {@code oneShot} with one {@link ZstdCompressCtx} and one
 *       {@link ZstdDecompressCtx} kept for the life of this object, which saves the context set-up
 *       and table initialisation of every call (zstd's own advice for small inputs,
 *       {@code zstd.h}: "reuse context ... for better speed").</li>
 * </ul>
 *
 * <p>Every form decodes every frame: with or without a declared content size, one or more frames.
 * Decompression is bounded ({@link GraphjCodec#rawBodyLimit()}): a frame that declares more than
 * the limit is refused before anything is allocated, and a frame without a declared size is
 * streamed and stopped as soon as its output passes the limit.
 *
 * <p>Not thread-safe (the contexts, a scratch output buffer and zstd-jni's staging buffers are per
 * instance): one instance per thread; {@link #close()} frees the native contexts. A
 * {@code perCall} or {@code oneShot} instance holds no native memory between calls, only its
 * scratch buffer (at most {@value #SCRATCH_MAX} bytes) and the streams' staging buffers (about
 * 128 KiB each).
 */
public final class ZstdCodec implements AutoCloseable {
  /** How zstd is called: graphd's streaming call, or a one-shot call with a fresh or a reused context. */
  public enum Context implements Spelling.LowerCamel {
    /**
     * graphd's call (the default): {@code zstd::encode_all}/{@code decode_all}, a stream of unknown
     * size through a fresh context, into a fresh growing array.
     */
    PER_CALL,
    /**
     * A known-size one-shot call through a fresh context, into a reused scratch buffer (dbbench's
     * variant; the frame declares its size).
     */
    ONE_SHOT,
    /** {@code oneShot} through one compression and one decompression context per instance (per thread). */
    REUSED;

    /**
     * Parses {@code perCall}, {@code oneShot} or {@code reused} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static Context parse(String s) {
      return Spelling.parse(Context.class, Context::id, "zstd context", s);
    }

    @Override
    public String toString() {
      return id();
    }
  }

  /** Largest scratch buffer kept between calls, in bytes (1 MiB). */
  static final int SCRATCH_MAX = 1 << 20;

  /**
   * First capacity of {@code perCall}'s decompressed array, in bytes: Rust's {@code read_to_end}
   * probes an empty {@code Vec} with a 32-byte read, then doubles its capacity from there (measured
   * with rustc 1.95: reads of 32, 32, 64, ..., 8192 bytes for a 12 KB body).
   */
  static final int DECODE_ALL_FIRST = 32;

  private final Context context;
  private final Staging staging = new Staging();
  private byte[] scratch = new byte[0];
  private ZstdCompressCtx cctx;
  private ZstdDecompressCtx dctx;
  private int cctxLevel = Integer.MIN_VALUE;

  private ZstdCodec(Context context) {
    this.context = context;
  }

  /** A codec with the given form. */
  public static ZstdCodec create(Context context) {
    return new ZstdCodec(context);
  }

  /** This codec's form. */
  public Context context() {
    return context;
  }

  /**
   * One zstd frame of {@code raw} at {@code level}: for {@code perCall} graphd's frame (no content
   * size in its header), for {@code oneShot} and {@code reused} a frame that declares its size.
   *
   * @throws ZstdException when zstd reports an error (e.g. a level it rejects)
   * @throws IllegalStateException when the codec is closed
   */
  public byte[] compress(byte[] raw, int level) {
    switch (context) {
      case PER_CALL:
        return encodeAll(raw, level);
      case ONE_SHOT:
        try (ZstdCompressCtx c = new ZstdCompressCtx()) {
          setLevel(c, level);
          return compressWith(c, raw);
        }
      default:
        break;
    }
    if (cctx == null) {
      cctx = new ZstdCompressCtx();
    }
    if (cctxLevel != level) {
      setLevel(cctx, level);
      cctxLevel = level;
    }
    return compressWith(cctx, raw);
  }

  /**
   * graphd's {@code zstd::encode_all(raw, level)}: a fresh stream at {@code level} with no pledged
   * size, the whole input in one write (Rust's {@code io::copy} hands a slice to the encoder in one
   * {@code write_all}; measured with rustc 1.95), then the end of the frame, into a fresh array that
   * grows as the crate's {@code Vec} does ({@link GrowingArray}). The stream's staging buffer
   * ({@code ZSTD_CStreamOutSize()}, about 128 KiB; the crate's is 32 KiB) is this codec's, handed
   * back on every call ({@link Staging}), as glibc hands the crate's freed 32 KiB back to its next
   * {@code malloc}: a fresh Java array would be zeroed, work graphd does not do.
   */
  private byte[] encodeAll(byte[] raw, int level) {
    GrowingArray out = new GrowingArray(0);
    try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out, staging, level)) {
      z.write(raw, 0, raw.length);
    } catch (ZstdIOException e) {
      throw new ZstdException(e.getErrorCode(), e.getMessage());
    } catch (IOException e) {
      throw new ZstdException(Zstd.errGeneric(), e.toString());
    }
    return out.toArray();
  }

  /**
   * zstd's compression parameters of levels 1 to 22 for an input of unknown size, row {@code L - 1}
   * for level {@code L}: windowLog, chainLog, hashLog, searchLog, minMatch, targetLength, strategy
   * ({@code ZSTD_fast} = 1 ... {@code ZSTD_btultra2} = 9). Source: zstd's
   * {@code lib/compress/clevels.h}, the table for inputs above 256 KB or of unknown size (unchanged
   * from zstd 1.4 to 1.5.7); {@code ZstdCodecTest} checks every row against what the installed zstd
   * CLI prints with {@code --show-default-cparams} for input on stdin.
   */
  static final int[][] UNKNOWN_SIZE_PARAMS = {
    {19, 13, 14, 1, 7, 0, 1}, {20, 15, 16, 1, 6, 0, 1}, {21, 16, 17, 1, 5, 0, 2}, {21, 18, 18, 1, 5, 0, 2},
    {21, 18, 19, 3, 5, 2, 3}, {21, 18, 19, 3, 5, 4, 4}, {21, 19, 20, 4, 5, 8, 4}, {21, 19, 20, 4, 5, 16, 5},
    {22, 20, 21, 4, 5, 16, 5}, {22, 21, 22, 5, 5, 16, 5}, {22, 21, 22, 6, 5, 16, 5}, {22, 22, 23, 6, 5, 32, 5},
    {22, 22, 22, 4, 5, 32, 6}, {22, 22, 23, 5, 5, 32, 6}, {22, 23, 23, 6, 5, 32, 6}, {22, 22, 22, 5, 5, 48, 7},
    {23, 23, 22, 5, 4, 64, 7}, {23, 23, 22, 6, 3, 64, 8}, {23, 24, 22, 7, 3, 256, 9}, {25, 25, 23, 7, 3, 256, 9},
    {26, 26, 24, 7, 3, 512, 9}, {27, 27, 25, 9, 3, 999, 9},
  };

  /**
   * Sets {@code level} for the one-shot forms with graphd's parameters: for levels 1 to 22 the
   * level's parameters for an input of unknown size ({@link #UNKNOWN_SIZE_PARAMS}), the ones
   * graphd's {@code zstd::encode_all} gets, because it streams its input without declaring the
   * size. Because the one-shot call knows the size, zstd then fits them to it (window, hash and
   * chain tables no larger than the input needs), which graphd's call does not: at levels 1 to 4
   * the frame's blocks are graphd's byte for byte all the same (from level 5 zstd chooses its match
   * finder by the window before fitting it, so they may differ), but the work is not graphd's.
   * Left to itself, zstd would pick its table for inputs up to 16 KB instead (at level 1 a hash
   * table twice the size and a shorter minimum match): other output. Other levels (0 = zstd's
   * default, negative) are zstd's own. {@code perCall} needs none of this: it streams as graphd does.
   */
  static void setLevel(ZstdCompressCtx c, int level) {
    c.setLevel(level);
    if (level >= 1 && level <= UNKNOWN_SIZE_PARAMS.length) {
      int[] p = UNKNOWN_SIZE_PARAMS[level - 1];
      c.setWindowLog(p[0]).setChainLog(p[1]).setHashLog(p[2]).setSearchLog(p[3]).setMinMatch(p[4])
          .setTargetLength(p[5]).setStrategy(p[6]);
    }
  }

  /**
   * Compresses in one call ({@code oneShot}, {@code reused}) into this codec's scratch buffer and
   * returns an exact-size copy. The scratch is sized by {@code compressBound} and kept up to
   * {@value #SCRATCH_MAX} bytes: a fresh zeroed array of the bound per call (12 KB for 10 KB in)
   * cost about 1.2 us of the 15.9 us of a fresh-context one-shot level-1 compress (thread CPU
   * time), and its garbage more on the GC threads. An input whose bound
   * is larger is first compressed into a scratch of {@value #SCRATCH_MAX} bytes, which holds the
   * frame of any input that compresses to at most that: zstd-jni's {@code compress(byte[])} would
   * allocate and zero the whole bound instead (1.2 MB for graphd's 10,000-query
   * {@code data_sizes} body, which compresses to about 100 KB), and that zeroing was most of the
   * gap to graphd in a CPU profile. Only a frame that does not fit (zstd's {@code dstSize_tooSmall},
   * raised as soon as the output passes the scratch) is compressed again into an array of the bound.
   * The frame's bytes are the same either way (zstd compresses block by block whatever room it is
   * given; {@code ZstdCodecTest} checks this).
   */
  private byte[] compressWith(ZstdCompressCtx c, byte[] raw) {
    long bound = Zstd.compressBound(raw.length);
    int room = (int) Math.min(bound, SCRATCH_MAX);
    if (scratch.length < room) {
      scratch = new byte[room];
    }
    try {
      int n = c.compressByteArray(scratch, 0, room, raw, 0, raw.length);
      return Arrays.copyOf(scratch, n);
    } catch (ZstdException e) {
      if (bound <= SCRATCH_MAX || e.getErrorCode() != Zstd.errDstSizeTooSmall()) {
        throw e;
      }
    }
    return c.compress(raw);
  }

  /**
   * Decompresses a body of one or more zstd frames within {@link GraphjCodec#rawBodyLimit()}, which
   * is asked of the heap only when needed: output of at most {@code min(rawBodyCap(), 1 MiB)} bytes
   * is within the limit whatever the heap holds, so the three {@code Runtime} memory calls (7% of a
   * reused-context decompress of 12 KB) are skipped until a frame declares more or a stream's
   * output passes that. Otherwise as {@link #decompress(byte[], String, long)}.
   *
   * @throws GraphjException LIMIT_EXCEEDED when the declared or produced size passes the limit;
   *     DECOMPRESSION_FAILED when zstd reports an error
   */
  public byte[] decompress(byte[] body, String source) throws GraphjException {
    return decompress(body, source, -1L);
  }

  /**
   * Decompresses a body of one or more zstd frames, at most {@code limit} bytes of output.
   * {@code perCall} decodes as graphd's {@code zstd::decode_all} does, whatever the frame declares:
   * a fresh decompression stream ({@code ZSTD_createDStream}, {@code ZSTD_initDStream}), the body
   * read through a staging buffer of {@code ZSTD_DStreamInSize()} bytes (the crate's
   * {@code BufReader}), {@code ZSTD_decompressStream} into a fresh array that starts at
   * {@value #DECODE_ALL_FIRST} bytes and doubles, as {@code read_to_end} grows the crate's empty
   * {@code Vec}; a Java array cannot carry spare capacity, so the result is then cut to size with
   * one copy the {@code Vec} does not need. {@code oneShot} and {@code reused} decode a single frame
   * with a declared content size straight into an array of that size (after checking the size
   * against {@code limit}) and stream anything else. A stream checks its running total against
   * {@code limit} after every chunk.
   *
   * @param source file or label for error messages
   * @param limit most bytes of output allowed (see {@link GraphjCodec#rawBodyLimit()}); a negative
   *     value means {@link GraphjCodec#rawBodyLimit()}, computed only if the output may pass
   *     {@code min(rawBodyCap(), 1 MiB)}
   * @throws GraphjException LIMIT_EXCEEDED when the declared or produced size passes
   *     {@code limit}; DECOMPRESSION_FAILED when zstd reports an error
   */
  public byte[] decompress(byte[] body, String source, long limit) throws GraphjException {
    try {
      long size = Zstd.getFrameContentSize(body, 0, body.length);
      if (limit < 0 && size > GraphjCodec.rawBodyFloor()) {
        limit = GraphjCodec.rawBodyLimit();
      }
      if (limit >= 0 && size > limit) {
        throw tooBig(source, limit, "the zstd frame declares a content size of " + size + " bytes");
      }
      if (context == Context.PER_CALL) {
        return stream(body, source, limit, DECODE_ALL_FIRST);
      }
      if (size >= 0) {
        // zstd decodes every frame in the body into the first size bytes; a body holding more than
        // the first frame declares (more frames, trailing bytes) fails here for lack of room and is
        // streamed. Up to SCRATCH_MAX the frame is decoded into the reused scratch buffer and copied
        // out: an exact-size copy is not zeroed first. Profiled (async-profiler, fresh context,
        // 12 KB), zeroing a fresh array was 12.7% of the time and this copy is 10.6%: both write
        // memory the JVM has just handed out; the decoder itself now writes to a buffer already in
        // cache.
        boolean viaScratch = size <= SCRATCH_MAX;
        if (viaScratch && scratch.length < size) {
          scratch = new byte[(int) size];
        }
        byte[] out = viaScratch ? scratch : new byte[(int) size];
        try {
          if (decompressInto(out, (int) size, body) == size) {
            return viaScratch ? Arrays.copyOf(scratch, (int) size) : out;
          }
        } catch (ZstdException e) {
          // fall through to streaming, which reports zstd's own error if the body is bad
        }
      }
      return stream(body, source, limit, (int) Math.min(SCRATCH_MAX, Math.max(1 << 12, (long) body.length * 4)));
    } catch (ZstdException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e, e);
    }
  }

  /**
   * Decompresses a body of one or more zstd frames into the caller's array, from index 0: the
   * allocation-free path for a reader that decodes many bodies into one buffer (and the work
   * {@code zstd -b} times: one reused context, one reused output buffer). Frames with and without
   * a declared content size are accepted; the output is bounded by {@code out.length} bytes.
   * graphd has no such call: {@code perCall} and {@code oneShot} both decode here in one call
   * through a fresh context, {@code reused} through this codec's.
   * Bytes of {@code out} past the returned length are unspecified afterwards: zstd 1.5's decoder
   * may use a buffer's spare capacity as scratch space for literals.
   *
   * @param body the zstd frames
   * @param out receives the decompressed bytes from index 0
   * @param source file or label for error messages
   * @return the number of bytes written to {@code out}
   * @throws GraphjException LIMIT_EXCEEDED when the frame declares more than {@code out.length}
   *     bytes, or its output does not fit; DECOMPRESSION_FAILED when zstd reports an error
   */
  public int decompressInto(byte[] body, byte[] out, String source) throws GraphjException {
    long size;
    try {
      size = Zstd.getFrameContentSize(body, 0, body.length);
    } catch (RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    }
    if (size > out.length) {
      throw bufferTooSmall(source, out.length, "the zstd frame declares a content size of " + size + " bytes, more");
    }
    try {
      return Math.toIntExact(decompressInto(out, out.length, body));
    } catch (ZstdException e) {
      if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
        throw bufferTooSmall(source, out.length, "the zstd frames decode to more");
      }
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e, e);
    }
  }

  /** Decodes {@code body} into {@code out[0, room)}; zstd's error when it does not fit or is corrupt. */
  private long decompressInto(byte[] out, int room, byte[] body) {
    if (context != Context.REUSED) {
      try (ZstdDecompressCtx d = new ZstdDecompressCtx()) {
        return d.decompressByteArray(out, 0, room, body, 0, body.length);
      }
    }
    if (dctx == null) {
      dctx = new ZstdDecompressCtx();
    }
    return dctx.decompressByteArray(out, 0, room, body, 0, body.length);
  }

  /**
   * Streams the body's frames through a fresh decompression stream into an array of {@code first}
   * bytes that doubles when full (graphd writes frames without a declared size), never past the
   * limit: {@code limit}, or for a negative {@code limit} {@code min(rawBodyCap(), 1 MiB)} until the
   * output reaches it and {@link GraphjCodec#rawBodyLimit()} from then on.
   */
  private byte[] stream(byte[] body, String source, long limit, int first) throws GraphjException {
    boolean lazy = limit < 0;
    long bound = lazy ? GraphjCodec.rawBodyFloor() : limit;
    try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(body), staging)) {
      byte[] out = new byte[(int) Math.min(bound, first)];
      int total = 0;
      while (true) {
        if (total == out.length) {
          if (total >= bound && lazy) {
            bound = GraphjCodec.rawBodyLimit();
            lazy = false;
          }
          if (total >= bound) {
            // Room is used up: one more byte of output means the limit is passed.
            if (in.read() < 0) {
              break;
            }
            throw tooBig(source, bound, "the zstd stream expands past it");
          }
          out = Arrays.copyOf(out, (int) Math.min(bound, Math.max(2L * out.length, DECODE_ALL_FIRST)));
        }
        int n = in.read(out, total, out.length - total);
        if (n < 0) {
          break;
        }
        total += n;
      }
      return total == out.length ? out : Arrays.copyOf(out, total);
    } catch (GraphjException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    }
  }

  /**
   * The crate's output {@code Vec}: an array that grows to {@code max(2 x capacity, needed, 8)}
   * bytes when a write does not fit (Rust's amortised growth); {@link #toArray} returns it as it is
   * when full, which is the case for a frame written in one piece, else a copy cut to size.
   */
  static final class GrowingArray extends OutputStream {
    private byte[] buf;
    private int count;

    GrowingArray(int capacity) {
      buf = new byte[capacity];
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      int needed = Math.addExact(count, len);
      if (needed > buf.length) {
        buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(Math.max(2L * buf.length, needed), 8)));
      }
      System.arraycopy(b, off, buf, count, len);
      count = needed;
    }

    /** The bytes written: the array itself when it is full, else a copy of its first bytes. */
    byte[] toArray() {
      return count == buf.length ? buf : Arrays.copyOf(buf, count);
    }
  }

  /**
   * The staging buffers zstd-jni's streams ask for ({@code ZSTD_CStreamOutSize()} bytes for
   * compression, {@code ZSTD_DStreamInSize()} for decompression), kept by this codec and handed
   * back on the next call: the Rust crate's staging buffers are {@code malloc}'d, not zeroed, and
   * glibc serves them from the memory the previous call freed. One of each size is kept.
   */
  private static final class Staging implements BufferPool {
    private final ByteBuffer[] free = new ByteBuffer[2];

    @Override
    public ByteBuffer get(int capacity) {
      for (int i = 0; i < free.length; i++) {
        if (free[i] != null && free[i].capacity() == capacity) {
          ByteBuffer b = free[i];
          free[i] = null;
          return b.clear();
        }
      }
      return ByteBuffer.wrap(new byte[capacity]);
    }

    @Override
    public void release(ByteBuffer buffer) {
      for (int i = 0; i < free.length; i++) {
        if (free[i] == null) {
          free[i] = buffer;
          return;
        }
      }
    }
  }

  private static GraphjException bufferTooSmall(String source, int capacity, String what) {
    return new GraphjException(GraphjException.Kind.LIMIT_EXCEEDED, source, GraphjHeader.SIZE, -1,
        what + " than the output buffer's " + capacity + " bytes; pass a larger buffer, or use decompress");
  }

  private static GraphjException tooBig(String source, long limit, String what) {
    return new GraphjException(GraphjException.Kind.LIMIT_EXCEEDED, source, GraphjHeader.SIZE, -1,
        what + "; the limit for this body is " + limit + " bytes (" + GraphjCodec.LIMIT_HELP + ")");
  }

  /** Frees the reused native contexts (none for {@code perCall} and {@code oneShot}); a later call makes new ones. */
  @Override
  public void close() {
    if (cctx != null) {
      cctx.close();
      cctx = null;
    }
    if (dctx != null) {
      dctx.close();
      dctx = null;
    }
  }
}
