package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.ArangoDB;
import com.arangodb.ArangoDBException;
import com.arangodb.Protocol;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * ArangoDB's scheduler as the stand-in models it: with one worker and a queue of one, requests
 * beyond the one running and the one waiting are refused at once with 503/21003 "queue is full";
 * a request whose own queue-time limit is below the current queue time gets 412/21004.
 */
class StandInSchedulerTest {
  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aFullQueueAnswers503QueueIsFull() throws Exception {
    // Each request holds the only worker for 1.5 s, so 6 requests sent together find it busy:
    // 1 runs, 1 waits in the queue, 4 are refused.
    try (StandInHarness s = new StandInHarness("--server.maximal-threads", "1", "--server.maximal-queue-size", "1",
        "--work-delay-ms", "1500");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        sent.add(http.sendAsync(HttpRequest.newBuilder(URI.create(s.process.endpoint() + "/_api/version")).build(),
            HttpResponse.BodyHandlers.ofString()));
      }
      int ok = 0;
      int full = 0;
      for (CompletableFuture<HttpResponse<String>> f : sent) {
        HttpResponse<String> r = f.join();
        if (r.statusCode() == 200) {
          ok++;
        } else {
          assertEquals(503, r.statusCode(), r.body());
          JsonNode b = JSON.readTree(r.body());
          assertEquals(21003, b.path("errorNum").asInt());
          assertEquals("queue is full", b.path("errorMessage").asText());
          assertEquals(503, b.path("code").asInt());
          assertTrue(b.path("error").asBoolean());
          full++;
        }
      }
      assertEquals(2, ok, "one running + one queued");
      assertEquals(4, full);
      // The second request waited ~1.5 s: a client allowing only 0.1 s of queue time is refused with 412/21004.
      HttpResponse<String> late = http.send(HttpRequest.newBuilder(URI.create(s.process.endpoint() + "/_api/version"))
          .header("x-arango-queue-time-seconds", "0.1").build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(412, late.statusCode(), late.body());
      assertEquals(21004, JSON.readTree(late.body()).path("errorNum").asInt());
      double reported = Double.parseDouble(late.headers().firstValue("x-arango-queue-time-seconds").orElseThrow());
      assertTrue(reported > 1.0, "reported queue time " + reported);
    }
  }

  @Test
  void theDriverSeesQueueIsFullAsArangoDBException() throws Exception {
    try (StandInHarness s = new StandInHarness("--server.maximal-threads", "1", "--server.maximal-queue-size", "1",
        "--work-delay-ms", "1500")) {
      ArangoDB a = new ArangoDB.Builder().host("127.0.0.1", s.process.port()).protocol(Protocol.HTTP2_JSON).build();
      try {
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          sent.add(a.async().getVersion());
        }
        int full = 0;
        for (CompletableFuture<?> f : sent) {
          try {
            f.join();
          } catch (CompletionException e) {
            ArangoDBException x = (ArangoDBException) e.getCause();
            assertEquals(503, x.getResponseCode());
            assertEquals(21003, x.getErrorNum());
            assertTrue(x.getMessage().contains("Response: 503, Error: 21003 - queue is full"), x.getMessage());
            full++;
          }
        }
        assertEquals(2, full);
      } finally {
        a.shutdown();
      }
    }
  }
}
