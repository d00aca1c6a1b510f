package io.dbbench.graphj;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The 128-byte GraphJ header, as graphd writes it (graphd {@code src/graphj}, "Binary Format").
 * All integers little-endian:
 *
 * <pre>
 *   0-5   magic "GRAPHJ"        6 0x00        7 version 0x01
 *   8     flags (COMPRESSED 0x01, ENCRYPTED 0x02, SEALED 0x04)
 *   9     compression (0 none, 1 zstd)      10 encryption (0 none, 1 XChaCha20-Poly1305)
 *   11    reserved 0            12-15 zstd level (i32)
 *   16-23 first_seq (u64)       24-31 last_seq (u64, 0 if unsealed)
 *   32-39 entry_count (u64, 0 if unsealed)  40-47 body_len (u64)
 *   48-79 SHA-256 of the stored body (zeros if unsealed)
 *   80-103 nonce (24 bytes, zeros if unencrypted)   104-111 created_ms (i64)
 *   112-127 reserved zeros
 * </pre>
 *
 * The AEAD's associated data is the first {@value #AAD_LEN} bytes of the final header.
 *
 * @param flags flag bits
 * @param compression {@link #COMPRESSION_NONE} or {@link #COMPRESSION_ZSTD}
 * @param encryption {@link #ENCRYPTION_NONE} or {@link #ENCRYPTION_XCHACHA20POLY1305}
 * @param zstdLevel zstd level (0 when uncompressed)
 * @param firstSeq first entry sequence
 * @param lastSeq last entry sequence (0 if unsealed)
 * @param entryCount number of entries (0 if unsealed)
 * @param bodyLen stored body length in bytes, tag included (0 if unsealed)
 * @param bodySha256 32 bytes
 * @param nonce 24 bytes
 * @param createdMs creation time, epoch milliseconds
 */
public record GraphjHeader(
    int flags,
    int compression,
    int encryption,
    int zstdLevel,
    long firstSeq,
    long lastSeq,
    long entryCount,
    long bodyLen,
    byte[] bodySha256,
    byte[] nonce,
    long createdMs) {

  /** Header size in bytes. */
  public static final int SIZE = 128;
  /** Bytes of the header covered by the AEAD as associated data. */
  public static final int AAD_LEN = 40;
  /** Format version written and accepted. */
  public static final int VERSION = 1;
  /** Flag: body is zstd-compressed. */
  public static final int FLAG_COMPRESSED = 0x01;
  /** Flag: body is XChaCha20-Poly1305 encrypted. */
  public static final int FLAG_ENCRYPTED = 0x02;
  /** Flag: file is finalized; last_seq, entry_count, body_len and checksum are valid. */
  public static final int FLAG_SEALED = 0x04;
  /** Compression id: none. */
  public static final int COMPRESSION_NONE = 0;
  /** Compression id: zstd. */
  public static final int COMPRESSION_ZSTD = 1;
  /** Encryption id: none. */
  public static final int ENCRYPTION_NONE = 0;
  /** Encryption id: XChaCha20-Poly1305. */
  public static final int ENCRYPTION_XCHACHA20POLY1305 = 1;

  private static final byte[] MAGIC = "GRAPHJ".getBytes(StandardCharsets.US_ASCII);
  /** Little-endian views of a byte array (no ByteBuffer per decode). */
  static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Bytes 0-7 of every valid header, "GRAPHJ", 0x00, version 0x01, read as one little-endian long. */
  private static final long MAGIC_NUL_VERSION = 0x01_00_4A_48_50_41_52_47L;

  /** Validates array lengths; copies nothing (records are shallow). */
  public GraphjHeader {
    if (bodySha256 == null || bodySha256.length != 32) {
      throw new IllegalArgumentException("bodySha256 must be 32 bytes");
    }
    if (nonce == null || nonce.length != 24) {
      throw new IllegalArgumentException("nonce must be 24 bytes");
    }
  }

  /** The header graphd writes when it opens a live segment: unsealed, raw. */
  public static GraphjHeader unsealed(long firstSeq, long createdMs) {
    return new GraphjHeader(0, COMPRESSION_NONE, ENCRYPTION_NONE, 0, firstSeq, 0, 0, 0,
        new byte[32], new byte[24], createdMs);
  }

  /** Whether {@link #FLAG_SEALED} is set. */
  public boolean sealed() {
    return (flags & FLAG_SEALED) != 0;
  }

  /** Whether {@link #FLAG_COMPRESSED} is set. */
  public boolean compressed() {
    return (flags & FLAG_COMPRESSED) != 0;
  }

  /** Whether {@link #FLAG_ENCRYPTED} is set. */
  public boolean encrypted() {
    return (flags & FLAG_ENCRYPTED) != 0;
  }

  /** The 128 header bytes. */
  public byte[] encode() {
    byte[] out = new byte[SIZE];
    encodeTo(out, 0);
    return out;
  }

  /** Writes the 128 header bytes into {@code dst} at {@code off}. */
  public void encodeTo(byte[] dst, int off) {
    ByteBuffer b = ByteBuffer.wrap(dst, off, SIZE).order(ByteOrder.LITTLE_ENDIAN);
    b.put(MAGIC).put((byte) 0).put((byte) VERSION).put((byte) flags).put((byte) compression)
        .put((byte) encryption).put((byte) 0).putInt(zstdLevel).putLong(firstSeq).putLong(lastSeq)
        .putLong(entryCount).putLong(bodyLen).put(bodySha256).put(nonce).putLong(createdMs);
    Arrays.fill(dst, off + 112, off + SIZE, (byte) 0);
  }

  /** The associated data for the AEAD: the first {@value #AAD_LEN} bytes of this header. */
  public byte[] aad() {
    return Arrays.copyOf(encode(), AAD_LEN);
  }

  /** Whether {@code buf} starts with the 6 magic bytes (otherwise it is a legacy {@code .wal}). */
  public static boolean hasMagic(byte[] buf, int off, int len) {
    return len >= MAGIC.length && Arrays.equals(buf, off, off + MAGIC.length, MAGIC, 0, MAGIC.length);
  }

  /**
   * Decodes and validates a header.
   *
   * @param source file path or label for error messages
   * @throws GraphjException TRUNCATED_HEADER, BAD_MAGIC, UNSUPPORTED_VERSION, UNKNOWN_ALGORITHM
   *     (unknown algorithm id, algorithm without its flag or the reverse, compression or
   *     encryption on an unsealed file), INCONSISTENT_HEADER (non-zero separator or reserved bytes)
   */
  public static GraphjHeader decode(byte[] buf, int off, int len, String source) throws GraphjException {
    validate(buf, off, len, source);
    byte[] sha = Arrays.copyOfRange(buf, off + 48, off + 80);
    byte[] nonce = Arrays.copyOfRange(buf, off + 80, off + 104);
    return new GraphjHeader(buf[off + 8] & 0xff, buf[off + 9] & 0xff, buf[off + 10] & 0xff,
        (int) LE_INT.get(buf, off + 12), (long) LE_LONG.get(buf, off + 16), (long) LE_LONG.get(buf, off + 24),
        (long) LE_LONG.get(buf, off + 32), (long) LE_LONG.get(buf, off + 40), sha, nonce,
        (long) LE_LONG.get(buf, off + 104));
  }

  /**
   * Checks everything {@link #decode} checks, reading nothing else and allocating nothing when the
   * header is valid: the first 8 bytes are compared as one long and bytes 8-11 (flags, algorithms,
   * reserved) as one int against the five valid combinations; only a failing header takes the
   * byte-by-byte path that names the offending field.
   *
   * @throws GraphjException as {@link #decode}
   */
  public static void validate(byte[] buf, int off, int len, String source) throws GraphjException {
    if (len >= SIZE && off >= 0 && off <= buf.length - SIZE
        && (long) LE_LONG.get(buf, off) == MAGIC_NUL_VERSION && validAlgorithms((int) LE_INT.get(buf, off + 8))) {
      return;
    }
    explainInvalid(buf, off, len, source);
  }

  /**
   * Whether bytes 8-11 (flags, compression, encryption, reserved, little-endian) are one of the
   * valid combinations: unsealed raw (flags 0), or sealed (0x04) with compression id = the
   * COMPRESSED bit and encryption id = the ENCRYPTED bit, reserved 0.
   */
  private static boolean validAlgorithms(int w) {
    int flags = w & 0xff;
    if (flags == 0) {
      return w == 0;
    }
    if ((flags & ~0x07) != 0 || (flags & FLAG_SEALED) == 0) {
      return false;
    }
    int expected = flags | (flags & FLAG_COMPRESSED) << 8 | ((flags & FLAG_ENCRYPTED) >> 1) << 16;
    return w == expected;
  }

  /** The slow path of {@link #validate}: always throws, naming the first invalid field. */
  private static void explainInvalid(byte[] buf, int off, int len, String source) throws GraphjException {
    if (len < SIZE) {
      throw new GraphjException(GraphjException.Kind.TRUNCATED_HEADER, source, off, -1,
          "need " + SIZE + " header bytes, have " + len);
    }
    if (!hasMagic(buf, off, len)) {
      throw new GraphjException(GraphjException.Kind.BAD_MAGIC, source, off, -1,
          "expected \"GRAPHJ\", found " + HexFormatHolder.HEX.formatHex(buf, off, off + 6));
    }
    int nul = buf[off + 6] & 0xff;
    int version = buf[off + 7] & 0xff;
    int flags = buf[off + 8] & 0xff;
    int compression = buf[off + 9] & 0xff;
    int encryption = buf[off + 10] & 0xff;
    int reserved = buf[off + 11] & 0xff;
    if (version != VERSION) {
      throw new GraphjException(GraphjException.Kind.UNSUPPORTED_VERSION, source, off + 7, -1,
          "version " + version + ", this reader knows version " + VERSION);
    }
    if (nul != 0 || reserved != 0) {
      throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, off + (nul != 0 ? 6 : 11), -1,
          "separator/reserved byte must be 0");
    }
    if ((flags & ~(FLAG_COMPRESSED | FLAG_ENCRYPTED | FLAG_SEALED)) != 0) {
      throw new GraphjException(GraphjException.Kind.UNKNOWN_ALGORITHM, source, off + 8, -1,
          String.format("unknown flag bits 0x%02x", flags));
    }
    if (compression != COMPRESSION_NONE && compression != COMPRESSION_ZSTD) {
      throw new GraphjException(GraphjException.Kind.UNKNOWN_ALGORITHM, source, off + 9, -1,
          "compression id " + compression + " (known: 0 none, 1 zstd)");
    }
    if (encryption != ENCRYPTION_NONE && encryption != ENCRYPTION_XCHACHA20POLY1305) {
      throw new GraphjException(GraphjException.Kind.UNKNOWN_ALGORITHM, source, off + 10, -1,
          "encryption id " + encryption + " (known: 0 none, 1 XChaCha20-Poly1305)");
    }
    boolean fc = (flags & FLAG_COMPRESSED) != 0;
    boolean fe = (flags & FLAG_ENCRYPTED) != 0;
    if (fc != (compression == COMPRESSION_ZSTD) || fe != (encryption == ENCRYPTION_XCHACHA20POLY1305)) {
      throw new GraphjException(GraphjException.Kind.UNKNOWN_ALGORITHM, source, off + 8, -1,
          String.format("flags 0x%02x disagree with compression %d / encryption %d", flags, compression, encryption));
    }
    throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, off + 8, -1,
        "compressed or encrypted body on an unsealed file");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GraphjHeader h && Arrays.equals(encode(), h.encode());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(encode());
  }

  @Override
  public String toString() {
    return "GraphjHeader[flags=" + flags + ", compression=" + compression + ", encryption=" + encryption
        + ", zstdLevel=" + zstdLevel + ", firstSeq=" + Long.toUnsignedString(firstSeq)
        + ", lastSeq=" + Long.toUnsignedString(lastSeq) + ", entryCount=" + Long.toUnsignedString(entryCount)
        + ", bodyLen=" + Long.toUnsignedString(bodyLen) + ", createdMs=" + createdMs + "]";
  }

  /** Shared lower-case hex formatter. */
  static final class HexFormatHolder {
    static final HexFormat HEX = HexFormat.of();

    private HexFormatHolder() {}
  }
}
