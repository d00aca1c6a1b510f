package io.dbbench.arango.server;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.Redaction;
import io.dbbench.core.SettingsReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where the ArangoDB family's benchmarks go, parsed from settings (environment variables, or the
 * matching {@code -D} system properties through {@link #fromEnvironment()}), in this order:
 *
 * <ol>
 *   <li>{@value #ENDPOINTS} (alias {@value #ENDPOINTS_ALIAS}, the Go driver tests' name):
 *       comma-separated {@code http://host:port} or {@code https://host:port}, with
 *       {@value #AUTH} (alias {@value #AUTH_ALIAS}) = {@code basic:user:password} and, for HTTPS
 *       with a private CA, {@value #CA} = a PEM file (otherwise the JVM trust store);
 *   <li>{@value #CONTAINER}{@code =true}: Testcontainers {@code GenericContainer} of
 *       {@value #CONTAINER_IMAGE} (needs a Docker engine);
 *   <li>otherwise the dbbench ArangoDB stand-in in its own JVM, with {@value #STANDIN_THREADS} and
 *       {@value #STANDIN_QUEUE} as its {@code --server.maximal-threads} and
 *       {@code --server.maximal-queue-size}.
 * </ol>
 *
 * A {@code DBBENCH_} name wins over its alias. Parsing is a pure function of the map given to
 * {@link #parse(Map)}; every error names the setting, its value (password masked) and what was
 * expected. {@link #toString()} and {@link #describe()} never show the password.
 *
 * @param kind where the target comes from
 * @param endpoints the endpoints for {@link Kind#ENDPOINTS} (empty otherwise)
 * @param auth credentials, when given
 * @param caFile a PEM CA file for HTTPS, when given
 * @param standInThreads the stand-in's worker count, when given
 * @param standInQueue the stand-in's queue length, when given
 */
public record ArangoSettings(Kind kind, List<Endpoint> endpoints, Optional<Auth> auth, Optional<Path> caFile,
    Optional<Integer> standInThreads, Optional<Integer> standInQueue) {

  /** Endpoints of a running ArangoDB. */
  public static final String ENDPOINTS = "DBBENCH_ARANGO_ENDPOINTS";
  /** The Go driver tests' name for the endpoints. */
  public static final String ENDPOINTS_ALIAS = "TEST_ENDPOINTS_OVERRIDE";
  /** {@code basic:user:password}. */
  public static final String AUTH = "DBBENCH_ARANGO_AUTH";
  /** The Go driver tests' name for the credentials. */
  public static final String AUTH_ALIAS = "TEST_AUTHENTICATION";
  /** A PEM file of CA certificates trusted for HTTPS endpoints. */
  public static final String CA = "DBBENCH_ARANGO_CA";
  /** {@code true}: start {@value #CONTAINER_IMAGE} with Testcontainers. */
  public static final String CONTAINER = "DBBENCH_ARANGO_CONTAINER";
  /** The stand-in's {@code --server.maximal-threads}. */
  public static final String STANDIN_THREADS = "DBBENCH_ARANGO_STANDIN_THREADS";
  /** The stand-in's {@code --server.maximal-queue-size}. */
  public static final String STANDIN_QUEUE = "DBBENCH_ARANGO_STANDIN_QUEUE";
  /** The image Testcontainers starts. */
  public static final String CONTAINER_IMAGE = "arangodb:3.12";
  /** Every setting this class reads. */
  public static final List<String> NAMES = List.of(ENDPOINTS, ENDPOINTS_ALIAS, AUTH, AUTH_ALIAS, CA, CONTAINER,
      STANDIN_THREADS, STANDIN_QUEUE);

  /** Where the target comes from. */
  public enum Kind {
    /** {@value ArangoSettings#ENDPOINTS}: a running ArangoDB. */
    ENDPOINTS,
    /** {@value ArangoSettings#CONTAINER}: Testcontainers {@value ArangoSettings#CONTAINER_IMAGE}. */
    CONTAINER,
    /** The dbbench ArangoDB stand-in (the default). */
    STAND_IN
  }

  /**
   * One endpoint.
   *
   * @param https whether it is {@code https}
   * @param host host name or address (IPv6 without brackets)
   * @param port TCP port
   */
  public record Endpoint(boolean https, String host, int port) {
    /** {@code http(s)://host:port}. */
    @Override
    public String toString() {
      return (https ? "https" : "http") + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
  }

  /**
   * HTTP Basic credentials. {@link #toString()} masks the password.
   *
   * @param user user name (non-empty)
   * @param password password (may be empty)
   */
  public record Auth(String user, String password) {
    @Override
    public String toString() {
      return "basic:" + user + ":" + Redaction.MASK;
    }
  }

  /** The defaults: the stand-in with arangod's scheduler defaults. */
  public static ArangoSettings standIn() {
    return new ArangoSettings(Kind.STAND_IN, List.of(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** Reads {@link #NAMES} through {@link BenchConfig} (environment variable, then system property) and parses them. */
  public static ArangoSettings fromEnvironment() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String n : NAMES) {
      BenchConfig.get(n).ifPresent(v -> m.put(n, v));
    }
    return parse(m);
  }

  /**
   * Parses {@code settings} (names as in {@link #NAMES}; blank values count as unset).
   *
   * @throws IllegalArgumentException naming the setting, its redacted value and what was expected
   */
  public static ArangoSettings parse(Map<String, String> settings) {
    SettingsReader r = new SettingsReader(SettingsReader.of(settings));
    Optional<Map.Entry<String, String>> ep = first(r, ENDPOINTS, ENDPOINTS_ALIAS);
    Optional<Map.Entry<String, String>> au = first(r, AUTH, AUTH_ALIAS);
    Optional<Auth> auth = au.map(e -> parseAuth(e.getKey(), e.getValue()));
    Optional<Integer> threads = r.getPositiveInt(STANDIN_THREADS, "32");
    Optional<Integer> queue = r.getPositiveInt(STANDIN_QUEUE, "32");
    boolean container = r.getBoolean(CONTAINER, false);
    Optional<Path> ca = r.get(CA).map(v -> {
      Path p = Path.of(v);
      if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
        throw new IllegalArgumentException(CA + "='" + v + "' is not a readable file; expected a PEM file of CA certificates");
      }
      return p;
    });
    if (ep.isPresent()) {
      List<Endpoint> endpoints = parseEndpoints(ep.get().getKey(), ep.get().getValue());
      boolean https = endpoints.get(0).https();
      for (Endpoint e : endpoints) {
        if (e.https() != https) {
          throw new IllegalArgumentException(ep.get().getKey() + "='" + Redaction.redact(ep.get().getValue())
              + "' mixes http and https endpoints; expected all http or all https (the driver has one TLS setting)");
        }
      }
      if (ca.isPresent() && !https) {
        throw new IllegalArgumentException(CA + "='" + ca.get() + "' is set but " + ep.get().getKey()
            + " has only http endpoints; expected https://host:port endpoints with a CA file, or no " + CA);
      }
      return new ArangoSettings(Kind.ENDPOINTS, endpoints, auth, ca, threads, queue);
    }
    return new ArangoSettings(container ? Kind.CONTAINER : Kind.STAND_IN, List.of(), auth, ca, threads, queue);
  }

  /**
   * Parses comma-separated endpoints.
   *
   * @throws IllegalArgumentException naming {@code name}, the bad entry and the expected form
   */
  static List<Endpoint> parseEndpoints(String name, String value) {
    List<Endpoint> out = new ArrayList<>();
    for (String raw : value.split(",")) {
      String s = raw.trim();
      if (s.isEmpty()) {
        continue;
      }
      String shown = Redaction.redact(s);
      String expected = "; expected comma-separated http://host:port or https://host:port";
      URI u;
      try {
        u = new URI(s);
      } catch (URISyntaxException e) {
        throw new IllegalArgumentException(name + " entry '" + shown + "' is not a URL" + expected, e);
      }
      String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https")) {
        throw new IllegalArgumentException(name + " entry '" + shown + "' has scheme '" + scheme
            + "'" + expected + (scheme.equals("tcp") || scheme.equals("ssl") ? " (arangosh's tcp:// is http://, ssl:// is https://)" : ""));
      }
      if (u.getRawUserInfo() != null) {
        throw new IllegalArgumentException(name + " entry '" + Redaction.redact(s)
            + "' carries credentials in the URL; expected http(s)://host:port with " + AUTH + "=basic:user:password");
      }
      if (u.getHost() == null) {
        throw new IllegalArgumentException(name + " entry '" + shown + "' has no host" + expected);
      }
      if (u.getRawPath() != null && !u.getRawPath().isEmpty() && !u.getRawPath().equals("/")
          || u.getRawQuery() != null || u.getRawFragment() != null) {
        throw new IllegalArgumentException(name + " entry '" + shown + "' has a path or query; expected only http(s)://host:port"
            + " (the database is always 'dbbench')");
      }
      int port = u.getPort() < 0 ? 8529 : u.getPort();
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(name + " entry '" + shown + "' has port " + port + "; expected a TCP port 1-65535");
      }
      String host = u.getHost().startsWith("[") ? u.getHost().substring(1, u.getHost().length() - 1) : u.getHost();
      out.add(new Endpoint(scheme.equals("https"), host, port));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(name + "='" + Redaction.redact(value) + "' names no endpoint; expected comma-separated http://host:port");
    }
    return List.copyOf(out);
  }

  /**
   * Parses {@code basic:user:password} (the password may contain colons and may be empty).
   *
   * @throws IllegalArgumentException naming {@code name} and the value with its password masked
   */
  static Auth parseAuth(String name, String value) {
    String[] parts = value.split(":", 3);
    String shown = parts.length == 3 ? parts[0] + ":" + parts[1] + ":" + Redaction.MASK : Redaction.MASK;
    if (parts.length < 3 || !parts[0].equalsIgnoreCase("basic")) {
      throw new IllegalArgumentException(name + "='" + shown + "' is not basic:user:password"
          + (parts.length == 3 && parts[0].equalsIgnoreCase("jwt") ? " (jwt: is the Go tests' other form; dbbench supports only basic)" : "")
          + "; expected e.g. " + name + "=basic:root:secret");
    }
    if (parts[1].isEmpty()) {
      throw new IllegalArgumentException(name + "='" + shown + "' has an empty user; expected basic:user:password");
    }
    return new Auth(parts[1], parts[2]);
  }

  private static Optional<Map.Entry<String, String>> first(SettingsReader r, String name, String alias) {
    Optional<String> v = r.get(name);
    if (v.isPresent()) {
      return Optional.of(Map.entry(name, v.get()));
    }
    return r.get(alias).map(a -> Map.entry(alias, a));
  }

  /** What {@code env.json} records: kind, endpoints, user (never the password), CA file, stand-in knobs. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind.name());
    if (!endpoints.isEmpty()) {
      m.put("endpoints", endpoints.stream().map(Endpoint::toString).toList());
    }
    auth.ifPresent(a -> m.put("auth", a.toString()));
    caFile.ifPresent(p -> m.put("ca_file", p.toString()));
    standInThreads.ifPresent(t -> m.put("standin_maximal_threads", t));
    standInQueue.ifPresent(q -> m.put("standin_maximal_queue_size", q));
    return m;
  }

  @Override
  public String toString() {
    return "ArangoSettings" + describe();
  }
}
