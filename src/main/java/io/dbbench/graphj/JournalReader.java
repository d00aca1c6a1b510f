package io.dbbench.graphj;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads and verifies GraphJ files: live (unsealed) segments, sealed archives (raw, compressed,
 * encrypted) and legacy {@code .wal} files (no header: raw entries from offset 0). Everything
 * that can be checked is checked before anything is returned: header fields, body length and
 * SHA-256, AEAD tag, zstd frame, every entry's bounds and CRC32C, the hash chain, sequences, and
 * the sealed header's first_seq, last_seq and entry_count against the entries.
 */
public final class JournalReader {
  private JournalReader() {}

  /**
   * A verified file.
   *
   * @param source the path or label read
   * @param header the header, or {@code null} for a legacy {@code .wal}
   * @param rawEntries the decoded body: back-to-back framed entries
   * @param entries the decoded entries
   * @param lastHash chain hash after the last entry (the next entry's prev_hash)
   * @param tornTail bytes of an incomplete final entry that were ignored (only when tolerated)
   */
  public record GraphjFile(String source, GraphjHeader header, byte[] rawEntries, List<JournalEntry> entries,
      byte[] lastHash, int tornTail) {
    /** Whether this was a legacy headerless {@code .wal}. */
    public boolean legacy() {
      return header == null;
    }
  }

  /**
   * Reads and verifies every entry of a file.
   *
   * @param key 32-byte key, or null when the file is not encrypted
   * @throws GraphjException naming the file, offset or sequence, and reason, when verification fails
   * @throws IOException when the file cannot be read
   */
  public static List<JournalEntry> readAll(Path file, byte[] key) throws IOException {
    return read(file, key).entries();
  }

  /** As {@link #readAll}, returning header and raw body too; uses the default AEAD provider. */
  public static GraphjFile read(Path file, byte[] key) throws IOException {
    return read(file, key, false);
  }

  /** As {@link #read(Path, byte[])}, optionally tolerating a torn tail (see {@link #read(byte[], String, byte[], Aead, boolean)}). */
  public static GraphjFile read(Path file, byte[] key, boolean tolerateTornTail) throws IOException {
    return read(Files.readAllBytes(file), file.toString(), key, AeadProvider.DEFAULT.create(), tolerateTornTail);
  }

  /**
   * Verifies and decodes a whole file held in memory.
   *
   * @param source label for error messages (usually the path)
   * @throws GraphjException when verification fails
   */
  public static GraphjFile read(byte[] bytes, String source, byte[] key, Aead aead) throws GraphjException {
    return read(bytes, source, key, aead, false);
  }

  /**
   * As {@link #read(byte[], String, byte[], Aead)}; with {@code tolerateTornTail}, fewer than 48
   * bytes of an incomplete entry after the last complete one are ignored (and reported in
   * {@link GraphjFile#tornTail()}), as graphd's reader does with what a crash mid-append leaves
   * in a live segment, in a segment graphd later sealed, and in archives compacted from it.
   *
   * @throws GraphjException when verification fails
   */
  public static GraphjFile read(byte[] bytes, String source, byte[] key, Aead aead, boolean tolerateTornTail)
      throws GraphjException {
    if (!GraphjHeader.hasMagic(bytes, 0, bytes.length)) {
      if (damagedMagic(bytes)) {
        throw new GraphjException(GraphjException.Kind.BAD_MAGIC, source, 0, -1,
            "expected \"GRAPHJ\", found " + GraphjHeader.HexFormatHolder.HEX.formatHex(bytes, 0, 6)
                + "; the bytes after it are a GraphJ header's (NUL, version), so this is a GraphJ file with a"
                + " damaged magic, not a legacy .wal");
      }
      return entries(source, null, bytes, 0, bytes.length, 0, tolerateTornTail);
    }
    GraphjHeader h = GraphjHeader.decode(bytes, 0, bytes.length, source);
    long stored = bytes.length - (long) GraphjHeader.SIZE;
    if (!h.sealed()) {
      GraphjFile f = entries(source, h, bytes, GraphjHeader.SIZE, (int) stored, GraphjHeader.SIZE, tolerateTornTail);
      if (!f.entries().isEmpty() && f.entries().get(0).sequence() != h.firstSeq()) {
        throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, 16, f.entries().get(0).sequence(),
            "header first_seq " + Long.toUnsignedString(h.firstSeq()) + " but the first entry is "
                + Long.toUnsignedString(f.entries().get(0).sequence()));
      }
      return f;
    }
    int trailing = 0;
    boolean transformed = h.compressed() || h.encrypted();
    if (tolerateTornTail && !transformed && Long.compareUnsigned(h.bodyLen(), stored) < 0
        && stored - h.bodyLen() < EntryCodec.FRAME_HEADER) {
      // graphd's seal_file hashes only complete entries and leaves a torn tail after the body.
      trailing = (int) (stored - h.bodyLen());
      stored = h.bodyLen();
    }
    byte[] raw = openSealed(bytes, h, stored, source, key, aead);
    GraphjFile f = entries(source, h, raw, 0, raw.length, transformed ? 0 : GraphjHeader.SIZE, tolerateTornTail);
    if (trailing > 0) {
      f = new GraphjFile(f.source(), f.header(), f.rawEntries(), f.entries(), f.lastHash(), f.tornTail() + trailing);
    }
    List<JournalEntry> es = f.entries();
    long first = es.isEmpty() ? 0 : es.get(0).sequence();
    long last = es.isEmpty() ? 0 : es.get(es.size() - 1).sequence();
    // An empty archive carries whatever first/last graphd had (seal_file keeps first_seq, compact writes 0).
    boolean ok = es.isEmpty() ? h.entryCount() == 0
        : h.entryCount() == es.size() && h.lastSeq() == last && h.firstSeq() == first;
    if (!ok) {
      throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, 16, -1,
          "header says first_seq " + Long.toUnsignedString(h.firstSeq()) + ", last_seq "
              + Long.toUnsignedString(h.lastSeq()) + ", entry_count " + Long.toUnsignedString(h.entryCount())
              + "; body holds first " + Long.toUnsignedString(first) + ", last " + Long.toUnsignedString(last)
              + ", count " + es.size());
    }
    return f;
  }

  /**
   * A sealed file's header and decoded body, checked at the container level only.
   *
   * @param header the header
   * @param raw the body after checksum, decryption and decompression
   */
  public record SealedBody(GraphjHeader header, byte[] raw) {}

  /**
   * Checks a sealed file at the container level (header, body_len against the bytes present,
   * SHA-256, AEAD tag, bounded zstd) and returns its decoded body without parsing entries: the
   * body is treated as opaque bytes. This is what graphd's {@code compact} reads from a sealed
   * input; {@link Compaction} uses it for inputs it is told to treat as opaque.
   *
   * @throws GraphjException BAD_MAGIC or INCONSISTENT_HEADER when the file is not a sealed
   *     GraphJ file, and every container-level failure of {@link #read}
   */
  public static SealedBody readSealedBody(byte[] bytes, String source, byte[] key, Aead aead) throws GraphjException {
    GraphjHeader h = GraphjHeader.decode(bytes, 0, bytes.length, source);
    if (!h.sealed()) {
      throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, 8, -1,
          "an unsealed (live) file has no body_len or checksum; only sealed files can be read as opaque bodies");
    }
    return new SealedBody(h, openSealed(bytes, h, bytes.length - (long) GraphjHeader.SIZE, source, key, aead));
  }

  private static byte[] openSealed(byte[] bytes, GraphjHeader h, long stored, String source, byte[] key, Aead aead)
      throws GraphjException {
    // body_len is compared with the bytes present before anything is allocated on its word.
    if (h.bodyLen() != stored) {
      throw new GraphjException(GraphjException.Kind.TRUNCATED_BODY, source, GraphjHeader.SIZE, -1,
          "header body_len " + Long.toUnsignedString(h.bodyLen()) + " but " + stored + " bytes follow the header");
    }
    byte[] body = Arrays.copyOfRange(bytes, GraphjHeader.SIZE, GraphjHeader.SIZE + (int) stored);
    return GraphjCodec.openBody(h, body, key, aead, source);
  }

  /**
   * Whether a file without the magic still carries a GraphJ header's other fixed bytes (NUL at 6,
   * version 1 at 7) and at least 3 of the 6 magic bytes: then it is a GraphJ file whose magic was
   * damaged, and reading it as a legacy {@code .wal} would only report a meaningless payload
   * length. (A legacy file starts with a CRC32C, so this matches one by chance with probability
   * under 2^-40.)
   */
  static boolean damagedMagic(byte[] bytes) {
    if (bytes.length < GraphjHeader.SIZE || bytes[6] != 0 || bytes[7] != GraphjHeader.VERSION) {
      return false;
    }
    byte[] magic = {'G', 'R', 'A', 'P', 'H', 'J'};
    int same = 0;
    for (int i = 0; i < magic.length; i++) {
      same += bytes[i] == magic[i] ? 1 : 0;
    }
    return same >= 3;
  }

  private static GraphjFile entries(String source, GraphjHeader h, byte[] buf, int off, int len, long base,
      boolean tolerateTornTail) throws GraphjException {
    EntryCodec.Parsed p = EntryCodec.parse(buf, off, len, source, base, tolerateTornTail);
    len -= p.tornTail();
    List<JournalEntry> out = new ArrayList<>(p.entries().size());
    for (EntryCodec.RawEntry e : p.entries()) {
      out.add(EntryCodec.decode(buf, e, source));
    }
    byte[] raw = (off == 0 && len == buf.length) ? buf : Arrays.copyOfRange(buf, off, off + len);
    return new GraphjFile(source, h, raw, List.copyOf(out), p.lastHash(), p.tornTail());
  }
}
