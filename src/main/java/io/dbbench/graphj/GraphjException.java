package io.dbbench.graphj;

import java.io.IOException;
import java.util.Locale;

/**
 * A GraphJ file (or byte range) failed verification. The message names the source (file path or
 * a label), the byte offset and/or entry sequence where known, and the reason; {@link #kind()}
 * classifies it for callers and tests.
 */
public class GraphjException extends IOException {
  private static final long serialVersionUID = 1L;

  /** What failed. */
  public enum Kind {
    /** The first 6 bytes are not {@code GRAPHJ} where a header is required. */
    BAD_MAGIC,
    /** Header version byte other than 0x01. */
    UNSUPPORTED_VERSION,
    /** Unknown compression or encryption algorithm id, or flags that contradict them. */
    UNKNOWN_ALGORITHM,
    /** Header fields that contradict each other or the body (e.g. entry_count). */
    INCONSISTENT_HEADER,
    /** Fewer than 128 header bytes. */
    TRUNCATED_HEADER,
    /** An entry's 48-byte frame header or payload is cut short. */
    TRUNCATED_ENTRY,
    /** The stored body is shorter (or longer) than the header's body_len. */
    TRUNCATED_BODY,
    /** An entry's payload_len points beyond the end of the data. */
    PAYLOAD_LENGTH,
    /** CRC32C of an entry does not match. */
    CRC_MISMATCH,
    /** An entry's prev_hash is not SHA-256(prev_hash || payload) of the entry before it. */
    CHAIN_BROKEN,
    /** Sequences do not increase, or disagree between frame and payload. */
    BAD_SEQUENCE,
    /** SHA-256 of the stored body does not match the header. */
    BODY_CHECKSUM_MISMATCH,
    /** AEAD tag verification failed: wrong key, tampered AAD, body or tag. */
    AUTHENTICATION_FAILED,
    /** The body is encrypted and no key was given. */
    MISSING_KEY,
    /** A key of the wrong length. */
    BAD_KEY,
    /** zstd reported an error. */
    DECOMPRESSION_FAILED,
    /**
     * A size exceeds what the file can back or the configured limit: a zstd frame declaring or
     * expanding past {@link GraphjCodec#rawBodyLimit()} (a share of the heap), or a length field or count larger than the
     * bytes that follow it.
     */
    LIMIT_EXCEEDED,
    /** The protobuf payload does not parse as a JournalEntry. */
    BAD_PAYLOAD
  }

  /**
   * The {@code sequence} argument meaning "no sequence": -1, which as an unsigned 64-bit
   * sequence would be 2^64-1 (never reached in practice; the only value that cannot be named).
   */
  public static final long NO_SEQUENCE = -1;

  private final Kind kind;
  private final String source;
  private final long offset;
  private final long sequence;

  /**
   * @param kind what failed
   * @param source file path or label
   * @param offset byte offset in the source, or -1
   * @param sequence entry sequence (unsigned 64-bit), or {@link #NO_SEQUENCE}
   * @param reason human detail
   */
  public GraphjException(Kind kind, String source, long offset, long sequence, String reason) {
    this(kind, source, offset, sequence, reason, null);
  }

  /** As {@link #GraphjException(Kind, String, long, long, String)}, with a cause. */
  public GraphjException(Kind kind, String source, long offset, long sequence, String reason, Throwable cause) {
    super(format(kind, source, offset, sequence, reason), cause);
    this.kind = kind;
    this.source = source;
    this.offset = offset;
    this.sequence = sequence;
  }

  private static String format(Kind kind, String source, long offset, long sequence, String reason) {
    StringBuilder sb = new StringBuilder(source == null ? "<bytes>" : source).append(": ");
    sb.append(kind.name().toLowerCase(Locale.ROOT).replace('_', ' '));
    if (offset >= 0) {
      sb.append(" at offset ").append(offset);
    }
    if (sequence != NO_SEQUENCE) {
      sb.append(offset >= 0 ? ", " : " at ").append("sequence ").append(Long.toUnsignedString(sequence));
    }
    if (reason != null && !reason.isEmpty()) {
      sb.append(": ").append(reason);
    }
    return sb.toString();
  }

  /** What failed. */
  public Kind kind() {
    return kind;
  }

  /** The file or label that failed. */
  public String source() {
    return source;
  }

  /** Byte offset of the failure in the source, or -1. */
  public long offset() {
    return offset;
  }

  /** Entry sequence of the failure (unsigned 64-bit), or {@link #NO_SEQUENCE}. */
  public long sequence() {
    return sequence;
  }
}
