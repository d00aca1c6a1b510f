package io.dbbench.graphj;

import com.github.luben.zstd.Zstd;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * The sealed-body pipeline of GraphJ (graphd {@code src/graphj}, "Processing Order"): encoding is
 * compress (one zstd frame of the raw entries, at the header's level) then encrypt
 * (XChaCha20-Poly1305, the header's 24-byte nonce, AAD = the first 40 bytes of the final header,
 * 16-byte tag appended and counted in body_len); the header's SHA-256 is of the stored body.
 * Decoding verifies the checksum, then decrypts, then decompresses.
 */
public final class GraphjCodec {
  /**
   * Hard cap on a decompressed body, in bytes: the largest Java byte array. No setting raises it.
   */
  public static final long MAX_RAW_BODY = Integer.MAX_VALUE - 64;
  /** Default configurable cap on a decompressed body: 1 GiB. */
  public static final long DEFAULT_RAW_BODY_CAP = 1L << 30;
  /**
   * The share of the heap's free room a decompressed body may take: one part for the body, the
   * others for what decoding holds beside it (the growing stream buffer's copy, the parsed entries).
   */
  public static final int HEAP_SHARE_DIVISOR = 3;
  /** System property overriding {@link #DEFAULT_RAW_BODY_CAP} (bytes; takes precedence over the variable). */
  public static final String RAW_BODY_CAP_PROPERTY = "dbbench.graphj.maxRawBody";
  /** Environment variable overriding {@link #DEFAULT_RAW_BODY_CAP} (bytes). */
  public static final String RAW_BODY_CAP_ENV = "DBBENCH_GRAPHJ_MAX_RAW_BODY";
  /** How to raise the limit, for error messages. */
  static final String LIMIT_HELP = "min(cap, a third of the heap's free room); give the JVM more heap with -Xmx,"
      + " raise the cap with -D" + RAW_BODY_CAP_PROPERTY + "=BYTES or " + RAW_BODY_CAP_ENV + ", at most " + MAX_RAW_BODY;

  /**
   * A codec per thread making graphd's call ({@code perCall}): no native memory kept, only its
   * scratch and staging buffers.
   */
  private static final ThreadLocal<ZstdCodec> PER_CALL =
      ThreadLocal.withInitial(() -> ZstdCodec.create(ZstdCodec.Context.PER_CALL));

  private GraphjCodec() {}

  /**
   * How to seal: compression on/off and its zstd level (graphd's default is 3), and an optional
   * 32-byte key (null: no encryption).
   */
  public record SealOptions(boolean compress, int zstdLevel, byte[] key) {
    /** Validates the level range (1..22 as zstd accepts; negative "fast" levels too). */
    public SealOptions {
      if (compress && (zstdLevel < Zstd.minCompressionLevel() || zstdLevel > Zstd.maxCompressionLevel())) {
        throw new IllegalArgumentException("zstd level " + zstdLevel + " out of range "
            + Zstd.minCompressionLevel() + ".." + Zstd.maxCompressionLevel());
      }
      if (key != null && key.length != Aead.KEY_LEN) {
        throw new IllegalArgumentException("encryption key must be 32 bytes (64 hex digits), got " + key.length + " bytes");
      }
    }

    /** A raw sealed archive: no compression, no encryption. */
    public static SealOptions raw() {
      return new SealOptions(false, 0, null);
    }
  }

  /** A sealed file: its header and stored body. */
  public record SealedFile(GraphjHeader header, byte[] body) {
    /** Header followed by body: the file's bytes. */
    public byte[] toBytes() {
      byte[] out = new byte[GraphjHeader.SIZE + body.length];
      header.encodeTo(out, 0);
      System.arraycopy(body, 0, out, GraphjHeader.SIZE, body.length);
      return out;
    }
  }

  /**
   * One zstd frame of {@code raw} at {@code level} as graphd writes it ({@code zstd::encode_all}: a
   * stream of unknown size through a context made for this call, no content size in the frame
   * header; see {@link ZstdCodec} for the one-shot and reused forms).
   *
   * @throws com.github.luben.zstd.ZstdException when zstd reports an error
   */
  public static byte[] compress(byte[] raw, int level) {
    return PER_CALL.get().compress(raw, level);
  }

  /**
   * The configured cap on a decompressed body: {@value #RAW_BODY_CAP_PROPERTY} (system property),
   * else {@value #RAW_BODY_CAP_ENV}, else {@link #DEFAULT_RAW_BODY_CAP}; never above
   * {@link #MAX_RAW_BODY}.
   *
   * @throws IllegalArgumentException when the setting is not a positive whole number of bytes
   */
  public static long rawBodyCap() {
    String v = System.getProperty(RAW_BODY_CAP_PROPERTY);
    boolean fromProperty = v != null;
    if (v == null) {
      // the environment cannot change inside a JVM: read once (System.getenv cost 0.3 us and 400 B
      // of garbage on every decompression, 7% of a reused-context decompress of 12 KB)
      v = CapFromEnvironment.VALUE;
    }
    if (v == null || v.isBlank()) {
      return DEFAULT_RAW_BODY_CAP;
    }
    String from = fromProperty ? "-D" + RAW_BODY_CAP_PROPERTY : RAW_BODY_CAP_ENV;
    long cap;
    try {
      cap = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(from + "='" + v + "' is not a number of bytes", e);
    }
    if (cap <= 0) {
      throw new IllegalArgumentException(from + "=" + cap + " must be a positive number of bytes");
    }
    return Math.min(cap, MAX_RAW_BODY);
  }

  /** {@value #RAW_BODY_CAP_ENV} as the JVM started with it (or null), read on first use. */
  private static final class CapFromEnvironment {
    static final String VALUE = System.getenv(RAW_BODY_CAP_ENV);
  }

  /** The floor of {@link #rawBodyLimit()} whatever the heap: {@code min(rawBodyCap(), 1 MiB)}, in bytes. */
  static long rawBodyFloor() {
    return Math.min(rawBodyCap(), RAW_BODY_FLOOR);
  }

  /** Least limit {@link #rawBodyLimit()} returns below the cap, however full the heap (1 MiB). */
  static final long RAW_BODY_FLOOR = 1L << 20;

  /**
   * Most bytes a compressed body may decompress to in this JVM now: {@code min(rawBodyCap(),
   * heapRoom() / 3)}. A body's true size is stored nowhere else in the file (graphd's frames carry
   * none, and a frame's declared size can lie), so the bound is what this heap can hold: every
   * archive {@code write} and {@code compact} produce decodes as long as the heap holds it three
   * times over, whatever its compression ratio, and a file that claims more is refused before
   * anything that large is allocated.
   */
  public static long rawBodyLimit() {
    return Math.min(rawBodyCap(), Math.max(RAW_BODY_FLOOR, heapRoom() / HEAP_SHARE_DIVISOR));
  }

  /** Bytes the heap can still grow into: its maximum less what is in use now (garbage counted as used). */
  static long heapRoom() {
    Runtime rt = Runtime.getRuntime();
    return Math.max(0, rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()));
  }

  /**
   * Decompresses a zstd body within {@link #rawBodyLimit()} as graphd does ({@code zstd::decode_all}:
   * streamed through a context made for this call, whether or not the frame declares its size).
   *
   * @throws GraphjException LIMIT_EXCEEDED past the limit (nothing that large is allocated),
   *     DECOMPRESSION_FAILED with zstd's error
   */
  public static byte[] decompress(byte[] body, String source) throws GraphjException {
    return PER_CALL.get().decompress(body, source);
  }

  /**
   * Seals raw entries into an archive: compress (if asked), then encrypt (if a key is given),
   * then checksum, as graphd's compaction does.
   *
   * @param rawEntries back-to-back framed entries
   * @param firstSeq first sequence (0 when there are no entries)
   * @param lastSeq last sequence (0 when there are no entries)
   * @param entryCount number of entries
   * @param opts compression and key
   * @param aead the AEAD to use when {@code opts.key()} is set (may be null otherwise)
   * @param nonce 24 fresh random bytes when encrypting (ignored otherwise)
   * @param createdMs creation time, epoch ms
   * @throws GeneralSecurityException when the AEAD rejects the key or nonce
   */
  public static SealedFile seal(byte[] rawEntries, long firstSeq, long lastSeq, long entryCount,
      SealOptions opts, Aead aead, byte[] nonce, long createdMs) throws GeneralSecurityException {
    int flags = GraphjHeader.FLAG_SEALED;
    byte[] body = rawEntries;
    int compression = GraphjHeader.COMPRESSION_NONE;
    if (opts.compress()) {
      body = compress(body, opts.zstdLevel());
      flags |= GraphjHeader.FLAG_COMPRESSED;
      compression = GraphjHeader.COMPRESSION_ZSTD;
    }
    int encryption = GraphjHeader.ENCRYPTION_NONE;
    byte[] n = new byte[Aead.NONCE_LEN];
    if (opts.key() != null) {
      if (nonce == null || nonce.length != Aead.NONCE_LEN) {
        throw new IllegalArgumentException("a 24-byte nonce is required to encrypt");
      }
      n = nonce.clone();
      flags |= GraphjHeader.FLAG_ENCRYPTED;
      encryption = GraphjHeader.ENCRYPTION_XCHACHA20POLY1305;
      GraphjHeader aadHeader = new GraphjHeader(flags, compression, encryption,
          opts.compress() ? opts.zstdLevel() : 0, firstSeq, lastSeq, entryCount, 0, new byte[32], n, createdMs);
      body = aead.seal(opts.key(), n, aadHeader.aad(), body);
    }
    byte[] sha = EntryCodec.sha256().digest(body);
    GraphjHeader h = new GraphjHeader(flags, compression, encryption, opts.compress() ? opts.zstdLevel() : 0,
        firstSeq, lastSeq, entryCount, body.length, sha, n, createdMs);
    return new SealedFile(h, body);
  }

  /**
   * Verifies and decodes a sealed body back to raw entries: checksum, then decrypt, then
   * decompress.
   *
   * @param key 32-byte key, required when the header says encrypted
   * @throws GraphjException BODY_CHECKSUM_MISMATCH, MISSING_KEY, BAD_KEY, AUTHENTICATION_FAILED,
   *     DECOMPRESSION_FAILED
   */
  public static byte[] openBody(GraphjHeader h, byte[] body, byte[] key, Aead aead, String source)
      throws GraphjException {
    byte[] sha = EntryCodec.sha256().digest(body);
    if (!MessageDigest.isEqual(sha, h.bodySha256())) {
      throw new GraphjException(GraphjException.Kind.BODY_CHECKSUM_MISMATCH, source, GraphjHeader.SIZE, -1,
          "SHA-256 of the stored body does not match the header");
    }
    byte[] data = body;
    if (h.encrypted()) {
      if (key == null) {
        throw new GraphjException(GraphjException.Kind.MISSING_KEY, source, -1, -1,
            "the body is encrypted; give the 32-byte key (--key-hex)");
      }
      if (key.length != Aead.KEY_LEN) {
        throw new GraphjException(GraphjException.Kind.BAD_KEY, source, -1, -1,
            "key must be 32 bytes, got " + key.length);
      }
      try {
        data = aead.open(key, h.nonce(), h.aad(), data);
      } catch (GeneralSecurityException e) {
        throw new GraphjException(GraphjException.Kind.AUTHENTICATION_FAILED, source, GraphjHeader.SIZE, -1,
            "Poly1305 tag did not verify (wrong key, or header AAD, body or tag altered)", e);
      }
    }
    if (h.compressed()) {
      data = decompress(data, source);
    }
    return data;
  }
}
