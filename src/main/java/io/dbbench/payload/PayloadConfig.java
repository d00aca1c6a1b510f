package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.Redaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The payload service's configuration, with the WMPayload service's JSON keys: {@code use_https},
 * {@code port} (default {@value #DEFAULT_PORT}), {@code cert_file} and {@code key_file} (PEM),
 * {@code json_file} (the template document), {@code mongo_uri}, {@code mongo_database},
 * {@code mongo_collection}; plus dbbench's {@code host} (bind address, default {@code 127.0.0.1}:
 * loopback unless told otherwise), {@code max_body_bytes} (default 16 MiB, MongoDB's BSON document
 * limit), {@code read_timeout_seconds} (default {@value #DEFAULT_READ_TIMEOUT_SECONDS}) and
 * {@code mongo_timeout_ms} (default {@value #DEFAULT_MONGO_TIMEOUT_MS}) and
 * {@code in_flight_body_bytes} (default 0: an eighth of the service's heap).
 *
 * <p>{@code mongo_uri} may be {@code embedded} to start the in-process mongo-java-server stand-in.
 *
 * @param useHttps serve HTTPS with {@code certFile}/{@code keyFile}
 * @param host bind address
 * @param port TCP port; 0 picks a free one
 * @param certFile PEM certificate chain (HTTPS only)
 * @param keyFile PEM private key, PKCS#8 or PKCS#1 (HTTPS only)
 * @param jsonFile template document served at {@code GET /template}, or {@code null}
 * @param mongoUri MongoDB connection string, or {@code embedded}
 * @param mongoDatabase database name
 * @param mongoCollection collection name
 * @param maxBodyBytes largest accepted request body in bytes
 * @param readTimeoutSeconds longest time a client may take to send one request (line, headers and
 *     body), in seconds; a connection that takes longer is closed (the JDK server's
 *     {@code sun.net.httpserver.maxReqTime}, a JVM-wide setting: it takes effect in the JVM's first
 *     server only, which is why {@link PayloadServer} sets it before starting)
 * @param mongoTimeoutMs per-operation MongoDB timeout in milliseconds (the driver's client-side
 *     operation timeout, {@code timeoutMS}, which also bounds server selection): with MongoDB down a
 *     request fails with 503 after at most this long instead of hanging
 * @param inFlightBodyBytes the memory budget for request bodies being read and parsed at once, in
 *     body bytes (a body's JSON tree and BSON document take several times its size); a request
 *     that would pass it is answered 503 at once, before its body is read, unless it is the only
 *     one in flight; 0 derives it from the heap ({@link #effectiveInFlightBodyBytes()})
 */
public record PayloadConfig(boolean useHttps, String host, int port, Path certFile, Path keyFile,
    Path jsonFile, String mongoUri, String mongoDatabase, String mongoCollection, long maxBodyBytes,
    int readTimeoutSeconds, long mongoTimeoutMs, long inFlightBodyBytes) {

  /** The original service's port. */
  public static final int DEFAULT_PORT = 7111;
  /** 16 MiB: MongoDB's maximum BSON document size. */
  public static final long DEFAULT_MAX_BODY_BYTES = 16L * 1024 * 1024;

  /** Default {@code read_timeout_seconds}. */
  public static final int DEFAULT_READ_TIMEOUT_SECONDS = 30;
  /** Default {@code mongo_timeout_ms}. */
  public static final long DEFAULT_MONGO_TIMEOUT_MS = 10_000;

  private static final Set<String> KEYS = Set.of("use_https", "host", "port", "cert_file", "key_file",
      "json_file", "mongo_uri", "mongo_database", "mongo_collection", "max_body_bytes",
      "read_timeout_seconds", "mongo_timeout_ms", "in_flight_body_bytes");

  /**
   * Validates the values.
   *
   * @throws IllegalArgumentException naming the key, its value and what was expected
   */
  public PayloadConfig {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port=" + port + "; expected 0..65535");
    }
    if (maxBodyBytes < 2 || maxBodyBytes > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("max_body_bytes=" + maxBodyBytes + "; expected 2.." + (Integer.MAX_VALUE - 8));
    }
    if (readTimeoutSeconds < 1) {
      throw new IllegalArgumentException("read_timeout_seconds=" + readTimeoutSeconds + "; expected at least 1");
    }
    if (mongoTimeoutMs < 1) {
      throw new IllegalArgumentException("mongo_timeout_ms=" + mongoTimeoutMs + "; expected at least 1");
    }
    if (inFlightBodyBytes < 0) {
      throw new IllegalArgumentException("in_flight_body_bytes=" + inFlightBodyBytes
          + "; expected 0 (an eighth of the heap) or a positive number of bytes");
    }
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host='" + host + "'; expected a bind address such as 127.0.0.1 or 0.0.0.0");
    }
    requireName("mongo_database", mongoDatabase);
    requireName("mongo_collection", mongoCollection);
    if (mongoUri == null || mongoUri.isBlank()) {
      throw new IllegalArgumentException("mongo_uri is empty; expected mongodb://host:27017 or 'embedded'");
    }
  }

  /**
   * Checks what only matters once the service starts (keys may arrive in any order while loading).
   *
   * @throws IllegalArgumentException when {@code use_https} is true without both PEM files
   */
  public void requireStartable() {
    if (useHttps && (certFile == null || keyFile == null)) {
      throw new IllegalArgumentException("use_https=true needs cert_file and key_file (PEM); got cert_file="
          + certFile + ", key_file=" + keyFile);
    }
  }

  private static void requireName(String key, String v) {
    if (v == null || v.isBlank() || v.contains("$") || v.contains("\0")) {
      throw new IllegalArgumentException(key + "='" + v + "'; expected a non-empty name without '$'");
    }
  }

  /**
   * Defaults: plain HTTP on 127.0.0.1:7111 (loopback; {@code host} 0.0.0.0 serves other machines),
   * MongoDB at localhost:27017, database {@code payload}, collection {@code docs}.
   */
  public static PayloadConfig defaults() {
    return new PayloadConfig(false, "127.0.0.1", DEFAULT_PORT, null, null, null,
        "mongodb://localhost:27017", "payload", "docs", DEFAULT_MAX_BODY_BYTES,
        DEFAULT_READ_TIMEOUT_SECONDS, DEFAULT_MONGO_TIMEOUT_MS, 0);
  }

  /**
   * Reads a JSON configuration file over {@code base}: keys present in the file replace base values.
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException on malformed JSON, an unknown key or a value of the wrong type,
   *     naming the file and the key
   */
  public static PayloadConfig load(Path file, PayloadConfig base) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readAllBytes(file));
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException(file + " must hold a JSON object with keys " + KEYS);
    }
    PayloadConfig c = base;
    Path dir = file.toAbsolutePath().getParent();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      String k = e.getKey();
      JsonNode v = e.getValue();
      c = switch (k) {
        case "use_https" -> c.withUseHttps(bool(file, k, v));
        case "host" -> c.withHost(text(file, k, v));
        case "port" -> c.withPort(int32(file, k, v));
        case "cert_file" -> c.withCertFile(path(dir, text(file, k, v)));
        case "key_file" -> c.withKeyFile(path(dir, text(file, k, v)));
        case "json_file" -> c.withJsonFile(path(dir, text(file, k, v)));
        case "mongo_uri" -> c.withMongoUri(text(file, k, v));
        case "mongo_database" -> c.withMongoDatabase(text(file, k, v));
        case "mongo_collection" -> c.withMongoCollection(text(file, k, v));
        case "max_body_bytes" -> c.withMaxBodyBytes(integer(file, k, v));
        case "read_timeout_seconds" -> c.withReadTimeoutSeconds(int32(file, k, v));
        case "mongo_timeout_ms" -> c.withMongoTimeoutMs(integer(file, k, v));
        case "in_flight_body_bytes" -> c.withInFlightBodyBytes(integer(file, k, v));
        default -> throw new IllegalArgumentException(file + ": unknown key '" + k + "'; expected one of "
            + new TreeSet<>(KEYS));
      };
    }
    return c;
  }

  private static Path path(Path dir, String p) {
    Path x = Path.of(p);
    return x.isAbsolute() || dir == null ? x : dir.resolve(x); // relative to the config file, as users expect
  }

  private static boolean bool(Path f, String k, JsonNode v) {
    if (!v.isBoolean()) {
      throw new IllegalArgumentException(f + ": " + k + "=" + v + "; expected true or false");
    }
    return v.booleanValue();
  }

  private static int int32(Path f, String k, JsonNode v) {
    long x = integer(f, k, v);
    if (x != (int) x) {
      throw new IllegalArgumentException(f + ": " + k + "=" + v + "; expected a 32-bit integer");
    }
    return (int) x;
  }

  private static long integer(Path f, String k, JsonNode v) {
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IllegalArgumentException(f + ": " + k + "=" + v + "; expected an integer");
    }
    return v.longValue();
  }

  private static String text(Path f, String k, JsonNode v) {
    if (!v.isTextual()) {
      throw new IllegalArgumentException(f + ": " + k + "=" + v + "; expected a string");
    }
    return v.textValue();
  }

  /** A copy with {@code use_https} replaced. */
  public PayloadConfig withUseHttps(boolean v) {
    return new PayloadConfig(v, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code host} replaced. */
  public PayloadConfig withHost(String v) {
    return new PayloadConfig(useHttps, v, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code port} replaced. */
  public PayloadConfig withPort(int v) {
    return new PayloadConfig(useHttps, host, v, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code cert_file} replaced. */
  public PayloadConfig withCertFile(Path v) {
    return new PayloadConfig(useHttps, host, port, v, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code key_file} replaced. */
  public PayloadConfig withKeyFile(Path v) {
    return new PayloadConfig(useHttps, host, port, certFile, v, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code json_file} replaced. */
  public PayloadConfig withJsonFile(Path v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, v, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code mongo_uri} replaced. */
  public PayloadConfig withMongoUri(String v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, v, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code mongo_database} replaced. */
  public PayloadConfig withMongoDatabase(String v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, v, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code mongo_collection} replaced. */
  public PayloadConfig withMongoCollection(String v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, v, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code max_body_bytes} replaced. */
  public PayloadConfig withMaxBodyBytes(long v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, v, readTimeoutSeconds, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code read_timeout_seconds} replaced. */
  public PayloadConfig withReadTimeoutSeconds(int v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, v, mongoTimeoutMs, inFlightBodyBytes);
  }

  /** A copy with {@code mongo_timeout_ms} replaced. */
  public PayloadConfig withMongoTimeoutMs(long v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, v, inFlightBodyBytes);
  }

  /** A copy with {@code in_flight_body_bytes} replaced. */
  public PayloadConfig withInFlightBodyBytes(long v) {
    return new PayloadConfig(useHttps, host, port, certFile, keyFile, jsonFile, mongoUri, mongoDatabase, mongoCollection, maxBodyBytes, readTimeoutSeconds, mongoTimeoutMs, v);
  }

  /**
   * The body budget in bytes: {@code in_flight_body_bytes}, or when 0 an eighth of this JVM's
   * maximum heap (a 16 MiB JSON body parses into a tree and a BSON document several times its
   * size; 48 such bodies at once exhausted a 256 MiB heap before the budget existed).
   */
  public long effectiveInFlightBodyBytes() {
    return inFlightBodyBytes > 0 ? inFlightBodyBytes : Runtime.getRuntime().maxMemory() / 8;
  }

  /** For logs: the URI is redacted. */
  @Override
  public String toString() {
    return "PayloadConfig[use_https=" + useHttps + ", host=" + host + ", port=" + port + ", cert_file=" + certFile
        + ", key_file=" + keyFile + ", json_file=" + jsonFile + ", mongo_uri=" + Redaction.redact(mongoUri)
        + ", mongo_database=" + mongoDatabase + ", mongo_collection=" + mongoCollection
        + ", max_body_bytes=" + maxBodyBytes + ", read_timeout_seconds=" + readTimeoutSeconds
        + ", mongo_timeout_ms=" + mongoTimeoutMs + ", in_flight_body_bytes=" + inFlightBodyBytes + "]";
  }
}
