package io.dbbench.arango.server;

import com.arangodb.Protocol;
import com.arangodb.internal.config.ArangoConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code env.json} and the report record about the clients, so the protocol comparison is
 * read fairly: the driver's effective {@code maxConnections} per protocol (its defaults, read from
 * the driver's own {@code ArangoConfig}), HTTP/2 streams per connection, pipelining, windows, and
 * what the raw HTTP client does.
 */
public final class DriverFacts {
  /** The four protocols of the study. */
  public static final List<Protocol> PROTOCOLS = List.of(Protocol.HTTP_JSON, Protocol.HTTP2_JSON, Protocol.HTTP_VPACK, Protocol.HTTP2_VPACK);

  private DriverFacts() {}

  /** The driver's effective maxConnections for {@code p} when none is set (HTTP/1.1: 20, HTTP/2: 1 in 7.25.0). */
  public static int driverMaxConnections(Protocol p) {
    ArangoConfig c = new ArangoConfig();
    c.setProtocol(p);
    return c.getMaxConnections();
  }

  /** The driver's version ({@code x-arango-driver} header value source). */
  public static String driverVersion() {
    String v = com.arangodb.ArangoDB.class.getPackage().getImplementationVersion();
    return v != null ? v : "7.25.0";
  }

  /** Whether {@code p} is an HTTP/2 protocol. */
  public static boolean http2(Protocol p) {
    return p == Protocol.HTTP2_JSON || p == Protocol.HTTP2_VPACK;
  }

  /** Whether {@code p} sends VelocyPack bodies. */
  public static boolean vpack(Protocol p) {
    return p == Protocol.HTTP_VPACK || p == Protocol.HTTP2_VPACK;
  }

  /** Per protocol: the driver's and the raw client's connection and framing settings. */
  public static Map<String, Object> protocols() {
    Map<String, Object> m = new LinkedHashMap<>();
    ArangoConfig defaults = new ArangoConfig();
    for (Protocol p : PROTOCOLS) {
      Map<String, Object> x = new LinkedHashMap<>();
      boolean h2 = http2(p);
      x.put("driver_max_connections", driverMaxConnections(p));
      x.put("driver_requests_per_connection", h2 ? "32 streams (hard-coded in the driver's ConnectionPoolImpl)" : "1 (pipelining " + defaults.getPipelining() + ")");
      x.put("driver_http", h2 ? "HTTP/2 cleartext with prior knowledge (TLS: ALPN h2)" : "HTTP/1.1 keep-alive");
      if (h2) {
        x.put("driver_connection_window_bytes", defaults.getConnectionWindowSize());
        x.put("driver_stream_window_bytes", defaults.getInitialWindowSize());
      }
      x.put("body", vpack(p) ? "VelocyPack (application/x-velocypack)" : "JSON (application/json)");
      x.put("raw_http", h2 ? "JDK HttpClient HTTP/2: one connection, h2c via Upgrade on http:// (ALPN on https://)"
          : "JDK HttpClient HTTP/1.1: unbounded pool, one keep-alive connection used (one request at a time)");
      m.put(p.name(), x);
    }
    return m;
  }
}
