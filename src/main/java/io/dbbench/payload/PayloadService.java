package io.dbbench.payload;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.dbbench.core.HttpExchanges;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.mongo.JsonBson;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * The WMPayload service: an HTTP(S) front end that stores JSON documents in one MongoDB collection.
 * Built on the JDK's {@code com.sun.net.httpserver} with one virtual thread per request, so 100+
 * concurrent clients never queue behind a fixed pool.
 *
 * <ul>
 *   <li>{@code POST /insert}, body a JSON object with {@code Content-Type: application/json}: the
 *       service sets a fresh random UUID {@code id} (replacing any client {@code id}) and inserts
 *       it; {@code 201 {"id": "..."}}. A top-level {@code _id} is refused (400): MongoDB's primary
 *       key is the server's to assign, and a client-chosen one turns a retry into a duplicate-key
 *       error.
 *   <li>{@code GET /search?id=UUID}: {@code 200} with the stored document (without MongoDB's
 *       {@code _id}), {@code 404} when absent.
 *   <li>{@code GET /health}: {@code 200 {"status":"ok","mongo":"up",...}} with the counters
 *       {@code requests}, {@code inserted}, {@code client_errors} (4xx), {@code mongo_failures}
 *       (503), {@code server_errors} (500), {@code bson_too_large} and {@code overloaded}
 *       (503 for lack of body memory), and {@code bodies_in_flight_bytes} (the budget in use now);
 *       {@code 503} with
 *       {@code "status":"degraded"} and the reason when MongoDB does not answer a count within
 *       {@code mongo_timeout_ms}.
 *   <li>{@code GET /template}: the configured {@code json_file}, {@code 404} when none.
 * </ul>
 *
 * <p>Errors are JSON {@code {"error": "..."}}: {@code 400} malformed JSON, duplicate keys
 * (Jackson's {@code STRICT_DUPLICATE_DETECTION}), a non-object body, a {@code $}-prefixed field
 * name, a top-level {@code _id}, a number that is not finite as a double ({@code 1e999999}), a
 * string with a lone UTF-16 surrogate, a missing or non-UUID {@code id}; {@code 405} a wrong
 * method; {@code 409} a duplicate key reported by MongoDB; {@code 413} a body over
 * {@code max_body_bytes} or a document over MongoDB's 16 MiB BSON limit (logged, counted in
 * {@code bson_too_large}); {@code 415} a content type other than {@code application/json};
 * {@code 503} when MongoDB fails or does not answer within {@code mongo_timeout_ms} (counted in
 * {@code mongo_failures}; the service keeps serving) or, with {@code Retry-After: 1}, when the
 * request's body would pass the memory budget for bodies in flight
 * ({@code in_flight_body_bytes}, counted in {@code overloaded}); {@code 500} anything unexpected, an
 * {@code Error} included (logged,
 * counted in {@code server_errors}). Client errors (4xx) are counted in {@code client_errors} and
 * never as MongoDB failures. Every error is answered before the exchange closes. Only a validated
 * UUID string ever reaches a MongoDB filter.
 *
 * <p>Not ours to answer: requests the JDK server rejects before any handler runs (a malformed
 * request line or URI, illegal header names, conflicting {@code Content-Length} and
 * {@code Transfer-Encoding}, an unsupported transfer coding) get the JDK's own short HTML reply.
 * A client that takes longer than {@code read_timeout_seconds} to send a request is disconnected.
 */
public final class PayloadService implements AutoCloseable {
  /** The JDK server's request read bound in seconds, read once per JVM when its classes load. */
  static final String MAX_REQ_TIME_PROPERTY = "sun.net.httpserver.maxReqTime";

  static {
    // The JDK server leaves Nagle's algorithm on unless told; with small answers and delayed ACKs
    // that adds ~40 ms per keep-alive request. Read once when the server classes load.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    // Slow-client bound (seconds); PayloadServer sets the configured value before this runs.
    if (System.getProperty(MAX_REQ_TIME_PROPERTY) == null) {
      System.setProperty(MAX_REQ_TIME_PROPERTY, String.valueOf(PayloadConfig.DEFAULT_READ_TIMEOUT_SECONDS));
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      // {"a":1,"a":2} is refused rather than silently keeping the last value
      .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
  private static final Pattern UUID_TEXT =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private final PayloadConfig config;
  private final MongoCollection<Document> collection;
  private final HttpServer server;
  private final ExecutorService executor;
  private final byte[] template;
  private final LongAdder requests = new LongAdder();
  private final LongAdder inserted = new LongAdder();
  private final LongAdder mongoFailures = new LongAdder();
  private final LongAdder clientErrors = new LongAdder();
  private final LongAdder serverErrors = new LongAdder();
  private final LongAdder bsonTooLarge = new LongAdder();
  private final LongAdder overloaded = new LongAdder();
  /** Bytes of request bodies being read and parsed now, against {@link #bodyBudget}. */
  private final AtomicLong bodiesInFlight = new AtomicLong();
  private final long bodyBudget;

  private PayloadService(PayloadConfig config, MongoCollection<Document> collection, HttpServer server,
      ExecutorService executor, byte[] template) {
    this.config = config;
    // the client-side operation timeout bounds every call, server selection included
    this.collection = collection.withTimeout(config.mongoTimeoutMs(), TimeUnit.MILLISECONDS);
    this.server = server;
    this.executor = executor;
    this.template = template;
    this.bodyBudget = config.effectiveInFlightBodyBytes();
  }

  /**
   * Binds {@code config.host():config.port()} and starts serving {@code collection}. The caller
   * keeps ownership of the collection's client.
   *
   * @throws IllegalArgumentException when HTTPS lacks its PEM files, a PEM file holds no
   *     certificate/key, or {@code json_file} is not a JSON object
   * @throws IOException when the port cannot be bound or a file cannot be read
   */
  public static PayloadService start(PayloadConfig config, MongoCollection<Document> collection) throws IOException {
    config.requireStartable();
    byte[] template = null;
    if (config.jsonFile() != null) {
      template = Files.readAllBytes(config.jsonFile());
      try {
        JsonBson.toDocument(JSON.readTree(template));
      } catch (JacksonException | JsonBson.InvalidDocumentException e) {
        throw new IllegalArgumentException("json_file " + config.jsonFile() + " is not a storable JSON object: " + e.getMessage(), e);
      }
    }
    InetSocketAddress addr = new InetSocketAddress(config.host(), config.port());
    HttpServer server;
    if (config.useHttps()) {
      HttpsServer s = HttpsServer.create(addr, 1024);
      try {
        s.setHttpsConfigurator(new HttpsConfigurator(PemTls.serverContext(config.certFile(), config.keyFile())));
      } catch (GeneralSecurityException e) {
        s.stop(0);
        throw new IllegalArgumentException("cannot build TLS from cert_file " + config.certFile()
            + " and key_file " + config.keyFile() + ": " + e.getMessage(), e);
      }
      server = s;
    } else {
      server = HttpServer.create(addr, 1024);
    }
    ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor();
    server.setExecutor(ex);
    PayloadService svc = new PayloadService(config, collection, server, ex, template);
    server.createContext("/", svc::handle);
    server.start();
    return svc;
  }

  /** The base URI clients use, e.g. {@code http://127.0.0.1:7111} (a wildcard bind shows as 127.0.0.1). */
  public URI baseUri() {
    InetSocketAddress a = server.getAddress();
    String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return URI.create((config.useHttps() ? "https" : "http") + "://" + host + ":" + a.getPort());
  }

  /** Requests answered so far (every status). */
  public long requests() {
    return requests.sum();
  }

  /** Documents inserted so far. */
  public long inserted() {
    return inserted.sum();
  }

  /** MongoDB operations that failed so far (each answered 503). */
  public long mongoFailures() {
    return mongoFailures.sum();
  }

  /** Requests answered 4xx so far. */
  public long clientErrors() {
    return clientErrors.sum();
  }

  private void handle(HttpExchange ex) {
    requests.increment();
    try {
      String path = ex.getRequestURI().getRawPath();
      switch (path) {
        case "/insert" -> {
          if (method(ex, "POST")) {
            insert(ex);
          }
        }
        case "/search" -> {
          if (method(ex, "GET")) {
            search(ex);
          }
        }
        case "/health" -> {
          if (method(ex, "GET")) {
            health(ex);
          }
        }
        case "/template" -> {
          if (method(ex, "GET")) {
            if (template == null) {
              error(ex, 404, "no json_file is configured");
            } else {
              send(ex, 200, template);
            }
          }
        }
        default -> error(ex, 404, "no endpoint " + path + "; expected POST /insert, GET /search?id=UUID, GET /health, GET /template");
      }
    } catch (IOException e) {
      // The client went away mid-exchange; nothing left to answer.
    } catch (RuntimeException | Error e) {
      // Answered before the exchange closes (closing first would leave the client an empty reply);
      // an Error (a heap exhausted by something the budget did not foresee) ends this request only.
      serverErrors.increment();
      log(ex, 500, e.toString());
      try {
        error(ex, 500, "internal error: " + e.getClass().getSimpleName());
      } catch (IOException | RuntimeException ignored) {
        // headers were already sent
      }
    } finally {
      ex.close();
    }
  }

  private void health(HttpExchange ex) throws IOException {
    Map<String, Object> h = new LinkedHashMap<>();
    String mongo;
    try {
      collection.estimatedDocumentCount(); // a round trip, bounded by mongo_timeout_ms
      mongo = "up";
    } catch (MongoException e) {
      mongo = "unreachable: " + e.getClass().getSimpleName() + ": " + truncate(Redaction.redact(String.valueOf(e.getMessage())));
    }
    boolean up = mongo.equals("up");
    h.put("status", up ? "ok" : "degraded");
    h.put("mongo", mongo);
    h.put("requests", requests.sum());
    h.put("inserted", inserted.sum());
    h.put("client_errors", clientErrors.sum());
    h.put("mongo_failures", mongoFailures.sum());
    h.put("server_errors", serverErrors.sum());
    h.put("bson_too_large", bsonTooLarge.sum());
    h.put("overloaded", overloaded.sum());
    h.put("bodies_in_flight_bytes", bodiesInFlight.get());
    send(ex, up ? 200 : 503, KnownSecrets.scrub(JSON.writeValueAsString(h)).getBytes(StandardCharsets.UTF_8));
  }

  private static void log(HttpExchange ex, int status, String what) {
    System.err.println("[payload-service] " + Instant.now() + " " + status + " " + ex.getRequestMethod()
        + " " + truncate(ex.getRequestURI().getRawPath()) + ": " + truncate(Redaction.redact(what)));
  }

  private boolean method(HttpExchange ex, String allowed) throws IOException {
    if (ex.getRequestMethod().equals(allowed)) {
      return true;
    }
    ex.getResponseHeaders().set("Allow", allowed);
    error(ex, 405, "method " + ex.getRequestMethod() + " is not allowed on " + ex.getRequestURI().getRawPath() + "; use " + allowed);
    return false;
  }

  private void insert(HttpExchange ex) throws IOException {
    String ct = ex.getRequestHeaders().getFirst("Content-Type");
    String media = ct == null ? "" : ct.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!media.equals("application/json")) {
      error(ex, 415, "Content-Type '" + (ct == null ? "" : ct) + "' is not supported; expected application/json");
      return;
    }
    long max = config.maxBodyBytes();
    String cl = ex.getRequestHeaders().getFirst("Content-Length");
    long declared = -1;
    if (cl != null) {
      try {
        declared = Long.parseLong(cl.trim());
      } catch (NumberFormatException e) {
        error(ex, 400, "Content-Length '" + cl + "' is not a number");
        return;
      }
      if (declared > max) {
        tooLarge(ex, max);
        return;
      }
    }
    // A chunked body's size is unknown until read: it holds room for the largest allowed.
    long want = declared >= 0 ? declared : max;
    if (!reserveBody(want)) {
      overloaded.increment();
      // send() drains the body through a small buffer (no heap held), keeping the connection usable.
      ex.getResponseHeaders().set("Retry-After", "1");
      error(ex, 503, "overloaded: request bodies of " + bodiesInFlight.get() + " bytes are being read and parsed,"
          + " and this one's " + want + " would pass the budget in_flight_body_bytes=" + bodyBudget + "; retry later");
      return;
    }
    try {
      insertWithin(ex, max);
    } finally {
      bodiesInFlight.addAndGet(-want);
    }
  }

  /**
   * Holds {@code bytes} of the body budget, or refuses when other bodies in flight already hold
   * so much that these would pass it (one request alone is always let through, whatever its size
   * within {@code max_body_bytes}).
   */
  private boolean reserveBody(long bytes) {
    while (true) {
      long cur = bodiesInFlight.get();
      if (cur > 0 && cur + bytes > bodyBudget) {
        return false;
      }
      if (bodiesInFlight.compareAndSet(cur, cur + bytes)) {
        return true;
      }
    }
  }

  private void insertWithin(HttpExchange ex, long max) throws IOException {
    // Not closed here: the exchange closes it, after send() has checked nothing is left unread.
    byte[] body = ex.getRequestBody().readNBytes((int) max + 1);
    if (body.length > max) {
      tooLarge(ex, max);
      return;
    }
    Document doc;
    try {
      JsonNode tree = JSON.readTree(body);
      doc = JsonBson.toDocument(tree);
    } catch (JacksonException e) {
      error(ex, 400, "malformed JSON: " + e.getOriginalMessage());
      return;
    } catch (JsonBson.InvalidDocumentException e) {
      error(ex, 400, e.getMessage());
      return;
    }
    if (doc.containsKey("_id")) {
      error(ex, 400, "field '_id' is not accepted: MongoDB's primary key is assigned by the server (the service's key is 'id', which it sets)");
      return;
    }
    String id = UUID.randomUUID().toString();
    doc.put("id", id);
    try {
      collection.insertOne(doc);
    } catch (org.bson.BsonMaximumSizeExceededException e) {
      // parses, fits max_body_bytes, but its BSON exceeds MongoDB's 16 MiB document limit
      bsonTooLarge.increment();
      log(ex, 413, e.getMessage());
      error(ex, 413, "document exceeds MongoDB's BSON size limit (16 MiB): " + truncate(e.getMessage()));
      return;
    } catch (MongoWriteException e) {
      if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
        error(ex, 409, "duplicate key: " + truncate(Redaction.redact(String.valueOf(e.getError().getMessage()))));
        return;
      }
      mongoFailed(ex, e);
      return;
    } catch (MongoException e) {
      mongoFailed(ex, e);
      return;
    }
    inserted.increment();
    send(ex, 201, JSON.writeValueAsBytes(Map.of("id", id)));
  }

  private void tooLarge(HttpExchange ex, long max) throws IOException {
    // The unread rest of the body would be parsed as the next request: close the connection.
    ex.getResponseHeaders().set("Connection", "close");
    error(ex, 413, "body is larger than max_body_bytes=" + max);
  }

  private void search(HttpExchange ex) throws IOException {
    List<String> ids = new ArrayList<>();
    String q = ex.getRequestURI().getRawQuery();
    if (q != null) {
      for (String kv : q.split("&")) {
        int eq = kv.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8);
        if (k.equals("id")) {
          ids.add(eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    if (ids.size() != 1) {
      error(ex, 400, "expected exactly one id query parameter, got " + ids.size());
      return;
    }
    String id = ids.get(0);
    if (!UUID_TEXT.matcher(id).matches()) {
      error(ex, 400, "id '" + truncate(id) + "' is not a UUID; expected 8-4-4-4-12 hex digits");
      return;
    }
    // Ids are stored in java.util.UUID's canonical lower-case form.
    String canonical = id.toLowerCase(Locale.ROOT);
    Document d;
    try {
      d = collection.find(Filters.eq("id", canonical)).projection(Projections.excludeId()).first();
    } catch (MongoException e) {
      mongoFailed(ex, e);
      return;
    }
    if (d == null) {
      error(ex, 404, "no document with id " + canonical);
      return;
    }
    send(ex, 200, JSON.writeValueAsBytes(JsonBson.toJson(d)));
  }

  private void mongoFailed(HttpExchange ex, MongoException e) throws IOException {
    mongoFailures.increment();
    log(ex, 503, e.toString());
    error(ex, 503, "MongoDB operation failed: " + e.getClass().getSimpleName() + ": "
        + truncate(Redaction.redact(String.valueOf(e.getMessage()))));
  }

  private static String truncate(String s) {
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }

  private void error(HttpExchange ex, int status, String message) throws IOException {
    if (status / 100 == 4) {
      clientErrors.increment();
    }
    send(ex, status, JSON.writeValueAsBytes(Map.of("error", KnownSecrets.scrub(message))));
  }

  private void send(HttpExchange ex, int status, byte[] body) throws IOException {
    HttpExchanges.send(ex, status, "application/json", body, config.maxBodyBytes());
  }

  /**
   * Stops at once (exchanges still in flight are cut off: benchmarks and tests close it only when
   * their requests have answered), then interrupts what is left and waits up to five seconds for
   * the virtual threads to end.
   */
  @Override
  public void close() {
    HttpExchanges.stop(server, executor);
  }
}
