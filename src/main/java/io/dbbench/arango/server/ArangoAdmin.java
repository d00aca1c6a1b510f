package io.dbbench.arango.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Set-up and verification requests, outside every timing, over HTTP/1.1 with JSON whatever the
 * protocol under test (so checks are the same for every variant): create the database and the
 * collection when missing, truncate, count, read one document, load documents, ensure a persistent
 * index, set the query cache mode. It only ever touches database {@value #DATABASE} and collections
 * named {@code dbbench_*}; it never drops anything.
 */
public final class ArangoAdmin implements AutoCloseable {
  /** The only database dbbench uses. */
  public static final String DATABASE = "dbbench";
  private static final Pattern OWN_COLLECTION = Pattern.compile("dbbench_[A-Za-z0-9_]+");

  private final ObjectMapper json = new ObjectMapper();
  private final HttpClient http;
  private final String base;
  private final String authorization;

  /** An admin client for {@code target}. */
  public ArangoAdmin(ArangoTarget target) {
    http = target.httpClient(HttpClient.Version.HTTP_1_1).build();
    base = target.endpoints().get(0).toString();
    authorization = target.authorizationHeader().orElse(null);
  }

  private static String own(String collection) {
    if (!OWN_COLLECTION.matcher(collection).matches()) {
      throw new IllegalArgumentException("collection '" + collection + "'; dbbench only touches collections named dbbench_*");
    }
    return collection;
  }

  /** The HTTP status and the parsed JSON body (an empty object when there is none) of one request. */
  public record Answer(int status, JsonNode body) {
    /** ArangoDB's {@code errorNum} in the body, 0 when there is none. */
    public int errorNum() {
      return body.path("errorNum").asInt();
    }
  }

  /**
   * One admin request: {@code method} on {@code path} (from the server root, e.g.
   * {@code /_db/dbbench/_api/index?collection=...}) with {@code body} as JSON (null for none).
   *
   * @throws ArangoUnavailableException when the request cannot be sent or its answer is not JSON
   */
  public Answer call(String method, String path, Object body) {
    try {
      HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofMinutes(5))
          .header("accept", "application/json").header("content-type", "application/json")
          .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)));
      if (authorization != null) {
        b.header("authorization", authorization);
      }
      HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      JsonNode n = r.body().length == 0 ? json.createObjectNode() : json.readTree(r.body());
      return new Answer(r.statusCode(), n);
    } catch (IOException e) {
      throw new ArangoUnavailableException(method + " " + base + path + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ArangoUnavailableException(method + " " + base + path + " interrupted", e);
    }
  }

  private static Answer expect(Answer a, String what, int... ok) {
    for (int s : ok) {
      if (a.status() == s) {
        return a;
      }
    }
    throw new IllegalStateException(what + " answered HTTP " + a.status() + ", error " + a.errorNum() + ": "
        + a.body().path("errorMessage").asText(a.body().toString()));
  }

  private static String db(String path) {
    return "/_db/" + DATABASE + path;
  }

  /** Creates database {@value #DATABASE} when missing. */
  public void ensureDatabase() {
    Answer a = call("GET", db("/_api/database/current"), null);
    if (a.status() == 200) {
      return;
    }
    if (a.status() != 404 || a.errorNum() != 1228) {
      expect(a, "GET /_db/" + DATABASE + "/_api/database/current", 200);
    }
    Answer c = call("POST", "/_db/_system/_api/database", Map.of("name", DATABASE));
    if (c.status() == 409) {
      return; // created meanwhile
    }
    expect(c, "creating database " + DATABASE, 201, 200);
  }

  /** Creates document collection {@code collection} (a {@code dbbench_*} name) when missing. */
  public void ensureCollection(String collection) {
    Answer a = call("GET", db("/_api/collection/" + own(collection)), null);
    if (a.status() == 200) {
      return;
    }
    if (a.status() != 404) {
      expect(a, "GET collection " + collection, 200);
    }
    Answer c = call("POST", db("/_api/collection"), Map.of("name", collection));
    if (c.status() != 409) {
      expect(c, "creating collection " + collection, 200, 201);
    }
  }

  /** Removes every document of {@code collection}. */
  public void truncate(String collection) {
    expect(call("PUT", db("/_api/collection/" + own(collection) + "/truncate"), null), "truncating " + collection, 200);
  }

  /** The number of documents in {@code collection}. */
  public long count(String collection) {
    return expect(call("GET", db("/_api/collection/" + own(collection) + "/count"), null), "counting " + collection, 200)
        .body().path("count").asLong(-1);
  }

  /** Document {@code key} of {@code collection}, or null when absent (404/1202). */
  public JsonNode document(String collection, String key) {
    Answer a = call("GET", db("/_api/document/" + own(collection) + "/" + URLEncoder.encode(key, StandardCharsets.UTF_8)), null);
    if (a.status() == 404 && a.errorNum() == 1202) {
      return null;
    }
    return expect(a, "reading " + collection + "/" + key, 200).body();
  }

  /**
   * Documents {@code keys} of {@code collection} in one multi-document read
   * ({@code PUT /_api/document/{collection}?onlyget=true}, ArangoDB 3.12 "Get multiple documents"):
   * one element per key in key order, the document or null where the key is absent (per-document
   * error 1202).
   *
   * @throws IllegalStateException when the answer is not 200 with one element per key, or an element
   *     carries another per-document error
   */
  public List<JsonNode> documents(String collection, List<String> keys) {
    Answer a = expect(call("PUT", db("/_api/document/" + own(collection) + "?onlyget=true"), keys),
        "reading " + keys.size() + " documents of " + collection, 200);
    if (!a.body().isArray() || a.body().size() != keys.size()) {
      throw new IllegalStateException("reading " + keys.size() + " documents of " + collection + " returned "
          + (a.body().isArray() ? a.body().size() + " elements" : "no array") + "; expected one per key");
    }
    List<JsonNode> out = new ArrayList<>(keys.size());
    for (JsonNode d : a.body()) {
      if (d.path("error").asBoolean(false)) {
        if (d.path("errorNum").asInt() != 1202) {
          throw new IllegalStateException("reading documents of " + collection + ": error " + d.path("errorNum").asInt()
              + ": " + d.path("errorMessage").asText());
        }
        out.add(null);
      } else {
        out.add(d);
      }
    }
    return out;
  }

  /**
   * Inserts (replacing) {@code docs} in one request; fails on any per-document error.
   *
   * @throws IllegalStateException naming how many documents failed and the first errorNum and errorMessage
   */
  public void load(String collection, List<?> docs) {
    Answer a = expect(call("POST", db("/_api/document/" + own(collection) + "?silent=true&overwriteMode=replace"), docs),
        "loading " + collection, 201, 202);
    if (a.body().isArray() && !a.body().isEmpty()) {
      JsonNode e = a.body().get(0);
      throw new IllegalStateException("loading " + collection + ": " + a.body().size() + " of " + docs.size()
          + " documents failed; first error " + e.path("errorNum").asInt() + ": " + e.path("errorMessage").asText());
    }
  }

  /** Ensures a persistent index on {@code fields}; returns the index description. */
  public JsonNode ensurePersistentIndex(String collection, List<String> fields) {
    return expect(call("POST", db("/_api/index?collection=" + own(collection)), Map.of("type", "persistent", "fields", fields)),
        "creating an index on " + collection, 200, 201).body();
  }

  /** Sets the server's query cache mode ({@code on}, {@code off}, {@code demand}); returns the properties. */
  public JsonNode setQueryCacheMode(String mode) {
    return expect(call("PUT", db("/_api/query-cache/properties"), Map.of("mode", mode)), "setting the query cache", 200).body();
  }

  @Override
  public void close() {
    http.close();
  }
}
