package io.dbbench.graphj;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * graphd's journal entry framing (graphd {@code src/journal}, "Binary format"):
 * {@code [CRC32C u32][payload_len u32][sequence u64][prev_hash 32 bytes][payload]}, little-endian,
 * the CRC32C covering every byte after itself; the payload is a protobuf {@code JournalEntry}.
 * The chain: {@code hash_n = SHA-256(prev_hash_n || payload_n)}, and entry n+1 stores
 * {@code hash_n} as its prev_hash.
 */
public final class EntryCodec {
  /** Bytes before the payload: CRC32C, payload_len, sequence, prev_hash. */
  public static final int FRAME_HEADER = 48;
  /** Length of a chain hash. */
  public static final int HASH_LEN = 32;

  private EntryCodec() {}

  /** A framed entry located in a buffer, verified for CRC, bounds and chain. */
  public record RawEntry(long offset, long sequence, byte[] prevHash, int payloadOffset, int payloadLength) {}

  /**
   * The verified entries of a body and the chain hash after the last one.
   *
   * @param entries entries in order
   * @param lastHash SHA-256(prev_hash || payload) of the last entry, or the all-zero hash if none
   * @param tornTail bytes after the last complete entry that were ignored (0 unless a torn tail
   *     was tolerated)
   */
  public record Parsed(List<RawEntry> entries, byte[] lastHash, int tornTail) {}

  /** A new SHA-256 digest (always present on a JDK). */
  public static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from this JDK", e);
    }
  }

  /**
   * The protobuf payload of one entry.
   *
   * @throws IllegalArgumentException on a parameter type GraphValue cannot carry
   */
  public static byte[] payload(long sequence, String query, Map<String, ?> params, long timestampMs) {
    return io.dbbench.graphj.proto.JournalEntry.newBuilder()
        .setSequence(sequence)
        .setQuery(query)
        .addAllParams(GraphValues.entries(params == null ? Map.of() : params))
        .setTimestampMs(timestampMs)
        .build()
        .toByteArray();
  }

  /** The framed bytes of one entry (48-byte frame header + payload), CRC32C computed. */
  public static byte[] frame(long sequence, byte[] prevHash, byte[] payload) {
    byte[] out = new byte[FRAME_HEADER + payload.length];
    frameInto(out, 0, sequence, prevHash, payload, new CRC32C());
    return out;
  }

  /**
   * Writes one framed entry into {@code dst} at {@code off}; returns the bytes written.
   *
   * @param crc a reusable CRC32C (reset here)
   */
  public static int frameInto(byte[] dst, int off, long sequence, byte[] prevHash, byte[] payload, CRC32C crc) {
    if (prevHash.length != HASH_LEN) {
      throw new IllegalArgumentException("prev_hash must be 32 bytes, got " + prevHash.length);
    }
    ByteBuffer b = ByteBuffer.wrap(dst, off, FRAME_HEADER + payload.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0).putInt(payload.length).putLong(sequence).put(prevHash).put(payload);
    crc.reset();
    crc.update(dst, off + 4, FRAME_HEADER - 4 + payload.length);
    b.putInt(off, (int) crc.getValue());
    return FRAME_HEADER + payload.length;
  }

  /** {@code SHA-256(prevHash || payload)}: the prev_hash of the next entry. */
  public static byte[] chainHash(MessageDigest sha, byte[] prevHash, byte[] payload, int off, int len) {
    sha.reset();
    sha.update(prevHash);
    sha.update(payload, off, len);
    return sha.digest();
  }

  /**
   * Locates and verifies the entries of a body of back-to-back frames: bounds, payload_len,
   * CRC32C, increasing sequences and the hash chain between consecutive entries (the first
   * entry's prev_hash is taken as given: it continues an earlier segment).
   *
   * @param source file or label for error messages
   * @param baseOffset offset of {@code buf[off]} within the source, for error messages
   * @throws GraphjException TRUNCATED_ENTRY, PAYLOAD_LENGTH, CRC_MISMATCH, BAD_SEQUENCE, CHAIN_BROKEN
   */
  public static Parsed parse(byte[] buf, int off, int len, String source, long baseOffset) throws GraphjException {
    return parse(buf, off, len, source, baseOffset, false);
  }

  /**
   * As {@link #parse(byte[], int, int, String, long)}; with {@code tolerateTornTail}, fewer than
   * {@value #FRAME_HEADER} bytes after the last complete entry (what a crash mid-append leaves)
   * are ignored and counted in {@link Parsed#tornTail()}, as graphd's reader ignores them. A
   * longer incomplete entry is an error either way (graphd also refuses it).
   */
  public static Parsed parse(byte[] buf, int off, int len, String source, long baseOffset, boolean tolerateTornTail)
      throws GraphjException {
    List<RawEntry> out = new ArrayList<>();
    MessageDigest sha = sha256();
    CRC32C crc = new CRC32C();
    ByteBuffer b = ByteBuffer.wrap(buf).order(ByteOrder.LITTLE_ENDIAN);
    int end = off + len;
    int p = off;
    byte[] expectedPrev = null;
    byte[] lastHash = new byte[HASH_LEN];
    long lastSeq = 0;
    boolean first = true;
    while (p < end) {
      long at = baseOffset + (p - off);
      if (end - p < FRAME_HEADER) {
        if (tolerateTornTail) {
          return new Parsed(out, lastHash, end - p);
        }
        throw new GraphjException(GraphjException.Kind.TRUNCATED_ENTRY, source, at, -1,
            "entry frame needs " + FRAME_HEADER + " bytes, " + (end - p) + " left (a torn tail from a crash"
                + " mid-append? graphd ignores it; use --tolerate-torn-tail to do the same)");
      }
      int storedCrc = b.getInt(p);
      long payloadLen = Integer.toUnsignedLong(b.getInt(p + 4));
      long seq = b.getLong(p + 8);
      if (payloadLen > end - p - FRAME_HEADER) {
        throw new GraphjException(GraphjException.Kind.PAYLOAD_LENGTH, source, at, seq,
            "payload_len " + payloadLen + " but only " + (end - p - FRAME_HEADER) + " bytes remain");
      }
      int plen = (int) payloadLen;
      crc.reset();
      crc.update(buf, p + 4, FRAME_HEADER - 4 + plen);
      if ((int) crc.getValue() != storedCrc) {
        throw new GraphjException(GraphjException.Kind.CRC_MISMATCH, source, at, seq,
            String.format("stored 0x%08x, computed 0x%08x", storedCrc, (int) crc.getValue()));
      }
      byte[] prev = Arrays.copyOfRange(buf, p + 16, p + FRAME_HEADER);
      // Sequences are unsigned 64-bit (graphd's u64): compared unsigned, so 2^63 and above order correctly.
      if (!first && Long.compareUnsigned(seq, lastSeq) <= 0) {
        throw new GraphjException(GraphjException.Kind.BAD_SEQUENCE, source, at, seq,
            "sequence does not increase (previous " + Long.toUnsignedString(lastSeq) + ")");
      }
      if (expectedPrev != null && !MessageDigest.isEqual(expectedPrev, prev)) {
        throw new GraphjException(GraphjException.Kind.CHAIN_BROKEN, source, at, seq,
            "prev_hash is not SHA-256 of the previous entry");
      }
      lastHash = chainHash(sha, prev, buf, p + FRAME_HEADER, plen);
      expectedPrev = lastHash;
      out.add(new RawEntry(at, seq, prev, p + FRAME_HEADER, plen));
      lastSeq = seq;
      first = false;
      p += FRAME_HEADER + plen;
    }
    return new Parsed(out, lastHash, 0);
  }

  /**
   * Decodes a verified entry's protobuf payload.
   *
   * @throws GraphjException BAD_PAYLOAD when it does not parse, BAD_SEQUENCE when the payload's
   *     sequence disagrees with the frame's
   */
  public static JournalEntry decode(byte[] buf, RawEntry e, String source) throws GraphjException {
    io.dbbench.graphj.proto.JournalEntry pe;
    try {
      pe = io.dbbench.graphj.proto.JournalEntry.parseFrom(
          CodedInputStream.newInstance(buf, e.payloadOffset(), e.payloadLength()));
    } catch (InvalidProtocolBufferException ex) {
      throw new GraphjException(GraphjException.Kind.BAD_PAYLOAD, source, e.offset(), e.sequence(),
          "payload is not a JournalEntry protobuf: " + ex.getMessage(), ex);
    } catch (IOException ex) {
      throw new GraphjException(GraphjException.Kind.BAD_PAYLOAD, source, e.offset(), e.sequence(), ex.getMessage(), ex);
    }
    if (pe.getSequence() != e.sequence()) {
      throw new GraphjException(GraphjException.Kind.BAD_SEQUENCE, source, e.offset(), e.sequence(),
          "payload says sequence " + Long.toUnsignedString(pe.getSequence()));
    }
    return new JournalEntry(pe.getSequence(), pe.getQuery(), GraphValues.decodeEntries(pe.getParamsList()),
        pe.getTimestampMs(), e.prevHash());
  }
}
