package io.dbbench.arango.standin;

import com.arangodb.jackson.dataformat.velocypack.VPackMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.Version;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The dbbench ArangoDB stand-in (not ArangoDB): the part of ArangoDB 3.12's HTTP API that the two
 * ArangoDB studies use, served by Vert.x on one loopback port that speaks HTTP/1.1, HTTP/2
 * cleartext with prior knowledge (what the Java driver sends) and HTTP/2 through the
 * {@code Upgrade: h2c} handshake (what the JDK {@code HttpClient} sends), with JSON or VelocyPack
 * bodies chosen by {@code Content-Type} (request) and {@code Accept} (response), VelocyPack through
 * {@code jackson-dataformat-velocypack} (the driver's own library).
 *
 * <p>Routes, status codes, body shapes and errors follow {@code shared/reference/arangodb.md} (beside the repository)
 * section 3 (driver 7.25.0 captures, arangod and docs-hugo 3.12 sources): version, database and
 * collection management, truncate, count, multi-document insert/update/delete and read
 * ({@code PUT ...?onlyget=true}) with per-document error objects and {@code X-Arango-Error-Codes},
 * AQL cursors (only the studies' two query forms, see {@link StandInAql}), persistent indexes and
 * query-cache properties. Every API request goes through {@link StandInScheduler} (ArangoDB's
 * worker pool and bounded queue: 503/21003 when full) and every response carries {@code x-arango-queue-time-seconds}.
 *
 * <p>Stand-in routes, not ArangoDB's: {@code GET /_dbbench/requests} lists the recorded requests
 * (method, path, HTTP version, content type, accept, status; the last {@code --record-limit}),
 * {@code DELETE /_dbbench/requests} clears them, {@code GET /_dbbench/stats} shows the scheduler
 * (and, for the pooling study, requests in flight, open connections, their peaks and the 503/21003
 * answers given, and {@code modelQueryMs}, the modelled server time per point query, 0 without the
 * model), {@code DELETE /_dbbench/stats} restarts the peaks and that count.
 * They answer on the I/O threads, outside the scheduler, and ask for the same credentials as the API.
 *
 * <p>Input edges, answered as arangod does or stated here: bodies with trailing bytes after the
 * document, nesting deeper than {@value #MAX_DEPTH} levels, or numbers out of a double's range
 * ({@code 1e999999}) get 400/600; a malformed {@code %} escape in the path or query gets 400; every
 * request gets an answer, even one whose handling threw an {@code Error}. A request carrying both
 * {@code Content-Length} and {@code Transfer-Encoding: chunked} is read as chunked (RFC 9112
 * section 6.3, Netty's rule), so a client that then sends no chunk framing waits until
 * {@code --http.keep-alive-timeout} closes the idle connection. {@code --require-auth} (or
 * {@value #AUTH_ENV}) matches the {@code Basic} scheme case-insensitively.
 *
 * <p>Run by hand: {@code java -cp target/benchmarks.jar io.dbbench.arango.standin.ArangoStandIn --port 8529};
 * the first line printed is {@value #LABEL} {@code listening on http://127.0.0.1:PORT}.
 */
@Command(name = "arango-standin", mixinStandardHelpOptions = true,
    description = "dbbench ArangoDB stand-in (not ArangoDB): ArangoDB's HTTP API subset for the dbbench studies.")
public final class ArangoStandIn implements AutoCloseable {
  /** The label every result produced on the stand-in carries. */
  public static final String LABEL = "dbbench ArangoDB stand-in (not ArangoDB)";
  /** The ArangoDB version the stand-in's {@code /_api/version} names (the API subset it follows). */
  public static final String API_VERSION = "3.12.4";

  static final String JSON = "application/json; charset=utf-8";
  static final String VPACK = "application/x-velocypack";
  /** The environment variable that gives {@code --require-auth} without a command line. */
  public static final String AUTH_ENV = "DBBENCH_STANDIN_REQUIRE_AUTH";

  /** Command-line options; the scheduler ones carry arangod's own option names. */
  public static final class Options {
    @Option(names = "--port", description = "TCP port on 127.0.0.1; 0 = any free port (default 0)")
    int port;

    @Option(names = "--host", description = "address to bind (default 127.0.0.1)")
    String host = "127.0.0.1";

    @Option(names = "--server.maximal-threads", description = "scheduler worker threads (arangod default max(32, 2 x cores))")
    int maximalThreads = StandInScheduler.defaultThreads();

    @Option(names = "--server.maximal-queue-size", description = "scheduler queue length before 503/21003 (arangod default 4096)")
    int maximalQueueSize = StandInScheduler.DEFAULT_QUEUE_SIZE;

    @Option(names = "--io-threads", description = "Vert.x event loops parsing HTTP (default 2)")
    int ioThreads = 2;

    @Option(names = "--work-delay-ms", description = "stand-in only: extra milliseconds every API request holds its worker (default 0), to model server work in tests")
    int workDelayMs;

    @Option(names = "--model-query-ms", description = "stand-in only: modelled server time, a model and not ArangoDB:"
        + " every point query (FOR d IN c FILTER d.a == @v RETURN d) holds its worker this many ms without CPU and is"
        + " answered through a lookup instead of a scan, so queries in flight overlap as on a server with a core per"
        + " worker (default 0: no model)")
    int modelQueryMs;

    @Option(names = "--require-auth", defaultValue = "${env:" + AUTH_ENV + "}",
        description = "stand-in only: user:password that every request, the stand-in's own routes included, must send"
            + " as HTTP Basic (default: accept any). Prefer the environment variable " + AUTH_ENV
            + ": a command line is visible to every local user")
    String requireAuth;

    @Option(names = "--http.keep-alive-timeout", description = "seconds an idle connection stays open, as arangod's"
        + " option of that name (default 300)")
    int keepAliveTimeoutSeconds = 300;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "print the version and exit")
    boolean version;

    @Option(names = "--record-limit", description = "requests kept for GET /_dbbench/requests (default 10000)")
    int recordLimit = 10_000;

    @Option(names = ChildJvm.STOP_ON_STDIN_EOF, description = "stop when standard input closes (the fixture's parent JVM"
        + " is done or gone)")
    boolean stopOnStdinEof;

    /** Options from a command line. */
    public static Options parse(String... args) {
      Options o = new Options();
      new CommandLine(o).parseArgs(args);
      return o;
    }
  }

  /** One recorded request. */
  record Recorded(String method, String path, String httpVersion, String contentType, String accept, int status) {}

  private final Options options;
  /** Trailing bytes after the document are refused, as arangod's parser does. */
  private static final ObjectMapper JSON_MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final ObjectMapper VPACK_MAPPER = new VPackMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final StandInStore store = new StandInStore();
  private final StandInScheduler scheduler;
  private final Vertx vertx;
  private final HttpServer server;
  private final ArrayDeque<Recorded> recorded = new ArrayDeque<>();
  private final Map<String, Cursor> cursors = new ConcurrentHashMap<>();
  private final AtomicLong cursorIds = new AtomicLong(100_000);
  // pooling study (ArangoDB II): what the clients put on the server, for GET /_dbbench/stats
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger peakInFlight = new AtomicInteger();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger peakConnections = new AtomicInteger();
  private final AtomicLong queueFull = new AtomicLong();
  private final byte[] expectedAuth;
  private final ObjectNode queryCache = StandInStore.NODES.objectNode()
      .put("mode", "off").put("maxResults", 128).put("maxResultsSize", 268_435_456L)
      .put("maxEntrySize", 16_777_216L).put("includeSystem", false);

  static {
    ArangoJvm.leaseVertxCache();
  }

  private ArangoStandIn(Options o) throws Exception {
    this.options = o;
    this.scheduler = new StandInScheduler(o.maximalThreads, o.maximalQueueSize);
    this.expectedAuth = o.requireAuth == null || o.requireAuth.isEmpty() ? null
        : o.requireAuth.getBytes(StandardCharsets.UTF_8);
    this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(Math.max(1, o.ioThreads)));
    // http2ClearTextEnabled: prior-knowledge preface and Upgrade: h2c on the same port (Vert.x's default, stated).
    this.server = vertx.createHttpServer(new HttpServerOptions().setHost(o.host).setPort(o.port)
        .setHttp2ClearTextEnabled(true).setCompressionSupported(false)
        .setIdleTimeout(o.keepAliveTimeoutSeconds).setIdleTimeoutUnit(TimeUnit.SECONDS));
    server.requestHandler(this::onRequest);
    server.connectionHandler(c -> {
      peakConnections.accumulateAndGet(connections.incrementAndGet(), Math::max);
      c.closeHandler(v -> connections.decrementAndGet());
    });
    server.listen().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /**
   * Starts a stand-in in this JVM (tests and {@link #main}); benchmarks start it in its own JVM
   * through {@link StandInProcess}.
   *
   * @throws Exception when the port cannot be bound
   */
  public static ArangoStandIn start(Options o) throws Exception {
    return new ArangoStandIn(o);
  }

  /** The bound port. */
  public int port() {
    return server.actualPort();
  }

  /** Stops the server and the scheduler. */
  @Override
  public void close() {
    try {
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      // closing anyway
    }
    scheduler.close();
    vertx.close();
  }

  /**
   * Starts the stand-in and prints {@value #LABEL} {@code listening on http://HOST:PORT} as the
   * first line of standard output; runs until killed (or until standard input closes with
   * {@code --stop-on-stdin-eof}).
   */
  public static void main(String[] args) throws Exception {
    Options o = new Options();
    CommandLine cl = new CommandLine(o);
    try {
      cl.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      System.err.println(e.getMessage());
      cl.usage(System.err);
      System.exit(2);
    }
    if (cl.isUsageHelpRequested()) {
      cl.usage(System.out);
      return;
    }
    if (cl.isVersionHelpRequested()) {
      for (String line : new Version().getVersion()) {
        System.out.println(line);
      }
      return;
    }
    ArangoStandIn s = start(o);
    System.out.println(LABEL + " listening on http://" + o.host + ":" + s.port()
        + " (server.maximal-threads=" + o.maximalThreads + ", server.maximal-queue-size=" + o.maximalQueueSize + ")");
    System.out.flush();
    Runtime.getRuntime().addShutdownHook(new Thread(s::close));
    if (o.stopOnStdinEof) {
      CountDownLatch stop = new CountDownLatch(1);
      ChildJvm.stopOnStdinEof(stop::countDown);
      stop.await();
      s.close();
      System.exit(0);
    }
  }

  // ---------------------------------------------------------------- request path

  private void onRequest(HttpServerRequest req) {
    req.body().onComplete(ar -> {
      if (ar.failed()) {
        req.connection().close();
        return;
      }
      byte[] body = ar.result().getBytes();
      String path = req.path();
      if (path.startsWith("/_dbbench/")) {
        standInRoute(req, path);
        return;
      }
      boolean vpackOut = accepts(req.getHeader("accept"));
      peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max); // until send()
      String queueLimit = req.getHeader("x-arango-queue-time-seconds");
      if (queueLimit != null) {
        try {
          double limit = Double.parseDouble(queueLimit.trim());
          if (limit > 0 && scheduler.queueTimeSeconds() > limit) {
            send(req, vpackOut, error(new ArangoError(412, ArangoError.QUEUE_TIME_VIOLATED, "queue time violated")));
            return;
          }
        } catch (NumberFormatException e) {
          // arangod ignores an unparsable value
        }
      }
      if (!scheduler.offer(() -> work(req, body, vpackOut))) {
        queueFull.incrementAndGet();
        send(req, vpackOut, error(new ArangoError(503, ArangoError.QUEUE_FULL, "queue is full")));
      }
    });
  }

  private void work(HttpServerRequest req, byte[] body, boolean vpackOut) {
    Reply r;
    try {
      if (options.workDelayMs > 0) {
        Thread.sleep(options.workDelayMs);
      }
      if (!authorized(req)) {
        r = unauthorized();
      } else {
        MultiMap params;
        try {
          params = req.params();
        } catch (IllegalArgumentException e) {
          throw new ArangoError(400, ArangoError.HTTP_BAD_PARAMETER, "invalid URL encoding in the query string");
        }
        r = route(req.method().name(), req.path(), params, parseBody(req.getHeader("content-type"), body));
      }
    } catch (ArangoError e) {
      r = error(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      r = error(new ArangoError(503, 30, "shutdown in progress"));
    } catch (RuntimeException | Error e) {
      // every request gets an answer, whatever it did to its worker
      r = error(new ArangoError(500, ArangoError.INTERNAL, "internal error: " + e.getClass().getSimpleName()));
    }
    send(req, vpackOut, r);
  }

  /** Deepest nesting of arrays and objects a request body may have (the payload service's limit too). */
  static final int MAX_DEPTH = 100;

  /** The nesting depth of {@code n}, walked without recursion (a hostile body must not overflow the stack). */
  static int depth(JsonNode n) {
    int max = 0;
    ArrayDeque<Object[]> todo = new ArrayDeque<>();
    todo.push(new Object[] {n, 0});
    while (!todo.isEmpty()) {
      Object[] e = todo.pop();
      JsonNode node = (JsonNode) e[0];
      int d = (Integer) e[1];
      if (node.isContainerNode()) {
        max = Math.max(max, d + 1);
        if (max > MAX_DEPTH) {
          return max;
        }
        for (JsonNode child : node) {
          todo.push(new Object[] {child, d + 1});
        }
      }
    }
    return max;
  }

  /** Whether a number anywhere in {@code n} is not finite as a double, walked without recursion. */
  static boolean hasNonFiniteNumber(JsonNode n) {
    ArrayDeque<JsonNode> todo = new ArrayDeque<>();
    todo.push(n);
    while (!todo.isEmpty()) {
      JsonNode node = todo.pop();
      if (node.isNumber() && (node.isDouble() || node.isFloat()) && !Double.isFinite(node.doubleValue())) {
        return true;
      }
      node.forEach(todo::push);
    }
    return false;
  }

  private static boolean accepts(String accept) {
    return accept != null && accept.contains(VPACK);
  }

  static JsonNode parseBody(String contentType, byte[] body) {
    if (body.length == 0) {
      return null;
    }
    boolean velocypack = contentType != null && contentType.contains(VPACK);
    if (velocypack) {
      String bad = VelocyPackCheck.problem(body, MAX_DEPTH);
      if (bad != null) {
        throw new ArangoError(400, ArangoError.CORRUPTED_JSON, "invalid VelocyPack: " + bad);
      }
    }
    JsonNode tree;
    try {
      tree = (velocypack ? VPACK_MAPPER : JSON_MAPPER).readTree(body);
    } catch (IOException e) {
      throw new ArangoError(400, ArangoError.CORRUPTED_JSON, "invalid JSON object: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      // a parser that trusted a length or recursed too deep: the body is at fault, not the server
      throw new ArangoError(400, ArangoError.CORRUPTED_JSON, "invalid " + (velocypack ? "VelocyPack" : "JSON")
          + " body (" + e.getClass().getSimpleName() + ")");
    }
    if (tree != null && depth(tree) > MAX_DEPTH) {
      throw new ArangoError(400, ArangoError.CORRUPTED_JSON, "nesting deeper than " + MAX_DEPTH + " levels");
    }
    if (tree != null && hasNonFiniteNumber(tree)) {
      // 1e999999 parses to Infinity, which neither JSON nor ArangoDB can give back (arangod: number out of range)
      throw new ArangoError(400, ArangoError.CORRUPTED_JSON, "a number out of range: not a finite double");
    }
    return tree;
  }

  /** A reply: status, body, extra headers (a route may add to them before the reply is sent). */
  record Reply(int status, JsonNode body, Map<String, String> headers) {
    Reply(int status, JsonNode body) {
      this(status, body, new LinkedHashMap<>());
    }
  }

  static Reply error(ArangoError e) {
    return new Reply(e.httpStatus, errorBody(e, true));
  }

  static ObjectNode errorBody(ArangoError e, boolean withCode) {
    ObjectNode b = StandInStore.NODES.objectNode().put("error", true).put("errorNum", e.errorNum)
        .put("errorMessage", e.getMessage());
    if (withCode) {
      b.put("code", e.httpStatus);
    }
    return b;
  }

  private void send(HttpServerRequest req, boolean vpackOut, Reply r) {
    byte[] bytes;
    try {
      bytes = (vpackOut ? VPACK_MAPPER : JSON_MAPPER).writeValueAsBytes(r.body());
    } catch (IOException | RuntimeException | StackOverflowError e) {
      // a stored document the encoder cannot write must not leave the client without an answer
      r = error(new ArangoError(500, ArangoError.INTERNAL, "the reply could not be encoded: " + e.getClass().getSimpleName()));
      try {
        bytes = (vpackOut ? VPACK_MAPPER : JSON_MAPPER).writeValueAsBytes(r.body());
      } catch (IOException e2) {
        bytes = "{\"error\":true,\"errorNum\":4,\"code\":500}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    record(req, r.status());
    inFlight.decrementAndGet();
    var resp = req.response().setStatusCode(r.status());
    resp.putHeader("content-type", vpackOut ? VPACK : JSON);
    resp.putHeader("server", "dbbench-arangodb-stand-in");
    resp.putHeader("x-arango-queue-time-seconds", String.format(Locale.ROOT, "%.6f", scheduler.queueTimeSeconds()));
    r.headers().forEach(resp::putHeader);
    resp.end(Buffer.buffer(bytes));
  }

  private void record(HttpServerRequest req, int status) {
    Recorded rec = new Recorded(req.method().name(), req.uri(), req.version() == HttpVersion.HTTP_2 ? "HTTP/2"
        : req.version() == HttpVersion.HTTP_1_0 ? "HTTP/1.0" : "HTTP/1.1",
        req.getHeader("content-type"), req.getHeader("accept"), status);
    synchronized (recorded) {
      if (recorded.size() >= Math.max(1, options.recordLimit)) {
        recorded.removeFirst();
      }
      recorded.addLast(rec);
    }
  }

  /**
   * Whether the request carries the credentials {@code --require-auth} names (always, without the
   * option): HTTP Basic, the scheme matched case-insensitively (RFC 9110 section 11.1), the
   * credentials compared in constant time.
   */
  private boolean authorized(HttpServerRequest req) {
    if (expectedAuth == null) {
      return true;
    }
    String h = req.getHeader("authorization");
    if (h == null) {
      return false;
    }
    h = h.strip();
    int sp = h.indexOf(' ');
    if (sp < 0 || !h.substring(0, sp).equalsIgnoreCase("basic")) {
      return false;
    }
    byte[] given;
    try {
      given = Base64.getDecoder().decode(h.substring(sp + 1).strip());
    } catch (IllegalArgumentException e) {
      return false;
    }
    return java.security.MessageDigest.isEqual(expectedAuth, given);
  }

  private static Reply unauthorized() {
    Reply r = error(new ArangoError(401, ArangoError.HTTP_UNAUTHORIZED, "not authorized to execute this request"));
    r.headers().put("www-authenticate", "Basic, realm=\"ArangoDB\"");
    return r;
  }

  private void standInRoute(HttpServerRequest req, String path) {
    Reply r;
    if (!authorized(req)) {
      r = unauthorized();
    } else if (path.equals("/_dbbench/requests") && req.method().name().equals("GET")) {
      ArrayNode a = StandInStore.NODES.arrayNode();
      synchronized (recorded) {
        for (Recorded x : recorded) {
          a.addObject().put("method", x.method()).put("path", x.path()).put("httpVersion", x.httpVersion())
              .put("contentType", x.contentType()).put("accept", x.accept()).put("status", x.status());
        }
      }
      r = new Reply(200, a);
    } else if (path.equals("/_dbbench/requests") && req.method().name().equals("DELETE")) {
      int n;
      synchronized (recorded) {
        n = recorded.size();
        recorded.clear();
      }
      r = new Reply(200, StandInStore.NODES.objectNode().put("cleared", n));
    } else if (path.equals("/_dbbench/stats") && req.method().name().equals("GET")) {
      r = new Reply(200, StandInStore.NODES.objectNode().put("label", LABEL)
          .put("maximalThreads", options.maximalThreads).put("maximalQueueSize", options.maximalQueueSize)
          .put("queued", scheduler.queued()).put("queueTimeSeconds", scheduler.queueTimeSeconds())
          .put("cursors", cursors.size()).put("inFlight", inFlight.get()).put("peakInFlight", peakInFlight.get())
          .put("connections", connections.get()).put("peakConnections", peakConnections.get())
          .put("queueFullAnswers", queueFull.get()).put("modelQueryMs", options.modelQueryMs));
    } else if (path.equals("/_dbbench/stats") && req.method().name().equals("DELETE")) {
      // starts a new measurement of the peaks (the pooling benchmarks reset them before each shot)
      peakInFlight.set(inFlight.get());
      peakConnections.set(connections.get());
      queueFull.set(0);
      r = new Reply(200, StandInStore.NODES.objectNode().put("reset", true));
    } else {
      r = error(new ArangoError(404, ArangoError.HTTP_NOT_FOUND, "unknown path '" + path + "'"));
    }
    // Always JSON and never recorded: these are the stand-in's own test routes.
    r.headers().forEach(req.response()::putHeader);
    req.response().setStatusCode(r.status()).putHeader("content-type", JSON).end(Buffer.buffer(r.body().toString()));
  }

  // ---------------------------------------------------------------- routes

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ArangoError(400, ArangoError.HTTP_BAD_PARAMETER, "invalid URL encoding in '" + StandInAql.abbreviate(s) + "'");
    }
  }

  private Reply route(String method, String rawPath, MultiMap params, JsonNode body) {
    String dbName = "_system";
    String path = rawPath;
    if (path.startsWith("/_db/")) {
      int slash = path.indexOf('/', 5);
      dbName = decode(slash < 0 ? path.substring(5) : path.substring(5, slash));
      path = slash < 0 ? "/" : path.substring(slash);
    }
    List<String> p = new ArrayList<>();
    for (String s : path.split("/")) {
      if (!s.isEmpty()) {
        p.add(decode(s));
      }
    }
    if (p.size() < 2 || !p.get(0).equals("_api")) {
      throw notFound(rawPath);
    }
    StandInStore.Database db = store.database(dbName);
    String area = p.get(1);
    int n = p.size();
    switch (area) {
      case "version" -> {
        requireMethod(method, n == 2, rawPath, "GET");
        return new Reply(200, StandInStore.NODES.objectNode().put("server", "arango").put("version", API_VERSION)
            .put("license", "community").put("dbbench", LABEL));
      }
      case "database" -> {
        return databaseRoute(method, rawPath, p, db, body);
      }
      case "collection" -> {
        return collectionRoute(method, rawPath, p, db, body);
      }
      case "document" -> {
        if (n == 4) {
          requireMethod(method, true, rawPath, "GET");
          StandInStore.Collection c = db.collection(p.get(2));
          c.lock.readLock().lock();
          try {
            ObjectNode d = c.docs.get(p.get(3));
            if (d == null) {
              throw new ArangoError(404, ArangoError.DOCUMENT_NOT_FOUND, "document not found");
            }
            return new Reply(200, d);
          } finally {
            c.lock.readLock().unlock();
          }
        }
        if (n != 3) {
          throw notFound(rawPath);
        }
        if (method.equals("PUT") && flag(params, "onlyget")) {
          return readDocuments(db.collection(p.get(2)), params, body);
        }
        if (method.equals("PUT")) {
          // arangod replaces documents here; the studies never do, so the stand-in refuses it plainly
          throw new ArangoError(405, ArangoError.HTTP_METHOD_NOT_ALLOWED, "method not supported: the dbbench ArangoDB"
              + " stand-in (not ArangoDB) answers PUT on a collection's documents only with onlyget=true (a read)");
        }
        requireMethod(method, true, rawPath, "POST", "PATCH", "DELETE");
        return documents(method, db.collection(p.get(2)), params, body);
      }
      case "cursor" -> {
        return cursorRoute(method, rawPath, p, db, body);
      }
      case "index" -> {
        return indexRoute(method, rawPath, p, db, params, body);
      }
      case "query-cache" -> {
        if (n != 3 || !p.get(2).equals("properties")) {
          throw notFound(rawPath);
        }
        requireMethod(method, true, rawPath, "GET", "PUT");
        synchronized (queryCache) {
          if (method.equals("PUT") && body != null && body.isObject()) {
            JsonNode mode = body.get("mode");
            if (mode != null) {
              if (!Set.of("on", "off", "demand").contains(mode.asText())) {
                throw new ArangoError(400, ArangoError.BAD_PARAMETER, "bad parameter: mode must be on, off or demand, got '" + mode.asText() + "'");
              }
              queryCache.put("mode", mode.asText());
            }
            for (String f : List.of("maxResults", "maxResultsSize", "maxEntrySize")) {
              if (body.has(f)) {
                queryCache.put(f, body.get(f).asLong());
              }
            }
            if (body.has("includeSystem")) {
              queryCache.put("includeSystem", body.get("includeSystem").asBoolean());
            }
          }
          return new Reply(200, queryCache.deepCopy());
        }
      }
      default -> throw notFound(rawPath);
    }
  }

  private static ArangoError notFound(String path) {
    return new ArangoError(404, ArangoError.HTTP_NOT_FOUND, "unknown path '" + path + "'");
  }

  private static void requireMethod(String method, boolean pathOk, String rawPath, String... allowed) {
    if (!pathOk) {
      throw notFound(rawPath);
    }
    for (String a : allowed) {
      if (a.equals(method)) {
        return;
      }
    }
    throw new ArangoError(405, ArangoError.HTTP_METHOD_NOT_ALLOWED, "method not supported");
  }

  private static ObjectNode ok(int code) {
    return StandInStore.NODES.objectNode().put("error", false).put("code", code);
  }

  private Reply databaseRoute(String method, String rawPath, List<String> p, StandInStore.Database db, JsonNode body) {
    int n = p.size();
    if (n == 2) {
      requireMethod(method, true, rawPath, "GET", "POST");
      if (!db.name.equals("_system")) {
        throw new ArangoError(403, ArangoError.USE_SYSTEM_DATABASE, "operation only allowed in system database");
      }
      if (method.equals("GET")) {
        ObjectNode r = ok(200);
        ArrayNode names = r.putArray("result");
        new TreeMap<>(store.databases).keySet().forEach(names::add);
        return new Reply(200, r);
      }
      JsonNode name = body == null ? null : body.get("name");
      store.createDatabase(name == null ? null : name.asText());
      return new Reply(201, ok(201).put("result", true));
    }
    if (n == 3 && p.get(2).equals("current")) {
      requireMethod(method, true, rawPath, "GET");
      ObjectNode r = ok(200);
      r.putObject("result").put("name", db.name).put("id", db.id).put("path", "/var/lib/arangodb3/databases/database-" + db.id)
          .put("isSystem", db.name.equals("_system"));
      return new Reply(200, r);
    }
    if (n == 3 && p.get(2).equals("user")) {
      requireMethod(method, true, rawPath, "GET");
      ObjectNode r = ok(200);
      ArrayNode names = r.putArray("result");
      new TreeMap<>(store.databases).keySet().forEach(names::add);
      return new Reply(200, r);
    }
    if (n == 3) {
      requireMethod(method, true, rawPath, "DELETE");
      if (!db.name.equals("_system")) {
        throw new ArangoError(403, ArangoError.USE_SYSTEM_DATABASE, "operation only allowed in system database");
      }
      store.dropDatabase(p.get(2));
      return new Reply(200, ok(200).put("result", true));
    }
    throw notFound(rawPath);
  }

  private static ObjectNode collectionEntity(StandInStore.Collection c, int code) {
    ObjectNode r = ok(code);
    r.put("id", c.id).put("name", c.name).put("type", 2).put("status", 3).put("isSystem", c.name.startsWith("_"))
        .put("globallyUniqueId", "h" + c.id).put("waitForSync", c.waitForSync).put("cacheEnabled", false)
        .put("syncByRevision", true).put("writeConcern", 1).put("replicationFactor", 1).put("numberOfShards", 1);
    r.putObject("keyOptions").put("type", "traditional").put("allowUserKeys", true).put("lastValue", 0);
    r.putNull("schema");
    r.putArray("computedValues");
    return r;
  }

  private Reply collectionRoute(String method, String rawPath, List<String> p, StandInStore.Database db, JsonNode body) {
    int n = p.size();
    if (n == 2) {
      requireMethod(method, true, rawPath, "GET", "POST");
      if (method.equals("GET")) {
        ObjectNode r = ok(200);
        ArrayNode a = r.putArray("result");
        new TreeMap<>(db.collections).values().forEach(c -> {
          ObjectNode e = collectionEntity(c, 200);
          e.remove("error");
          e.remove("code");
          a.add(e);
        });
        return new Reply(200, r);
      }
      if (body == null || !body.isObject()) {
        throw new ArangoError(400, ArangoError.HTTP_BAD_PARAMETER, "bad parameter: expecting a JSON object body");
      }
      JsonNode type = body.get("type");
      if (type != null && type.asInt() != 2) {
        throw new ArangoError(400, ArangoError.BAD_PARAMETER,
            "the dbbench ArangoDB stand-in supports only document collections (type 2)");
      }
      JsonNode name = body.get("name");
      StandInStore.Collection c = db.createCollection(name == null ? null : name.asText(),
          body.has("waitForSync") && body.get("waitForSync").asBoolean());
      return new Reply(200, collectionEntity(c, 200));
    }
    StandInStore.Collection c = db.collection(p.get(2));
    if (n == 3) {
      requireMethod(method, true, rawPath, "GET", "DELETE");
      if (method.equals("GET")) {
        return new Reply(200, collectionEntity(c, 200));
      }
      db.collections.remove(c.name, c);
      return new Reply(200, ok(200).put("id", c.id));
    }
    if (n == 4) {
      switch (p.get(3)) {
        case "count" -> {
          requireMethod(method, true, rawPath, "GET");
          return new Reply(200, collectionEntity(c, 200).put("count", c.count()));
        }
        case "truncate" -> {
          requireMethod(method, true, rawPath, "PUT");
          c.truncate();
          return new Reply(200, collectionEntity(c, 200));
        }
        case "properties" -> {
          requireMethod(method, true, rawPath, "GET");
          return new Reply(200, collectionEntity(c, 200));
        }
        default -> throw notFound(rawPath);
      }
    }
    throw notFound(rawPath);
  }

  private static boolean flag(MultiMap params, String name) {
    String v = params.get(name);
    return v != null && (v.equals("true") || v.equals("1") || v.equals("yes"));
  }

  /** Multi- (array body) and single-document (object body) insert (POST), update (PATCH), remove (DELETE). */
  private Reply documents(String method, StandInStore.Collection c, MultiMap params, JsonNode body) {
    boolean silent = flag(params, "silent");
    boolean waitForSync = flag(params, "waitForSync") || c.waitForSync;
    boolean returnNew = flag(params, "returnNew");
    boolean returnOld = flag(params, "returnOld");
    boolean keepNull = !"false".equals(params.get("keepNull"));
    String overwriteMode = params.get("overwriteMode");
    if (overwriteMode == null) {
      overwriteMode = flag(params, "overwrite") ? "replace" : "conflict";
    } else if (!Set.of("conflict", "replace", "update", "ignore").contains(overwriteMode)) {
      throw new ArangoError(400, ArangoError.BAD_PARAMETER,
          "bad parameter: overwriteMode must be conflict, replace, update or ignore, got '" + overwriteMode + "'");
    }
    if (body == null || !(body.isArray() || body.isObject())) {
      throw new ArangoError(400, ArangoError.DOCUMENT_TYPE_INVALID, "invalid document type");
    }
    boolean multi = body.isArray();
    List<JsonNode> in = new ArrayList<>(multi ? body.size() : 1);
    if (multi) {
      body.forEach(in::add);
    } else {
      in.add(body);
    }
    ArrayNode results = StandInStore.NODES.arrayNode();
    ArrayNode errorsOnly = StandInStore.NODES.arrayNode();
    Map<Integer, Integer> codes = new TreeMap<>();
    ArangoError single = null;
    c.lock.writeLock().lock();
    try {
      for (JsonNode doc : in) {
        try {
          ObjectNode r = StandInStore.NODES.objectNode();
          switch (method) {
            case "POST" -> {
              ObjectNode[] on = c.insert(doc, overwriteMode);
              meta(r, on[1]);
              if (on[0] != null && on[0] != on[1]) {
                r.put("_oldRev", on[0].get("_rev").asText());
              }
              if (returnNew) {
                r.set("new", on[1]);
              }
              if (returnOld && on[0] != null) {
                r.set("old", on[0]);
              }
            }
            case "PATCH" -> {
              ObjectNode[] on = c.update(doc, keepNull);
              meta(r, on[1]);
              r.put("_oldRev", on[0].get("_rev").asText());
              if (returnNew) {
                r.set("new", on[1]);
              }
              if (returnOld) {
                r.set("old", on[0]);
              }
            }
            default -> {
              ObjectNode old = c.remove(doc);
              meta(r, old);
              if (returnOld) {
                r.set("old", old);
              }
            }
          }
          results.add(r);
        } catch (ArangoError e) {
          ObjectNode err = errorBody(e, false); // arangod's per-document error object has no "code"
          results.add(err);
          errorsOnly.add(err);
          codes.merge(e.errorNum, 1, Integer::sum);
          single = e;
        }
      }
    } finally {
      c.lock.writeLock().unlock();
    }
    int status = switch (method) {
      case "POST", "PATCH" -> waitForSync ? 201 : 202;
      default -> waitForSync ? 200 : 202;
    };
    if (!multi) {
      if (single != null) {
        return error(single);
      }
      return new Reply(status, silent ? StandInStore.NODES.objectNode() : results.get(0));
    }
    Reply r = new Reply(status, silent ? (errorsOnly.isEmpty() ? StandInStore.NODES.objectNode() : errorsOnly) : results);
    if (!codes.isEmpty()) {
      ObjectNode h = StandInStore.NODES.objectNode();
      codes.forEach((k, v) -> h.put(String.valueOf(k), v));
      r.headers().put("X-Arango-Error-Codes", h.toString());
    }
    return r;
  }

  /**
   * Multi-document read, {@code PUT /_api/document/{c}?onlyget=true} (ArangoDB 3.12 "Get multiple
   * documents", docs-hugo {@code develop/http-api/documents.md}): the body is an array of keys,
   * identifiers {@code collection/key} or objects with {@code _key} (and {@code _rev}, checked
   * only with {@code ignoreRevs=false}); the answer is 200 with one element per input in input
   * order, the stored document or, in its place, arangod's per-document error object
   * {@code {"error":true,"errorNum":N,"errorMessage":...}} (1202 "document not found" for a
   * missing key), counted in {@code X-Arango-Error-Codes}.
   *
   * @throws ArangoError 400/1227 when the body is not an array
   */
  private static Reply readDocuments(StandInStore.Collection c, MultiMap params, JsonNode body) {
    if (body == null || !body.isArray()) {
      throw new ArangoError(400, ArangoError.DOCUMENT_TYPE_INVALID, "invalid document type: expecting an array of"
          + " keys or of objects with _key");
    }
    boolean checkRevs = "false".equals(params.get("ignoreRevs"));
    ArrayNode results = StandInStore.NODES.arrayNode();
    Map<Integer, Integer> codes = new TreeMap<>();
    c.lock.readLock().lock();
    try {
      for (JsonNode selector : body) {
        try {
          results.add(c.read(selector, checkRevs));
        } catch (ArangoError e) {
          results.add(errorBody(e, false)); // arangod's per-document error object has no "code"
          codes.merge(e.errorNum, 1, Integer::sum);
        }
      }
    } finally {
      c.lock.readLock().unlock();
    }
    Reply r = new Reply(200, results);
    if (!codes.isEmpty()) {
      ObjectNode h = StandInStore.NODES.objectNode();
      codes.forEach((k, v) -> h.put(String.valueOf(k), v));
      r.headers().put("X-Arango-Error-Codes", h.toString());
    }
    return r;
  }

  private static void meta(ObjectNode r, ObjectNode doc) {
    r.set("_id", doc.get("_id"));
    r.set("_key", doc.get("_key"));
    r.set("_rev", doc.get("_rev"));
  }

  // ---------------------------------------------------------------- cursors

  /** A server-side cursor: a snapshot of the result rows handed out batch by batch. */
  private static final class Cursor {
    final String id;
    final List<JsonNode> rows;
    final int batchSize;
    final long ttlMillis;
    final boolean allowRetry;
    final Integer count;
    int pos;
    long lastBatchId;
    ArrayNode lastBatch;
    volatile long expiresAt;

    Cursor(String id, List<JsonNode> rows, int batchSize, long ttlMillis, boolean allowRetry, Integer count) {
      this.id = id;
      this.rows = rows;
      this.batchSize = batchSize;
      this.ttlMillis = ttlMillis;
      this.allowRetry = allowRetry;
      this.count = count;
    }
  }

  private Reply cursorRoute(String method, String rawPath, List<String> p, StandInStore.Database db, JsonNode body) {
    int n = p.size();
    long now = System.currentTimeMillis();
    cursors.values().removeIf(c -> c.expiresAt < now);
    if (n == 2) {
      requireMethod(method, true, rawPath, "POST");
      return createCursor(db, body, now);
    }
    Cursor c = cursors.get(p.get(2));
    if (n == 3 && method.equals("DELETE")) {
      if (c == null || cursors.remove(p.get(2)) == null) {
        throw new ArangoError(404, ArangoError.CURSOR_NOT_FOUND, "cursor not found");
      }
      return new Reply(202, ok(202).put("id", p.get(2)));
    }
    requireMethod(method, n == 3 || n == 4, rawPath, n == 3 ? new String[] {"POST", "PUT", "DELETE"} : new String[] {"POST"});
    if (c == null) {
      throw new ArangoError(404, ArangoError.CURSOR_NOT_FOUND, "cursor not found");
    }
    synchronized (c) {
      c.expiresAt = now + c.ttlMillis;
      if (n == 4) {
        long batchId;
        try {
          batchId = Long.parseLong(p.get(3));
        } catch (NumberFormatException e) {
          throw new ArangoError(400, ArangoError.HTTP_BAD_PARAMETER, "bad parameter: batch id '" + p.get(3) + "'");
        }
        if (batchId == c.lastBatchId && c.allowRetry) {
          return new Reply(200, cursorBody(c, c.lastBatch, 200, null));
        }
        if (batchId != c.lastBatchId + 1) {
          // arangod's exact answer to an out-of-order batch id is not in the reference: not found, as for an unknown cursor.
          throw new ArangoError(404, ArangoError.CURSOR_NOT_FOUND, "cursor not found: batch " + batchId
              + " requested, next is " + (c.lastBatchId + 1));
        }
      }
      return new Reply(200, cursorBody(c, nextBatch(c), 200, null));
    }
  }

  private Reply createCursor(StandInStore.Database db, JsonNode body, long now) {
    if (body == null || !body.isObject()) {
      throw new ArangoError(400, ArangoError.QUERY_PARSE, "AQL: query is empty (while parsing)");
    }
    long start = System.nanoTime();
    StandInAql.Plan plan = StandInAql.parse(body.path("query").asText(null), body.get("bindVars"));
    StandInStore.Collection coll = db.collections.get(plan.collection());
    if (coll == null) {
      throw new ArangoError(404, ArangoError.DATA_SOURCE_NOT_FOUND,
          "AQL: collection or view not found: " + plan.collection() + " (while parsing)");
    }
    JsonNode options = body.path("options");
    int batchSize = body.has("batchSize") ? body.get("batchSize").asInt() : 1000;
    if (batchSize < 1) {
      throw new ArangoError(400, ArangoError.BAD_PARAMETER, "expecting non-zero value for <batchSize>");
    }
    long ttl = (long) ((body.has("ttl") ? body.get("ttl").asDouble() : 30) * 1000);
    List<JsonNode> rows;
    long[] scanned = new long[1];
    StandInStore.Index index = null;
    if (plan.filtered() && this.options.modelQueryMs > 0) {
      // the model: the query's server time is a wait, not CPU, and the answer comes from a lookup
      modelledWait(this.options.modelQueryMs);
      StandInStore.Index listed = coll.indexOn(plan.attribute());
      rows = coll.match(plan.attribute(), plan.value(), listed != null ? listed : coll.modelLookup(plan.attribute()), scanned);
      index = listed;
    } else if (plan.filtered()) {
      index = coll.indexOn(plan.attribute());
      rows = coll.match(plan.attribute(), plan.value(), index, scanned);
    } else {
      rows = coll.scan();
      scanned[0] = rows.size();
    }
    ObjectNode stats = StandInStore.NODES.objectNode();
    stats.put("writesExecuted", 0).put("writesIgnored", 0).put("documentLookups", index != null ? rows.size() : 0)
        .put("seeks", 0)
        .put("scannedFull", index == null ? scanned[0] : 0).put("scannedIndex", index != null ? scanned[0] : 0)
        .put("cursorsCreated", index != null ? 1 : 0).put("cursorsRearmed", 0).put("cacheHits", 0).put("cacheMisses", 0)
        .put("filtered", plan.filtered() && index == null ? scanned[0] - rows.size() : 0).put("httpRequests", 0)
        .put("executionTime", (System.nanoTime() - start) / 1e9).put("peakMemoryUsage", 0).put("intermediateCommits", 0);
    ObjectNode extra = StandInStore.NODES.objectNode();
    extra.putArray("warnings");
    extra.set("stats", stats);
    boolean count = body.path("count").asBoolean(false);
    Cursor c = new Cursor(String.valueOf(cursorIds.incrementAndGet()), rows, batchSize, ttl,
        options.path("allowRetry").asBoolean(false), count ? rows.size() : null);
    c.expiresAt = now + ttl;
    ArrayNode first = nextBatch(c);
    return new Reply(201, cursorBody(c, first, 201, extra));
  }

  /** Holds the worker {@code ms} without CPU (the modelled server time of a point query). */
  private static void modelledWait(int ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ArangoError(503, 30, "shutdown in progress");
    }
  }

  /** The next batch; registers the cursor while more remain and frees it when exhausted. */
  private ArrayNode nextBatch(Cursor c) {
    ArrayNode batch = StandInStore.NODES.arrayNode();
    int end = Math.min(c.rows.size(), c.pos + c.batchSize);
    for (int i = c.pos; i < end; i++) {
      batch.add(c.rows.get(i));
    }
    c.pos = end;
    c.lastBatchId++;
    c.lastBatch = batch;
    if (c.pos < c.rows.size() || c.allowRetry) {
      cursors.put(c.id, c);
    }
    if (c.pos >= c.rows.size() && !c.allowRetry) {
      cursors.remove(c.id);
    }
    return batch;
  }

  private static ObjectNode cursorBody(Cursor c, ArrayNode batch, int code, ObjectNode extra) {
    ObjectNode r = StandInStore.NODES.objectNode();
    r.set("result", batch);
    boolean hasMore = c.pos < c.rows.size();
    r.put("hasMore", hasMore);
    if (hasMore || c.allowRetry) {
      r.put("id", c.id);
    }
    if (hasMore) {
      r.put("nextBatchId", String.valueOf(c.lastBatchId + 1));
    }
    if (c.count != null) {
      r.put("count", c.count);
    }
    if (extra != null) {
      r.set("extra", extra);
    }
    r.put("cached", false).put("error", false).put("code", code);
    return r;
  }

  // ---------------------------------------------------------------- indexes

  private static ObjectNode indexEntity(StandInStore.Index i) {
    ObjectNode r = StandInStore.NODES.objectNode();
    r.put("id", i.id).put("type", "persistent").put("name", i.name);
    ArrayNode f = r.putArray("fields");
    i.fields.forEach(f::add);
    r.put("unique", i.unique).put("sparse", i.sparse).put("deduplicate", true).put("estimates", true)
        .put("cacheEnabled", false).put("selectivityEstimate", 1);
    return r;
  }

  private Reply indexRoute(String method, String rawPath, List<String> p, StandInStore.Database db, MultiMap params, JsonNode body) {
    int n = p.size();
    if (n == 4) {
      requireMethod(method, true, rawPath, "DELETE");
      db.collection(p.get(2)).dropIndex(p.get(3));
      return new Reply(200, ok(200).put("id", p.get(2) + "/" + p.get(3)));
    }
    requireMethod(method, n == 2, rawPath, "GET", "POST");
    String cname = params.get("collection");
    if (cname == null || cname.isEmpty()) {
      throw new ArangoError(400, ArangoError.COLLECTION_PARAMETER_MISSING, "parameter 'collection' not found");
    }
    StandInStore.Collection c = db.collection(cname);
    if (method.equals("GET")) {
      ObjectNode r = ok(200);
      ArrayNode list = r.putArray("indexes");
      ObjectNode ids = r.putObject("identifiers");
      ObjectNode primary = StandInStore.NODES.objectNode().put("id", c.name + "/0").put("type", "primary").put("name", "primary");
      primary.putArray("fields").add("_key");
      primary.put("unique", true).put("sparse", false);
      list.add(primary);
      ids.set(c.name + "/0", primary);
      c.lock.readLock().lock();
      try {
        for (StandInStore.Index i : c.indexes) {
          ObjectNode e = indexEntity(i);
          list.add(e);
          ids.set(i.id, e);
        }
      } finally {
        c.lock.readLock().unlock();
      }
      return new Reply(200, r);
    }
    if (body == null || !body.isObject()) {
      throw new ArangoError(400, ArangoError.HTTP_BAD_PARAMETER, "bad parameter: expecting a JSON object body");
    }
    String type = body.path("type").asText("");
    if (!Set.of("persistent", "hash", "skiplist").contains(type)) {
      throw new ArangoError(400, ArangoError.BAD_PARAMETER, "the dbbench ArangoDB stand-in (not ArangoDB) supports"
          + " only persistent indexes, not type '" + type + "'");
    }
    JsonNode fields = body.get("fields");
    if (fields == null || !fields.isArray() || fields.isEmpty()) {
      throw new ArangoError(400, ArangoError.BAD_PARAMETER, "bad parameter: expecting non-empty array for 'fields'");
    }
    List<String> fs = new ArrayList<>();
    fields.forEach(f -> fs.add(f.asText()));
    Object[] res = c.ensurePersistentIndex(fs, body.path("unique").asBoolean(false), body.path("sparse").asBoolean(false),
        body.hasNonNull("name") ? body.get("name").asText() : null);
    boolean created = (Boolean) res[1];
    ObjectNode r = indexEntity((StandInStore.Index) res[0]);
    r.put("isNewlyCreated", created).put("error", false).put("code", created ? 201 : 200);
    return new Reply(created ? 201 : 200, r);
  }
}
