package io.dbbench.arango.pool;

import com.arangodb.Protocol;
import io.dbbench.arango.server.ArangoTarget;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A client of the pooling study: sends the study's point query
 * {@value #QUERY} with {@code @id} bound, the query cache off for the query ({@code cache: false}),
 * and answers asynchronously with the documents returned. How many queries are in flight at once is
 * the client's own business: that is what the study compares.
 */
public interface PoolClient extends AutoCloseable {
  /** The study's query, with the collection renamed to dbbench's ({@code transactionRelationship} in the study). */
  String QUERY = "FOR doc IN " + PoolFixture.COLLECTION + " FILTER doc.EndToEndId == @id RETURN doc";

  /**
   * The {@code connection} parameter of the pooling benchmarks.
   *
   * @param name the parameter value
   * @param driver true for the driver's asynchronous API, false for raw HTTP
   * @param protocol the driver's protocol (HTTP/1.1 or HTTP/2 with JSON), null for raw HTTP
   * @param maxConnections the driver's {@code maxConnections}, 0 for raw HTTP (no limit)
   */
  record Connection(String name, boolean driver, Protocol protocol, int maxConnections) {
    /** Every value, in the study's order (default pool first, raw HTTP last). */
    public static final List<String> NAMES = List.of("driver_http1_3", "driver_http1_10", "driver_http1_32",
        "driver_http1_100", "driver_http2_3", "driver_http2_10", "driver_http2_32", "driver_http2_100", "raw_http");

    /** The arangojs 8.3 default pool the study's speed-ups are relative to ({@code maxSockets: 3}). */
    public static final String DEFAULT_POOL = "driver_http1_3";

    /**
     * Parses a value: {@code driver_http1_<n>}, {@code driver_http2_<n>} (n connections, n >= 1)
     * or {@code raw_http}.
     *
     * @throws IllegalArgumentException naming the value and the expected forms
     */
    public static Connection parse(String s) {
      if ("raw_http".equals(s)) {
        return new Connection(s, false, null, 0);
      }
      String expected = "; expected driver_http1_<maxConnections>, driver_http2_<maxConnections> or raw_http, e.g. "
          + String.join(", ", NAMES);
      if (s == null || !s.matches("driver_http[12]_[0-9]{1,5}")) {
        throw new IllegalArgumentException("connection '" + s + "'" + expected);
      }
      int n = Integer.parseInt(s.substring(s.lastIndexOf('_') + 1));
      if (n < 1) {
        throw new IllegalArgumentException("connection '" + s + "' has maxConnections " + n + expected);
      }
      return new Connection(s, true, s.startsWith("driver_http2") ? Protocol.HTTP2_JSON : Protocol.HTTP_JSON, n);
    }

    /** The HTTP version, {@code HTTP/1.1} or {@code HTTP/2}. */
    public String http() {
      return protocol == Protocol.HTTP2_JSON ? "HTTP/2" : "HTTP/1.1";
    }

    /**
     * Most queries this client puts in flight at once: {@code maxConnections} on HTTP/1.1 (one
     * request per connection, pipelining off, the driver's default since 7.19), 32 x
     * {@code maxConnections} on HTTP/2 (the driver's hard-coded 32 streams per connection,
     * ConnectionPoolImpl in 7.25.0), and no limit ({@code -1}) for raw HTTP.
     */
    public int inFlightLimit() {
      return !driver ? -1 : protocol == Protocol.HTTP2_JSON ? 32 * maxConnections : maxConnections;
    }

    /** The study-table columns: connection type and options. */
    public String type() {
      return driver ? "arangodb-java-driver async, " + http() : "raw HTTP/1.1 (JDK HttpClient)";
    }

    /** The options column: the pool settings, and what they mean in requests in flight. */
    public String options() {
      if (!driver) {
        return "no limit on requests in flight (one connection per pending request: the study's \"HTTP Default\")";
      }
      String o = "maxConnections: " + maxConnections;
      if (protocol == Protocol.HTTP2_JSON) {
        o += " (x 32 streams = " + inFlightLimit() + " in flight)";
      }
      if (maxConnections == 3) {
        o += ", as arangojs 8.3's default maxSockets";
      }
      return o;
    }

    /** Facts for {@code env.json}. */
    public Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("type", type());
      m.put("options", options());
      m.put("in_flight_limit", inFlightLimit() < 0 ? "none" : inFlightLimit());
      return m;
    }

    @Override
    public String toString() {
      return name.toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Sends one query for {@code endToEndId}; the future completes with the documents of the
   * answer, or exceptionally with the failure ({@link PoolQueryException} for an error answer of
   * the raw client, the driver's {@code ArangoDBException} for the driver's).
   */
  CompletableFuture<List<PoolDoc>> query(String endToEndId);

  /** One round trip outside the timing (opens a first connection). */
  void ping();

  /** Closes the client and its connections. */
  @Override
  void close();

  /** Opens the client {@code c} names for {@code target}. */
  static PoolClient open(ArangoTarget target, Connection c) {
    return c.driver() ? new DriverPoolClient(target, c) : new RawHttpPoolClient(target);
  }
}
