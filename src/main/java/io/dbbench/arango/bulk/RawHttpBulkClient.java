package io.dbbench.arango.bulk;

import com.arangodb.Protocol;
import com.arangodb.jackson.dataformat.velocypack.VPackMapper;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.ArangoUnavailableException;
import io.dbbench.arango.server.DriverFacts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The raw HTTP baseline: the same requests as the driver sends (paths, query parameters, bodies,
 * {@code accept}/{@code content-type}, Basic auth), through the JDK {@link HttpClient} with one
 * Jackson {@link ObjectMapper}, so the report can separate what the protocol costs from what the
 * driver costs. HTTP/1.1 for {@code HTTP_*}; HTTP/2 for {@code HTTP2_*}, which the JDK client
 * negotiates on {@code http://} through the {@code Upgrade: h2c} handshake (it has no
 * prior-knowledge mode) and on {@code https://} through ALPN; {@link #ping()} makes that first
 * request outside the timing. For the {@code *_VPACK} protocols it sends and reads VelocyPack
 * with {@code jackson-dataformat-velocypack}'s {@link VPackMapper}, the library the driver's
 * VelocyPack serde uses, so every protocol has a raw row.
 */
final class RawHttpBulkClient implements BulkClient {
  private static final String JSON = "application/json; charset=utf-8";
  private static final String VPACK = "application/x-velocypack";

  /** One page of a cursor, as the raw client reads it. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record CursorPage(List<BulkDoc> result, boolean hasMore, String id, String nextBatchId) {}

  /** One element of a multi-document read's answer: the document, or a per-key error object. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record KeyedRead(@JsonProperty("_key") String key, String name, int value, boolean error, int errorNum,
      String errorMessage) {}

  /** An error answer or per-document error object. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ErrorBody(boolean error, int errorNum, String errorMessage, int code) {}

  private final HttpClient http;
  private final ObjectMapper mapper;
  private final String contentType;
  private final String base;
  private final String authorization;
  private final byte[] readQuery;

  RawHttpBulkClient(ArangoTarget target, Protocol protocol) {
    http = target.httpClient(DriverFacts.http2(protocol) ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1).build();
    mapper = (DriverFacts.vpack(protocol) ? new VPackMapper() : new ObjectMapper())
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    contentType = DriverFacts.vpack(protocol) ? VPACK : JSON;
    base = target.endpoints().get(0) + "/_db/" + ArangoBulkFixture.DATABASE;
    authorization = target.authorizationHeader().orElse(null);
    try {
      readQuery = mapper.writeValueAsBytes(Map.of("query", "FOR d IN " + ArangoBulkFixture.COLLECTION + " RETURN d"));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private HttpResponse<byte[]> send(String method, String path, byte[] body) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(10))
        .header("accept", contentType).header("content-type", contentType)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    try {
      return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(method + " " + path + " interrupted", e);
    }
  }

  private byte[] write(Object o) {
    try {
      return mapper.writeValueAsBytes(o);
    } catch (IOException e) {
      throw new IllegalStateException("serialising a request body failed", e);
    }
  }

  private <T> T read(HttpResponse<byte[]> r, Class<T> type) {
    try {
      return mapper.readValue(r.body(), type);
    } catch (IOException e) {
      throw new IllegalStateException("reading a " + type.getSimpleName() + " from HTTP " + r.statusCode() + " failed: " + e, e);
    }
  }

  private BulkOperationException failure(BulkOperation op, HttpResponse<byte[]> r) {
    ErrorBody e = read(r, ErrorBody.class);
    return new BulkOperationException(op.method() + ": HTTP " + r.statusCode()
        + ", error " + e.errorNum() + ": " + e.errorMessage(), e.errorNum());
  }

  /** Checks a silent multi-document answer: {@code {}} when all succeeded, else an array of error objects. */
  private void checkSilent(BulkOperation op, HttpResponse<byte[]> r, int total) {
    if (r.statusCode() >= 300) {
      throw failure(op, r);
    }
    JsonNode body = read(r, JsonNode.class);
    if (body.isArray() && !body.isEmpty()) {
      JsonNode first = body.get(0);
      throw BulkOperationException.perDocument(op, body.size(), total, first.path("errorNum").asInt(),
          first.path("errorMessage").asText());
    }
  }

  @Override
  public void insert(List<BulkDoc> docs) {
    checkSilent(BulkOperation.INSERT, send("POST", "/_api/document/" + ArangoBulkFixture.COLLECTION
        + "?silent=true&overwriteMode=replace", write(docs)), docs.size());
  }

  @Override
  public long readAll() {
    HttpResponse<byte[]> r = send("POST", "/_api/cursor", readQuery);
    long n = 0;
    while (true) {
      if (r.statusCode() >= 300) {
        throw failure(BulkOperation.READ, r);
      }
      CursorPage page = read(r, CursorPage.class);
      for (BulkDoc d : page.result()) {
        if (d.key != null) {
          n++;
        }
      }
      if (!page.hasMore()) {
        return n;
      }
      r = send("POST", "/_api/cursor/" + page.id() + (page.nextBatchId() == null ? "" : "/" + page.nextBatchId()), null);
    }
  }

  private static final TypeReference<List<KeyedRead>> KEYED_READS = new TypeReference<>() {};

  @Override
  public List<BulkDoc> readByKeys(List<String> keys) {
    HttpResponse<byte[]> r = send("PUT", "/_api/document/" + ArangoBulkFixture.COLLECTION + "?onlyget=true", write(keys));
    if (r.statusCode() >= 300) {
      throw failure(BulkOperation.READ_BY_KEYS, r);
    }
    List<KeyedRead> answer;
    try {
      answer = mapper.readValue(r.body(), KEYED_READS);
    } catch (IOException e) {
      throw new IllegalStateException("reading the documents from HTTP " + r.statusCode() + " failed: " + e, e);
    }
    List<BulkDoc> docs = new ArrayList<>(answer.size());
    int errors = 0;
    KeyedRead first = null;
    for (KeyedRead k : answer) {
      if (k.error()) {
        errors++;
        first = first == null ? k : first;
      } else {
        docs.add(new BulkDoc(k.key(), k.name(), k.value()));
      }
    }
    if (first != null) {
      throw BulkOperationException.perDocument(BulkOperation.READ_BY_KEYS, errors, keys.size(), first.errorNum(),
          first.errorMessage());
    }
    return docs;
  }

  @Override
  public void update(List<BulkDoc> updates) {
    checkSilent(BulkOperation.UPDATE, send("PATCH", "/_api/document/" + ArangoBulkFixture.COLLECTION
        + "?silent=true&ignoreRevs=true", write(updates)), updates.size());
  }

  @Override
  public void delete(List<String> keys) {
    checkSilent(BulkOperation.DELETE, send("DELETE", "/_api/document/" + ArangoBulkFixture.COLLECTION + "?silent=true",
        write(keys)), keys.size());
  }

  @Override
  public void ping() {
    HttpResponse<byte[]> r = send("GET", "/_api/version", null);
    if (r.statusCode() != 200) {
      throw new ArangoUnavailableException("GET /_api/version answered HTTP " + r.statusCode());
    }
  }

  @Override
  public void close() {
    http.close();
  }
}
