package io.dbbench.graphj;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
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
 * The bytes written are the same either way: one frame with the content size in its header.
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
  public enum Context {
    /** A new native context for every call (graphd's behaviour; the default). */
    PER_CALL("perCall"),
    /** One compression and one decompression context per instance (per thread), reused. */
    REUSED("reused");

    private final String id;

    Context(String id) {
      this.id = id;
    }

    /** The {@code @Param} spelling: {@code perCall} or {@code reused}. */
    public String id() {
      return id;
    }

    /**
     * Parses {@code perCall} or {@code reused} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static Context parse(String s) {
      for (Context c : values()) {
        if (c.id.equalsIgnoreCase(s == null ? "" : s.trim())) {
          return c;
        }
      }
      throw new IllegalArgumentException("unknown zstd context '" + s + "'; expected perCall or reused");
    }

    @Override
    public String toString() {
      return id;
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
        c.setLevel(level);
        return compressWith(c, raw);
      }
    }
    if (cctx == null) {
      cctx = new ZstdCompressCtx();
    }
    if (cctxLevel != level) {
      cctx.setLevel(level);
      cctxLevel = level;
    }
    return compressWith(cctx, raw);
  }

  /**
   * Compresses into this codec's scratch buffer (sized by {@code compressBound}, kept up to
   * {@value #SCRATCH_MAX} bytes) and returns an exact-size copy: a fresh zeroed array of the bound
   * per call (12 KB for 10 KB in) cost about 1.2 us of the 15.9 us of a per-call level-1 compress
   * (thread CPU time), and its garbage more on the GC threads. Larger inputs allocate as before.
   */
  private byte[] compressWith(ZstdCompressCtx c, byte[] raw) {
    long bound = Zstd.compressBound(raw.length);
    if (bound > SCRATCH_MAX) {
      return c.compress(raw);
    }
    if (scratch.length < bound) {
      scratch = new byte[(int) bound];
    }
    int n = c.compressByteArray(scratch, 0, scratch.length, raw, 0, raw.length);
    return Arrays.copyOf(scratch, n);
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
        // zstd decodes every frame in the body into the array; a body holding more than the first
        // frame declares (more frames, trailing bytes) fails here for lack of room and is streamed.
        byte[] out = new byte[(int) size];
        try {
          if (decompressInto(out, body) == size) {
            return out;
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
      return Math.toIntExact(decompressInto(out, body));
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

  private long decompressInto(byte[] out, byte[] body) {
    if (context == Context.PER_CALL) {
      try (ZstdDecompressCtx d = new ZstdDecompressCtx()) {
        return d.decompressByteArray(out, 0, out.length, body, 0, body.length);
      }
    }
    if (dctx == null) {
      dctx = new ZstdDecompressCtx();
    }
    return dctx.decompressByteArray(out, 0, out.length, body, 0, body.length);
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
