package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * graphd's {@code compaction} criterion group: 5 live segments of one chain, about 10 KB in all,
 * merged into one sealed archive on disk (read, verify, seal, write to a temporary file, force,
 * rename), as {@code raw}, {@code zstd} (level 3) or {@code zstdEncrypted}. Throughput in ops/s;
 * {@code bytes} is input bytes/s. The segments are written once per trial in a temp directory,
 * deleted in tear-down.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjCompactBenchmark extends BenchmarkDefaults {
  /** Archive kind. */
  @Param({"raw", "zstd", "zstdEncrypted"})
  public String variant;

  private Path dir;
  private final List<Path> segments = new ArrayList<>();
  private Path out;
  private long inputBytes;
  private long entries;
  private GraphjCodec.SealOptions opts;
  private byte[] key;
  private Aead aead;
  private GraphjHeader last;

  /** Writes 5 live segments (one continuous chain) into a fresh temp directory. */
  @Setup(Level.Trial)
  public void setup() throws IOException {
    dir = Files.createTempDirectory("dbbench-graphj-compact");
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
    out = dir.resolve("archive.graphj");
    key = new byte[Aead.KEY_LEN];
    new java.util.SplittableRandom(GraphjCorpus.SEED).nextBytes(key);
    aead = AeadProvider.DEFAULT.create();
    opts = switch (variant) {
      case "raw" -> GraphjCodec.SealOptions.raw();
      case "zstd" -> new GraphjCodec.SealOptions(true, 3, null);
      case "zstdEncrypted" -> new GraphjCodec.SealOptions(true, 3, key);
      default -> throw new IllegalArgumentException("variant '" + variant + "'; expected raw, zstd or zstdEncrypted");
    };
  }

  /** Compacts the 5 segments into one sealed archive. */
  @Benchmark
  public GraphjHeader compact(Counters.Bytes b) throws IOException {
    b.bytes += inputBytes;
    return last = Compaction.compact(segments, out, null, opts, aead);
  }

  /** The archive holds every entry, verified by the reader; the temp directory is removed. */
  @TearDown(Level.Trial)
  public void verifyAndClean() throws IOException {
    try {
      if (last != null) {
        int n = JournalReader.read(out, key).entries().size();
        if (n != entries || last.entryCount() != entries) {
          throw new IllegalStateException("archive holds " + n + " entries, expected " + entries);
        }
      }
    } finally {
      try (Stream<Path> s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjCompactBenchmark.class, args);
  }
}
