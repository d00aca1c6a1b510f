package io.dbbench.mongo;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.result.InsertManyResult;
import com.mongodb.client.result.InsertOneResult;
import io.dbbench.BenchmarkDefaults;
import io.dbbench.payload.CollectionFixture;
import io.dbbench.payload.PayloadDocument;
import io.dbbench.payload.PayloadSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The payload service's operations straight through the MongoDB Java driver (sync), under the same
 * 100 threads, so the report can split the service's overhead from the database's:
 * {@code insertOne}, {@code insertMany} (ordered, or unordered with
 * {@code InsertManyOptions.ordered(false)}, in batches of {@code batchSize}) and {@code findById}
 * (an equality match on the indexed {@code id}). {@code poolSize} is the driver's
 * {@code maxPoolSize}: with fewer connections than threads, threads wait for a connection.
 *
 * <p>Time/op is per driver call (us/op; for {@code insertMany} one call inserts {@code batchSize}
 * documents). The collection has a unique index on {@code id}. Each inserted document is a shallow
 * copy of the template with a new id (built in the measured method: the driver adds {@code _id} to
 * the document it is given, so documents cannot be reused; the copy costs about a microsecond).
 * The stand-in runs in a JVM of its own by default ({@link Arrangement}).
 * After each iteration, outside the timing: the collection holds exactly the documents inserted,
 * and a sample reads back equal to the template; inserts then start from an empty collection again.
 */
@Threads(100) // the study's 100 concurrent clients
@OutputTimeUnit(TimeUnit.MICROSECONDS) // a network round trip per call
public class MongoDriverBenchmark extends BenchmarkDefaults {

  /** The client, its collection and the seeded documents; one per trial. */
  @State(Scope.Benchmark)
  public static class Driver {
    /** The driver's connection pool size ({@code maxPoolSize}; the driver's default is 100). */
    @Param({"10", "100"})
    public int poolSize;

    /** Template document: {@code flat} (~1 KB) or {@code reqmgr2} (~12 KB). */
    @Param({"flat", "reqmgr2"})
    public PayloadDocument doc;

    /**
     * Where the stand-in runs: {@code outOfProcess} (a JVM of its own, so {@code -prof gc} counts
     * the driver's allocations alone) or {@code inProcess} (inside this fork).
     */
    @Param({"outOfProcess"})
    public Arrangement arrangement;

    CollectionFixture fixture;
    boolean finding;
    final Queue<Writer> writers = new ConcurrentLinkedQueue<>();

    /** Connects and prepares the collection; seeds only for {@code findById}. */
    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
      finding = methodIn(params, Set.of("findById"), Set.of("insertOne", "insertMany"), "Driver.verify()");
      PayloadSettings settings = PayloadSettings.fromEnvironment();
      fixture = CollectionFixture.open(MongoTarget.open(settings.mongo(), arrangement), doc, "driver", "dbbench-driver-",
          true, poolSize, finding ? settings.seedDocs() : 0);
    }

    /** Verifies the collection against the threads' counts; empties it after inserts. */
    @TearDown(Level.Iteration)
    public void verify() {
      long inserted = 0;
      long misses = 0;
      for (Writer w : writers) {
        inserted += w.inserted;
        misses += w.misses;
        w.inserted = 0;
        w.misses = 0;
      }
      if (finding && misses > 0) {
        throw new IllegalStateException(misses + " findById calls found nothing; every id looked up was seeded");
      }
      fixture.verifyIteration(finding, inserted, 0);
    }

    /** Drops the collection and closes the client. */
    @TearDown(Level.Trial)
    public void close() {
      if (fixture != null) {
        fixture.close();
      }
    }
  }

  /** {@code insertMany}'s shape; only {@code insertMany} uses (and is multiplied by) these. */
  @State(Scope.Benchmark)
  public static class Batch {
    /** Ordered (stop at the first error) or unordered ({@code InsertManyOptions.ordered(false)}). */
    @Param({"true", "false"})
    public boolean ordered;

    /** Documents per {@code insertMany} call. */
    @Param({"1", "100", "1000"})
    public int batchSize;

    InsertManyOptions options;

    /** Builds the options once. */
    @Setup(Level.Trial)
    public void setup() {
      if (batchSize < 1) {
        throw new IllegalArgumentException("batchSize=" + batchSize + "; expected at least 1");
      }
      options = new InsertManyOptions().ordered(ordered);
    }
  }

  /** One thread's id sequence and counts. */
  @State(Scope.Thread)
  public static class Writer {
    CollectionFixture fixture;
    long idHigh;
    long idLow;
    long inserted;
    long misses;
    String[] lookups;
    int next;

    /** Per-thread id prefix (unique within the trial) and a seeded lookup order. */
    @Setup(Level.Trial)
    public void setup(Driver d, ThreadParams thread) {
      fixture = d.fixture;
      idHigh = 0x0db0_0000_0000_0000L | thread.getThreadIndex();
      d.writers.add(this);
      List<String> ids = d.fixture.seededIds();
      if (!ids.isEmpty()) {
        Random rnd = new Random(42L + thread.getThreadIndex());
        lookups = new String[1024];
        for (int i = 0; i < lookups.length; i++) {
          lookups[i] = ids.get(rnd.nextInt(ids.size()));
        }
      }
    }

    /** A fresh document with a unique id (thread index and a counter, formatted as a UUID). */
    Document nextDocument() {
      return fixture.newDocument(new UUID(idHigh, idLow++).toString());
    }
  }

  /** One document per call. */
  @Benchmark
  public InsertOneResult insertOne(Driver d, Writer w) {
    InsertOneResult r = d.fixture.collection().insertOne(w.nextDocument());
    w.inserted++;
    return r;
  }

  /** {@code batchSize} documents per call, ordered or unordered. */
  @Benchmark
  public InsertManyResult insertMany(Driver d, Batch b, Writer w) {
    List<Document> docs = new ArrayList<>(b.batchSize);
    for (int i = 0; i < b.batchSize; i++) {
      docs.add(w.nextDocument());
    }
    InsertManyResult r = d.fixture.collection().insertMany(docs, b.options);
    w.inserted += docs.size();
    return r;
  }

  /** An equality match on the indexed {@code id} of a seeded document. */
  @Benchmark
  public Document findById(Driver d, Writer w) {
    Document found = d.fixture.collection().find(Filters.eq("id", w.lookups[w.next++ & 1023])).first();
    if (found == null) {
      w.misses++;
    }
    return found;
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p doc=flat -f 1}). */
  public static void main(String[] args) throws Exception {
    runFromIde(MongoDriverBenchmark.class, args);
  }
}
