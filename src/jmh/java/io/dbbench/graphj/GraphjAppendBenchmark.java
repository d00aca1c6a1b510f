package io.dbbench.graphj;

import io.dbbench.BenchmarkDefaults;
import io.dbbench.core.FileTrees;
import io.dbbench.core.Leases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
 * Journal append throughput of one thread calling {@link JournalWriter#append} per mutating query:
 * protobuf encode, CRC32C, chain hash, positional write, and with {@code fsync=true} a force to
 * storage after every entry (dbbench's option; graphd never forces per entry). This is the work
 * graphd's {@code journal-writer} thread does per entry ({@code writer_loop}, {@code src/journal/mod.rs}
 * at 7628b1d) without its channel hand-off and idle-time {@code sync_data}, and the work dbbench's
 * {@code journal=sync} form puts on the query thread. Throughput in entries/s; {@code bytes} is
 * journal bytes/s.
 *
 * <p>A fresh journal file per iteration (set up outside measurement) keeps the file from growing
 * across the whole run; the parameter maps are generated up front and cycled.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
public class GraphjAppendBenchmark extends BenchmarkDefaults {
  /** Force the file to storage after every append. */
  @Param({"false", "true"})
  public boolean fsync;

  private Path dir;
  /** Records {@link #dir} so a killed fork's directory is swept by the next run ({@link Leases}). */
  private Leases.Lease lease;
  private JournalWriter writer;
  private Path file;
  private Map<String, Object>[] params;
  private int i;
  private long expected;

  /** Pre-generates 1024 parameter maps and the temp directory. */
  @Setup(Level.Trial)
  @SuppressWarnings("unchecked")
  public void setup() throws IOException {
    lease = Leases.take();
    dir = Files.createTempDirectory("dbbench-graphj-append");
    lease.path(dir);
    SplittableRandom r = new SplittableRandom(GraphjCorpus.SEED);
    params = new Map[1024];
    for (int k = 0; k < params.length; k++) {
      params[k] = GraphjCorpus.params(k, r);
    }
  }

  /** A new journal for every iteration. */
  @Setup(Level.Iteration)
  public void open() throws IOException {
    file = dir.resolve("journal-" + System.nanoTime() + ".graphj");
    writer = JournalWriter.create(file, 1, fsync);
    expected = 0;
  }

  /** Appends one entry. */
  @Benchmark
  public long appendEntry(Counters.Bytes b) throws IOException {
    long before = writer.bodyLength();
    long seq = writer.append(GraphjCorpus.QUERY, params[i++ & 1023], GraphjCorpus.BASE_TIME_MS);
    b.bytes += writer.bodyLength() - before;
    expected++;
    return seq;
  }

  /** The iteration's journal verifies with every entry present, then is deleted. */
  @TearDown(Level.Iteration)
  public void verifyAndDelete() throws IOException {
    writer.close();
    try {
      // Frame-level verification (CRC32C, chain, sequences): decoding every payload of a
      // 100+ MB journal would dominate the run without checking more of what was measured.
      byte[] bytes = Files.readAllBytes(file);
      int n = EntryCodec.parse(bytes, GraphjHeader.SIZE, bytes.length - GraphjHeader.SIZE, file.toString(),
          GraphjHeader.SIZE).entries().size();
      if (n != expected) {
        throw new IllegalStateException("journal holds " + n + " entries, " + expected + " were appended");
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Removes the temp directory and gives the lease back. */
  @TearDown(Level.Trial)
  public void clean() {
    FileTrees.deleteRecursively(dir);
    lease.close();
  }

  /** Runs this class from an IDE; arguments are JMH options. */
  public static void main(String[] args) throws Exception {
    runFromIde(GraphjAppendBenchmark.class, args);
  }
}
