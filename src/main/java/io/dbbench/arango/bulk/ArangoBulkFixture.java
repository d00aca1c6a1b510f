package io.dbbench.arango.bulk;

import com.arangodb.Protocol;
import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.arango.server.ArangoAdmin;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.ArangoUnavailableException;
import io.dbbench.core.Closeables;
import io.dbbench.load.SteadyLevels;
import io.dbbench.load.SteadyState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One trial of the bulk study: the target (started when it is the stand-in), the client under
 * test, the admin client for set-up and checks, and the inputs, all built in {@link #open}.
 * Around each shot, outside the timing: {@link #prepare} truncates {@value #COLLECTION} and, for
 * read, read by keys, update and delete, loads the documents; {@link #verify} checks the count and a seeded
 * sample of documents ({@link BulkDocuments#sample}), for the read by keys also the returned
 * documents' count and order-sensitive {@link #checksum}, and fails with what differs.
 */
public final class ArangoBulkFixture implements AutoCloseable {
  /** The database (never any other). */
  public static final String DATABASE = ArangoAdmin.DATABASE;
  /** The collection (never any other). */
  public static final String COLLECTION = "dbbench_bulk";

  private final ArangoTarget target;
  private final ArangoAdmin admin;
  private final BulkClient client;
  private final int docs;
  private final List<BulkDoc> documents;
  private final List<BulkDoc> updates;
  private final List<String> keys;
  private final int[] sample;
  private final long checksum;
  /** What the last read by keys returned (set in the shot, checked by {@link #verify} outside the timing). */
  private List<BulkDoc> lastRead = List.of();

  /** The client and protocol, for the key of the server's steady level ({@link io.dbbench.load.SteadyLevels}). */
  private final String clientMix;

  private ArangoBulkFixture(ArangoTarget target, ArangoAdmin admin, BulkClient client, int docs, String clientMix) {
    this.clientMix = clientMix;
    this.target = target;
    this.admin = admin;
    this.client = client;
    this.docs = docs;
    this.documents = BulkDocuments.documents(docs);
    this.updates = BulkDocuments.updates(docs);
    this.keys = BulkDocuments.keys(docs);
    this.sample = BulkDocuments.sample(docs);
    this.checksum = checksum(documents);
  }

  /**
   * An order-sensitive checksum of documents (a polynomial hash over each document's key, name
   * and value, in list order): equal for the same documents in the same order.
   */
  public static long checksum(List<BulkDoc> docs) {
    long h = 1;
    for (BulkDoc d : docs) {
      h = 1_000_003L * h + (d == null ? 0 : d.hashCode());
    }
    return h;
  }

  /**
   * Opens {@code settings}' target (starting the stand-in JVM with {@code standInArgs} when it is
   * the stand-in), checks it, creates {@value #DATABASE}/{@value #COLLECTION} when missing, and
   * opens a {@code client} for {@code protocol} whose connection is opened by one request.
   *
   * @throws ArangoUnavailableException when the target cannot be reached (one line)
   * @throws IOException when the stand-in JVM does not start
   */
  public static ArangoBulkFixture open(ArangoSettings settings, List<String> standInArgs, Protocol protocol,
      BulkClient.Kind client, int docs) throws IOException {
    if (docs < 1) {
      throw new IllegalArgumentException("docs=" + docs + "; expected at least 1 document");
    }
    ArangoTarget t = ArangoTarget.open(settings, standInArgs);
    ArangoAdmin a = null;
    BulkClient c = null;
    try {
      t.check();
      a = new ArangoAdmin(t);
      a.ensureDatabase();
      a.ensureCollection(COLLECTION);
      a.truncate(COLLECTION); // the previous trial's documents become garbage before the collection below
      t.compactSharedHeap();
      c = BulkClient.open(client, t, protocol);
      c.ping();
      return new ArangoBulkFixture(t, a, c, docs, "client=" + client + " protocol=" + protocol);
    } catch (RuntimeException e) {
      throw Closeables.closeAfter(e, c, a, t);
    }
  }

  /** The admin client. */
  public ArangoAdmin admin() {
    return admin;
  }

  /** Before a shot of {@code op}: an empty collection, loaded with every document unless {@code op} is insert. */
  public void prepare(BulkOperation op) {
    admin.truncate(COLLECTION);
    if (op != BulkOperation.INSERT) {
      admin.load(COLLECTION, documents);
    }
  }

  /** Whether {@link #collectPreparationGarbage} collects: {@code -Ddbbench.arango.gcBeforeShot}, true unless set to false. */
  static final boolean GC_BEFORE_SHOT = !"false".equals(System.getProperty("dbbench.arango.gcBeforeShot"));

  /**
   * Collects the garbage {@link #prepare} left in this JVM (the admin client's truncate and reload of
   * every document, tens of MB at 100,000 documents) with a full collection ({@link System#gc}, which
   * returns once it is done under the JDK's default collectors), so that no young collection of it
   * lands inside the timed shot. {@code -Ddbbench.arango.gcBeforeShot=false} leaves the garbage where
   * it is, to measure the rows' spread both ways.
   *
   * @return the ns it took; 0 when switched off
   */
  public static long collectPreparationGarbage() {
    if (!GC_BEFORE_SHOT) {
      return 0;
    }
    long t = System.nanoTime();
    System.gc();
    return System.nanoTime() - t;
  }

  /** The shot: {@code op} through the client under test; returns the documents it handled (the reads: counted). */
  public long run(BulkOperation op) {
    switch (op) {
      case INSERT -> client.insert(documents);
      case READ -> {
        return client.readAll();
      }
      case READ_BY_KEYS -> {
        lastRead = client.readByKeys(keys);
        return lastRead.size();
      }
      case UPDATE -> client.update(updates);
      case DELETE -> client.delete(keys);
      default -> throw new AssertionError(op);
    }
    return docs;
  }

  /**
   * After a shot of {@code op} that returned {@code result}: the count matches (docs, or 0 after
   * delete; the reads must have counted every document, and the read by keys must have returned
   * every document in key order: count and {@link #checksum}) and every sampled document has the
   * expected attributes (absent after delete).
   *
   * @throws BulkOperationException naming what differs
   */
  public void verify(BulkOperation op, long result) {
    String what = op.method();
    if ((op == BulkOperation.READ || op == BulkOperation.READ_BY_KEYS) && result != docs) {
      throw new BulkOperationException(what + " counted " + result + " documents; expected " + docs, 0);
    }
    if (op == BulkOperation.READ_BY_KEYS) {
      List<BulkDoc> got = lastRead;
      lastRead = List.of();
      long sum = checksum(got);
      if (got.size() != docs || sum != checksum) {
        throw new BulkOperationException(what + " returned " + got.size() + " documents with checksum " + sum
            + "; expected " + docs + " in key order with checksum " + checksum, 0);
      }
    }
    long expected = op == BulkOperation.DELETE ? 0 : docs;
    long count = admin.count(COLLECTION);
    if (count != expected) {
      throw new BulkOperationException(what + ": collection " + COLLECTION + " holds " + count + " documents; expected "
          + expected, 0);
    }
    List<String> keys = new ArrayList<>(sample.length);
    for (int i : sample) {
      keys.add(BulkDocuments.key(i));
    }
    List<JsonNode> found = admin.documents(COLLECTION, keys); // one request, not one per sampled key
    for (int s = 0; s < sample.length; s++) {
      int i = sample[s];
      JsonNode d = found.get(s);
      if (op == BulkOperation.DELETE) {
        if (d != null) {
          throw new BulkOperationException(what + ": document " + BulkDocuments.key(i) + " still exists", 0);
        }
        continue;
      }
      BulkDoc want = op == BulkOperation.UPDATE ? BulkDocuments.updated(i) : BulkDocuments.document(i);
      if (d == null || !want.name.equals(d.path("name").asText(null)) || d.path("value").asInt(Integer.MIN_VALUE) != want.value) {
        throw new BulkOperationException(what + ": document " + BulkDocuments.key(i) + " is " + d + "; expected " + want, 0);
      }
    }
  }

  /**
   * Runs whole shots of {@code op} (prepare, the operation, verify) until the server's CPU per
   * shot is flat ({@link SteadyState#reach}; the wall clock per shot for a server whose CPU this
   * JVM cannot see), so the stand-in JVM (started for the trial, or shared and warmed by earlier ones) is measured at steady state.
   * The shots are never measured; each verifies, so a warm-up that breaks the data fails here.
   * Says on standard output what it warms, the rule and the cap, its progress every few seconds
   * and the outcome ({@link SteadyState.Progress}).
   *
   * @throws BulkOperationException when a warm-up shot fails or verifies wrong
   */
  public SteadyState.Outcome warmUp(BulkOperation op, SteadyState.Rule rule) {
    SteadyState.Load shots = deadline -> {
      long n = 0;
      do {
        prepare(op);
        verify(op, run(op));
        n++;
      } while (System.nanoTime() < deadline);
      return n;
    };
    try {
      return SteadyState.reach(shots, target::serverCpuNanos, target::serverJitNanos, "server CPU",
          rule, System::nanoTime, () -> { }, SteadyState.Progress.toStdout("the ArangoDB server, bulk "
              + op.method() + " of " + docs + " documents per shot"),
          SteadyLevels.key("arango bulk " + op.method() + " docs=" + docs + " " + clientMix, target.sharedPid()));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("the arango bulk warm-up failed: " + e, e);
    }
  }

  /**
   * CPU time the stand-in has used so far, in ns ({@code ArangoTarget.serverCpuNanos}); -1 for a
   * server this JVM cannot see (a container or a remote ArangoDB).
   */
  public long serverCpuNanos() {
    return target.serverCpuNanos();
  }

  /**
   * The warm-up rule of the ArangoDB families: {@link SteadyState.Rule#forTrial} with a 30 s cap.
   *
   * @throws IllegalArgumentException naming a warm-up knob with a bad value
   */
  public static SteadyState.Rule warmupRule() {
    return SteadyState.Rule.forTrial(30);
  }

  /** Closes the clients and stops the stand-in JVM (or container). */
  @Override
  public void close() {
    Closeables.closeAll(client, admin, target);
  }
}
