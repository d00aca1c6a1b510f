package io.dbbench.arango.pool;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One trial of the pooling study: the target (the stand-in JVM by default), the admin client, the
 * client under test and the collection {@value #COLLECTION} in database {@value #DATABASE}, set up
 * outside every timing by {@link #open}:
 *
 * <ul>
 *   <li>the collection holds exactly the {@code docs} seeded documents of {@link PoolDocuments}
 *       (reloaded in chunks of {@value #LOAD_CHUNK} when its count or a sampled document differs,
 *       so a real server's collection is reused between trials);
 *   <li>{@code index}: {@code persistent} ensures a persistent index on {@code EndToEndId};
 *       {@code none} drops any index on it that dbbench may have left (only on this collection);
 *   <li>the server's query cache is off ({@code PUT /_api/query-cache/properties {"mode":"off"}},
 *       ArangoDB's default) and every query also says {@code cache: false}, as in the study.
 * </ul>
 */
public final class PoolFixture implements AutoCloseable {
  /** The database (never any other). */
  public static final String DATABASE = ArangoAdmin.DATABASE;
  /** The collection (never any other); the study's was {@code transactionRelationship}. */
  public static final String COLLECTION = "dbbench_tx";
  /** Documents per load request. */
  static final int LOAD_CHUNK = 10_000;
  /** The indexed attribute. */
  static final String ATTRIBUTE = "EndToEndId";

  /** The {@code index} parameter. */
  public enum IndexMode {
    /** No index on {@code EndToEndId}: every query scans the collection. */
    none,
    /** A persistent index on {@code EndToEndId}. */
    persistent
  }

  private final ArangoTarget target;
  private final ArangoAdmin admin;
  private final PoolClient client;
  private final int standInWorkMillis;

  /** The connection, documents and index, for the key of the server's steady level ({@link io.dbbench.load.SteadyLevels}). */
  private final String mix;

  private PoolFixture(ArangoTarget target, ArangoAdmin admin, PoolClient client, int standInWorkMillis, String mix) {
    this.mix = mix;
    this.target = target;
    this.admin = admin;
    this.client = client;
    this.standInWorkMillis = standInWorkMillis;
  }

  /**
   * Opens {@code settings}' target (the stand-in started with {@code study}'s
   * {@link PoolSettings#standInArgs}, its backend label naming the modelled server time), prepares
   * the collection as the class comment says, and opens {@code connection}'s client with one round
   * trip.
   *
   * @throws ArangoUnavailableException when the target cannot be reached (one line)
   * @throws IOException when the stand-in JVM does not start
   * @throws IllegalArgumentException when {@code docs < 1}
   */
  public static PoolFixture open(ArangoSettings settings, PoolSettings study, PoolClient.Connection connection,
      int docs, IndexMode index) throws IOException {
    if (docs < 1) {
      throw new IllegalArgumentException("docs=" + docs + "; expected at least 1 document");
    }
    ArangoTarget t = ArangoTarget.open(settings, study.standInArgs());
    ArangoAdmin a = null;
    PoolClient c = null;
    try {
      t.check();
      a = new ArangoAdmin(t);
      a.ensureDatabase();
      a.ensureCollection(COLLECTION);
      seed(a, docs);
      index(a, index);
      a.setQueryCacheMode("off");
      t.compactSharedHeap();
      c = PoolClient.open(t, connection);
      c.ping();
      return new PoolFixture(t, a, c, study.standInWorkMillis(), "connection=" + connection + " documents=" + docs
          + " index=" + index);
    } catch (RuntimeException e) {
      throw Closeables.closeAfter(e, c, a, t);
    }
  }

  private static void seed(ArangoAdmin a, int docs) {
    if (a.count(COLLECTION) == docs && matches(a, 0) && matches(a, docs - 1) && matches(a, docs / 2)) {
      return;
    }
    a.truncate(COLLECTION);
    for (int from = 0; from < docs; from += LOAD_CHUNK) {
      a.load(COLLECTION, PoolDocuments.documents(from, Math.min(docs, from + LOAD_CHUNK)));
    }
    long n = a.count(COLLECTION);
    if (n != docs) {
      throw new IllegalStateException(COLLECTION + " holds " + n + " documents after loading; expected " + docs);
    }
  }

  private static boolean matches(ArangoAdmin a, int i) {
    JsonNode d = a.document(COLLECTION, PoolDocuments.key(i));
    return d != null && PoolDocuments.endToEndId(i).equals(d.path(ATTRIBUTE).asText());
  }

  /** The ids of the persistent indexes whose first field is {@code EndToEndId}. */
  static List<String> indexesOnAttribute(ArangoAdmin a) {
    ArangoAdmin.Answer r = a.call("GET", "/_db/" + DATABASE + "/_api/index?collection=" + COLLECTION, null);
    if (r.status() != 200) {
      throw new IllegalStateException("listing the indexes of " + COLLECTION + " answered HTTP " + r.status());
    }
    List<String> ids = new ArrayList<>();
    for (JsonNode i : r.body().path("indexes")) {
      if (!"primary".equals(i.path("type").asText()) && ATTRIBUTE.equals(i.path("fields").path(0).asText())) {
        ids.add(i.path("id").asText());
      }
    }
    return ids;
  }

  private static void index(ArangoAdmin a, IndexMode mode) {
    if (mode == IndexMode.persistent) {
      a.ensurePersistentIndex(COLLECTION, List.of(ATTRIBUTE));
      return;
    }
    for (String id : indexesOnAttribute(a)) {
      ArangoAdmin.Answer r = a.call("DELETE", "/_db/" + DATABASE + "/_api/index/" + id, null);
      if (r.status() != 200) {
        throw new IllegalStateException("dropping index " + id + " answered HTTP " + r.status());
      }
    }
  }

  /** The client under test. */
  public PoolClient client() {
    return client;
  }

  /**
   * The backend label: the target's, or on the stand-in with {@link PoolSettings#STANDIN_WORK_MS}
   * set, {@link PoolSettings#modelLabel} (a model, not ArangoDB).
   */
  public String backend() {
    return standInWorkMillis > 0 && target.kind() == ArangoSettings.Kind.STAND_IN
        ? PoolSettings.modelLabel(standInWorkMillis) : target.backend();
  }

  /**
   * The stand-in's modelled server time per point query in ms, as the stand-in itself reports it
   * ({@code modelQueryMs} of {@code GET /_dbbench/stats}); 0 without the model or on a real
   * ArangoDB.
   */
  public int modelledQueryMillis() {
    Object v = standInStats().get("modelQueryMs");
    return v instanceof Number n ? n.intValue() : 0;
  }

  /** CPU time the stand-in has used so far, in ns ({@link ArangoTarget#serverCpuNanos}); -1 for a server this JVM cannot see. */
  public long serverCpuNanos() {
    return target.serverCpuNanos();
  }

  /**
   * The stand-in's scheduler figures ({@code GET /_dbbench/stats}: workers, queue size, peak
   * requests in flight and connections since the last {@link #prepare()}), or an empty map on
   * a real ArangoDB.
   */
  public Map<String, Object> standInStats() {
    if (target.kind() != ArangoSettings.Kind.STAND_IN) {
      return Map.of();
    }
    ArangoAdmin.Answer r = admin.call("GET", "/_dbbench/stats", null);
    Map<String, Object> m = new LinkedHashMap<>();
    r.body().properties().forEach(e -> m.put(e.getKey(), e.getValue().isNumber() ? e.getValue().numberValue() : e.getValue().asText()));
    return m;
  }

  /** Resets the stand-in's peak counters (no-op on a real ArangoDB). */
  public void prepare() {
    if (target.kind() == ArangoSettings.Kind.STAND_IN) {
      admin.call("DELETE", "/_dbbench/stats", null);
    }
  }

  /** Queries per warm-up shot: a window of 1 s holds several even at 30 ms of server CPU a query. */
  static final int WARMUP_SLICE = 100;

  /**
   * Runs shots of {@code picks} ({@value #WARMUP_SLICE} at a time, in turn) through the client
   * under test until the server's CPU per
   * answered query is flat ({@link SteadyState#reach}; the wall clock for a server whose CPU this
   * JVM cannot see), so the stand-in JVM (started for the trial, or shared and warmed by earlier ones) is measured at steady state.
   * The shots are never measured; peaks are reset afterwards. Says on standard output what it
   * warms, the rule and the cap, its progress every few seconds and the outcome
   * ({@link SteadyState.Progress}).
   *
   * @throws IllegalStateException when a warm-up window answers no query
   */
  public SteadyState.Outcome warmUp(List<PoolIds.Pick> picks, long deadlineMillis, SteadyState.Rule rule) {
    int[] next = {0};
    SteadyState.Load shots = deadline -> {
      long answered = 0;
      do {
        // slices of the shot's queries, in turn: a whole shot at 200,000 documents without an index
        // (30 ms of server CPU a query) outlasts the window, and two windows cannot show a steady server
        int from = next[0];
        List<PoolIds.Pick> slice = picks.subList(from, Math.min(picks.size(), from + WARMUP_SLICE));
        next[0] = from + slice.size() >= picks.size() ? 0 : from + slice.size();
        answered += PoolShot.run(client, slice, deadlineMillis).answered();
      } while (System.nanoTime() < deadline);
      return answered;
    };
    try {
      SteadyState.Outcome o = SteadyState.reach(shots, target::serverCpuNanos, target::serverJitNanos, "server CPU",
          rule, System::nanoTime, () -> { }, SteadyState.Progress.toStdout("the ArangoDB server, pool queries ("
              + picks.size() + " per shot, warmed " + Math.min(picks.size(), WARMUP_SLICE) + " at a time)"),
          SteadyLevels.key("arango pool " + picks.size() + " queries per shot "
              + mix, target.sharedPid()));
      prepare();
      return o;
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("the arango pool warm-up failed: " + e, e);
    }
  }

  /** Closes the clients and stops the stand-in JVM (or container). */
  @Override
  public void close() {
    Closeables.closeAll(client, admin, target);
  }
}
