package io.dbbench.arango.pool;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.ArangoUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The study's "HTTP Default": {@code POST /_api/cursor} through the JDK {@link HttpClient} over
 * HTTP/1.1 with no limit on requests in flight. The JDK client's HTTP/1.1 pool is unbounded
 * ({@code jdk.httpclient.connectionPoolSize} 0), so {@code sendAsync} of N queries opens up to N
 * connections at once, as Node's global agent ({@code maxSockets: Infinity}) did for axios. The
 * request is the driver's (same body with {@code cache: false}, {@code accept} and
 * {@code content-type}, Basic auth when set); no {@code x-arango-queue-time-seconds} header.
 * Requests time out after {@link #REQUEST_TIMEOUT}.
 */
final class RawHttpPoolClient implements PoolClient {
  /** The JDK client's per-request timeout; the shot's own deadline is usually shorter. */
  static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(10);
  private static final String JSON = "application/json; charset=utf-8";

  /** The part of a cursor answer the client reads. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record CursorAnswer(List<PoolDoc> result, boolean hasMore, boolean error, int errorNum, String errorMessage) {}

  private final ObjectMapper json = new ObjectMapper();
  private final HttpClient http;
  private final URI cursor;
  private final String base;
  private final String authorization;

  RawHttpPoolClient(ArangoTarget target) {
    // no connect timeout of its own, as Node's agent had none: a connection waiting in the server's
    // accept backlog is not a refusal (the shot's deadline still bounds it)
    http = target.httpClient(HttpClient.Version.HTTP_1_1).connectTimeout(REQUEST_TIMEOUT).build();
    base = target.endpoints().get(0) + "/_db/" + PoolFixture.DATABASE;
    cursor = URI.create(base + "/_api/cursor");
    authorization = target.authorizationHeader().orElse(null);
  }

  @Override
  public CompletableFuture<List<PoolDoc>> query(String endToEndId) {
    byte[] body;
    try {
      body = json.writeValueAsBytes(Map.of("query", QUERY, "bindVars", Map.of("id", endToEndId), "cache", false));
    } catch (IOException e) {
      return CompletableFuture.failedFuture(new UncheckedIOException(e));
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(cursor).timeout(REQUEST_TIMEOUT).header("accept", JSON)
        .header("content-type", JSON).POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    return http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray()).thenApply(this::answer);
  }

  private List<PoolDoc> answer(HttpResponse<byte[]> r) {
    CursorAnswer a;
    try {
      a = json.readValue(r.body(), CursorAnswer.class);
    } catch (IOException e) {
      throw new PoolQueryException(r.statusCode(), 0, "unreadable body: " + e.getMessage());
    }
    if (r.statusCode() != 201 || a.error()) {
      throw new PoolQueryException(r.statusCode(), a.errorNum(), a.errorMessage());
    }
    if (a.hasMore()) {
      // the study's query returns at most one document, far below the default batch size of 1000
      throw new PoolQueryException(r.statusCode(), 0, "a cursor with more than one batch for a point query");
    }
    return a.result();
  }

  @Override
  public void ping() {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/_api/version")).header("accept", JSON);
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    try {
      HttpResponse<Void> r = http.send(b.build(), HttpResponse.BodyHandlers.discarding());
      if (r.statusCode() != 200) {
        throw new ArangoUnavailableException("GET " + base + "/_api/version answered HTTP " + r.statusCode());
      }
    } catch (IOException e) {
      throw new ArangoUnavailableException("GET " + base + "/_api/version failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ArangoUnavailableException("interrupted", e);
    }
  }

  @Override
  public void close() {
    http.close();
  }
}
