package io.dbbench.arango.server;

import com.arangodb.ArangoDB;
import com.arangodb.Protocol;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.standin.ArangoJvm;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.arango.standin.StandInProcess;
import io.dbbench.core.Closeables;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.Redaction;
import io.dbbench.core.SharedServer;
import io.dbbench.load.JitActivity;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * A reachable ArangoDB (or the stand-in) for one trial: what {@link ArangoSettings} chose, started
 * when it is the stand-in (its own JVM, {@link StandInProcess}) or the container, and stopped by
 * {@link #close()}; or the stand-in the main job shares among the family's trials
 * ({@link #startShared}), which {@link #close()} leaves running. Hands out driver instances and the TLS context; {@link #check()} answers
 * whether it is reachable in one line. The password is only ever given to the driver and the
 * HTTP {@code Authorization} header.
 */
public final class ArangoTarget implements AutoCloseable {
  static {
    ArangoJvm.leaseVertxCache();
  }

  /** The stand-in JVM's heap: 100,000 study documents as Jackson trees take ~100 MB; bodies and cursors the rest. */
  public static final String STANDIN_HEAP = "1g";

  private final ArangoSettings.Kind kind;
  private final List<ArangoSettings.Endpoint> endpoints;
  private final Optional<ArangoSettings.Auth> auth;
  private final SSLContext ssl;
  private final AutoCloseable owned;
  private final SharedServer shared;
  private volatile String serverVersion;
  private volatile boolean standIn;

  private ArangoTarget(ArangoSettings.Kind kind, List<ArangoSettings.Endpoint> endpoints,
      Optional<ArangoSettings.Auth> auth, SSLContext ssl, AutoCloseable owned) {
    this(kind, endpoints, auth, ssl, owned, null);
  }

  private ArangoTarget(ArangoSettings.Kind kind, List<ArangoSettings.Endpoint> endpoints,
      Optional<ArangoSettings.Auth> auth, SSLContext ssl, AutoCloseable owned, SharedServer shared) {
    this.kind = kind;
    this.endpoints = endpoints;
    this.auth = auth;
    this.ssl = ssl;
    this.owned = owned;
    this.shared = shared;
  }

  /** Name of the stand-in the main job shares among the arango family's trials ({@link SharedServer}). */
  public static final String SHARED_NAME = "arango-stand-in";

  /**
   * Starts the stand-in the arango family's trials share in the main job, with the arguments
   * {@code s} and {@code standInArgs} give it (a trial whose arguments differ starts its own).
   * Only for the stand-in: real endpoints or a container give {@link FamilyServers#NONE}.
   *
   * @throws IOException when the stand-in JVM does not start
   */
  public static FamilyServers startShared(ArangoSettings s, List<String> standInArgs) throws IOException {
    if (s.kind() != ArangoSettings.Kind.STAND_IN) {
      return FamilyServers.NONE;
    }
    List<String> args = standInArguments(s, standInArgs);
    StandInProcess p = StandInProcess.start(STANDIN_HEAP, args);
    return new FamilyServers(List.of(new SharedServer(SHARED_NAME, "127.0.0.1:" + p.port(), p.pid(),
        SharedServer.key(args))), List.of(p));
  }

  private static List<String> standInArguments(ArangoSettings s, List<String> standInArgs) {
    List<String> args = new ArrayList<>();
    s.standInThreads().ifPresent(t -> args.addAll(List.of("--server.maximal-threads", String.valueOf(t))));
    s.standInQueue().ifPresent(q -> args.addAll(List.of("--server.maximal-queue-size", String.valueOf(q))));
    args.addAll(standInArgs);
    return args;
  }

  /**
   * Opens the target {@code s} names: wraps the endpoints, starts the container (falling back to
   * the stand-in with one line when there is no Docker engine), or starts the stand-in JVM with
   * {@code standInArgs} added to its command line.
   *
   * @throws IOException when the stand-in JVM does not start, or the CA file cannot be read
   */
  public static ArangoTarget open(ArangoSettings s, List<String> standInArgs) throws IOException {
    SSLContext ssl = s.caFile().isPresent() ? sslContext(s) : null;
    switch (s.kind()) {
      case ENDPOINTS -> {
        return new ArangoTarget(s.kind(), s.endpoints(), s.auth(), ssl, null);
      }
      case CONTAINER -> {
        ArangoContainer.Started c = ArangoContainer.tryStart();
        if (c != null) {
          return new ArangoTarget(s.kind(), List.of(c.endpoint()), Optional.of(c.auth()), null, c.stop());
        }
      }
      default -> {
        // the stand-in, below
      }
    }
    List<String> args = standInArguments(s, standInArgs);
    if (s.kind() == ArangoSettings.Kind.STAND_IN) {
      Optional<SharedServer> given = SharedServer.given(SHARED_NAME);
      if (given.isPresent() && given.get().key().equals(SharedServer.key(args))) {
        String[] hp = given.get().address().split(":");
        return new ArangoTarget(ArangoSettings.Kind.STAND_IN, List.of(new ArangoSettings.Endpoint(false, hp[0],
            Integer.parseInt(hp[1]))), s.auth(), null, null, given.get());
      }
      given.ifPresent(g -> System.err.println("[dbbench] arango: the shared stand-in runs with [" + g.key()
          + "], this trial asks for [" + SharedServer.key(args) + "]: starting its own"));
    }
    StandInProcess p = StandInProcess.start(STANDIN_HEAP, args);
    return new ArangoTarget(ArangoSettings.Kind.STAND_IN, List.of(new ArangoSettings.Endpoint(false, "127.0.0.1", p.port())),
        s.auth(), null, p);
  }

  /**
   * When the target is the stand-in the main job shares among trials, runs a full garbage
   * collection in it ({@link SharedServer#compactHeap}) and says so on standard output, so that the
   * trial starts from a compacted heap wherever the previous trials left it (as the WMPayload
   * trials do); otherwise does nothing. Call it after the trial's data is in place and before its
   * warm-up.
   *
   * @return the time it took in ns, or -1 when the target is not a shared stand-in
   * @throws IllegalStateException when {@code jcmd} cannot run or fails
   */
  public long compactSharedHeap() {
    if (shared == null) {
      return -1;
    }
    long ns = shared.compactHeap();
    System.out.printf(java.util.Locale.ROOT, "[dbbench] arango: full GC in the shared stand-in before the trial's"
        + " warm-up (%.0f ms)%n", ns / 1e6);
    return ns;
  }

  /** The process id of the stand-in the main job shares among trials, when this is it; else -1. */
  public long sharedPid() {
    return shared != null ? shared.pid() : -1;
  }

  /** The stand-in's process id, started for this trial or shared; -1 for a container or real endpoints. */
  private long standInPid() {
    return owned instanceof StandInProcess p ? p.pid() : shared != null ? shared.pid() : -1;
  }

  /**
   * CPU time used so far by the server when it is the stand-in in its own JVM, in ns
   * ({@link SharedServer#cpuNanos(long)}); -1 for a container or real endpoints, whose CPU this
   * JVM cannot see.
   */
  public long serverCpuNanos() {
    long pid = standInPid();
    return pid < 0 ? -1 : SharedServer.cpuNanos(pid);
  }

  /** JIT compiler time of the stand-in JVM so far, in ns ({@link io.dbbench.load.JitActivity}); -1 otherwise. */
  public long serverJitNanos() {
    long pid = standInPid();
    return pid < 0 ? -1 : JitActivity.compilerNanos(pid);
  }

  /** Whether this target is the stand-in the main job shares ({@link #startShared}; {@link #close()} leaves it running). */
  public boolean isShared() {
    return shared != null;
  }

  /** Opens what the environment asks for ({@link ArangoSettings#fromEnvironment()}). */
  public static ArangoTarget open() throws IOException {
    return open(ArangoSettings.fromEnvironment(), List.of());
  }

  private static SSLContext sslContext(ArangoSettings s) throws IOException {
    try (InputStream in = Files.newInputStream(s.caFile().orElseThrow())) {
      KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
      ks.load(null, null);
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        ks.setCertificateEntry("ca-" + i++, c);
      }
      if (i == 0) {
        throw new IOException(ArangoSettings.CA + "='" + s.caFile().get() + "' holds no certificate; expected PEM CA certificates");
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException e) {
      throw new IOException(ArangoSettings.CA + "='" + s.caFile().get() + "' is not a PEM file of CA certificates: " + e.getMessage(), e);
    }
  }

  /** How the target was reached (CONTAINER falls back to STAND_IN without Docker). */
  public ArangoSettings.Kind kind() {
    return kind;
  }

  /** The endpoints, first one used by the raw HTTP client and the checks. */
  public List<ArangoSettings.Endpoint> endpoints() {
    return endpoints;
  }

  /** The credentials, if any. */
  public Optional<ArangoSettings.Auth> auth() {
    return auth;
  }

  /** The TLS context for a private CA, or empty for the JVM's trust store (or plain HTTP). */
  public Optional<SSLContext> sslContext() {
    return Optional.ofNullable(ssl);
  }

  /** Whether the endpoints are HTTPS. */
  public boolean https() {
    return endpoints.get(0).https();
  }

  /** The endpoints as text (no credentials). */
  public String endpointText() {
    return String.join(",", endpoints.stream().map(ArangoSettings.Endpoint::toString).toList());
  }

  /** {@code Basic base64(user:password)}, or empty without credentials. */
  public Optional<String> authorizationHeader() {
    return auth.map(a -> "Basic " + Base64.getEncoder().encodeToString((a.user() + ":" + a.password()).getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * A driver builder for {@code protocol} with the hosts, credentials and TLS of this target and
   * every other setting at the driver's default (so {@code maxConnections} is the protocol's
   * default: see {@link DriverFacts}). The caller adds settings and builds.
   */
  public ArangoDB.Builder driver(Protocol protocol) {
    ArangoDB.Builder b = new ArangoDB.Builder().protocol(protocol);
    for (ArangoSettings.Endpoint e : endpoints) {
      b.host(e.host(), e.port());
    }
    auth.ifPresent(a -> b.user(a.user()).password(a.password()));
    if (https()) {
      b.useSsl(true);
      if (ssl != null) {
        b.sslContext(ssl);
      }
    }
    return b;
  }

  /** A JDK HTTP client for this target (TLS context when given). */
  public HttpClient.Builder httpClient(HttpClient.Version version) {
    HttpClient.Builder b = HttpClient.newBuilder().version(version).connectTimeout(Duration.ofSeconds(10));
    if (ssl != null) {
      b.sslContext(ssl);
    }
    return b;
  }

  /**
   * {@code GET /_api/version} on the first endpoint: the server's version object.
   *
   * @throws ArangoUnavailableException with one line naming the endpoint and what to set when
   *     it cannot be reached, answers 401, fails TLS, or is not ArangoDB
   */
  public JsonNode check() {
    ArangoSettings.Endpoint e = endpoints.get(0);
    String what = kind == ArangoSettings.Kind.STAND_IN ? ArangoStandIn.LABEL + " at " + e : "ArangoDB at " + e;
    HttpRequest.Builder rb = HttpRequest.newBuilder(URI.create(e + "/_db/_system/_api/version"))
        .timeout(Duration.ofSeconds(10)).header("accept", "application/json");
    authorizationHeader().ifPresent(h -> rb.header("authorization", h));
    try (HttpClient c = httpClient(HttpClient.Version.HTTP_1_1).build()) {
      HttpResponse<String> r = c.send(rb.build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() == 401) {
        throw new ArangoUnavailableException(what + " answered 401 Unauthorized for user "
            + auth.map(ArangoSettings.Auth::user).orElse("(none)") + "; set " + ArangoSettings.AUTH + "=basic:user:password");
      }
      if (r.statusCode() != 200) {
        throw new ArangoUnavailableException(what + " answered HTTP " + r.statusCode() + " to GET /_api/version; set "
            + ArangoSettings.ENDPOINTS + " to an ArangoDB 3.x endpoint");
      }
      JsonNode v = new ObjectMapper().readTree(r.body());
      if (!"arango".equals(v.path("server").asText())) {
        throw new ArangoUnavailableException(what + " did not answer as ArangoDB (" + abbreviate(r.body()) + "); set "
            + ArangoSettings.ENDPOINTS + " to an ArangoDB endpoint");
      }
      serverVersion = v.path("version").asText();
      standIn = ArangoStandIn.LABEL.equals(v.path("dbbench").asText(null));
      return v;
    } catch (SSLException x) {
      throw new ArangoUnavailableException("TLS with " + what + " failed (" + x.getMessage() + "); set "
          + ArangoSettings.CA + "=/path/to/ca.pem or add the CA to the JVM trust store", x);
    } catch (ConnectException x) {
      throw new ArangoUnavailableException("cannot connect to " + what + " (" + (x.getMessage() == null ? "connection refused" : x.getMessage())
          + "); set " + ArangoSettings.ENDPOINTS + " to a reachable ArangoDB, or unset it for the stand-in", x);
    } catch (IOException x) {
      throw new ArangoUnavailableException("cannot reach " + what + " (" + x.getClass().getSimpleName() + ": "
          + Redaction.redact(String.valueOf(x.getMessage())) + "); set " + ArangoSettings.ENDPOINTS + " to a reachable ArangoDB", x);
    } catch (InterruptedException x) {
      Thread.currentThread().interrupt();
      throw new ArangoUnavailableException("interrupted while checking " + what, x);
    }
  }

  private static String abbreviate(String s) {
    String one = s.replaceAll("\\s+", " ");
    return one.length() <= 80 ? one : one.substring(0, 77) + "...";
  }

  /**
   * The label every result of this target carries: {@value ArangoStandIn#LABEL} for the stand-in
   * (also when it was reached through {@code DBBENCH_ARANGO_ENDPOINTS}: {@link #check()} recognises
   * it by its version answer), {@code ArangoDB <version> at <endpoints>} otherwise (version from the
   * last {@link #check()}, {@code unknown} before one).
   */
  public String backend() {
    if (kind == ArangoSettings.Kind.STAND_IN) {
      return ArangoStandIn.LABEL;
    }
    if (standIn) {
      return ArangoStandIn.LABEL + " at " + endpointText();
    }
    String v = serverVersion == null ? "unknown" : serverVersion;
    return "ArangoDB " + v + (kind == ArangoSettings.Kind.CONTAINER ? " (Testcontainers " + ArangoSettings.CONTAINER_IMAGE + ")"
        : " at " + endpointText());
  }

  /** Facts for {@code env.json}: kind, backend, endpoints, user (never the password). */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("backend", backend());
    m.put("kind", kind.name());
    m.put("endpoints", kind == ArangoSettings.Kind.STAND_IN ? "a loopback port of a stand-in JVM (shared by the family's trials in the main job, else one per trial)" : endpointText());
    auth.ifPresent(a -> m.put("auth", a.toString()));
    return m;
  }

  /** Stops the stand-in JVM or the container; endpoints are left alone. */
  @Override
  public void close() {
    Closeables.closeOrWarn(owned, "arango: stopping the " + kind + " target");
  }

  @Override
  public String toString() {
    return kind + " " + endpointText();
  }
}
