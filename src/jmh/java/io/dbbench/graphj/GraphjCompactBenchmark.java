package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.core.FileTrees;
import io.dbbench.core.Leases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * graphd's {@code compaction} criterion group: 5 segments merged into one sealed archive, as
 * {@code raw}, {@code zstd} (level 3) or {@code zstdEncrypted}. Throughput in ops/s; {@code bytes}
 * is input bytes/s. The segments are written once per trial in a temp directory, deleted in
 * tear-down.
 *
 * <ul>
 *   <li>{@code corpus=text}: graphd's own input shape. Its benchmark writes 5 sealed-raw segments
 *       of the same 20 text lines (5 x 2,518 bytes, unframed, so graphd's entry scan counts one
 *       entry each); they are compacted with {@link Compaction#mergeOpaque} (container checks,
 *       opaque bodies), the work graphd's {@code compact} does. The row to set beside graphd's.
 *   <li>{@code corpus=entries}: 5 live segments of one chain of real framed entries (about 10 KB,
 *       31 entries), fully verified (CRC32C, chain, sequences) by {@link Compaction#merge}.
 * </ul>
 *
 * <p>{@code @Param sink}: {@code file} is the whole compaction (read, verify, seal, then write a
 * temporary file, force it to storage and rename it), as graphd's {@code compact} ends with
 * {@code sync_all}; {@code memory} stops after the seal, so it times the codec work alone and
 * {@code file - memory} is the disk's share (write, fsync, rename), which says more about the
 * disk than about the codec.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjCompactBenchmark extends BenchmarkDefaults {
  /** Archive kind. */
  @Param({"raw", "zstd", "zstdEncrypted"})
  public String variant;

  /** {@code text} (graphd's sealed-raw text segments) or {@code entries} (verified journal entries). */
  @Param({"text", "entries"})
  public String corpus;

  /** {@code file} (write, fsync, rename: the whole compaction) or {@code memory} (the codec work alone). */
  @Param({"file", "memory"})
  public String sink;

  private Path dir;
  /** Records {@link #dir} so a killed fork's directory is swept by the next run ({@link Leases}). */
  private Leases.Lease lease;
  private final List<Path> segments = new ArrayList<>();
  private Path out;
  private long inputBytes;
  private long entries;
  private boolean opaque;
  private boolean toFile;
  private GraphjCodec.SealOptions opts;
  private byte[] key;
  private Aead aead;
  private GraphjHeader last;
  private GraphjCodec.SealedFile lastSealed;

  /** Writes the 5 segments into a fresh temp directory. */
  @Setup(Level.Trial)
  public void setup() throws IOException {
    lease = Leases.take();
    dir = Files.createTempDirectory("dbbench-graphj-compact");
    lease.path(dir);
    opaque = switch (corpus) {
      case "text" -> true;
      case "entries" -> false;
      default -> throw new IllegalArgumentException("corpus '" + corpus + "'; expected text or entries");
    };
    toFile = switch (sink) {
      case "file" -> true;
      case "memory" -> false;
      default -> throw new IllegalArgumentException("sink '" + sink + "'; expected file or memory");
    };
    if (opaque) {
      writeTextSegments();
    } else {
      writeEntrySegments();
    }
    out = dir.resolve("archive.graphj");
    key = new byte[Aead.KEY_LEN];
    new SplittableRandom(GraphjCorpus.SEED).nextBytes(key);
    aead = AeadProvider.DEFAULT.create();
    opts = switch (variant) {
      case "raw" -> GraphjCodec.SealOptions.raw();
      case "zstd" -> new GraphjCodec.SealOptions(true, 3, null);
      case "zstdEncrypted" -> new GraphjCodec.SealOptions(true, 3, key);
      default -> throw new IllegalArgumentException("variant '" + variant + "'; expected raw, zstd or zstdEncrypted");
    };
  }

  /** graphd's shape: segment i is sealed-raw, 20 text lines, first_seq 20i+1, last_seq 20(i+1), entry_count 20. */
  private void writeTextSegments() throws IOException {
    byte[] text = GraphjCorpus.text(20);
    byte[] sha = EntryCodec.sha256().digest(text);
    for (int i = 0; i < 5; i++) {
      GraphjHeader h = new GraphjHeader(GraphjHeader.FLAG_SEALED, GraphjHeader.COMPRESSION_NONE,
          GraphjHeader.ENCRYPTION_NONE, 0, i * 20L + 1, (i + 1) * 20L, 20, text.length, sha, new byte[24],
          GraphjCorpus.BASE_TIME_MS);
      Path p = dir.resolve(String.format("segment-%04d.graphj", i));
      Files.write(p, new GraphjCodec.SealedFile(h, text).toBytes());
      segments.add(p);
      inputBytes += GraphjHeader.SIZE + text.length;
    }
    entries = 100;
  }

  /** 5 live segments of one continuous chain of the entries corpus. */
  private void writeEntrySegments() throws IOException {
    byte[] all = GraphjCorpus.tenKilobytes(GraphjCorpus.Kind.ENTRIES, GraphjCorpus.SEED);
    EntryCodec.Parsed frames = EntryCodec.parse(all, 0, all.length, "corpus", 0);
    entries = frames.entries().size();
    int per = (int) ((entries + 4) / 5);
    for (int s = 0; s < 5; s++) {
      int from = s * per;
      int to = (int) Math.min(entries, from + per);
      if (from >= to) {
        break;
      }
      int a = (int) frames.entries().get(from).offset();
      int b = to == entries ? all.length : (int) frames.entries().get(to).offset();
      byte[] seg = new byte[GraphjHeader.SIZE + (b - a)];
      GraphjHeader.unsealed(frames.entries().get(from).sequence(), GraphjCorpus.BASE_TIME_MS).encodeTo(seg, 0);
      System.arraycopy(all, a, seg, GraphjHeader.SIZE, b - a);
      Path p = dir.resolve(String.format("journal-%016d.graphj", frames.entries().get(from).sequence()));
      Files.write(p, seg);
      segments.add(p);
      inputBytes += seg.length;
    }
  }

  /** Compacts the 5 segments into one sealed archive (written to disk with {@code sink=file}). */
  @Benchmark
  public GraphjHeader compact(Counters.Bytes b) throws IOException {
    b.bytes += inputBytes;
    GraphjCodec.SealedFile f = opaque ? Compaction.mergeOpaque(segments, null, opts, aead)
        : Compaction.merge(segments, null, opts, aead, false);
    if (toFile) {
      Compaction.write(f, out);
    }
    lastSealed = f;
    return last = f.header();
  }

  /** The archive holds every entry (or every byte of text), checked by the reader; the temp directory is removed. */
  @TearDown(Level.Trial)
  public void verifyAndClean() throws IOException {
    try {
      if (last != null) {
        byte[] bytes = toFile ? Files.readAllBytes(out) : lastSealed.toBytes();
        if (opaque) {
          byte[] raw = JournalReader.readSealedBody(bytes, "archive", key, aead).raw();
          if (raw.length != 5 * GraphjCorpus.text(20).length || last.entryCount() != entries) {
            throw new IllegalStateException("archive body is " + raw.length + " bytes, entry_count " + last.entryCount());
          }
        } else {
          int n = JournalReader.read(bytes, "archive", key, aead).entries().size();
          if (n != entries || last.entryCount() != entries) {
            throw new IllegalStateException("archive holds " + n + " entries, expected " + entries);
          }
        }
      }
    } finally {
      FileTrees.deleteRecursively(dir);
      lease.close();
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjCompactBenchmark.class, args);
  }
}
