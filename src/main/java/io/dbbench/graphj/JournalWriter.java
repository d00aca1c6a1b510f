package io.dbbench.graphj;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Appends entries to a live GraphJ segment as graphd's journal writer does: a 128-byte unsealed
 * header at creation, then for each mutating query one framed entry (protobuf payload, CRC32C,
 * prev_hash chain starting from 32 zero bytes). {@link #seal()} rewrites the header with SEALED,
 * last_seq, entry_count, body_len and the body's SHA-256 (graphd's {@code seal_file}).
 *
 * <p>Not thread-safe: one writer per journal, as graphd has one journal thread. Whoever calls
 * {@link #append} does the encoding, hashing, framing and writing on its own thread: dbbench's
 * {@code journal=sync} form calls it on the query thread, its {@code journal=on} form from one writer
 * thread as graphd does ({@code io.dbbench.graph.WriterThreadJournal}).
 */
public final class JournalWriter implements Closeable {
  private final Path file;
  private final FileChannel ch;
  private final boolean fsync;
  /** The unsealed header written at creation: first_seq and created_ms; {@link #seal()} keeps both. */
  private final GraphjHeader created;
  private final MessageDigest chainSha = EntryCodec.sha256();
  private final MessageDigest bodySha = EntryCodec.sha256();
  private final CRC32C crc = new CRC32C();
  private byte[] prevHash = new byte[EntryCodec.HASH_LEN];
  private byte[] buf = new byte[4096];
  /** Entries appended; the next entry's sequence is first_seq plus this. */
  private long count;
  private long bodyLen;
  private boolean sealed;
  private boolean closed;

  /**
   * Creates {@code file} and writes {@code created} into it (forced to storage with {@code fsync}),
   * so a writer exists only with its header on file; on a failure after the file is created the
   * channel is closed.
   *
   * @throws IOException when the file exists or cannot be created or written (the message names the path)
   */
  private JournalWriter(Path file, GraphjHeader created, boolean fsync) throws IOException {
    this.file = file;
    this.created = created;
    this.fsync = fsync;
    this.ch = openNew(file);
    try {
      writeFully(ByteBuffer.wrap(created.encode()), 0);
      if (fsync) {
        ch.force(true);
      }
    } catch (IOException | RuntimeException e) {
      try {
        ch.close();
      } catch (IOException c) {
        e.addSuppressed(c);
      }
      throw e;
    }
  }

  private static FileChannel openNew(Path file) throws IOException {
    try {
      return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new IOException("cannot create journal " + file + ": " + e, e);
    }
  }

  /**
   * Creates a new live (unsealed) {@code .graphj} file: writes the 128-byte header, then appends
   * entries; the chain starts from 32 zero bytes.
   *
   * @param firstSeq sequence of the first entry (graphd starts at 1)
   * @param fsync force the file to storage after every append: dbbench's per-write durability option, not
   *     graphd's (graphd's {@code journal-writer} thread never forces per entry; it calls {@code sync_data}
   *     when its channel has been idle for {@code fsync_ms} and {@code sync_all} on a Flush,
   *     {@code src/journal/mod.rs} at 7628b1d)
   * @throws IOException when the file exists or cannot be created (the message names the path)
   */
  public static JournalWriter create(Path file, long firstSeq, boolean fsync) throws IOException {
    return create(file, firstSeq, fsync, System.currentTimeMillis());
  }

  /** As {@link #create(Path, long, boolean)} with an explicit creation time (epoch ms). */
  public static JournalWriter create(Path file, long firstSeq, boolean fsync, long createdMs) throws IOException {
    return new JournalWriter(file, GraphjHeader.unsealed(firstSeq, createdMs), fsync);
  }

  /**
   * Appends one entry and returns its sequence.
   *
   * @param params values: null, Boolean, Integer/Long, Float/Double, String, List, Map (nested)
   * @throws IOException on a write failure; the sequence and chain are then not advanced
   * @throws IllegalArgumentException on a parameter type GraphValue cannot carry
   * @throws IllegalStateException after {@link #seal()} or {@link #close()}
   */
  public long append(String query, Map<String, ?> params, long timestampMs) throws IOException {
    if (sealed || closed) {
      throw new IllegalStateException("journal " + file + " is " + (closed ? "closed" : "sealed"));
    }
    long seq = created.firstSeq() + count;
    byte[] payload = EntryCodec.payload(seq, query, params, timestampMs);
    int len = EntryCodec.FRAME_HEADER + payload.length;
    if (buf.length < len) {
      buf = new byte[Math.max(len, buf.length * 2)];
    }
    EntryCodec.frameInto(buf, 0, seq, prevHash, payload, crc);
    writeFully(ByteBuffer.wrap(buf, 0, len), GraphjHeader.SIZE + bodyLen);
    if (fsync) {
      ch.force(false);
    }
    bodySha.update(buf, 0, len);
    prevHash = EntryCodec.chainHash(chainSha, prevHash, payload, 0, payload.length);
    bodyLen += len;
    count++;
    return seq;
  }

  private void writeFully(ByteBuffer b, long pos) throws IOException {
    while (b.hasRemaining()) {
      pos += ch.write(b, pos);
    }
  }

  /**
   * Forces what has been written to storage: {@code FileChannel.force(metadata)}; graphd's idle sync
   * is {@code sync_data} ({@code metadata=false}), its Flush {@code sync_all} ({@code metadata=true}).
   *
   * @throws IOException when the force fails (the message names the path)
   * @throws IllegalStateException after {@link #close()}
   */
  public void sync(boolean metadata) throws IOException {
    if (closed) {
      throw new IllegalStateException("journal " + file + " is closed");
    }
    try {
      ch.force(metadata);
    } catch (IOException e) {
      throw new IOException("cannot sync journal " + file + ": " + e, e);
    }
  }

  /** Entries appended so far. */
  public long entryCount() {
    return count;
  }

  /** Bytes of entries written after the header. */
  public long bodyLength() {
    return bodyLen;
  }

  /** The chain hash after the last entry (the next entry's prev_hash). */
  public byte[] chainHash() {
    return prevHash.clone();
  }

  /**
   * Seals in place, as graphd's {@code seal_file}: header rewritten with SEALED, last_seq,
   * entry_count, body_len and the SHA-256 of the raw body; then forced to storage. Further
   * appends are refused.
   *
   * @return the sealed header
   */
  public GraphjHeader seal() throws IOException {
    if (closed) {
      throw new IllegalStateException("journal " + file + " is closed");
    }
    long first = created.firstSeq();
    GraphjHeader h = new GraphjHeader(GraphjHeader.FLAG_SEALED, GraphjHeader.COMPRESSION_NONE,
        GraphjHeader.ENCRYPTION_NONE, 0, first, count == 0 ? first : first + count - 1,
        count, bodyLen, bodyDigestSoFar(), new byte[24], created.createdMs());
    writeFully(ByteBuffer.wrap(h.encode()), 0);
    ch.force(true);
    sealed = true;
    return h;
  }

  /** SHA-256 of the entries written so far, leaving the running digest untouched. */
  private byte[] bodyDigestSoFar() {
    try {
      return ((MessageDigest) bodySha.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException("the JDK's SHA-256 digest is not cloneable", e);
    }
  }

  /** Closes the file (without sealing); idempotent. */
  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      ch.close();
    }
  }
}
