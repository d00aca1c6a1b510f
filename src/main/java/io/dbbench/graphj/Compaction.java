package io.dbbench.graphj;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.List;

/**
 * graphd's compaction: merges N input files (legacy {@code .wal}, live, sealed, compressed and/or
 * encrypted) into one sealed archive, optionally compressed and encrypted. Unlike graphd, every
 * input is fully verified first (CRC32C, chain, checksums, tag), so a damaged segment is
 * reported and never merged.
 */
public final class Compaction {
  private static final SecureRandom RANDOM = new SecureRandom();

  private Compaction() {}

  /**
   * Compacts {@code inputs}, in the order given, into {@code output} (written to a temporary
   * sibling, forced, then moved into place).
   *
   * @param inputKey key for encrypted inputs (may be null when none is encrypted)
   * @param opts the archive's compression and key
   * @return the archive's header
   * @throws GraphjException when an input fails verification (nothing is written)
   * @throws IOException on read/write failure
   */
  public static GraphjHeader compact(List<Path> inputs, Path output, byte[] inputKey,
      GraphjCodec.SealOptions opts, Aead aead) throws IOException {
    return compact(inputs, output, inputKey, opts, aead, false);
  }

  /**
   * As {@link #compact(List, Path, byte[], GraphjCodec.SealOptions, Aead)}; with
   * {@code tolerateTornTail}, an input's torn tail (fewer than 48 bytes after its last complete
   * entry) is dropped rather than refused. graphd copies such a tail into the archive; dbbench
   * leaves it out so the archive verifies.
   *
   * @throws GraphjException also when one input's first entry does not continue the previous
   *     input's hash chain (the archive would verify in neither graphd nor dbbench)
   */
  public static GraphjHeader compact(List<Path> inputs, Path output, byte[] inputKey,
      GraphjCodec.SealOptions opts, Aead aead, boolean tolerateTornTail) throws IOException {
    GraphjCodec.SealedFile sealed = merge(inputs, inputKey, opts, aead, tolerateTornTail);
    write(sealed, output);
    return sealed.header();
  }

  /**
   * The codec half of {@link #compact}: reads and verifies every input, concatenates their
   * entries and seals them (compress, encrypt, checksum) in memory; writes nothing.
   *
   * @throws GraphjException when an input fails verification, or the inputs' sequences or hash
   *     chains do not continue one another
   * @throws IOException when an input cannot be read
   */
  public static GraphjCodec.SealedFile merge(List<Path> inputs, byte[] inputKey, GraphjCodec.SealOptions opts,
      Aead aead, boolean tolerateTornTail) throws IOException {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    long first = 0;
    long last = 0;
    long count = 0;
    byte[] chain = null;
    Path previous = null;
    for (Path in : inputs) {
      JournalReader.GraphjFile f = JournalReader.read(Files.readAllBytes(in), in.toString(), inputKey, aead, tolerateTornTail);
      if (f.entries().isEmpty()) {
        continue;
      }
      long s0 = f.entries().get(0).sequence();
      if (count > 0 && Long.compareUnsigned(s0, last) <= 0) {
        throw new GraphjException(GraphjException.Kind.BAD_SEQUENCE, in.toString(), -1, s0,
            "input starts at sequence " + Long.toUnsignedString(s0) + " but the previous input ended at "
                + Long.toUnsignedString(last) + "; give inputs in sequence order");
      }
      if (chain != null && !java.security.MessageDigest.isEqual(chain, f.entries().get(0).prevHash())) {
        throw new GraphjException(GraphjException.Kind.CHAIN_BROKEN, in.toString(), -1, s0,
            "first entry does not continue the hash chain of " + previous);
      }
      chain = f.lastHash();
      previous = in;
      if (count == 0) {
        first = s0;
      }
      last = f.entries().get(f.entries().size() - 1).sequence();
      count += f.entries().size();
      raw.write(f.rawEntries());
    }
    return seal(raw.toByteArray(), first, last, count, opts, aead);
  }

  /**
   * The codec half of compaction for sealed inputs whose bodies are treated as opaque bytes, as
   * graphd's own {@code compaction} benchmark feeds its {@code compact} (sealed-raw segments of
   * unframed text): each input is checked at the container level only
   * ({@link JournalReader#readSealedBody}: header, body_len, SHA-256, AEAD tag, bounded zstd),
   * bodies are concatenated, and the archive's first_seq, last_seq and entry_count come from the
   * inputs' headers (first input's first_seq, last input's last_seq, the sum of entry_counts)
   * instead of a scan of entries. No entry framing, CRC32C, chain or sequence is checked.
   *
   * @throws GraphjException when an input fails a container-level check or is not sealed, or
   *     the inputs' header sequences do not increase
   * @throws IOException when an input cannot be read
   */
  public static GraphjCodec.SealedFile mergeOpaque(List<Path> inputs, byte[] inputKey, GraphjCodec.SealOptions opts,
      Aead aead) throws IOException {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    long first = 0;
    long last = 0;
    long count = 0;
    for (Path in : inputs) {
      JournalReader.SealedBody b = JournalReader.readSealedBody(Files.readAllBytes(in), in.toString(), inputKey, aead);
      GraphjHeader h = b.header();
      if (h.entryCount() == 0) {
        continue;
      }
      if (count > 0 && Long.compareUnsigned(h.firstSeq(), last) <= 0) {
        throw new GraphjException(GraphjException.Kind.BAD_SEQUENCE, in.toString(), 16, h.firstSeq(),
            "input's first_seq " + Long.toUnsignedString(h.firstSeq()) + " does not follow the previous input's last_seq "
                + Long.toUnsignedString(last) + "; give inputs in sequence order");
      }
      if (count == 0) {
        first = h.firstSeq();
      }
      last = h.lastSeq();
      count += h.entryCount();
      raw.write(b.raw());
    }
    return seal(raw.toByteArray(), first, last, count, opts, aead);
  }

  private static GraphjCodec.SealedFile seal(byte[] raw, long first, long last, long count,
      GraphjCodec.SealOptions opts, Aead aead) throws IOException {
    byte[] nonce = new byte[Aead.NONCE_LEN];
    RANDOM.nextBytes(nonce);
    try {
      return GraphjCodec.seal(raw, first, last, count, opts, aead, nonce, System.currentTimeMillis());
    } catch (GeneralSecurityException e) {
      throw new IOException("encryption failed: " + e.getMessage(), e);
    }
  }

  /**
   * The disk half of {@link #compact}: writes {@code sealed} to a temporary sibling of
   * {@code output} (created with the process umask, as graphd's {@code File::create}), forces it
   * to storage, and renames it into place atomically. The temporary file is created and written
   * through one descriptor, header and body in one gathering write (no copy of the body), so the
   * disk work is graphd's (create, write, {@code fsync}) plus the rename, which stands where
   * graphd's benchmark removes its output.
   *
   * @throws IOException on a create, write, force or rename failure (the temporary file is removed)
   */
  public static void write(GraphjCodec.SealedFile sealed, Path output) throws IOException {
    Path dir = output.toAbsolutePath().getParent();
    Path tmp = dir.resolve("." + output.getFileName() + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
    byte[] header = new byte[GraphjHeader.SIZE];
    sealed.header().encodeTo(header, 0);
    java.nio.ByteBuffer[] parts = {java.nio.ByteBuffer.wrap(header), java.nio.ByteBuffer.wrap(sealed.body())};
    boolean moved = false;
    try {
      try (var ch = java.nio.channels.FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        while (parts[1].hasRemaining()) {
          ch.write(parts);
        }
        ch.force(true);
      }
      Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      moved = true;
    } finally {
      if (!moved) {
        Files.deleteIfExists(tmp);
      }
    }
  }
}
