package io.dbbench.graphj;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
      return entries(source, null, bytes, 0, bytes.length, 0, tolerateTornTail);
    }
    GraphjHeader h = GraphjHeader.decode(bytes, 0, bytes.length, source);
    long stored = bytes.length - (long) GraphjHeader.SIZE;
    if (!h.sealed()) {
      GraphjFile f = entries(source, h, bytes, GraphjHeader.SIZE, (int) stored, GraphjHeader.SIZE, tolerateTornTail);
      if (!f.entries().isEmpty() && f.entries().get(0).sequence() != h.firstSeq()) {
        throw new GraphjException(GraphjException.Kind.INCONSISTENT_HEADER, source, 16, f.entries().get(0).sequence(),
            "header first_seq " + h.firstSeq() + " but the first entry is " + f.entries().get(0).sequence());
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
    if (h.bodyLen() != stored) {
      throw new GraphjException(GraphjException.Kind.TRUNCATED_BODY, source, GraphjHeader.SIZE, -1,
          "header body_len " + Long.toUnsignedString(h.bodyLen()) + " but " + stored + " bytes follow the header");
    }
    byte[] body = java.util.Arrays.copyOfRange(bytes, GraphjHeader.SIZE, GraphjHeader.SIZE + (int) stored);
    byte[] raw = GraphjCodec.openBody(h, body, key, aead, source);
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
          "header says first_seq " + h.firstSeq() + ", last_seq " + h.lastSeq() + ", entry_count " + h.entryCount()
              + "; body holds first " + first + ", last " + last + ", count " + es.size());
    }
    return f;
  }

  private static GraphjFile entries(String source, GraphjHeader h, byte[] buf, int off, int len, long base,
      boolean tolerateTornTail) throws GraphjException {
    EntryCodec.Parsed p = EntryCodec.parse(buf, off, len, source, base, tolerateTornTail);
    len -= p.tornTail();
    List<JournalEntry> out = new ArrayList<>(p.entries().size());
    for (EntryCodec.RawEntry e : p.entries()) {
      out.add(EntryCodec.decode(buf, e, source));
    }
    byte[] raw = (off == 0 && len == buf.length) ? buf : java.util.Arrays.copyOfRange(buf, off, off + len);
    return new GraphjFile(source, h, raw, List.copyOf(out), p.lastHash(), p.tornTail());
  }
}
