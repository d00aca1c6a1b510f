package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.server.ArangoAdmin;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.StandInHarness;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pooling study against the stand-in JVM: a scheduler with a tiny queue turns unbounded raw
 * HTTP into DNF with the stand-in's own count of 503/21003 answers while a pool of 3 finishes;
 * HTTP/2's 32 streams per connection get past a pool of one connection; index on and off answer
 * alike (and the persistent index is what answers); the seeded collection is reused.
 */
class ArangoPoolIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode stats(StandInHarness h, String method) throws Exception {
    try (HttpClient c = HttpClient.newHttpClient()) {
      HttpResponse<String> r = c.send(HttpRequest.newBuilder(URI.create(h.endpoint() + "/_dbbench/stats"))
          .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
      return JSON.readTree(r.body());
    }
  }

  private static PoolShot shot(StandInHarness h, String connection, List<PoolIds.Pick> picks, int docs,
      PoolFixture.IndexMode index) throws Exception {
    try (PoolFixture f = PoolFixture.open(h.settings(), PoolSettings.parse(Map.of()), PoolClient.Connection.parse(connection), docs, index)) {
      stats(h, "DELETE");
      return PoolShot.run(f.client(), picks, 60_000);
    }
  }

  @Test
  void aTinyQueueMakesUnboundedClientsDnfWithTheServersCountsAndAPoolOfThreeFinish() throws Exception {
    // 1 worker holding each request 25 ms, 4 places in the queue: at most 5 requests accepted at once
    try (StandInHarness h = new StandInHarness("--server.maximal-threads", "1", "--server.maximal-queue-size", "4",
        "--work-delay-ms", "25")) {
      List<PoolIds.Pick> picks = PoolIds.picks(PoolIds.SEED, 60, 300, 0.2);

      PoolShot raw = shot(h, "raw_http", picks, 300, PoolFixture.IndexMode.none);
      JsonNode st = stats(h, "GET");
      assertTrue(raw.dnf(), raw.describe().toString());
      assertTrue(raw.failed(DnfCause.QUEUE_FULL) > 0, raw.describe().toString());
      assertEquals(st.path("queueFullAnswers").asInt(), raw.failed(DnfCause.QUEUE_FULL),
          "the client counted the stand-in's 503/21003 answers: " + raw.describe() + " vs " + st);
      assertEquals(60, raw.answered() + raw.failed(DnfCause.QUEUE_FULL), raw.describe().toString());
      assertTrue(raw.answered() >= 5, raw.describe().toString());
      raw.checkAnswers();

      PoolShot pool3 = shot(h, "driver_http1_3", picks, 300, PoolFixture.IndexMode.none);
      JsonNode st3 = stats(h, "GET");
      assertFalse(pool3.dnf(), pool3.describe().toString());
      assertEquals(60, pool3.answered());
      assertTrue(st3.path("peakInFlight").asInt() <= 3, "a pool of 3 put more in flight: " + st3);
      assertEquals(0, st3.path("queueFullAnswers").asInt());
      pool3.checkAnswers();
      assertEquals(pool3.answerKeys().stream().filter(k -> k != null).count(), 60);

      // HTTP/2: one connection carries 32 streams, more than 1 worker + 4 queued
      PoolShot h2 = shot(h, "driver_http2_1", picks, 300, PoolFixture.IndexMode.none);
      assertTrue(h2.dnf() && h2.failed(DnfCause.QUEUE_FULL) > 0, h2.describe().toString());
      JsonNode sth2 = stats(h, "GET");
      assertTrue(sth2.path("peakInFlight").asInt() > 5, "one HTTP/2 connection carried many requests at once: " + sth2);
    }
  }

  @Test
  void indexOnAndOffAnswerTheSameAndTheIndexAnswersAndTheCollectionIsReused() throws Exception {
    try (StandInHarness h = new StandInHarness()) {
      int docs = 3000;
      List<PoolIds.Pick> picks = PoolIds.picks(PoolIds.SEED, 400, docs, 0.3);
      PoolShot none = shot(h, "driver_http1_10", picks, docs, PoolFixture.IndexMode.none);
      h.clearRequests();
      PoolShot indexed = shot(h, "driver_http1_10", picks, docs, PoolFixture.IndexMode.persistent);
      assertFalse(none.dnf() || indexed.dnf());
      none.checkAnswers();
      indexed.checkAnswers();
      assertEquals(none.answerKeys(), indexed.answerKeys());
      assertTrue(none.answerKeys().contains("") && none.answerKeys().stream().anyMatch(k -> k != null && k.startsWith("tx_")));
      // the second trial found the seeded collection and did not load it again
      assertTrue(h.requests().stream().noneMatch(r -> r.path("method").asText().equals("POST")
          && r.path("path").asText().contains("/_api/document/")), "reloaded the collection");

      ArangoTarget t = ArangoTarget.open(h.settings(), List.of());
      try (ArangoAdmin a = new ArangoAdmin(t)) {
        Map<String, Object> q = Map.of("query", PoolClient.QUERY, "bindVars", Map.of("id", picks.get(0).endToEndId()), "cache", false);
        JsonNode withIndex = a.call("POST", "/_db/" + PoolFixture.DATABASE + "/_api/cursor", q).body();
        assertEquals(0, withIndex.path("extra").path("stats").path("scannedFull").asInt(), withIndex.toString());
        assertEquals("off", a.call("GET", "/_db/" + PoolFixture.DATABASE + "/_api/query-cache/properties", null).body().path("mode").asText());
        try (PoolFixture f = PoolFixture.open(h.settings(), PoolSettings.parse(Map.of()), PoolClient.Connection.parse("raw_http"), docs, PoolFixture.IndexMode.none)) {
          assertEquals(List.of(), PoolFixture.indexesOnAttribute(a), "index=none dropped the index");
        }
        JsonNode scan = a.call("POST", "/_db/" + PoolFixture.DATABASE + "/_api/cursor", q).body();
        assertEquals(docs, scan.path("extra").path("stats").path("scannedFull").asInt(), scan.toString());
        assertEquals(withIndex.path("result"), scan.path("result"));
      } finally {
        t.close();
      }
    }
  }

  /**
   * The modelled server time ({@code --model-query-ms}): point queries answer exactly as a scan
   * would, through an unlisted lookup that a write renews, the stand-in reports the model in its
   * stats, and the fixture labels its results a model.
   */
  @Test
  void modelledServerTimeAnswersAsTheScanAndIsLabelledAModel() throws Exception {
    int docs = 500;
    List<PoolIds.Pick> picks = PoolIds.picks(PoolIds.SEED, 80, docs, 0.25);
    // the fixture starts its own stand-in with the setting's --model-query-ms
    try (PoolFixture f = PoolFixture.open(io.dbbench.arango.server.ArangoSettings.standIn(),
        PoolSettings.parse(Map.of()).withModelledServerMs(20), PoolClient.Connection.parse("driver_http1_10"), docs,
        PoolFixture.IndexMode.none)) {
      f.prepare();
      PoolShot s = PoolShot.run(f.client(), picks, 60_000);
      assertFalse(s.dnf(), s.describe().toString());
      s.checkAnswers(); // every hit its own document, every miss nothing
      assertEquals(20, f.modelledQueryMillis());
      assertEquals("dbbench ArangoDB stand-in with modelled 20 ms server time per point query (a model, not ArangoDB)",
          f.backend());
    }
    try (StandInHarness h = new StandInHarness("--model-query-ms", "20")) {
      try (PoolFixture f = PoolFixture.open(h.settings(), PoolSettings.parse(Map.of()),
          PoolClient.Connection.parse("raw_http"), docs, PoolFixture.IndexMode.none)) {
        PoolShot s = PoolShot.run(f.client(), picks, 60_000);
        s.checkAnswers();
        assertEquals(20, stats(h, "GET").path("modelQueryMs").asInt());
      }
      ArangoTarget t = ArangoTarget.open(h.settings(), List.of());
      try (ArangoAdmin a = new ArangoAdmin(t)) {
        assertEquals(List.of(), PoolFixture.indexesOnAttribute(a), "the model's lookup is not an index");
        String id = picks.stream().filter(p -> p.hit()).findFirst().orElseThrow().endToEndId();
        Map<String, Object> q = Map.of("query", PoolClient.QUERY, "bindVars", Map.of("id", id), "cache", false);
        JsonNode one = a.call("POST", "/_db/" + PoolFixture.DATABASE + "/_api/cursor", q).body();
        assertEquals(1, one.path("result").size(), one.toString());
        // a write after the lookup was built: the next query sees it
        int status = a.call("POST", "/_db/" + PoolFixture.DATABASE + "/_api/document/" + PoolFixture.COLLECTION,
            Map.of("_key", "model_extra", "EndToEndId", id)).status();
        assertTrue(status == 201 || status == 202, "insert answered " + status);
        JsonNode two = a.call("POST", "/_db/" + PoolFixture.DATABASE + "/_api/cursor", q).body();
        assertEquals(2, two.path("result").size(), two.toString());
      } finally {
        t.close();
      }
    }
  }

  /**
   * Queries issued at once from many threads through one driver client each get their own
   * document: the driver writes the query and its bind variables into the {@code AqlQueryOptions}
   * it is given before serialising them, so options shared between calls made concurrent queries
   * send one another's ids (an open-loop trial at 500 queries/s saw a wrong answer).
   */
  @Test
  void concurrentDriverQueriesFromManyThreadsEachGetTheirOwnDocument() throws Exception {
    try (StandInHarness h = new StandInHarness()) {
      int docs = 2000;
      List<PoolIds.Pick> picks = PoolIds.picks(PoolIds.SEED, 4000, docs, 0.0);
      try (PoolFixture f = PoolFixture.open(h.settings(), PoolSettings.parse(Map.of()),
          PoolClient.Connection.parse("driver_http1_10"), docs, PoolFixture.IndexMode.persistent)) {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(16);
        try {
          List<java.util.concurrent.Future<String>> wrong = new java.util.ArrayList<>();
          for (PoolIds.Pick p : picks) {
            wrong.add(pool.submit(() -> {
              List<PoolDoc> got = f.client().query(p.endToEndId()).get(60, java.util.concurrent.TimeUnit.SECONDS);
              boolean right = got.size() == 1 && p.endToEndId().equals(got.get(0).endToEndId);
              return right ? null : p.endToEndId() + " answered " + got;
            }));
          }
          List<String> bad = new java.util.ArrayList<>();
          for (java.util.concurrent.Future<String> w : wrong) {
            String b = w.get();
            if (b != null) {
              bad.add(b);
            }
          }
          assertEquals(List.of(), bad.subList(0, Math.min(3, bad.size())), bad.size() + " of " + picks.size() + " wrong");
        } finally {
          pool.shutdownNow();
        }
      }
    }
  }
}
