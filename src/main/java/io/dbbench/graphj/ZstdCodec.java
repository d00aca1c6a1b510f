package io.dbbench.graphj;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import io.dbbench.core.Spelling;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * zstd for GraphJ bodies, with the zstd context handled one of two ways ({@link Context}):
 * {@code perCall} creates and frees a native context for every call, as graphd does
 * ({@code zstd::encode_all}/{@code decode_all}) and as zstd-jni's static {@code Zstd.compress}
 * does; {@code reused} keeps one {@link ZstdCompressCtx} and one {@link ZstdDecompressCtx} for the
 * life of this object, which saves the context set-up and table initialisation of every call
 * (zstd's own advice for small inputs, {@code zstd.h}: "reuse context ... for better speed").
 * The bytes written are the same either way: one frame with the content size in its header,
 * compressed with graphd's parameters ({@link #setLevel}), so that its blocks are graphd's.
 *
 * <p>Decompression is bounded ({@link GraphjCodec#rawBodyLimit()}): a frame that declares more than
 * the limit is refused before anything is allocated, and a frame without a declared size is
 * streamed and stopped as soon as its output passes the limit.
 *
 * <p>Not thread-safe (the contexts and a scratch output buffer are per instance): one instance per
 * thread; {@link #close()} frees the native contexts. A {@code perCall} instance holds no native
 * memory between calls, only its scratch buffer (at most {@value #SCRATCH_MAX} bytes).
 */
public final class ZstdCodec implements AutoCloseable {
  /** How zstd contexts are handled. */
  public enum Context implements Spelling.LowerCamel {
    /** A new native context for every call (graphd's behaviour; the default). */
    PER_CALL,
    /** One compression and one decompression context per instance (per thread), reused. */
    REUSED;

    /**
     * Parses {@code perCall} or {@code reused} (case-insensitive).
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

  private final Context context;
  private byte[] scratch = new byte[0];
  private ZstdCompressCtx cctx;
  private ZstdDecompressCtx dctx;
  private int cctxLevel = Integer.MIN_VALUE;

  private ZstdCodec(Context context) {
    this.context = context;
  }

  /** A codec with the given context handling. */
  public static ZstdCodec create(Context context) {
    return new ZstdCodec(context);
  }

  /**
   * One zstd frame of {@code raw} at {@code level}, content size in the frame header.
   *
   * @throws ZstdException when zstd reports an error (e.g. a level it rejects)
   * @throws IllegalStateException when the codec is closed
   */
  public byte[] compress(byte[] raw, int level) {
    if (context == Context.PER_CALL) {
      try (ZstdCompressCtx c = new ZstdCompressCtx()) {
        setLevel(c, level);
        return compressWith(c, raw);
      }
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
   * Sets {@code level} with graphd's parameters: for levels 1 to 22 the level's parameters for an
   * input of unknown size ({@link #UNKNOWN_SIZE_PARAMS}), the ones graphd's {@code zstd::encode_all}
   * gets, because it streams its input without declaring the size. zstd then fits them to the
   * input's size as it does for any frame whose size it knows (window, hash and chain tables no
   * larger than the input needs), so a 12 KB body is compressed with graphd's hash table size and
   * minimum match: at levels 1 to 4 the frame's blocks are graphd's byte for byte (from level 5
   * zstd chooses its match finder by the window before fitting it, so they may differ). Left to
   * itself, zstd would pick its table for inputs up to 16 KB instead (at level 1 a hash table twice
   * the size and a shorter minimum match): other output, and a context per call clears twice the
   * table. Other levels (0 = zstd's default, negative) are zstd's own.
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
   * Compresses into this codec's scratch buffer and returns an exact-size copy. The scratch is
   * sized by {@code compressBound} and kept up to {@value #SCRATCH_MAX} bytes: a fresh zeroed array
   * of the bound per call (12 KB for 10 KB in) cost about 1.2 us of the 15.9 us of a per-call
   * level-1 compress (thread CPU time), and its garbage more on the GC threads. An input whose bound
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
   * is asked of the heap only when needed: a frame that declares at most
   * {@code min(rawBodyCap(), 1 MiB)} bytes is within the limit whatever the heap holds, so the three
   * {@code Runtime} memory calls (7% of a reused-context decompress of 12 KB) are skipped for it.
   * Otherwise as {@link #decompress(byte[], String, long)}.
   *
   * @throws GraphjException LIMIT_EXCEEDED when the declared or produced size passes the limit;
   *     DECOMPRESSION_FAILED when zstd reports an error
   */
  public byte[] decompress(byte[] body, String source) throws GraphjException {
    return decompress(body, source, -1L);
  }

  /**
   * Decompresses a body of one or more zstd frames, at most {@code limit} bytes of output.
   * A single frame with a declared content size is decoded straight into an array of that size
   * (after checking the size against {@code limit}); anything else is streamed, checking the
   * running total against {@code limit} after every chunk.
   *
   * @param source file or label for error messages
   * @param limit most bytes of output allowed (see {@link GraphjCodec#rawBodyLimit()}); a negative
   *     value means {@link GraphjCodec#rawBodyLimit()}, computed only if the frame needs it
   * @throws GraphjException LIMIT_EXCEEDED when the declared or produced size passes
   *     {@code limit}; DECOMPRESSION_FAILED when zstd reports an error
   */
  public byte[] decompress(byte[] body, String source, long limit) throws GraphjException {
    try {
      long size = Zstd.getFrameContentSize(body, 0, body.length);
      if (limit < 0 && !(size >= 0 && size <= GraphjCodec.rawBodyFloor())) {
        limit = GraphjCodec.rawBodyLimit();
      }
      if (limit >= 0 && size > limit) {
        throw tooBig(source, limit, "the zstd frame declares a content size of " + size + " bytes");
      }
      if (size >= 0) {
        // zstd decodes every frame in the body into the first size bytes; a body holding more than
        // the first frame declares (more frames, trailing bytes) fails here for lack of room and is
        // streamed. Up to SCRATCH_MAX the frame is decoded into the reused scratch buffer and copied
        // out: an exact-size copy is not zeroed first. Profiled (async-profiler, perCall, 12 KB),
        // zeroing a fresh array was 12.7% of the time and this copy is 10.6%: both write memory the
        // JVM has just handed out; the decoder itself now writes to a buffer already in cache.
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
      return stream(body, source, limit >= 0 ? limit : GraphjCodec.rawBodyLimit());
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
    if (context == Context.PER_CALL) {
      try (ZstdDecompressCtx d = new ZstdDecompressCtx()) {
        return d.decompressByteArray(out, 0, room, body, 0, body.length);
      }
    }
    if (dctx == null) {
      dctx = new ZstdDecompressCtx();
    }
    return dctx.decompressByteArray(out, 0, room, body, 0, body.length);
  }

  /** Streams frames without a declared size (graphd writes these), never past {@code limit}. */
  private static byte[] stream(byte[] body, String source, long limit) throws GraphjException {
    try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(body))) {
      byte[] out = new byte[(int) Math.min(limit, Math.max(1 << 12, (long) body.length * 4))];
      int total = 0;
      while (true) {
        if (total == out.length) {
          if (total >= limit) {
            // Room is used up: one more byte of output means the limit is passed.
            if (in.read() < 0) {
              break;
            }
            throw tooBig(source, limit, "the zstd stream expands past it");
          }
          out = Arrays.copyOf(out, (int) Math.min(limit, (long) out.length * 2));
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

  private static GraphjException bufferTooSmall(String source, int capacity, String what) {
    return new GraphjException(GraphjException.Kind.LIMIT_EXCEEDED, source, GraphjHeader.SIZE, -1,
        what + " than the output buffer's " + capacity + " bytes; pass a larger buffer, or use decompress");
  }

  private static GraphjException tooBig(String source, long limit, String what) {
    return new GraphjException(GraphjException.Kind.LIMIT_EXCEEDED, source, GraphjHeader.SIZE, -1,
        what + "; the limit for this body is " + limit + " bytes (" + GraphjCodec.LIMIT_HELP + ")");
  }

  /** Frees the native contexts (nothing to free for {@code perCall}); a later call makes new ones. */
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
