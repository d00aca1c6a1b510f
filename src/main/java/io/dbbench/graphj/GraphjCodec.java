package io.dbbench.graphj;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
  /** Largest raw body this reader will decompress, in bytes (a guard against zstd bombs). */
  public static final long MAX_RAW_BODY = Integer.MAX_VALUE - 64;

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
   * One zstd frame of {@code raw} at {@code level}, with the content size in the frame header.
   *
   * @throws IllegalStateException when zstd reports an error
   */
  public static byte[] compress(byte[] raw, int level) {
    return Zstd.compress(raw, level);
  }

  /**
   * Decompresses a zstd body; frames without a content size (as Rust's streaming
   * {@code zstd::encode_all} writes) are decoded by streaming.
   *
   * @throws GraphjException DECOMPRESSION_FAILED with zstd's error or when the output would
   *     exceed {@link #MAX_RAW_BODY}
   */
  public static byte[] decompress(byte[] body, String source) throws GraphjException {
    try {
      long size = Zstd.getFrameContentSize(body, 0, body.length);
      if (size > MAX_RAW_BODY) {
        throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
            "declared content size " + size + " exceeds " + MAX_RAW_BODY);
      }
      if (size >= 0) {
        byte[] out = new byte[(int) size];
        long n = Zstd.decompress(out, body);
        if (n != size || !singleFrame(body)) {
          return streamDecompress(body, source);
        }
        return out;
      }
      return streamDecompress(body, source);
    } catch (ZstdException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e, e);
    }
  }

  private static boolean singleFrame(byte[] body) {
    long frame = Zstd.findFrameCompressedSize(body);
    return frame == body.length;
  }

  private static byte[] streamDecompress(byte[] body, String source) throws GraphjException {
    try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(body))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length * 4));
      byte[] buf = new byte[1 << 16];
      long total = 0;
      int n;
      while ((n = in.read(buf)) > 0) {
        total += n;
        if (total > MAX_RAW_BODY) {
          throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
              "decompressed body exceeds " + MAX_RAW_BODY + " bytes");
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
    } catch (GraphjException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new GraphjException(GraphjException.Kind.DECOMPRESSION_FAILED, source, GraphjHeader.SIZE, -1,
          "zstd: " + e.getMessage(), e);
    }
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
