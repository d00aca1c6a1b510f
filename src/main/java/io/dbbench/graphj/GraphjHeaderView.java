package io.dbbench.graphj;

import java.util.Arrays;

/**
 * A reusable, allocation-free decode of the 128-byte GraphJ header: {@link #decode} validates
 * exactly as {@link GraphjHeader#decode} does, then reads every field into this object (the
 * checksum and nonce are copied into arrays the view owns), so a reader that checks many headers
 * allocates nothing per header. graphd's {@code read_header} likewise decodes into a value type
 * without touching the heap; this is the Java equivalent, and what {@code headerDecode} measures.
 *
 * <p>Not thread-safe: one view per thread. Accessors return the last decoded header's fields;
 * {@link #bodySha256()} and {@link #nonce()} return the view's own arrays, overwritten by the
 * next {@link #decode}. {@link #toHeader()} gives an independent {@link GraphjHeader}.
 */
public final class GraphjHeaderView {
  private final byte[] bodySha256 = new byte[32];
  private final byte[] nonce = new byte[24];
  private int flags;
  private int compression;
  private int encryption;
  private int zstdLevel;
  private long firstSeq;
  private long lastSeq;
  private long entryCount;
  private long bodyLen;
  private long createdMs;
  private boolean decoded;

  /**
   * Validates the header at {@code buf[off..off+128)} and reads its fields into this view.
   *
   * @param source file path or label for error messages
   * @return this view
   * @throws GraphjException as {@link GraphjHeader#decode}; the view then keeps its previous fields
   */
  public GraphjHeaderView decode(byte[] buf, int off, int len, String source) throws GraphjException {
    GraphjHeader.validate(buf, off, len, source);
    flags = buf[off + 8] & 0xff;
    compression = buf[off + 9] & 0xff;
    encryption = buf[off + 10] & 0xff;
    zstdLevel = (int) GraphjHeader.LE_INT.get(buf, off + 12);
    firstSeq = (long) GraphjHeader.LE_LONG.get(buf, off + 16);
    lastSeq = (long) GraphjHeader.LE_LONG.get(buf, off + 24);
    entryCount = (long) GraphjHeader.LE_LONG.get(buf, off + 32);
    bodyLen = (long) GraphjHeader.LE_LONG.get(buf, off + 40);
    System.arraycopy(buf, off + 48, bodySha256, 0, 32);
    System.arraycopy(buf, off + 80, nonce, 0, 24);
    createdMs = (long) GraphjHeader.LE_LONG.get(buf, off + 104);
    decoded = true;
    return this;
  }

  /**
   * The decoded header as an independent record (copies the checksum and nonce).
   *
   * @throws IllegalStateException when nothing has been decoded yet
   */
  public GraphjHeader toHeader() {
    if (!decoded) {
      throw new IllegalStateException("no header decoded into this view yet");
    }
    return new GraphjHeader(flags, compression, encryption, zstdLevel, firstSeq, lastSeq, entryCount, bodyLen,
        Arrays.copyOf(bodySha256, 32), Arrays.copyOf(nonce, 24), createdMs);
  }

  /** Flag bits (byte 8). */
  public int flags() {
    return flags;
  }

  /** Compression id (byte 9). */
  public int compression() {
    return compression;
  }

  /** Encryption id (byte 10). */
  public int encryption() {
    return encryption;
  }

  /** zstd level (bytes 12-15). */
  public int zstdLevel() {
    return zstdLevel;
  }

  /** first_seq, an unsigned 64-bit value (compare with {@link Long#compareUnsigned}). */
  public long firstSeq() {
    return firstSeq;
  }

  /** last_seq, unsigned 64-bit. */
  public long lastSeq() {
    return lastSeq;
  }

  /** entry_count, unsigned 64-bit. */
  public long entryCount() {
    return entryCount;
  }

  /** body_len in bytes, unsigned 64-bit. */
  public long bodyLen() {
    return bodyLen;
  }

  /** The view's 32-byte checksum array (overwritten by the next decode). */
  public byte[] bodySha256() {
    return bodySha256;
  }

  /** The view's 24-byte nonce array (overwritten by the next decode). */
  public byte[] nonce() {
    return nonce;
  }

  /** created_ms, epoch milliseconds. */
  public long createdMs() {
    return createdMs;
  }
}
