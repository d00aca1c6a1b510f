package io.dbbench.jdbc.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A small JSON client for the console tests. */
final class Http {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final URI base;

  Http(URI base) {
    this.base = base;
  }

  /** One answer: status and parsed body (null when the body is not JSON). */
  record Answer(int status, JsonNode json, HttpResponse<byte[]> raw) {
    String text(String field) {
      return json == null || json.get(field) == null ? null : json.get(field).asText();
    }
  }

  Answer get(String path) throws IOException, InterruptedException {
    return send(request(path).GET().build());
  }

  Answer post(String path) throws IOException, InterruptedException {
    return send(request(path).POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  Answer method(String method, String path) throws IOException, InterruptedException {
    return send(request(path).method(method, HttpRequest.BodyPublishers.noBody()).build());
  }

  Answer postWithOrigin(String path, String origin) throws IOException, InterruptedException {
    return send(request(path).header("Origin", origin).POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  CompletableFuture<Answer> getAsync(String path) {
    return CLIENT.sendAsync(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray()).thenApply(Http::answer);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(120));
  }

  private static Answer send(HttpRequest r) throws IOException, InterruptedException {
    return answer(CLIENT.send(r, HttpResponse.BodyHandlers.ofByteArray()));
  }

  private static Answer answer(HttpResponse<byte[]> r) {
    JsonNode node = null;
    if (r.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
      try {
        node = JSON.readTree(r.body());
      } catch (IOException e) {
        throw new AssertionError("malformed JSON from " + r.uri() + ": " + new String(r.body()), e);
      }
    }
    return new Answer(r.statusCode(), node, r);
  }

  /** Polls {@code /api/progress} until a test is running (at most 30 s). */
  JsonNode awaitRunning() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      JsonNode p = get("/api/progress").json();
      if (p.get("running").asBoolean()) {
        return p;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no test started running within 30 s");
  }
}
